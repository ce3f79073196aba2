"""The SSH host against hostile or odd clients (issue 13): what a client sends is
never trusted, never reaches the operator's console raw, and never ends a session.
End to end with the real OpenSSH client where it can send the thing; with asyncssh
where OpenSSH cannot (a NUL in TERM)."""

from __future__ import annotations

import asyncio
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sshkit import Client, HostProcess, HostThread, make_key, need_ssh, ssh_args, until
from host.app_session import OutputGuard, Transcoder, in_words
from host.limits import safe_term, shown


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    need_ssh()
    folder = tmp_path_factory.mktemp("keys")
    return {name: make_key(folder, name) for name in ("alice", "bob")}


@pytest.fixture(scope="module")
def host(tmp_path_factory, keys):
    h = HostProcess(tmp_path_factory.mktemp("host"), "--idle-timeout", "0")
    for name in ("alice", "bob"):
        h.add_key(name, keys[name])
    yield h
    h.stop()


def asyncssh_session(host, key, **kwargs) -> tuple[bytes, int | None]:
    """One session by asyncssh (which can send what OpenSSH cannot): its output and
    exit status."""
    import asyncssh

    async def go():
        async with asyncssh.connect("127.0.0.1", host.port, username="alice",
                                    client_keys=[asyncssh.read_private_key(str(key))],
                                    known_hosts=None, agent_path=None, config=None) as conn:
            proc = await conn.create_process(encoding=None, term_size=(80, 24), **kwargs)
            out = await asyncio.wait_for(proc.stdout.read(), 15)
            await proc.wait_closed()
            return out, proc.exit_status

    return asyncio.run(go())


# -- 1. client-sent strings -----------------------------------------------------------

def test_log_text_is_escaped():
    assert shown("xterm\x1b]0;OWNED\x07\x1b[2J") == "xterm\\x1b]0;OWNED\\x07\\x1b[2J"
    assert "\u202e" not in shown("bob\u202egnp")  # a right-to-left override
    assert len(shown("x" * 1000)) < 100


def test_a_term_is_used_only_when_it_looks_like_one():
    assert safe_term("xterm-256color") == "xterm-256color"
    assert safe_term("screen.xterm+kitty_1") == "screen.xterm+kitty_1"
    assert safe_term("xterm\x1b]0;OWNED\x07") == "xterm-256color"
    assert safe_term("x" * 65) == "xterm-256color"
    assert safe_term("") == "xterm-256color"


def test_a_hostile_term_never_reaches_the_operators_console(host, keys):
    c = Client(host, "alice", keys["alice"], term="xterm\x1b]0;OWNED\x07\x1b[2J")
    c.wait_for("H O U S E S")
    c.press("ctrl+q")
    c.wait_exit()
    log = host.log_text()
    assert "\x1b" not in log and "\x07" not in log
    assert "terminal type 'xterm\\x1b]0;OWNED\\x07\\x1b[2J' is not one: using xterm-256color" in log
    assert "alice connected (xterm-256color 80x24)" in log


def test_a_nul_in_term_is_refused_in_words(host, keys):
    out, status = asyncssh_session(host, keys["alice"], term_type="xterm\0evil")
    assert b"terminal type (TERM) has a NUL character" in out
    assert status == 1
    assert "alice refused: Your terminal type (TERM) has a NUL character" in host.log_text()


def test_a_nul_in_lang_is_refused_in_words(host, keys):
    out, status = asyncssh_session(host, keys["alice"], term_type="xterm", env={"LANG": "C\0.UTF-8"})
    assert b"Your LANG has a NUL character" in out
    assert status == 1


# -- 2. bytes that are not UTF-8 -----------------------------------------------------------

def test_input_is_made_valid_utf8_for_the_app():
    t = Transcoder("utf-8")
    assert t.to_app(b"\xff") == "\ufffd".encode()
    assert t.to_app(b"\xc3") == b"" and t.to_app(b"\xa9") == "é".encode()  # split across reads


