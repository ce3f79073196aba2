"""The SSH host, end to end: a real OpenSSH client on a pty against `houses serve ssh`
on 127.0.0.1."""

from __future__ import annotations

import json
import stat
import time

import pyte
import pytest

from host.storage import open_storage
from sshkit import Client, until, HostProcess, make_key, need_ssh, run_ssh
from waits import until_async


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    need_ssh()
    folder = tmp_path_factory.mktemp("keys")
    return {name: make_key(folder, name) for name in ("alice", "bob", "carol", "mallory")}


@pytest.fixture(scope="module")
def host(tmp_path_factory, keys):
    h = HostProcess(tmp_path_factory.mktemp("host"), "--idle-timeout", "0")
    for name in ("alice", "bob", "carol"):
        h.add_key(name, keys[name])
    yield h
    h.stop()


def test_a_session_reaches_the_home_screen_and_quits(host, keys):
    c = Client(host, "alice", keys["alice"])
    c.wait_for("H O U S E S", "New game", "Saved games", "Quit")
    c.press("ctrl+q")
    assert c.wait_exit() == 0
    assert "alice connected (xterm-256color 80x24)" in host.log_text()
    assert stat.S_IMODE((host.data / "players" / "alice").stat().st_mode) == 0o700
    storage = open_storage(host.data / "houses.db")  # the players' things are in the host's database
    settings = json.loads(storage.read_doc("alice", "settings"))
    storage.close()
    assert settings["player_name"] == "alice"


def test_an_unknown_key_is_refused(host, keys):
    result = run_ssh(host, "mallory", keys["mallory"])
    assert result.returncode == 255
    assert "Permission denied" in result.stderr


def test_a_key_only_opens_its_own_players_door(host, keys):
    result = run_ssh(host, "bob", keys["alice"])
    assert result.returncode == 255 and "Permission denied" in result.stderr


def test_passwords_are_refused(host):
    result = run_ssh(host, "alice", None, "-o", "PreferredAuthentications=password,keyboard-interactive")
    assert result.returncode == 255 and "Permission denied" in result.stderr


def test_no_command_and_no_forwarding(host, keys):
    result = run_ssh(host, "alice", keys["alice"], command=["cat", "/etc/passwd"])
    assert result.returncode != 0 and "root:" not in result.stdout
    result = run_ssh(host, "alice", keys["alice"], "-s", command=["sftp"])
    assert result.returncode != 0
    result = run_ssh(host, "alice", keys["alice"], "-N", "-o", "ExitOnForwardFailure=yes",
                     "-R", "127.0.0.1:40001:127.0.0.1:9", timeout=10)
    assert result.returncode != 0


def test_the_app_follows_the_clients_size(host, keys):
    c = Client(host, "bob", keys["bob"], cols=240, rows=80)
    c.wait_for("H O U S E S")
    assert "bob connected (xterm-256color 200x60)" in host.log_text()  # clamped
    c.resize(100, 30)
    c.settle(0.5)
    c.resize(60, 20)
    assert "Terminal too small: 60x20" in c.wait_for("Terminal too small")
    c.resize(80, 24)
    c.wait_for("New game")
    c.press("ctrl+q")
    c.wait_exit()


def test_a_client_without_utf8_gets_ascii_and_its_term_is_kept(host, keys):
    c = Client(host, "bob", keys["bob"], lang="C", term="xterm")
    screen = c.wait_for("H O U S E S", "+-----", "Quit")
    assert "╭" not in screen
    assert "bob connected (xterm 80x24)" in host.log_text()
    c.press("ctrl+q")
    c.wait_exit()


def test_a_dropped_connection_loses_nothing(host, keys):
    c = Client(host, "carol", keys["carol"])
    c.wait_for("H O U S E S")
    c.press("t")  # today's puzzle
    c.wait_for("Icehouse Dash")
    c.press("enter", "enter", "enter")
    c.wait_for("at which side")
    c.press("up", "enter", "enter")
    storage = open_storage(host.data / "houses.db")

    def moves() -> int:
        (saved,) = storage.docs("carol", "save")
        return len(json.loads(saved[1])["actions"])

    until(lambda: storage.docs("carol", "save") and moves() == 1)
    c.kill()
    again = Client(host, "carol", keys["carol"])
    again.wait_for("Continue", "Icehouse Dash")
    again.press("enter")
    again.wait_for("trees")
    again.press("ctrl+q")
    again.wait_exit()
    assert moves() == 1
    storage.close()


