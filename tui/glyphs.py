"""Unicode or ASCII drawing, decided once at start-up.

`--ascii`, the saved setting, or a terminal whose locale is not UTF-8 all select
ASCII. Everything drawn with a special character asks this module for it.
"""

from __future__ import annotations

import locale
from collections.abc import Mapping
import os


def _utf8(value: str) -> bool:
    return "utf-8" in value.lower() or "utf8" in value.lower()


def locale_is_utf8(env: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal's locale is UTF-8 (LC_ALL, then LC_CTYPE, then LANG).

    Python itself turns a C or POSIX locale into LC_CTYPE=C.UTF-8 at start-up (PEP
    538), which would hide `LANG=C` from us: such a C.UTF-8 with LANG unset, C or
    POSIX is read as the C locale it was."""
    env = os.environ if env is None else env
    if env.get("LC_ALL"):
        return _utf8(env["LC_ALL"])
    ctype, lang = env.get("LC_CTYPE", ""), env.get("LANG", "")
    if ctype:
        coerced = ctype.lower() in ("c.utf-8", "c.utf8") and lang in ("", "C", "POSIX")
        return _utf8(ctype) and not coerced
    if lang:
        return _utf8(lang)
    return "utf" in (locale.getpreferredencoding(False) or "").lower()


UNICODE = {
    "arrow_n": "↑", "arrow_e": "→", "arrow_s": "↓", "arrow_w": "←",
    "bullet": "•", "tree": "▲", "card_back": "▒", "cross": "×", "dot": "·",
    "suit_C": "♣", "suit_D": "♦", "suit_H": "♥", "suit_S": "♠", "ellipsis": "…",
    "to": "→", "star": "★", "check": "✓",
}
ASCII = {
    "arrow_n": "^", "arrow_e": ">", "arrow_s": "v", "arrow_w": "<",
    "bullet": "*", "tree": "T", "card_back": "#", "cross": "x", "dot": ".",
    "suit_C": "c", "suit_D": "d", "suit_H": "h", "suit_S": "s", "ellipsis": "...",
    "to": "->", "star": "*", "check": "+",
}


class Glyphs:
    def __init__(self, ascii: bool) -> None:
        self.ascii = ascii
        self._table = ASCII if ascii else UNICODE

    def __getitem__(self, name: str) -> str:
        return self._table[name]
