"""Strangers at the SSH host (host/limits.py): connections not signed in yet are
capped, from one address and over all; beyond a cap the oldest makes way for the new
one, and a connection silent past BANNER_S is closed; a TERM
that is not ASCII reaches the app as the default terminal type, said in the log,
instead of asyncssh dropping the connection."""

from __future__ import annotations

import asyncio
import socket
import sys
import time

import pytest

from host.limits import StrangerGate
from sshkit import HostThread, until

ENV_APP = "import os; print('TERM=' + os.environ['TERM'], flush=True)"


def test_the_gate_counts_strangers_by_address_and_over_all_and_the_oldest_makes_way():
    gate = StrangerGate(total=3, per_address=2)
    assert gate.admit("a1", "10.0.0.1") == [] and gate.admit("a2", "10.0.0.1") == []
    assert gate.admit("a3", "10.0.0.1") == [("a1", "2 connections from 10.0.0.1 were not signed in")]
    assert gate.admit("b1", "10.0.0.2") == []
    assert gate.admit("c1", "10.0.0.3") == [("a2", "3 connections were not signed in")]
    assert gate.count() == 3 and gate.open == {"10.0.0.1": 1, "10.0.0.2": 1, "10.0.0.3": 1}
    gate.release("b1")
    gate.release("b1")  # twice (closed, then gone): counted out once
    assert gate.admit("c2", "10.0.0.3") == []  # one signed in (or left): room again
    for who in ("a3", "c1", "c2"):
        gate.release(who)
    assert gate.count() == 0 and gate.open == {}


def dial(port: int, source: str) -> socket.socket:
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.settimeout(0.5)
    return s


def closed_at_once(s: socket.socket, within: float = 2.0) -> bool:
    """Whether the host ends this connection (without a word of SSH after its banner)
    within `within` seconds; a connection the host keeps waits for its key exchange."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if s.recv(4096) == b"":
                return True
        except TimeoutError:
            pass
        except ConnectionResetError:
            return True
    return False


@pytest.fixture
def host(tmp_path):
    h = HostThread(tmp_path, idle_timeout=0, max_strangers=3, max_strangers_per_address=2,
                   app_command=[sys.executable, "-c", ENV_APP])
    yield h
    h.stop()


def test_connections_not_signed_in_are_capped_and_the_oldest_makes_way(host):
    first = [dial(host.port, "127.0.0.1") for _ in range(2)]
    until(lambda: host.host.strangers.count() == 2, 5, "two counted in")
    newer = dial(host.port, "127.0.0.1")
    assert closed_at_once(first[0])  # a third from one address: the oldest made way
    assert not closed_at_once(newer, 0.3)
    other = dial(host.port, "127.0.0.2")
    until(lambda: host.host.strangers.count() == 3, 5, "three counted in")
    over = dial(host.port, "127.0.0.3")
    assert closed_at_once(first[1])  # a fourth over all: the oldest of all made way
    assert not any(closed_at_once(s, 0.2) for s in (newer, other, over))
    log = host.log_text()
    assert "connection from 127.0.0.1 closed before signing in: 2 connections from 127.0.0.1 were not signed in" in log
    for s in [*first, newer, other, over]:
        s.close()
    until(lambda: host.host.strangers.count() == 0, 5, "every connection counted out")


def test_a_connection_silent_past_the_banner_time_is_closed(host):
    from host.limits import BANNER_S

    silent = dial(host.port, "127.0.0.1")
    started = time.monotonic()
    assert closed_at_once(silent, BANNER_S + 3)
    assert BANNER_S - 0.5 <= time.monotonic() - started <= BANNER_S + 3
    until(lambda: host.host.strangers.count() == 0, 5, "counted out")
    silent.close()


def session(host, key, term: str) -> tuple[bytes, int | None]:
    import asyncssh

    async def go():
        async with asyncssh.connect("127.0.0.1", host.port, username="alice", client_keys=[key],
                                    known_hosts=None, agent_path=None, config=None) as conn:
            until(lambda: host.host.strangers.count() == 0, 5, "signed in: no longer a stranger")
            proc = await conn.create_process(encoding=None, term_type=term, term_size=(80, 24))
            out = await asyncio.wait_for(proc.stdout.read(), 15)
            await proc.wait_closed()
            return out, proc.exit_status

    return asyncio.run(go())


def test_a_term_that_is_not_ascii_gets_the_default_and_is_said_in_the_log(host):
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519")
    from host.accounts import add_key

    add_key(host.data / "authorized_keys", "alice", key.export_public_key().decode())
    out, status = session(host, key, "xt\u00e9rm")
    assert b"TERM=xterm-256color" in out and status == 0
    assert "terminal type 'xt\\xc3\\xa9rm' is not one: using xterm-256color" in host.log_text()
