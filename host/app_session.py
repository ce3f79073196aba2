"""One SSH session of `houses serve ssh`: the bridge between the client's channel and
its app on a pty (host/app_process.py).

The session checks what the client asked for (a terminal, its type, its locale),
starts the app once the host is ready, and carries bytes both ways: the player's
keys to the app (as UTF-8: `Transcoder`), the app's drawing to the client (past
`OutputGuard`, so a crash's traceback stays in the host's log). A client that reads
slowly pauses its own app only. A dropped connection, an idle one or the host
stopping hangs the app up: it saves and leaves.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import re
import sys
from pathlib import Path
from typing import Mapping, Protocol

import asyncssh

from host.accounts import player_home
from host.app_process import AppProcess
from host.limits import clamp_size, client_charset, safe_term, shown
from host.ssh_host import Host

HIGH_WATER = 256 * 1024  # bytes queued for a client before its app is paused
ALT_ON, ALT_OFF = b"\x1b[?1049h", b"\x1b[?1049l"  # the alternate screen, where the app draws
ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|.)")
# what a crashed app may have left on: colours, hidden cursor, mouse, paste, keyboard modes
RESET_TERMINAL = (b"\x1b[0m\x1b[?25h\x1b[?7h\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
                  b"\x1b[?1004l\x1b[?2004l\x1b[<u\x1b[?1049l\r\n")


def in_words(seconds: float) -> str:
    """A duration as people say it: "20 seconds", "5 minutes", "2 hours"."""
    def unit(n: float, word: str) -> str:
        n = round(n)
        return f"{n} {word}" + ("" if n == 1 else "s")

    for size, word in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size and seconds % size == 0:
            return unit(seconds / size, word)
    if seconds < 120:
        return unit(seconds, "second")
    if seconds < 2 * 3600:
        return unit(seconds / 60, "minute")
    if seconds < 2 * 86400:
        return unit(seconds / 3600, "hour")
    return unit(seconds / 86400, "day")


class OutputGuard:
    """What the app writes, on its way to the client. The app draws in the terminal's
    alternate screen; what it writes outside it (before it starts drawing, or after it
    stopped) is held back until it enters it or exits. If the app exits with a Python
    traceback there (a crash: it shows code and host paths), the player gets a
    sentence instead and the traceback goes to the host's log; else what was held is
    sent on as it was. A player's own typing is echoed inside the alternate screen,
    so typing the words cannot trip this."""

    LIMIT = 64 * 1024

    def __init__(self) -> None:
        self.alt = False         # inside the alternate screen (the app is drawing)
        self.window = b""        # the last bytes seen: a marker may straddle two reads
        self.held = bytearray()  # written outside the alternate screen, not sent yet

    def filter(self, data: bytes) -> bytes:
        """The part of `data` to send to the client now."""
        out = bytearray()
        joined, start = self.window + data, 0  # `start`: where `data` not yet handled begins
        shift = len(self.window)
        while start < len(data):
            marker = ALT_OFF if self.alt else ALT_ON
            # the window holds less than a marker: one found in it ends in `data`
            at = joined.find(marker, 0 if start == 0 else start + shift)
            end = len(data) if at < 0 else at + len(marker) - shift
            if self.alt:
                out += data[start:end]
            else:
                self._hold(data[start:end])
                if at >= 0:  # the app starts drawing: what came before was no crash
                    out += self.held
                    self.held.clear()
            if at < 0:
                break
            self.alt = not self.alt
            start = end
        self.window = joined[-(len(ALT_ON) - 1):]
        return bytes(out)

    def _hold(self, data: bytes) -> None:
        self.held += data[: max(0, self.LIMIT - len(self.held))]

    def finish(self, failed: bool = False) -> tuple[bytes, str | None]:
        """When the app has exited: (what to send the client, the text for the log if
        the app crashed, else None). `failed`: it exited with an error of its own;
        whatever it wrote last may name host paths, so the player is not shown it."""
        held, self.held = bytes(self.held), bytearray()
        text = ANSI.sub("", held.decode("utf-8", "replace"))
        if failed or "Traceback (most recent call last)" in text or 'File "/' in text:
            return RESET_TERMINAL, text
        return held, None


class Transcoder:
    """Bytes between a client's terminal and the app, which speaks UTF-8 only.

    Input: decoded in the client's charset (a UTF-8 client's invalid bytes become
    U+FFFD) and sent on as UTF-8, so no byte can crash the app. Output, for a
    client whose terminal is not UTF-8: the app's UTF-8 in the client's charset,
    "?" for what it lacks. Both sides keep a split character for the next chunk."""

    def __init__(self, charset: str) -> None:
        self.charset = charset
        self.decode_in = codecs.getincrementaldecoder(charset)(errors="replace")
        self.decode_out = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def to_app(self, data: bytes) -> bytes:
        return self.decode_in.decode(data).encode("utf-8")

    def to_client(self, data: bytes) -> bytes:
        if self.charset == "utf-8":
            return data
        return self.decode_out.decode(data).encode(self.charset, errors="replace")


class Connection(Protocol):
    """What a session reads of its connection (host/ssh_connection.py's HostServer)."""

    full: bool  # over --max-sessions: no app, the player is told
    idle_closed: bool  # closed for --idle-timeout: the player is told why

    def touched(self) -> None: ...  # a key from the client


class AppSession(asyncssh.SSHServerSession):
    """One SSH session: the app in a child process on a pty."""

    chan: asyncssh.SSHServerChannel  # set by connection_made, asyncssh's first call

    def __init__(self, host: Host, conn: Connection) -> None:
        self.host = host
        self.conn = conn
        self.term: str | None = None  # from the pty request: None, no terminal asked for
        self.refusal: str | None = None  # a client-sent value we cannot use, in words
        self.size = (80, 24)
        self.app: AppProcess | None = None  # from the app's start to its exit
        self.reading = False
        self.paused = False
        self.pending_in = b""
        self.closed = False
        self.said_slow = False    # "reads slowly" logged once a session
        self.stopping = False     # the host asked the app to leave (hang-up, idle, shutdown)
        self.name = "?"
        self.home: Path | None = None  # the player's folder, made before the app starts
        self.bytes_out = 0
        self.transcoder = Transcoder("utf-8")
        self.guard = OutputGuard()

    # -- channel callbacks ----------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan
        self.name = chan.get_extra_info("username") or "?"

    def pty_requested(self, term_type: str, term_size: tuple, term_modes: Mapping[int, int]) -> bool:
        if "\0" in term_type:
            self.refusal = "Your terminal type (TERM) has a NUL character in it"
        term = safe_term(term_type)
        if term != term_type and term_type and not self.refusal:
            self.host.log(f"{shown(self.name)}: terminal type '{shown(term_type)}' is not one: using {term}")
        self.term = term
        self.size = clamp_size(term_size[0], term_size[1], self.host.opts)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def refuse(self, text: str) -> None:
        self.chan.write(text.encode("ascii", "replace") + b"\r\n")
        self.chan.exit(1)

    def session_started(self) -> None:
        term = self.term
        if term is None:
            self.refuse("Houses needs a terminal: connect with `ssh -t`.")
            return
        if self.conn.full:
            self.refuse("This Houses host is full. Please try again later.")
            return
        env = self.chan.get_environment_bytes() or {}
        for var in (b"LANG", b"LC_ALL", b"LC_CTYPE", b"COLORTERM"):
            if b"\0" in env.get(var, b""):
                self.refusal = f"Your {var.decode()} has a NUL character in it"
        if self.refusal:
            self.host.log(f"{shown(self.name)} refused: {self.refusal}")
            self.refuse(f"{self.refusal}: Houses cannot use it. Connect with a usual terminal.")
            return
        asyncio.get_running_loop().create_task(self._start_when_ready(term))

    async def _start_when_ready(self, term: str) -> None:
        await self.host.ready.wait()  # the port is open a moment before the tables
        try:  # the player's folder and first settings, off the loop: the database may be slow
            self.home = await asyncio.to_thread(player_home, self.host.opts.data, self.name, self.host.storage)
        except (OSError, ValueError) as exc:
            self.host.log(f"{shown(self.name)}: could not start the app: {exc!r}")
            self.refuse("Could not start Houses on this host. Please try again later.")
            return
        if not self.chan.is_closing():
            self._start_app(term)

    def _start_app(self, term: str) -> None:
        if len(self.host.sessions) >= self.host.opts.max_sessions:  # apps, over all connections
            self.refuse("This Houses host is full. Please try again later.")
            return
        try:
            self.spawn(term)
        except (OSError, ValueError) as exc:
            self.host.log(f"{shown(self.name)}: could not start the app: {exc!r}")
            self.refuse("Could not start Houses on this host. Please try again later.")
            return
        self.host.sessions.add(self)
        self.host.log(f"{shown(self.name)} connected ({term} {self.size[0]}x{self.size[1]}); "
                      f"{len(self.host.sessions)} session(s)")

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.conn.touched()
        if self.app is None:
            return
        self.pending_in += self.transcoder.to_app(data)
        self._flush_input()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height, self.host.opts)
        if self.app is not None:
            self.app.resize(self.size)

    def eof_received(self) -> bool:
        self.stop_child()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.paused = False
        self._start_reading()  # drain (and drop) what the app still writes, so it can leave
        self.stop_child()

    def pause_writing(self) -> None:
        # The client reads slowly: stop reading its app's output, so that app (only
        # that one) waits on its pty while the others go on.
        if not self.paused and not self.said_slow:
            self.said_slow = True
            self.host.log(f"{self.name} reads slowly: their app waits")
        self.paused = True
        self._stop_reading()

    def resume_writing(self) -> None:
        self.paused = False
        self._start_reading()

    # -- the app ------------------------------------------------------------------

    def spawn(self, term: str) -> None:
        client_env = dict(self.chan.get_environment() or {})
        env = self.host.child_env(self.name, term, client_env, self.home)
        args = list(self.host.opts.app_args)
        charset = client_charset(client_env)
        self.transcoder = Transcoder(charset)
        if charset != "utf-8":
            # The app speaks UTF-8 (the host transcodes): it must draw with ASCII
            # for the client's terminal, and could not tell by itself.
            args.insert(0, "--ascii")
        command = [*(self.host.opts.app_command or [sys.executable, "-P", "-m", "houses"]), *args]
        self.app = AppProcess(command, env, env["HOUSES_HOME"], self.size)
        self._start_reading()

    def app_running(self) -> bool:
        return self.app is not None and self.app.running()

    def _start_reading(self) -> None:
        if self.app is not None and not self.reading and not self.paused:
            asyncio.get_running_loop().add_reader(self.app.master, self._on_output, self.app)
            self.reading = True

    def _stop_reading(self) -> None:
        if self.app is not None and self.reading:
            asyncio.get_running_loop().remove_reader(self.app.master)
            self.reading = False

    def _on_output(self, app: AppProcess) -> None:
        data = app.read()
        if data is None:
            return
        if not data:
            self._app_gone(app)
            return
        self.bytes_out += len(data)
        data = self.transcoder.to_client(self.guard.filter(data))
        if not self.closed and data:
            self.chan.write(data)

    def _flush_input(self) -> None:
        app = self.app
        if app is None:
            return
        while self.pending_in:
            try:
                n = app.write(self.pending_in)
            except OSError:
                self.pending_in = b""
                return
            if n is None:  # the pty is full: on when the app has read some
                asyncio.get_running_loop().add_writer(app.master, self._writable, app)
                return
            self.pending_in = self.pending_in[n:]
        if len(self.pending_in) > HIGH_WATER:  # a client typing into a stuck app
            self.pending_in = self.pending_in[-HIGH_WATER:]

    def _writable(self, app: AppProcess) -> None:
        asyncio.get_running_loop().remove_writer(app.master)
        self._flush_input()

    def _app_gone(self, app: AppProcess) -> None:
        self._stop_reading()
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_writer(app.master)
        self.app = None
        code = app.close()
        self.host.sessions.discard(self)
        self.host.log(f"{shown(self.name)} left; {len(self.host.sessions)} session(s)")
        last, traceback = self.guard.finish(failed=code != 0 and not self.stopping)
        if traceback is not None:
            self.host.log(f"{shown(self.name)}: the app stopped with an error (exit {code}):\n" +
                          "\n".join("    " + shown(line, 400) for line in traceback.splitlines() if line.strip()))
        if not self.closed:
            with contextlib.suppress(Exception):
                self.chan.write(self.transcoder.to_client(last))
                if traceback is not None:
                    self.chan.write(b"Sorry: Houses stopped with an error; the host has noted it.\r\n"
                                    b"Your games are saved: connect again to go on.\r\n")
                    code = code or 1
                elif self.conn.idle_closed:
                    self.chan.write(f"Closed after {in_words(self.host.opts.idle_timeout)} without a key. "
                                    "Your games are saved: connect again to go on.\r\n".encode())
                self.chan.exit(max(0, code))

    def stop_child(self) -> None:
        """SIGHUP the app (it saves and leaves); SIGKILL it if it lingers."""
        if self.app is not None and self.app.hang_up():
            self.stopping = True