def test_a_latin1_clients_bytes_are_transcoded_both_ways():
    t = Transcoder("iso8859-1")
    assert t.to_app(b"\xe9") == "é".encode()
    assert t.to_client("é".encode()) == b"\xe9"
    assert t.to_client("€".encode()) == b"?"


def test_a_traceback_is_kept_from_the_player():
    guard = OutputGuard()
    out = guard.filter(b"\x1b[?10") + guard.filter(b"49h typed: Traceback (most recent call last)")
    assert out == b"\x1b[?1049h typed: Traceback (most recent call last)"  # a player's echo
    out = guard.filter(b"bye\x1b[?1049l\x1b[?25h\x1b[1;31mTraceback \x1b[0m(most rec")
    out += guard.filter(b"ent call last)\n  File \"/srv/houses/x.py\", line 3")
    assert out == b"bye\x1b[?1049l"
    last, traceback = guard.finish()
    assert b"Traceback" not in last and b"/srv" not in last
    assert 'File "/srv/houses/x.py"' in traceback


def test_what_a_failing_app_writes_last_is_not_shown():
    guard = OutputGuard()
    guard.filter(b"\x1b[?1049hdrawing\x1b[?1049lHouses stopped: see /srv/houses/crash.log")
    last, text = guard.finish(failed=True)
    assert b"/srv" not in last and "/srv/houses/crash.log" in text


def test_what_a_calm_app_writes_at_exit_is_sent_on():
    guard = OutputGuard()
    assert guard.filter(b"\x1b[?1049hdrawing\x1b[?1049l\x1b[?25hGoodbye") == b"\x1b[?1049hdrawing\x1b[?1049l"
    assert guard.finish() == (b"\x1b[?25hGoodbye", None)


CRASHING_APP = r"""
import sys, time
sys.stdout.write("\x1b[?1049hdrawing"); sys.stdout.flush(); time.sleep(0.5)
sys.stdout.write("\x1b[?1049l"); sys.stdout.flush()
def deep(): raise RuntimeError("a bug")
deep()
"""


def test_a_crashing_apps_traceback_stays_on_the_host(tmp_path, keys):
    h = HostThread(tmp_path, idle_timeout=0, app_command=[sys.executable, "-c", CRASHING_APP])
    try:
        h.add_key("alice", keys["alice"])
        c = Client(h, "alice", keys["alice"])
        c.wait_for("Houses stopped with an error")
        status = c.wait_exit()
        raw = bytes(c.raw)
        assert b"Traceback" not in raw and b"RuntimeError" not in raw and b'File "' not in raw
        assert "Your games are saved" in c.text()
        assert status == 1
        until(lambda: "RuntimeError: a bug" in h.log_text(), 5, "the traceback in the host's log")
        assert "alice: the app stopped with an error (exit 1)" in h.log_text()
    finally:
        h.stop()


def test_a_latin1_client_types_e_acute(host, keys):
    c = Client(host, "bob", keys["bob"], lang="fr_FR.ISO-8859-1")
    c.wait_for("H O U S E S")
    c.press("\x10")  # ctrl+p: the palette
    c.wait_for("Search for commands")
    before = bytes(c.raw)
    c.child.send(b"\xe9")  # one byte: e acute in Latin-1
    c.until(lambda: b"\xe9" in bytes(c.raw)[len(before):], what="the e acute echoed in Latin-1")
    after = bytes(c.raw)[len(before):]
    assert b"\xe9" in after and b"\xc3" not in after  # é back in the client's own charset
    assert c.child.isalive()
    c.press("escape", "ctrl+q")
    assert c.wait_exit() == 0