def test_players_never_see_each_others_saves(host, keys):
    # carol has a game (above); alice has none and sees none of carol's.
    c = Client(host, "alice", keys["alice"])
    c.wait_for("Saved games", "Quit")
    assert "Continue" not in c.settle()
    c.press("s")
    screen = c.wait_for("No saved games yet.")
    assert "dash-" not in screen and "Icehouse Dash deal" not in screen
    c.press("ctrl+q")
    c.wait_exit()


def test_limits_sessions_and_idle(tmp_path, keys):
    h = HostProcess(tmp_path, "--max-sessions", "1", "--idle-timeout", "2")
    try:
        h.add_key("alice", keys["alice"])
        h.add_key("bob", keys["bob"])
        first = Client(h, "alice", keys["alice"])
        first.wait_for("H O U S E S")
        second = Client(h, "bob", keys["bob"])
        second.wait_for("host is full", timeout=10)
        second.wait_exit()
        # alice stays idle: the host closes her session by itself.
        first.wait_exit(timeout=40)
        assert "alice idle" in h.log_text()
        assert b"without a key" in bytes(first.raw)
    finally:
        h.stop()


def test_a_slow_client_does_not_stall_the_others(host, keys):
    """alice's client stops reading (asyncssh with a small window, reading paused):
    her app waits, the host says so, and carol plays on as usual."""
    import asyncio

    import asyncssh

    class Screen(asyncssh.SSHClientSession):
        """alice's terminal, while she still reads it."""

        def __init__(self) -> None:
            self.screen = pyte.Screen(200, 60)
            self.stream = pyte.ByteStream(self.screen)

        def data_received(self, data, datatype) -> None:
            self.stream.feed(data)

    async def slow_alice() -> None:
        key = asyncssh.read_private_key(str(keys["alice"]))
        async with asyncssh.connect("127.0.0.1", host.port, username="alice", client_keys=[key],
                                    known_hosts=None, agent_path=None, config=None) as conn:
            chan, seen = await conn.create_session(Screen, term_type="xterm",
                                                   term_size=(200, 60), window=16384, encoding=None)
            await until_async(lambda: "H O U S E S" in "\n".join(seen.screen.display), timeout=20,
                              what="alice's home screen drawn")
            chan.pause_reading()
            # Each key repaints the menu and nobody reads it: keys until the host says so.
            deadline = time.monotonic() + 30
            i = 0
            while i % 20 or "alice reads slowly" not in host.log_text():
                assert time.monotonic() < deadline, "the host never said alice reads slowly"
                chan.write(b"\x1b[B" if i % 2 == 0 else b"\x1b[A")
                i += 1
                await asyncio.sleep(0.005)  # a key at a time, as a person's terminal sends them
            started = time.monotonic()
            other = await asyncio.to_thread(Client, host, "carol", keys["carol"])
            await asyncio.to_thread(other.wait_for, "H O U S E S", timeout=20)
            await asyncio.to_thread(other.press, "down", "up", "ctrl+q")
            assert await asyncio.to_thread(other.wait_exit) == 0
            assert time.monotonic() - started < 20
            chan.close()

    asyncio.run(slow_alice())
    assert "alice reads slowly" in host.log_text()


def test_open_host_lets_any_name_in_but_no_odd_names(tmp_path, keys):
    h = HostProcess(tmp_path, "--open", "--idle-timeout", "0")
    try:
        c = Client(h, "dave", keys["mallory"])  # a key nobody added
        c.wait_for("H O U S E S")
        c.press("ctrl+q")
        assert c.wait_exit() == 0
        assert (h.data / "players" / "dave").is_dir()
        result = run_ssh(h, "..", keys["mallory"])
        assert result.returncode == 255 and "Permission denied" in result.stderr
    finally:
        h.stop()
