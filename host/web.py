"""`houses serve web`: the same app in a browser, through textual-serve.

Each browser tab gets its own `houses` process; all of them use the HOUSES_HOME of
the person who started the server (it is a way to play on your own machine, or on a
trusted network, in a browser, not a multi-user host: that is `serve ssh`).

Any web page the user visits could reach 127.0.0.1, so the server asks for a secret
token (fresh at each start unless `--token` is given, printed in the URL as notebook
servers do) for the page and the WebSocket, refuses a WebSocket from another site's
page (its Origin), caps the sessions and closes idle ones. The page loads nothing
from other sites: the font is textual-serve's own copy; every answer says so to the
browser (`security_headers`: a Content-Security-Policy allowing this server's own
script, styles, font and WebSocket only, no framing; no MIME sniffing; no referrer,
so the token in the address stays on the page).
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import os
import secrets
import shlex
import signal
import socket
import sys
import time
from html import escape
from urllib.parse import quote, urlsplit

from host.console import fail, host_port, http_url, shown
from saves.charset import locale_is_utf8

IDLE_CHECK_S = 30.0


def app_command(*extra: str) -> str:
    # `exec`: the app replaces the shell textual-serve starts, so it is the server's
    # own child and HOUSES_PARENT_PID (the server) is its parent.
    return "exec " + " ".join(shlex.quote(part) for part in (sys.executable, "-P", "-m", "houses", *extra))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def own_origins(host: str, port: int, public_url: str) -> set[str]:
    """The origins of pages this server serves: its public URL, and for a loopback
    server the names the same machine goes by."""
    parts = urlsplit(public_url)
    origins = {f"{parts.scheme}://{parts.netloc}", http_url(host, port)}
    if is_loopback(host):
        origins |= {http_url(name, port) for name in ("127.0.0.1", "localhost", "::1")}
    return origins


def security_headers(public_url: str) -> dict[str, str]:
    """The headers of every answer. The page's own styles are inline (and xterm.js adds
    its own), so styles may be; scripts come from this server only (the page has none
    inline: its "Play again" is a link)."""
    parts = urlsplit(public_url)
    own = f"{parts.scheme}://{parts.netloc}"
    socket = f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}"
    policy = (f"default-src 'none'; script-src 'self' {own}; style-src 'self' {own} 'unsafe-inline'; "
              f"font-src 'self' {own} data:; img-src 'self' {own} data: blob:; connect-src 'self' {socket}; "
              "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer"}


def page_html(title: str, static_url: str, websocket_url: str, font_size: int) -> str:
    """The page: textual-serve's terminal (its script, its stylesheet, its font), all
    from this server."""
    s, ws = escape(static_url, quote=True), escape(websocket_url, quote=True)
    return f"""<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<link rel="stylesheet" href="{s}css/xterm.css">
