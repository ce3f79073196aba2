"""Strangers at the SSH host (host/limits.py): connections not signed in yet are
capped, from one address and over all, and an extra one is closed at once; a TERM
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


def test_the_gate_counts_strangers_by_address_and_over_all():
    gate = StrangerGate(total=3, per_address=2)
    assert gate.admit("10.0.0.1") is None and gate.admit("10.0.0.1") is None
    assert gate.admit("10.0.0.1") == "2 connections from 10.0.0.1 are signing in already"
    assert gate.admit("10.0.0.2") is None
    assert gate.admit("10.0.0.3") == "3 connections are signing in already"
    gate.release("10.0.0.1")
    assert gate.admit("10.0.0.3") is None  # one signed in (or left): room again
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        gate.release(address)
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


def test_connections_not_signed_in_are_capped_per_address_and_in_total(host):
    first = [dial(host.port, "127.0.0.1") for _ in range(2)]
    extra = dial(host.port, "127.0.0.1")
    assert closed_at_once(extra)  # a third from one address
    other = dial(host.port, "127.0.0.2")
    assert not closed_at_once(other, 0.5)
    over = dial(host.port, "127.0.0.3")
    assert closed_at_once(over)  # a fourth over all
    assert not any(closed_at_once(s, 0.2) for s in first)  # the first ones still wait for their keys
    log = host.log_text()
    assert "connection from 127.0.0.1 refused: 2 connections from 127.0.0.1 are signing in already" in log
    assert "connection from 127.0.0.3 refused: 3 connections are signing in already" in log
    first[0].close()
    until(lambda: host.host.strangers.count() == 2, 5, "the closed connection counted out")
    again = dial(host.port, "127.0.0.1")
    assert not closed_at_once(again, 0.5)  # room for one from 127.0.0.1 again
    for s in [*first, extra, other, over, again]:
        s.close()
    until(lambda: host.host.strangers.count() == 0, 5, "every connection counted out")


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
