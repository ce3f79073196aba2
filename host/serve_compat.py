"""textual-serve's private hooks, here and nowhere else in host/ (docs/architecture.md,
"With Textual, not against it"). textual-serve (pinned with the host's extras in
pyproject.toml) builds its aiohttp application and reads the browser's messages in
two private methods, and offers no public way to add routes and middleware or to
see the keys go by (`houses serve web` needs both: the token, the Origin check, the
security headers, the idle close). `hooked_server()` gives them our names; the test
tests/host/test_serve_compat.py fails, by name, on an upgrade that changes them.

A module of its own, not tui/textual_compat.py: host/ may not import tui/ (the
layers), and textual-serve is only installed for the host.
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def hooked_server() -> Any:
    """textual-serve's Server with `build_app(app)` (the aiohttp application it made,
    to add to), `read_browser(websocket, app_service)` (its loop over the browser's
    messages, to replace) and `make_web_app()` (to serve it on sockets of our own).
    Made when first asked: importing host/ loads no textual-serve (nor rich)."""
    from aiohttp import web
    from textual_serve.server import Server

    class HookedServer(Server):
        def build_app(self, app: web.Application) -> web.Application:
            return app

        async def read_browser(self, websocket: web.WebSocketResponse, app_service: Any) -> None:
            await super()._process_messages(websocket, app_service)

        async def make_web_app(self) -> web.Application:
            return await self._make_app()

        async def _make_app(self) -> web.Application:
            return self.build_app(await super()._make_app())

        async def _process_messages(self, websocket: web.WebSocketResponse, app_service: Any) -> None:
            await self.read_browser(websocket, app_service)

    return HookedServer
