"""Run a program in a pseudo-terminal of a given size and watch what it writes:
the measuring tool of the start-up and cursor benchmarks (a real terminal's view)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import termios
import time


class PtyApp:
    def __init__(self, argv: list[str], cols: int = 80, rows: int = 24, env: dict | None = None) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        full_env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
        full_env.update(env or {})
        for var in ("NO_COLOR", "FORCE_COLOR", "TEXTUAL_DEBUG"):
            full_env.pop(var, None)
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=full_env,
                                     start_new_session=True)
        os.close(slave)
        self.output = bytearray()

    def read_until(self, needle: bytes, timeout: float = 30.0) -> float:
        """Seconds from start until `needle` has appeared in the output."""
        deadline = time.perf_counter() + timeout
        while needle not in self.output:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{needle!r} not seen; got {bytes(self.output[-300:])!r}")
            self._read(0.05)
        return time.perf_counter() - self.started

    def _read(self, wait: float) -> int:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return 0
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return 0
        self.output += data
        return len(data)

    def settle(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Read until nothing has come for `quiet` seconds."""
        deadline = time.perf_counter() + timeout
        last = time.perf_counter()
        while time.perf_counter() - last < quiet and time.perf_counter() < deadline:
            if self._read(0.02):
                last = time.perf_counter()

    def key(self, data: bytes, quiet: float = 0.15) -> tuple[float, int]:
        """Send a key; return (seconds to the last byte of the answer, bytes answered)."""
        before = len(self.output)
        sent = time.perf_counter()
        os.write(self.master, data)
        last = sent
        while time.perf_counter() - last < quiet:
            if self._read(0.01):
                last = time.perf_counter()
        return last - sent, len(self.output) - before

    def close(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
        os.close(self.master)
