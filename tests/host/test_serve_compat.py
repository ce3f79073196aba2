"""Issue 23 item 5: textual-serve's two private hooks, given our names in
host/serve_compat.py, still reach textual-serve. An upgrade that renames or stops
calling `_make_app` or `_process_messages` fails here, by name (the web tests in
tests/serve show what that would break: the token, the headers, the idle close)."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual_serve")

from host.serve_compat import hooked_server  # noqa: E402


class _Probe(hooked_server()):
    def __init__(self) -> None:
        super().__init__("true", host="127.0.0.1", port=1, title="t", public_url="http://127.0.0.1:1")
        self.read: list[object] = []

    def build_app(self, app):
        app.router.add_get("/probe", self.handle_index, name="probe")
        return app

    async def read_browser(self, websocket, app_service) -> None:
        self.read.append((websocket, app_service))


def test_build_app_gets_textual_serves_application():
    app = asyncio.run(_Probe().make_web_app())
    names = {route.name for route in app.router.routes() if route.name}
    assert {"index", "websocket", "static", "probe"} <= names


def test_the_browser_loop_is_ours():
    """textual-serve's websocket handler calls `_process_messages`: ours is what runs."""
    import inspect

    from textual_serve.server import Server

    assert "self._process_messages(websocket, app_service)" in inspect.getsource(Server.handle_websocket)
    probe = _Probe()
    asyncio.run(probe._process_messages("ws", "service"))
    assert probe.read == [("ws", "service")]
