"""A dropped SSH connection (SIGHUP) or a kill (SIGTERM) ends the app cleanly, with
the game saved: the real `houses` in a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time

import pytest

import saves
from waits import until


def run_until(master: int, needle: bytes, timeout: float = 30.0) -> bytes:
    out = b""
    deadline = time.monotonic() + timeout
    while needle not in out:
        assert time.monotonic() < deadline, f"{needle!r} never appeared"
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                out += os.read(master, 65536)
            except OSError:
                break
    return out


def drain(master: int) -> None:
    ready, _, _ = select.select([master], [], [], 0.05)
    if ready:
        try:
            os.read(master, 65536)
        except OSError:
            time.sleep(0.05)


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM])
def test_signal_ends_the_app_cleanly_and_the_game_is_saved(tmp_path, sig):
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL_")}
    env.update(HOUSES_HOME=str(tmp_path), TERM="xterm-256color", COLUMNS="80", LINES="24")
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "new", "dash", "--seed", "5"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    try:
        run_until(master, b"deal 5")
        until(lambda: drain(master) or list((tmp_path / "saves").glob("*.json")), what="the new deal's save")
        proc.send_signal(sig)
        deadline = time.monotonic() + 20
        while proc.poll() is None and time.monotonic() < deadline:
            drain(master)  # a terminal keeps reading; a full pty would block the app's last writes
        assert proc.poll() == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    good, bad = saves.Store(tmp_path).scan()
    assert not bad
    assert [s.game for s in good] == ["dash"]
    assert good[0].seed == 5