def test_random_bytes_never_end_a_session(host, keys):
    """Pastes of random bytes (as a terminal sends a paste: bracketed), and bursts of
    bytes that are not UTF-8 typed outside a paste: the app lives on, and the player
    never sees a traceback or a path of the host."""
    rng = random.Random(13)
    c = Client(host, "alice", keys["alice"])
    c.wait_for("H O U S E S")
    c.press("\x10")  # ctrl+p: the palette, whose input takes the pastes
    for _ in range(10):
        # printable or not UTF-8: no control keys (a paste's ctrl+q is the app's
        # business), no "~" (after a newline, the ssh client's own escape)
        paste = bytes(b for b in rng.randbytes(400) if b >= 0x20 and b not in b"~\x7f")
        c.child.send(b"\x1b[200~" + paste + b"\x1b[201~")
        c.settle(0.2)
        c.child.send(bytes(rng.randrange(0x80, 0x100) for _ in range(50)))
        c.settle(0.2)
    c.settle(1.0)
    assert c.child.isalive()
    for _ in range(3):
        c.press("escape", gap=0.3)
    c.press("\x10")
    c.press(*"Home", "enter")
    c.wait_for("H O U S E S")
    raw = bytes(c.raw)
    assert b"Traceback" not in raw and str(host.data).encode() not in raw
    c.press("ctrl+q")
    # The app works through ~500 typed keys first: 3-4 s of CPU, far longer on a busy machine.
    assert c.wait_exit(timeout=60) == 0


# -- 4. every connection counts and times out ------------------------------------------------

def test_in_words():
    assert in_words(20) == "20 seconds" and in_words(1) == "1 second"
    assert in_words(3600) == "1 hour" and in_words(5400) == "90 minutes"
    assert in_words(7 * 86400) == "7 days"


