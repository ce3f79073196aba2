"""A real SSH host on 127.0.0.1 and real OpenSSH clients on a pty (pexpect), with the
screen each client shows kept by a terminal emulator (pyte), so tests read what a
person would see. Every wait is bounded."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest

from waits import until  # noqa: F401  (the tests import it from here too)

KEYS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D", "enter": "\r",
        "tab": "\t", "escape": "\x1b", "ctrl+q": "\x11", "ctrl+s": "\x13", "space": " ", "home": "\x1b[H", "end": "\x1b[F"}


# Synchronized output (DEC mode 2026): Textual asks whether the terminal has it and, when
# told yes, brackets every frame in these two sequences. The client answers yes and shows
# whole frames only, as such a terminal does: a frame reaches the pty in several reads,
# and a test that read between two of them saw half a screen (on a busy machine).
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_ANSWER = "\x1b[?2026;2$y"  # mode 2026 is known and off: Textual turns it on per frame
SYNC_START = b"\x1b[?2026h"
SYNC_END = b"\x1b[?2026l"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def need_ssh() -> None:
    if shutil.which("ssh") is None or shutil.which("ssh-keygen") is None:
        pytest.skip("the OpenSSH client is not installed (.ci/run installs it)")


def make_key(folder: Path, name: str) -> Path:
    path = folder / f"id_{name}"
    if not path.exists():
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", f"{name}@test", "-f", str(path)],
                       check=True)
    return path


class HostProcess:
    """`houses serve ssh` in a child process, stopped by `stop()`."""

    def __init__(self, root: Path, *args: str) -> None:
        self.root = root
        self.data = root / "host"
        self.port = free_port()
        env = dict(os.environ, HOUSES_HOME=str(root), PYTHONUNBUFFERED="1")
        self.log_path = root / "host.log"
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "houses", "serve", "ssh", "--port", str(self.port), "--data", str(self.data), *args],
            stdout=self.log, stderr=subprocess.STDOUT, env=env,
        )

        def started() -> bool:
            if self.proc.poll() is not None:
                raise AssertionError("the host ended at its start:\n" + self.log_path.read_text())
            return b"Houses SSH host on" in self.log_path.read_bytes()

        until(started, timeout=20, what="the SSH host to say it listens")

    def add_key(self, name: str, key: Path) -> None:
        subprocess.run([sys.executable, "-m", "houses", "serve", "add-key", name, str(key) + ".pub",
                        "--data", str(self.data)], check=True, capture_output=True)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    def log_text(self) -> str:
        return self.log_path.read_text()


def ssh_args(host: HostProcess, user: str, key: Path | None, *extra: str) -> list[str]:
    args = ["-p", str(host.port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-F", "/dev/null"]
    if key is not None:
        args += ["-i", str(key)]
    return args + [*extra, f"{user}@127.0.0.1"]


class Client:
    """One `ssh -t` client on a pty, with its screen kept by pyte."""

    def __init__(self, host: HostProcess, user: str, key: Path, cols: int = 80, rows: int = 24,
                 term: str = "xterm-256color", lang: str | None = None) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SSH_", "TEXTUAL_", "LC_"))}
        env.update(TERM=term, LANG=lang or "C.UTF-8")
        env.pop("SSH_AUTH_SOCK", None)
        extra = ["-o", "SendEnv=LANG"] if lang else []
        self.child = pexpect.spawn("ssh", ssh_args(host, user, key, "-t", *extra), dimensions=(rows, cols), env=env,
                                   timeout=5)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.pending = bytearray()  # the start of a frame whose end has not come yet
        self.synced = False  # whether the app brackets its frames (after our answer)

    def pump(self, seconds: float = 0.1) -> None:
        try:
            data = self.child.read_nonblocking(65536, timeout=seconds)
        except pexpect.TIMEOUT:
            return
        except pexpect.EOF:
            self.stream.feed(bytes(self.pending))  # the app is gone: show what it wrote
            self.pending.clear()
            return
        self.raw += data
        if not self.synced and SYNC_QUERY in self.raw:
            self.synced = True
            self.child.send(SYNC_ANSWER)
        self.pending += data
        self.stream.feed(self._whole_frames())

    def _whole_frames(self) -> bytes:
        """What may be shown now: everything up to the start of an unfinished frame
        (and a frame's start split between two reads is held back too)."""
        buf = self.pending
        start, end = buf.rfind(SYNC_START), buf.rfind(SYNC_END)
        cut = start if start > end else len(buf)
        for n in range(len(SYNC_START) - 1, 0, -1):
            if buf[:cut].endswith(SYNC_START[:n]):
                cut -= n
                break
        ready = bytes(buf[:cut])
        del buf[:cut]
        return ready

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, *needles: str, timeout: float = 20.0) -> str:
        """The screen once every needle is on it. A frame can arrive in several reads,
        so a test that asserts on more than one part of it names them all here."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump(0.1)
            if all(n in self.text() for n in needles) and self.whole_frame():
                return self.text()
            if not self.child.isalive():
                self.pump(0.1)
                if all(n in self.text() for n in needles):
                    return self.text()
                break
        raise AssertionError(f"{needles!r} not on screen after {timeout}s:\n{self.text()}")

    def until(self, condition, timeout: float = 10.0, what: str = "the condition") -> None:
        """Read what the app writes until `condition()` holds; fails saying `what`."""
        until(lambda: self.pump(0.05) or condition(), timeout, what)

    def whole_frame(self) -> bool:
        """Whether the screen shows a whole frame. The first frames come before the app
        has our answer, unbracketed: for those, a moment without output stands for the
        frame's end."""
        if SYNC_START in self.raw:
            return True
        size = len(self.raw)
        self.pump(0.1)
        return len(self.raw) == size

    def settle(self, seconds: float = 0.5) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.pump(0.05)
        return self.text()

    def press(self, *keys: str, gap: float = 0.15) -> None:
        for key in keys:
            self.child.send(KEYS.get(key, key))
            self.settle(gap)

    def resize(self, cols: int, rows: int) -> None:
        self.child.setwinsize(rows, cols)
        self.screen.resize(rows, cols)

    def wait_exit(self, timeout: float = 15.0) -> int | None:
        deadline = time.monotonic() + timeout
        while self.child.isalive() and time.monotonic() < deadline:
            self.pump(0.1)
        for _ in range(5):  # what was written just before the end
            self.pump(0.05)
        self.child.close(force=True)
        return self.child.exitstatus

    def kill(self) -> None:
        """The connection drops: the ssh client dies without a word."""
        self.child.kill(signal.SIGKILL)
        self.child.close(force=True)