<script src="{s}js/textual.js"></script>
<style>
@font-face {{ font-family: "Roboto Mono"; src: url("{s}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }}
body {{ background: #0c181f; margin: 0; }}
.notice {{ position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
  color: rgba(255,255,255,0.95); font: 16px "Roboto Mono", monospace; z-index: 10; }}
.notice div {{ background: #12232d; padding: 32px 48px; text-align: center; }}
.notice a {{ display: inline-block; margin-top: 16px; padding: 12px 28px; background: #5e0ba7; color: white;
  text-decoration: none; }}
body.-first-byte .starting {{ display: none; }}
.ended {{ display: none; }}
body.-closed .ended {{ display: flex; }}
body .textual-terminal {{ opacity: 0; }}
body.-first-byte .textual-terminal {{ opacity: 1; transition: opacity 0.3s ease-out; }}
</style>
</head>
<body>
<div class="notice starting"><div>{escape(title)}: starting...</div></div>
<div class="notice ended"><div>The session has ended. Your games are saved.<br>
<a href="">Play again</a></div></div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{ws}" data-font-size="{font_size}"></div>
</body>
</html>
"""


def listen(host: str, port: int) -> list[socket.socket]:
    """Sockets listening on every address `host` names, all on one port (`port`, or
    the one the system chose for the first when it is 0). OSError in words (the
    name unknown, the port taken)."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise OSError(f"no address called {host!r} ({exc.strerror})") from None
    sockets: list[socket.socket] = []
    try:
        for family, kind, proto, _name, address in dict.fromkeys(found):
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            if sockets[1:]:  # the others on the first one's port
                address = (address[0], sockets[0].getsockname()[1], *address[2:])
            sock.bind(address)
            sock.listen(128)
            sock.setblocking(False)
    except OSError as exc:
        for sock in sockets:
            sock.close()
        raise OSError(f"cannot listen on {host_port(host, port)}: {exc.strerror or exc}") from None
    return sockets


def make_server(command: str, *, host: str, port: int, token: str, public_url: str | None = None,
                max_sessions: int = 8, idle_timeout: float = 3600.0, sockets: list | None = None):
    """A textual-serve Server with the token, the Origin check, the cap and the idle
    close (built here so textual-serve is imported only for `serve web`). It serves
    on `sockets` (from `listen`) when given, so the port is known before it starts."""
    from aiohttp import WSMsgType, web
    from textual_serve.server import to_int

    from host.serve_compat import hooked_server

    class HousesWebServer(hooked_server()):  # type: ignore[misc]  # (a class made when serving: see host/serve_compat.py)
        def __init__(self) -> None:
            super().__init__(command, host=host, port=port, title="Houses",
                             public_url=public_url or http_url(host, port))  # (an IPv6 host in brackets)
            self.token = token
            self.max_sessions = max_sessions
            self.idle_timeout = idle_timeout
            self.sessions = 0
            self.origins = own_origins(host, port, self.public_url)

        def build_app(self, app: web.Application) -> web.Application:
            app.router.add_get("/ws/{token}", self.handle_websocket, name="websocket-token")
            app.middlewares.append(self._guard())
            headers = security_headers(self.public_url)

            async def add_headers(request: web.Request, response: web.StreamResponse) -> None:
                response.headers.update(headers)  # every answer: the page, its files, a refusal

            app.on_response_prepare.append(add_headers)
            return app

        def _guard(self):
            @web.middleware
            async def guard(request: web.Request, handler):
                if request.path.startswith("/static/"):
                    return await handler(request)  # textual-serve's own script and font
                given = request.match_info.get("token") or request.query.get("token") or ""
                if not hmac.compare_digest(given.encode(), self.token.encode()):
                    raise web.HTTPForbidden(text="Houses: this address needs the token the server printed "
                                                 "when it started (http://HOST:PORT/?token=...).\n")
                origin = request.headers.get("Origin")
                if request.path.startswith("/ws") and origin is not None and origin not in self.origins:
                    raise web.HTTPForbidden(text=f"Houses: a page from {origin} may not open a session here.\n")
                response = await handler(request)
                if not response.prepared:  # (a WebSocket's answer has gone already)
                    response.headers.setdefault("Cache-Control", "no-store")  # the token stays out of caches
                return response

            return guard

        async def on_startup(self, app: web.Application) -> None:
            pass  # run_web prints the address, with its token

        def serve(self, debug: bool = False) -> None:
            if sockets is None:
                return super().serve(debug)
            # textual-serve's serve, on the sockets bound already
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, self.request_exit)
            web.run_app(self.make_web_app(), sock=sockets, handle_signals=False, loop=loop, print=lambda *args: None)

        async def handle_index(self, request: web.Request) -> web.Response:
            base = self.public_url.rstrip("/")
            scheme = "wss" if base.startswith("https") else "ws"
            page = page_html("Houses", f"{base}/static/", f"{scheme}:{base.split(':', 1)[1]}/ws/{self.token}",
                             to_int(request.query.get("fontsize", "16"), 16))
            return web.Response(text=page, content_type="text/html")

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if self.sessions >= self.max_sessions:
                raise web.HTTPServiceUnavailable(
                    text=f"Houses: {self.max_sessions} session(s) are open already; close one and reload.\n")
            self.sessions += 1
            try:
                return await super().handle_websocket(request)
            finally:
                self.sessions -= 1

        async def read_browser(self, websocket: web.WebSocketResponse, app_service) -> None:
            # textual-serve's loop, with the time of the last key kept for the idle
            # close, and messages that do not parse ignored rather than fatal.
            last_key = [time.monotonic()]
            watcher = asyncio.ensure_future(self._close_when_idle(websocket, last_key))
            try:
                async for message in websocket:
                    if message.type != WSMsgType.TEXT:
                        continue
                    try:
                        kind, data = message.json()[:2]
                    except (ValueError, TypeError, KeyError):
                        continue
                    if kind == "stdin" and isinstance(data, str):
                        last_key[0] = time.monotonic()
                        await app_service.send_bytes(data.encode("utf-8", "replace"))
                    elif kind == "resize" and isinstance(data, dict):
                        await app_service.set_terminal_size(to_int(str(data.get("width")), 80),
                                                            to_int(str(data.get("height")), 24))
                    elif kind == "ping":
                        await websocket.send_json(["pong", data])
                    elif kind == "blur":
                        await app_service.blur()
                    elif kind == "focus":
                        await app_service.focus()
            finally:
                watcher.cancel()

        async def _close_when_idle(self, websocket: web.WebSocketResponse, last_key: list[float]) -> None:
            if self.idle_timeout <= 0:
                return
            while not websocket.closed:
                await asyncio.sleep(min(IDLE_CHECK_S, self.idle_timeout / 4))
                if time.monotonic() - last_key[0] >= self.idle_timeout:
                    await websocket.close(message=b"idle")
                    return

    return HousesWebServer()


def run_web(host: str = "127.0.0.1", port: int = 8000, public_url: str | None = None, *,
            token: str | None = None, max_sessions: int = 8, idle_timeout: float = 3600.0) -> int:
    if not locale_is_utf8():
        os.environ["LANG"] = "C.UTF-8"  # the browser draws Unicode: let the app use it
    for var in ("LC_ALL", "LC_CTYPE"):
        if var in os.environ and not locale_is_utf8():
            del os.environ[var]
    os.environ["HOUSES_PARENT_PID"] = str(os.getpid())  # the apps leave with the server
    token = token or new_token()
    try:
        sockets = listen(host, port)
    except OSError as exc:
        return fail(str(exc), "houses serve web")
    port = sockets[0].getsockname()[1]  # the one chosen, for --port 0
    server = make_server(app_command(), host=host, port=port, token=token, public_url=public_url,
                         max_sessions=max_sessions, idle_timeout=idle_timeout, sockets=sockets)
    if not is_loopback(host):
        print(f"WARNING: listening on {shown(host)}, not only on this machine. Anyone who can reach it and has\n"
              "the token plays with YOUR saves, and the connection is not encrypted (plain http).\n"
              "Use --host 127.0.0.1 unless you trust the network.", file=sys.stderr, flush=True)
    print(f"Houses in a browser: {shown(server.public_url.rstrip('/'), None)}/?token={quote(token, safe='')}",
          flush=True)
    print(f"(at most {max_sessions} session(s); ctrl+c stops the server)", flush=True)
    try:
        server.serve()
    except OSError as exc:
        return fail(f"the web host stopped: {exc.strerror or exc}", "houses serve web")
    return 0
