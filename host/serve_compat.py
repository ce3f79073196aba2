"""The private hooks `houses serve` takes in its libraries, here and nowhere else in
host/ (docs/architecture.md, "With Textual, not against it"). Each is used because
the library offers no public way to do what the host needs; each has a test that
fails, by name, on an upgrade that changes it.

- textual-serve (pinned with the host's extras in pyproject.toml) builds its aiohttp
  application and reads the browser's messages in two private methods, and offers
  no public way to add routes and middleware or to see the keys go by (`houses
  serve web` needs both: the token, the Origin check, the security headers, the
  idle close). `hooked_server()` gives them our names; tested by
  tests/host/test_serve_compat.py.
- asyncssh ends the whole connection ("Invalid pty request") when a client's pty
  request names a terminal type that is not ASCII, before any callback of ours can
  see it; no option or public hook changes that. `lenient_channel()` escapes such a
  name on its way in (host/limits.py's `safe_term` then replaces it by the default
  and the log says so); tested by tests/host/test_lenient_channel.py. asyncssh is
  not pinned (its security fixes must reach hosts): an upgrade that moves the
  handler loses only this lenience, asyncssh's strict check stays.

A module of its own, not tui/textual_compat.py: host/ may not import tui/ (the
layers), and these libraries are only installed for the host. They are imported
when first used: importing host/ loads no textual-serve (nor rich).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import asyncssh


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


# asyncssh hands a channel request to the channel's method of this name, looked up on
# the channel object itself when the request arrives (SSHChannel._service_next_request).
PTY_REQUEST_HANDLER = "_process_pty_req_request"


def lenient_channel(conn: asyncssh.SSHServerConnection) -> asyncssh.SSHServerChannel:
    """A new session channel of `conn` (`create_server_channel`, public) whose pty
    request may name a terminal type that is not ASCII: the name reaches
    `pty_requested` escaped ("xt\\xc3\\xa9rm") instead of asyncssh dropping the
    connection. asyncssh takes no channel class, so this channel's own handler of
    the request is wrapped: the packet is read again with the name escaped (an ASCII
    name is unchanged) and handed to asyncssh's handler, which checks the rest."""
    from asyncssh.packet import SSHPacket, String

    channel = conn.create_server_channel()
    strict = getattr(channel, PTY_REQUEST_HANDLER, None)
    if strict is None:  # a changed asyncssh: its own strict check (the test says which name)
        return channel

    def lenient(packet: SSHPacket) -> bool:
        term = packet.get_string()
        escaped = term.decode("ascii", "backslashreplace").encode("ascii")
        return strict(SSHPacket(String(escaped) + packet.get_remaining_payload()))

    setattr(channel, PTY_REQUEST_HANDLER, lenient)  # this channel's only: its class is untouched
    return channel
