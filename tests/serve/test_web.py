"""`houses serve web`: the page, the app behind its websocket, and (when Chromium is
installed) a headless browser that shows the home screen."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pyte
import pytest

from sshkit import free_port


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    root = tmp_path_factory.mktemp("web")
    port = free_port()
    env = dict(os.environ, HOUSES_HOME=str(root), PYTHONUNBUFFERED="1")
    log = open(root / "web.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "web", "--port", str(port)],
                            stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                page = r.read().decode()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the web server did not start:\n" + (root / "web.log").read_text()) from None
            time.sleep(0.1)
    yield url, page, port
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


def test_the_page_has_the_apps_entry_point(web):
    url, page, port = web
    assert "/static/js/textual.js" in page
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
    with urllib.request.urlopen(url + "static/js/textual.js", timeout=5) as r:
        assert r.status == 200


def test_the_websocket_serves_the_home_screen(web):
    import aiohttp

    url, page, port = web
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)

    async def talk() -> str:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24") as ws:
                await ws.send_json(["resize", {"width": 80, "height": 24}])
                deadline = time.monotonic() + 25
                while time.monotonic() < deadline:
                    try:
                        msg = await ws.receive(timeout=1)
                    except asyncio.TimeoutError:
                        continue
                    if msg.type == aiohttp.WSMsgType.BINARY:
                        stream.feed(msg.data)
                    elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                        break
                    text = "\n".join(screen.display)
                    if "H O U S E S" in text and "New game" in text:
                        await ws.send_json(["stdin", "\x11"])  # ctrl+q
                        return text
                return "\n".join(screen.display)

    text = asyncio.run(talk())
    assert "H O U S E S" in text and "New game" in text, text


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


@pytest.mark.skipif(_chromium() is None, reason="Chromium is not installed")
def test_a_headless_browser_sees_the_home_screen(web, tmp_path):
    """Chromium opens the page; the app's first bytes reach it (textual.js marks the
    page -first-byte) and the terminal draws: a screenshot is kept for people to see."""
    import base64
    import json as _json
    import re

    import aiohttp

    url, page, port = web
    proc = subprocess.Popen(
        [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--enable-unsafe-swiftshader", f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1000,600",
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
                while True:
                    async with session.get(f"http://127.0.0.1:{debug_port}/json/list") as r:
                        targets = [t for t in await r.json() if t.get("type") == "page"]
                    if targets:
                        break
                    await asyncio.sleep(0.2)
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
                    while time.monotonic() < deadline:
                        result = await call("Runtime.evaluate", expression="document.body.className")
                        classes = result.get("result", {}).get("value", "")
                        if "-first-byte" in classes:
                            break
                        await asyncio.sleep(0.3)
                    await asyncio.sleep(2.0)  # let the home screen draw
                    shot = await call("Page.captureScreenshot", format="png")
                    return classes, base64.b64decode(shot.get("data", ""))

        classes, png = asyncio.run(look())
        (tmp_path / "home.png").write_bytes(png)
        if os.environ.get("HOUSES_KEEP_SHOT"):
            (tmp_path.parent / "web-home.png").write_bytes(png)
            (Path("/tmp") / "web-home.png").write_bytes(png)
        assert "-first-byte" in classes, classes
        assert png.startswith(b"\x89PNG") and len(png) > 10_000
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
