"""`houses serve web`: the token, the Origin check, the session cap and the idle
close, the page (nothing from other sites), the app behind its websocket, and (when
Chromium is installed) a headless browser that shows the home screen."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pyte
import pytest

from sshkit import free_port
from waits import until, until_async


def start_web(root: Path, *extra: str, host: str = "127.0.0.1", port: int | None = None):
    """`houses serve web` on a free port (or `port`; 0: the server picks one); returns
    (process, url with token, token, port, log), the port read from the URL it printed."""
    port = free_port() if port is None else port
    env = dict(os.environ, HOUSES_HOME=str(root), PYTHONUNBUFFERED="1")
    log = open(root / "web.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "houses", "serve", "web", "--host", host, "--port", str(port),
                             *extra], stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)
    found = None

    def serving() -> bool:
        nonlocal found
        if proc.poll() is not None:
            raise AssertionError("the web server ended:\n" + (root / "web.log").read_text())
        found = re.search(rb"(http://\S+:(\d+)/\?token=)(\S+)", (root / "web.log").read_bytes())
        if not found:
            return False
        try:
            with urllib.request.urlopen(found.group(1).decode() + found.group(3).decode(), timeout=2):
                return True
        except OSError:
            return False

    until(serving, timeout=20, what="the web server to print its URL and answer it")
    url, token = found.group(1).decode() + found.group(3).decode(), found.group(3).decode()
    return proc, url, token, int(found.group(2)), log


def stop_web(proc, log) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    root = tmp_path_factory.mktemp("web")
    proc, url, token, port, log = start_web(root, "--max-sessions", "3")
    with urllib.request.urlopen(url, timeout=5) as r:
        page = r.read().decode()
    yield url, page, port, token
    stop_web(proc, log)


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


async def open_session(port: int, token: str, origin: str | None = None, path: str | None = None):
    """A WebSocket as the page opens it; returns (session, ws) or raises the refusal."""
    import aiohttp

    session = aiohttp.ClientSession()
    headers = {"Origin": origin} if origin else {}
    try:
        ws = await session.ws_connect(f"ws://127.0.0.1:{port}{path or '/ws/' + token}?width=80&height=24",
                                      headers=headers)
    except Exception:
        await session.close()
        raise
    return session, ws


async def read_screen(ws, needle: str, seconds: float = 25) -> str:
    import aiohttp

    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    await ws.send_json(["resize", {"width": 80, "height": 24}])
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg = await ws.receive(timeout=1)
        except asyncio.TimeoutError:
            continue
        if msg.type == aiohttp.WSMsgType.BINARY:
            stream.feed(msg.data)
        elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            break
        if needle in "\n".join(screen.display):
            break
    return "\n".join(screen.display)


def test_no_token_or_a_wrong_one_is_refused(web):
    url, page, port, token = web
    base = f"http://127.0.0.1:{port}/"
    assert status_of(base) == 403
    assert status_of(base + "?token=" + token[:-1] + ("A" if token[-1] != "A" else "B")) == 403
    assert status_of(url) == 200
    assert status_of(base + "static/js/textual.js") == 200  # textual-serve's own script holds no secret

    import aiohttp

    for path in ("/ws", "/ws/wrong-token"):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            asyncio.run(open_session(port, token, path=path))
        assert refused.value.status == 403


def test_the_page_loads_nothing_from_other_sites(web):
    url, page, port, token = web
    assert "/static/js/textual.js" in page
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws/{token}"' in page
    hosts = set(re.findall(r"(?:https?|wss?)://([^/\"')\s]+)", page))
    assert hosts == {f"127.0.0.1:{port}"}, hosts
    assert "googleapis" not in page and "@import" not in page
    assert "fonts/RobotoMono" in page  # the font comes from this server
    assert status_of(f"http://127.0.0.1:{port}/static/fonts/RobotoMono-VariableFont_wght.ttf") == 200


def test_a_websocket_from_another_sites_page_is_refused(web):
    import aiohttp

    url, page, port, token = web
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        asyncio.run(open_session(port, token, origin="http://evil.example"))
    assert refused.value.status == 403


def test_the_websocket_serves_the_home_screen(web):
    url, page, port, token = web

    async def talk() -> str:
        session, ws = await open_session(port, token, origin=f"http://127.0.0.1:{port}")
        try:
            text = await read_screen(ws, "New game")
            await ws.send_json(["stdin", "\x11"])  # ctrl+q
            return text
        finally:
            await ws.close()
            await session.close()

    text = asyncio.run(talk())
    assert "H O U S E S" in text and "New game" in text, text


def test_sessions_are_capped_and_idle_ones_closed(tmp_path):
    import aiohttp

    proc, url, token, port, log = start_web(tmp_path, "--max-sessions", "1", "--idle-timeout", "3")
    try:
        async def two() -> tuple[int, float]:
            session, ws = await open_session(port, token)
            try:
                await read_screen(ws, "New game")
                with pytest.raises(aiohttp.WSServerHandshakeError) as full:
                    await open_session(port, token)
                started = time.monotonic()
                while not ws.closed and time.monotonic() - started < 15:  # no keys: closed as idle
                    await ws.receive(timeout=15)
                return full.value.status, time.monotonic() - started
            finally:
                await ws.close()
                await session.close()

        status, waited = asyncio.run(two())
        assert status == 503
        assert waited < 10
        # the idle session freed its place: a new one opens
        asyncio.run(asyncio.wait_for(_open_and_close(port, token), 20))
    finally:
        stop_web(proc, log)


async def _open_and_close(port: int, token: str) -> None:
    deadline = time.monotonic() + 10
    while True:
        try:
            session, ws = await open_session(port, token)
            break
        except Exception:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.3)
    await ws.close()
    await session.close()


def _running(pid: str) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


def test_the_apps_end_when_the_server_is_killed(tmp_path):
    """kill -9 of the server: its app processes (its own children, through `exec`)
    end within 2 s instead of living on, reparented to init."""
    proc, url, token, port, log = start_web(tmp_path)
    try:
        async def play_then_kill() -> tuple[list[str], float]:
            session, ws = await open_session(port, token)
            try:
                await read_screen(ws, "New game")
                apps = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
                proc.kill()
                took = await until_async(lambda: not any(_running(pid) for pid in apps), timeout=5,
                                         what="the server's app processes to end after its kill -9")
                return apps, took
            finally:
                await session.close()

        apps, took = asyncio.run(play_then_kill())
        assert apps, "no app process was found under the server"
        assert not any(_running(pid) for pid in apps)
        assert took < 2.0
    finally:
        proc.wait()
        log.close()


def test_a_host_that_is_not_loopback_gets_a_loud_warning(tmp_path):
    from host.web import is_loopback

    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "houses", "serve", "web", "--host", "0.0.0.0", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, HOUSES_HOME=str(tmp_path)))
    try:
        deadline = time.monotonic() + 15
        err = b""
        while b"WARNING" not in err and time.monotonic() < deadline:
            err += proc.stderr.read1(4096) if proc.stderr else b""
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert b"WARNING: listening on 0.0.0.0" in err


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


NO_CHROMIUM = "Chromium is not installed (Debian's chromium package; .ci/run installs it)"


def browse(url: str, tmp_path: Path) -> tuple[str, bytes]:
    """Open `url` in headless Chromium; when the app's first bytes reached the page
    (textual.js marks it -first-byte) and a moment later, (body classes, screenshot)."""
    import base64
    import json as _json

    import aiohttp

    proc = subprocess.Popen(
        [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--enable-unsafe-swiftshader", f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,800",
         "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", url],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 30
        devtools = None
        while devtools is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            found = re.search(r"DevTools listening on (ws://\S+)", line)
            if found:
                devtools = found.group(1)
        assert devtools, "Chromium did not start its DevTools endpoint"
        debug_port = int(re.search(r":(\d+)/", devtools).group(1))

        async def look() -> tuple[str, bytes]:
            async with aiohttp.ClientSession() as session:
                targets: list = []
                while not targets:
                    assert time.monotonic() < deadline, "Chromium opened no page"
                    async with session.get(f"http://127.0.0.1:{debug_port}/json/list") as r:
                        targets = [t for t in await r.json() if t.get("type") == "page"]
                async with session.ws_connect(targets[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                    ident = 0

                    async def call(method: str, **params) -> dict:
                        nonlocal ident
                        ident += 1
                        await ws.send_str(_json.dumps({"id": ident, "method": method, "params": params}))
                        while True:
                            msg = _json.loads((await ws.receive(timeout=20)).data)
                            if msg.get("id") == ident:
                                return msg.get("result", {})

                    classes = ""
                    while "-first-byte" not in classes:
                        assert time.monotonic() < deadline, f"the app's first bytes never reached the page: {classes!r}"
                        result = await call("Runtime.evaluate", expression="document.body.className")
                        classes = result.get("result", {}).get("value", "")
                        await asyncio.sleep(0.1)  # ask again soon (a poll that fails at its deadline)
                    # The terminal draws on a canvas: the home screen is drawn when two
                    # screenshots in a row are the same picture, and not a blank one.
                    shots = [b"", b"-"]
                    while shots[-1] != shots[-2] or len(shots[-1]) <= 10_000:
                        assert time.monotonic() < deadline, "the page's terminal never drew a still screen"
                        shot = await call("Page.captureScreenshot", format="png")
                        shots.append(base64.b64decode(shot.get("data", "")))
                    return classes, shots[-1]

        return asyncio.run(look())
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.mark.skipif(_chromium() is None, reason=NO_CHROMIUM)
def test_a_headless_browser_sees_the_home_screen(web, tmp_path):
    """Chromium opens the page; the app's first bytes reach it (textual.js marks the
    page -first-byte) and the terminal draws: a screenshot is kept for people to see."""
    url, page, port, token = web
    classes, png = browse(url, tmp_path)
    (tmp_path / "home.png").write_bytes(png)
    if os.environ.get("HOUSES_KEEP_SHOT"):
        (tmp_path.parent / "web-home.png").write_bytes(png)
        (Path("/tmp") / "web-home.png").write_bytes(png)
    assert "-first-byte" in classes, classes
    assert png.startswith(b"\x89PNG") and len(png) > 10_000


def _ipv6_loopback() -> bool:
    import socket

    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(_chromium() is None, reason=NO_CHROMIUM)
@pytest.mark.skipif(not _ipv6_loopback(), reason="this machine has no IPv6 loopback (::1)")
def test_a_web_host_on_ipv6_starts_in_a_browser(tmp_path):
    """`serve web --host ::1 --port 0`: the printed URL, the page's script and WebSocket
    and the policy all bracket the address and name the port chosen, and Chromium
    gets the app's first bytes over it."""
    proc, url, token, port, log = start_web(tmp_path, host="::1", port=0)
    try:
        assert port != 0 and url == f"http://[::1]:{port}/?token={token}"
        with urllib.request.urlopen(url, timeout=5) as r:
            page, policy = r.read().decode(), r.headers["Content-Security-Policy"]
        assert f'src="http://[::1]:{port}/static/js/textual.js"' in page
        assert f'data-session-websocket-url="ws://[::1]:{port}/ws/{token}"' in page
        assert f"connect-src 'self' ws://[::1]:{port};" in policy
        classes, png = browse(url, tmp_path)
        (tmp_path / "ipv6.png").write_bytes(png)
        if os.environ.get("HOUSES_KEEP_SHOT"):
            (Path("/tmp") / "web-ipv6.png").write_bytes(png)
        assert "-first-byte" in classes, classes
        assert png.startswith(b"\x89PNG") and len(png) > 10_000
    finally:
        stop_web(proc, log)
