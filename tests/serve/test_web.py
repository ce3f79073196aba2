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
    url, page, port = web
    result = subprocess.run(
        [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=15000", "--run-all-compositor-stages-before-draw",
         "--dump-dom", url],
        capture_output=True, text=True, timeout=60,
    )
    assert "H O U S E S" in result.stdout or "New game" in result.stdout, result.stdout[-2000:]