def run_ssh(host: HostProcess, user: str, key: Path | None, *extra: str, command: list[str] | None = None,
            timeout: float = 15) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SSH_")}
    return subprocess.run(["ssh", *ssh_args(host, user, key, *extra), *(command or [])], capture_output=True,
                          text=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL)


class HostThread:
    """The SSH host in this process (its own event loop in a thread), for tests that
    set options the command line does not have, such as another program than the app."""

    def __init__(self, root: Path, **options) -> None:
        import asyncio
        import threading

        from host.ssh import HostOptions, start_host

        self.root = root
        self.data = root / "host"
        self.port = free_port()
        self.lines: list[str] = []
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        opts = HostOptions(port=self.port, data=self.data, tables=False, **options)
        self.host = asyncio.run_coroutine_threadsafe(start_host(opts), self.loop).result(20)
        self.host.log = self.lines.append

    def add_key(self, name: str, key: Path) -> None:
        from host.accounts import add_key

        add_key(self.data / "authorized_keys", name, Path(str(key) + ".pub").read_text())

    def log_text(self) -> str:
        return "\n".join(self.lines)

    def stop(self) -> None:
        import asyncio

        from host.ssh import stop_host

        asyncio.run_coroutine_threadsafe(stop_host(self.host), self.loop).result(20)
        self.loop.call_soon_threadsafe(self.loop.stop)