def test_ssh_dash_n_is_counted_and_closed_when_idle(tmp_path, keys):
    h = HostProcess(tmp_path, "--max-sessions", "1", "--idle-timeout", "6")
    try:
        h.add_key("alice", keys["alice"])
        h.add_key("bob", keys["bob"])
        env = {k: v for k, v in os.environ.items() if not k.startswith("SSH_")}
        quiet = subprocess.Popen(["ssh", *ssh_args(h, "alice", keys["alice"], "-N")], env=env,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        until(lambda: "alice signed in; 1 connection(s)" in h.log_text(), 10, "alice's connection")
        second = Client(h, "bob", keys["bob"])
        second.wait_for("host is full", timeout=10)
        second.wait_exit()
        assert quiet.poll() is None
        quiet.wait(timeout=20)  # closed by the host, though it opened nothing
        assert "alice idle: closing" in h.log_text()
        # now an app session: closed when idle, told so in words
        first = Client(h, "bob", keys["bob"])
        first.wait_for("H O U S E S")
        first.wait_exit(timeout=30)
        assert b"Closed after 6 seconds without a key" in bytes(first.raw)
    finally:
        h.stop()


# -- 6. the banner, --open, add-key ------------------------------------------------------------

def test_the_banner_names_no_library(host):
    with socket.create_connection(("127.0.0.1", host.port), timeout=5) as s:
        banner = s.recv(256)
    assert banner.startswith(b"SSH-2.0-Houses") and b"AsyncSSH" not in banner


def test_open_with_keys_warns_the_operator(tmp_path, keys):
    data = tmp_path / "host"
    subprocess.run([sys.executable, "-m", "houses", "serve", "add-key", "alice", str(keys["alice"]) + ".pub",
                    "--data", str(data)], check=True, capture_output=True)
    h = HostProcess(tmp_path, "--open", "--idle-timeout", "0")
    try:
        assert "WARNING: --open" in h.log_text() and "not protected: alice" in h.log_text()
    finally:
        h.stop()


def test_add_key_refuses_a_private_key(tmp_path, keys):
    data = tmp_path / "host"
    result = subprocess.run([sys.executable, "-m", "houses", "serve", "add-key", "alice", str(keys["alice"]),
                             "--data", str(data)], capture_output=True, text=True)
    assert result.returncode == 2
    assert "private key" in result.stderr and "nothing was added" in result.stderr
    assert not (data / "authorized_keys").exists()
    assert "PRIVATE" not in result.stderr + result.stdout


def test_add_key_drops_a_comment_with_escape_codes(tmp_path, keys):
    text = (keys["bob"].parent / "id_bob.pub").read_text().strip().rsplit(" ", 1)[0]
    evil = tmp_path / "evil.pub"
    evil.write_text(text + " bob\x1b]0;OWNED\x07@laptop\n")
    result = subprocess.run([sys.executable, "-m", "houses", "serve", "add-key", "bob", str(evil),
                             "--data", str(tmp_path / "host")], capture_output=True, text=True)
    assert result.returncode == 0
    assert "\x1b" not in result.stdout and "\x1b" not in (tmp_path / "host" / "authorized_keys").read_text()
    fine = tmp_path / "fine.pub"
    fine.write_text(text + " bob@laptop\n")
    subprocess.run([sys.executable, "-m", "houses", "serve", "add-key", "bob", str(fine),
                    "--data", str(tmp_path / "host2")], check=True, capture_output=True)  # (a key is kept once a host)
    assert (tmp_path / "host2" / "authorized_keys").read_text().splitlines()[-1].endswith("bob@laptop")


def app_pids(host_pid: int) -> list[int]:
    """The app processes a host started (its children)."""
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(host_pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for our purpose (its parent died; init reaps it)
    state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] if Path(f"/proc/{pid}").exists() else "Z"
    return state != "Z"


def test_the_apps_end_when_the_host_is_killed(tmp_path, keys):
    h = HostProcess(tmp_path)
    try:
        h.add_key("alice", keys["alice"])
        c = Client(h, "alice", keys["alice"])
        c.wait_for("H O U S E S", "Quit")
        until(lambda: app_pids(h.proc.pid), 10, "the app process")
        (pid,) = app_pids(h.proc.pid)
        h.proc.kill()  # kill -9: the host gets no chance to end its children
        h.proc.wait()
        until(lambda: not alive(pid), 2.0, "the app's end within 2 s of the host's death")
    finally:
        h.stop()


async def test_an_app_starts_only_once_the_table_service_is_up(tmp_path, keys, monkeypatch):
    # The port opens a moment before the tables (a second host on the same folder must
    # stop before touching them): a player arriving then waits, and gets the tables.
    import asyncssh

    from host import ssh as hs
    from host.tables import TableHost
    from sshkit import free_port

    gate = asyncio.Event()
    real_start = TableHost.start

    async def slow_start(self):
        await gate.wait()
        await real_start(self)

    monkeypatch.setattr(TableHost, "start", slow_start)
    shows_tables = ("import os; t = os.environ.get('HOUSES_TABLES');"
                    "print('tables', bool(t) and os.path.exists(t), flush=True)")  # the service's socket
    opts = hs.HostOptions(port=free_port(), data=tmp_path / "host", open=True, idle_timeout=0,
                          app_command=[sys.executable, "-c", shows_tables])
    starting = asyncio.create_task(hs.start_host(opts))
    deadline = time.monotonic() + 10
    while True:  # until the port accepts
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", opts.port)
            writer.close()
            break
        except OSError:
            assert time.monotonic() < deadline, "the host's port never accepted a connection"
            await asyncio.sleep(0.05)
    async with asyncssh.connect("127.0.0.1", opts.port, username="alice",
                                client_keys=[asyncssh.read_private_key(str(keys["alice"]))],
                                known_hosts=None, agent_path=None, config=None) as conn:
        proc = await conn.create_process(encoding=None, term_type="xterm", term_size=(80, 24))
        # Time itself is tested: a while after the login, still no app (the tables are not up).
        await asyncio.sleep(0.5)
        assert not starting.done()  # the tables are not up: no app yet
        gate.set()
        host = await asyncio.wait_for(starting, 10)
        out = await asyncio.wait_for(proc.stdout.read(), 15)
        assert b"tables True" in out
    await hs.stop_host(host)
