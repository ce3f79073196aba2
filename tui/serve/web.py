"""`houses serve web`: the same app in a browser, through textual-serve.

Each browser tab gets its own `houses` process; all of them use the HOUSES_HOME of
the person who started the server (it is a way to play on your own machine, or on a
trusted network, in a browser, not a multi-user host: that is `serve ssh`).
"""

from __future__ import annotations

import os
import shlex
import sys

from tui.glyphs import locale_is_utf8


def app_command(*extra: str) -> str:
    return " ".join(shlex.quote(part) for part in (sys.executable, "-P", "-m", "tui.cli", *extra))


def run_web(host: str = "127.0.0.1", port: int = 8000, public_url: str | None = None) -> int:
    from textual_serve.server import Server

    if not locale_is_utf8():
        os.environ["LANG"] = "C.UTF-8"  # the browser draws Unicode: let the app use it
    for var in ("LC_ALL", "LC_CTYPE"):
        if var in os.environ and not locale_is_utf8():
            del os.environ[var]
    print(f"Houses in a browser: http://{host}:{port}/", flush=True)
    server = Server(app_command(), host=host, port=port, title="Houses", public_url=public_url)
    server.serve()
    return 0
