"""Whether the terminal's locale is UTF-8 (docs/architecture.md, "Layers").

The app draws ASCII on a terminal that is not (tui/glyphs.py), and the web host,
whose browser draws Unicode, says UTF-8 to the apps it starts (host/web.py): both
read it here, the layer below them both.
"""

from __future__ import annotations

import locale
import os
from typing import Mapping


def _utf8(value: str) -> bool:
    return "utf-8" in value.lower() or "utf8" in value.lower()


def locale_is_utf8(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal's locale is UTF-8 (LC_ALL, then LC_CTYPE, then LANG).

    Python itself turns a C or POSIX locale into LC_CTYPE=C.UTF-8 at start-up (PEP
    538), which would hide `LANG=C` from us: such a C.UTF-8 with LANG unset, C or
    POSIX is read as the C locale it was."""
    env = os.environ if environ is None else environ
    if env.get("LC_ALL"):
        return _utf8(env["LC_ALL"])
    ctype, lang = env.get("LC_CTYPE", ""), env.get("LANG", "")
    if ctype:
        coerced = ctype.lower() in ("c.utf-8", "c.utf8") and lang in ("", "C", "POSIX")
        return _utf8(ctype) and not coerced
    if lang:
        return _utf8(lang)
    return "utf" in (locale.getpreferredencoding(False) or "").lower()
