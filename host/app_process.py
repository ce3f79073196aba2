"""The app of one SSH session, in a child process on a pseudo-terminal (host/ssh.py).

`AppProcess` starts `python -m houses` (or a test's program) as the leader of its
own session, with the pty's slave side as its controlling terminal, and keeps the
master side: what the app draws is read from it, the player's keys are written to
it, and its size is the client's window (a change sends the app SIGWINCH). The
descriptor and the process exist from the start to `close()`; what flows through
them, and when, is the session's business (host/app_session.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import termios

READ_CHUNK = 65536
WRITE_CHUNK = 4096
EXIT_WAIT_S = 2.0  # an app whose terminal closed has this long to exit before a SIGKILL
HANG_UP_GRACE_S = 5.0  # an app told to leave (SIGHUP) has this long before a SIGKILL


class AppProcess:
    """The app running on a pty: `master` (our side, non-blocking) and `proc`."""

    def __init__(self, command: list[str], env: dict[str, str], cwd: str, size: tuple[int, int]) -> None:
        self.master, slave = os.openpty()
        try:
            self.resize(size)
            os.set_blocking(self.master, False)
            try:
                self.proc = subprocess.Popen(
                    command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                    start_new_session=True, preexec_fn=_take_controlling_tty, close_fds=True,
                )
            finally:
                os.close(slave)  # the child holds its own copy
        except BaseException:
            os.close(self.master)  # no app: nothing will read or close it
            raise

    def resize(self, size: tuple[int, int]) -> None:
        """The terminal's size, (columns, rows): the kernel tells the app (SIGWINCH)."""
        cols, rows = size
        with contextlib.suppress(OSError):
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def read(self) -> bytes | None:
        """What the app wrote since the last read: None if nothing yet, b"" once the
        app has closed its terminal (it exited: EIO)."""
        try:
            return os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return None
        except OSError:
            return b""

    def write(self, data: bytes) -> int | None:
        """Write the start of `data` to the app: how much went, None if the pty is
        full now. OSError when the app is gone."""
        try:
            return os.write(self.master, data[:WRITE_CHUNK])
        except BlockingIOError:
            return None

    def running(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> int:
        """Once the app has closed its terminal: give the descriptor back and reap the
        app; its exit status (a SIGKILL if it lingers past EXIT_WAIT_S)."""
        with contextlib.suppress(OSError):
            os.close(self.master)
        try:
            return self.proc.wait(timeout=EXIT_WAIT_S)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()

    def hang_up(self) -> bool:
        """SIGHUP the app (it saves and leaves), SIGKILL it if it lingers. False if it
        had already exited."""
        proc = self.proc
        if proc.poll() is not None:
            return False
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGHUP)

        def kill_late() -> None:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)

        asyncio.get_running_loop().call_later(HANG_UP_GRACE_S, kill_late)
        return True


def _take_controlling_tty() -> None:
    """In the child, after setsid(): its stdin, the pty, becomes its controlling
    terminal, so a hang-up and the window size reach it."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
