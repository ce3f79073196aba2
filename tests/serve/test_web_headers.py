"""`houses serve web` tells the browser what the page may load (host/web.py
`security_headers`): on the page, on textual-serve's files and on a refusal alike."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from host.web import page_html, security_headers
from test_web import start_web, stop_web


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    proc, url, token, port, log = start_web(tmp_path_factory.mktemp("web"))
    yield url, port
    stop_web(proc, log)


def headers_of(url: str):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.headers
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers


def test_every_answer_carries_the_security_headers(web):
    url, port = web
    for address, status in ((url, 200), (f"http://127.0.0.1:{port}/static/js/textual.js", 200),
                            (f"http://127.0.0.1:{port}/", 403)):
        got, headers = headers_of(address)
        assert got == status, address
        assert headers["X-Content-Type-Options"] == "nosniff", address
        assert headers["Referrer-Policy"] == "no-referrer", address
        policy = headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy, address
        assert f"connect-src 'self' ws://127.0.0.1:{port}" in policy
        assert "script-src 'self' http://127.0.0.1:" in policy and "unsafe-eval" not in policy


def test_the_policy_allows_the_pages_own_socket_over_https_only_as_wss():
    policy = security_headers("https://games.example.org/")["Content-Security-Policy"]
    assert "connect-src 'self' wss://games.example.org;" in policy
    assert "script-src 'self' https://games.example.org;" in policy


def test_the_page_has_no_inline_script_for_the_policy_to_block():
    page = page_html("Houses", "http://h/static/", "ws://h/ws/t", 16)
    assert "onclick" not in page and "<script>" not in page
    assert '<a href="">Play again</a>' in page  # reloads the page, token and all
