"""`houses serve ssh`: the app for every player who connects over SSH.

One asyncio process runs the SSH server (asyncssh). Each session that asks for a
terminal gets a child process, `python -m houses`, on a pseudo-terminal of the
client's size, with the client's TERM and HOUSES_HOME set to the player's own folder.
Bytes go both ways untouched; a resize on the client sets the pty's size, which
sends SIGWINCH to the app. A dropped connection sends SIGHUP: the app writes what
is queued and leaves (every move was already saved), so the player reconnects and
continues.

Only the app: no shell, no exec, no forwarding, no SFTP. Public-key authentication
against the host's authorized-keys file, unless the operator says `--open`.

Everything a client sends is untrusted: its terminal type and locale are used only
when they look like one, anything of it that is logged is escaped first (a TERM full
of escape codes must not drive the operator's console), input bytes reach the app as
valid UTF-8 (a Latin-1 client's are transcoded, other bad bytes replaced), and a
crashing app's traceback stays in the host's log.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import fcntl
import os
import re
import signal
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

import asyncssh

from host.accounts import KeyRing, default_data_dir, host_key, player_home, valid_name
from host.console import fail, host_port, log_line
from host.limits import (BANNER_S, LOCALE_OK, LOGIN_TIMEOUT_S, MAX_STRANGERS, MAX_STRANGERS_PER_ADDRESS,
                         ClosedNote, StrangerGate,
                         clamp_size, client_charset, lenient_channel, safe_term, shown)

HIGH_WATER = 256 * 1024  # bytes queued for a client before its app is paused
READ_CHUNK = 65536
SERVER_VERSION = "Houses"  # the SSH banner: no library name or version to look up
FULL_GRACE_S = 10.0  # a connection past --max-sessions is closed after this
ALT_ON, ALT_OFF = b"\x1b[?1049h", b"\x1b[?1049l"  # the alternate screen, where the app draws
ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|.)")
# what a crashed app may have left on: colours, hidden cursor, mouse, paste, keyboard modes
RESET_TERMINAL = (b"\x1b[0m\x1b[?25h\x1b[?7h\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
                  b"\x1b[?1004l\x1b[?2004l\x1b[<u\x1b[?1049l\r\n")


@dataclass
class HostOptions:
    host: str = "127.0.0.1"
    port: int = 2222
    data: Path = field(default_factory=default_data_dir)
    keys: Path | None = None  # default: data/authorized_keys
    db: str | None = None  # the database (host/storage): default data/houses.db
    open: bool = False
    max_sessions: int = 50
    max_strangers: int = MAX_STRANGERS  # connections not signed in yet (host/limits.py)
    max_strangers_per_address: int = MAX_STRANGERS_PER_ADDRESS
    proxy_from: list[str] = field(default_factory=list)  # trusted balancers' addresses (host/proxy.py)
    idle_timeout: float = 3600.0  # seconds without a key from the client
    max_cols: int = 200
    max_rows: int = 60
    tables: bool = True
    table_timeout: float = 7 * 86400  # all of a table's players away this long: closed
    app_args: list[str] = field(default_factory=list)  # extra `houses` arguments (tests)
    app_command: list[str] | None = None  # another program than the app (tests)

    @property
    def keys_file(self) -> Path:
        return self.keys if self.keys is not None else self.data / "authorized_keys"


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


class Host:
    """The state of one running host: options, keys, live sessions, tables."""

    def __init__(self, opts: HostOptions) -> None:
        self.opts = opts
        self.storage = None  # host.storage.Storage, opened by start_host
        self.storage_url = ""  # where it is, for the players' apps (HOUSES_STORE)
        self.keyring = KeyRing(opts.keys_file)
        self.sessions: set[AppSession] = set()
        self.connections: set[HostServer] = set()  # authenticated, whatever they have open
        self.strangers = StrangerGate(opts.max_strangers, opts.max_strangers_per_address)
        self.closed_note = ClosedNote(lambda text: self.log(text))
        self.tables = None  # host.tables.TableHost when tables are on
        self.server: asyncssh.SSHAcceptor | None = None
        self.port = opts.port  # the port listened on: the one chosen for --port 0
        # Set once the table service is up: an app started before would have no tables.
        self.ready = asyncio.Event()

    def log(self, text: str) -> None:
        log_line(text)  # (escaped: names, paths and errors may hold escape codes)

    def child_env(self, name: str, term: str, client_env: dict, home: Path | None = None) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TEXTUAL_", "HOUSES_", "LC_", "SSH_")) and k not in (
                   "NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES", "LANG", "TERM", "COLORTERM")}
        env["TERM"] = safe_term(term)
        env["HOUSES_HOME"] = str(home or player_home(self.opts.data, name, self.storage))
        env["HOUSES_PLAYER"] = name
        if self.storage is not None:  # the app keeps its saves, settings and stats there (saves/db.py)
            env["HOUSES_STORE"] = self.storage_url
        # The app ends with the host, even after a kill -9 of the host (tui/lifecycle.py).
        env["HOUSES_PARENT_PID"] = str(os.getpid())
        # The host transcodes for a client that is not UTF-8: the app always speaks it.
        env["LANG"] = "C.UTF-8"
        colorterm = str(client_env.get("COLORTERM") or "")
        if LOCALE_OK.fullmatch(colorterm):
            env["COLORTERM"] = colorterm
        if self.tables is not None:
            env["HOUSES_TABLES"] = str(self.tables.socket_path)
            env["HOUSES_TABLE_TOKEN"] = self.tables.token_for(name)
        return env


class HostServer(asyncssh.SSHServer):
    """One connection. Authentication: the user name is the player; a key must be
    theirs. Once in, the connection counts against --max-sessions and is closed after
    --idle-timeout without a key from the client, whatever it has open (`ssh -N`
    too)."""

    conn: asyncssh.SSHServerConnection  # set by connection_made, asyncssh's first call

    def __init__(self, host: Host, address: str | None = None) -> None:
        self.host = host
        self.address = address  # the client's, from a trusted balancer (host/proxy.py)
        self.name = "?"
        self.full = False  # over --max-sessions: told so, then closed
        self.sessions: set[AppSession] = set()
        self.last_input = time.monotonic()
        self.idle_handle: asyncio.TimerHandle | None = None
        self.idle_closed = False
        self.stranger: str | None = None  # the address, while counted as not signed in

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        address = self.address or (str(peer[0]) if peer else "?")
        self.stranger = address
        # Over a cap the oldest not signed in make way (host/limits.py): idle
        # connections cannot lock a real player out.
        for older, why in self.host.strangers.admit(self, address):
            self.host.closed_note.say(address, why)
            older.stranger = None
            older.abort()
        asyncio.get_running_loop().call_later(BANNER_S, self._banner_due)

    def _banner_due(self) -> None:
        if self.stranger is not None and not self.conn.get_extra_info("client_version"):
            self.host.closed_note.say(self.stranger, f"no SSH banner within {BANNER_S:g} s")
            self.abort()

    def abort(self) -> None:
        self.signed_in_or_gone()
        with contextlib.suppress(Exception):
            self.conn.abort()

    def signed_in_or_gone(self) -> None:
        if self.stranger is not None:
            self.host.strangers.release(self)
            self.stranger = None

    def begin_auth(self, username: str) -> bool:
        if self.host.opts.open and valid_name(username):
            return False  # a trusted network: the name is enough
        return True

    def auth_completed(self) -> None:
        self.signed_in_or_gone()
        self.name = self.conn.get_extra_info("username") or "?"
        host = self.host
        if len(host.connections) >= host.opts.max_sessions:
            self.full = True
            host.log(f"{shown(self.name)} turned away: {len(host.connections)} connection(s), the most allowed")
            asyncio.get_running_loop().call_later(FULL_GRACE_S, self.close)
            return
        host.connections.add(self)
        host.log(f"{shown(self.name)} signed in; {len(host.connections)} connection(s)")
        self.last_input = time.monotonic()
        self.schedule_idle_check()

    def connection_lost(self, exc: Exception | None) -> None:
        self.signed_in_or_gone()
        self.host.connections.discard(self)
        if self.idle_handle is not None:
            self.idle_handle.cancel()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()

    def touched(self) -> None:
        self.last_input = time.monotonic()

    # -- idle ---------------------------------------------------------------------

    def schedule_idle_check(self) -> None:
        timeout = self.host.opts.idle_timeout
        if timeout <= 0:
            return
        wait = max(0.05, min(self.last_input + timeout - time.monotonic(), 30.0))
        self.idle_handle = asyncio.get_running_loop().call_later(wait, self._idle_check)

    def _idle_check(self) -> None:
        if self not in self.host.connections:
            return
        if time.monotonic() - self.last_input < self.host.opts.idle_timeout:
            self.schedule_idle_check()
            return
        self.idle_closed = True
        live = [s for s in self.sessions if s.proc is not None and s.proc.poll() is None]
        self.host.log(f"{shown(self.name)} idle: closing")
        for session in live:
            session.stop_child()  # the app saves and leaves; the session says why
        # nothing open with an app (`ssh -N`, or a session refused): close now;
        # else once the apps have left (or a little after, whatever happens)
        asyncio.get_running_loop().call_later(0 if not live else 8.0, self.close)

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # The keys are in the database: read off the loop, which serves everyone else meanwhile.
        ok = valid_name(username) and await asyncio.to_thread(self.host.keyring.allows, username, key)
        if not ok:
            self.host.log(f"refused key for '{shown(username)}'")
        return ok

    def password_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> tuple[asyncssh.SSHServerChannel, AppSession]:
        session = AppSession(self.host, self)
        self.sessions.add(session)
        channel = lenient_channel(self.conn)  # a TERM that is not ASCII: said, not a dropped connection
        return channel, session

    def kbdint_auth_supported(self) -> bool:
        return False


class AppSession(asyncssh.SSHServerSession):
    """One SSH session: the app in a child process on a pty."""

    chan: asyncssh.SSHServerChannel  # set by connection_made, asyncssh's first call

    def __init__(self, host: Host, conn: HostServer) -> None:
        self.host = host
        self.conn = conn
        self.term: str | None = None
        self.refusal: str | None = None  # a client-sent value we cannot use, in words
        self.size = (80, 24)
        self.proc: subprocess.Popen | None = None
        self.master: int | None = None
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
        if self.term is None:
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
        asyncio.get_running_loop().create_task(self._start_when_ready())

    async def _start_when_ready(self) -> None:
        await self.host.ready.wait()  # the port is open a moment before the tables
        try:  # the player's folder and first settings, off the loop: the database may be slow
            self.home = await asyncio.to_thread(player_home, self.host.opts.data, self.name, self.host.storage)
        except (OSError, ValueError) as exc:
            self.host.log(f"{shown(self.name)}: could not start the app: {exc!r}")
            self.refuse("Could not start Houses on this host. Please try again later.")
            return
        if not self.chan.is_closing():
            self._start_app()

    def _start_app(self) -> None:
        if len(self.host.sessions) >= self.host.opts.max_sessions:  # apps, over all connections
            self.refuse("This Houses host is full. Please try again later.")
            return
        try:
            self.spawn()
        except (OSError, ValueError) as exc:
            self.host.log(f"{shown(self.name)}: could not start the app: {exc!r}")
            self.refuse("Could not start Houses on this host. Please try again later.")
            return
        self.host.sessions.add(self)
        self.host.log(f"{shown(self.name)} connected ({self.term} {self.size[0]}x{self.size[1]}); "
                      f"{len(self.host.sessions)} session(s)")

    def data_received(self, data: bytes, datatype) -> None:
        self.conn.touched()
        if self.master is None:
            return
        self.pending_in += self.transcoder.to_app(data)
        self._flush_input()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height, self.host.opts)
        if self.master is not None:
            self._set_winsize()

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

    # -- the child ----------------------------------------------------------------

    def spawn(self) -> None:
        client_env = dict(self.chan.get_environment() or {})
        env = self.host.child_env(self.name, self.term, client_env, self.home)
        args = list(self.host.opts.app_args)
        charset = client_charset(client_env)
        self.transcoder = Transcoder(charset)
        if charset != "utf-8":
            # The app speaks UTF-8 (the host transcodes): it must draw with ASCII
            # for the client's terminal, and could not tell by itself.
            args.insert(0, "--ascii")
        master, slave = os.openpty()
        self.master = master
        self._set_winsize()
        os.set_blocking(master, False)

        def controlling_tty() -> None:  # runs in the child after setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        try:
            self.proc = subprocess.Popen(
                [*(self.host.opts.app_command or [sys.executable, "-P", "-m", "houses"]), *args],
                stdin=slave, stdout=slave, stderr=slave, env=env, cwd=env["HOUSES_HOME"],
                start_new_session=True, preexec_fn=controlling_tty, close_fds=True,
            )
        finally:
            os.close(slave)
        self._start_reading()

    def _set_winsize(self) -> None:
        cols, rows = self.size
        with contextlib.suppress(OSError):
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def _start_reading(self) -> None:
        if self.master is not None and not self.reading and not self.paused:
            asyncio.get_running_loop().add_reader(self.master, self._on_output)
            self.reading = True

    def _stop_reading(self) -> None:
        if self.master is not None and self.reading:
            asyncio.get_running_loop().remove_reader(self.master)
            self.reading = False

    def _on_output(self) -> None:
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app has closed its terminal (it exited)
            data = b""
        if not data:
            self._child_gone()
            return
        self.bytes_out += len(data)
        data = self.transcoder.to_client(self.guard.filter(data))
        if not self.closed and data:
            self.chan.write(data)

    def _flush_input(self) -> None:
        loop = asyncio.get_running_loop()
        while self.pending_in and self.master is not None:
            try:
                n = os.write(self.master, self.pending_in[:4096])
            except BlockingIOError:
                loop.add_writer(self.master, self._writable)
                return
            except OSError:
                self.pending_in = b""
                return
            self.pending_in = self.pending_in[n:]
        if len(self.pending_in) > HIGH_WATER:  # a client typing into a stuck app
            self.pending_in = self.pending_in[-HIGH_WATER:]

    def _writable(self) -> None:
        asyncio.get_running_loop().remove_writer(self.master)
        self._flush_input()

    def _child_gone(self) -> None:
        self._stop_reading()
        loop = asyncio.get_running_loop()
        with contextlib.suppress(Exception):
            loop.remove_writer(self.master)
        with contextlib.suppress(OSError):
            os.close(self.master)
        self.master = None
        code = 0
        if self.proc is not None:
            try:
                code = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                code = self.proc.wait()
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
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        self.stopping = True
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGHUP)
        loop = asyncio.get_running_loop()

        def kill_late() -> None:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)

        loop.call_later(5.0, kill_late)


async def start_host(opts: HostOptions) -> Host:
    """Start the SSH server (and the tables) and return at once."""
    opts.data.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(opts.data, 0o700)
    host = Host(opts)
    key = host_key(opts.data)
    from host.storage import default_db, open_host_storage

    host.storage = open_host_storage(opts.data, opts.db, log=host.log)  # StorageError: said by run()
    host.storage_url = opts.db or str(default_db(opts.data))
    host.keyring.storage = host.storage
    host.keyring.reload()
    for problem in host.keyring.problems:
        host.log(problem)
    if opts.open and host.keyring.keys:
        names = ", ".join(sorted(host.keyring.keys))
        host.log(f"WARNING: --open lets anyone in under any name without a key, so these players "
                 f"of {opts.keys_file} are not protected: {names}")
    ssh_options = dict(
        server_host_keys=[key],
        encoding=None,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        login_timeout=LOGIN_TIMEOUT_S,
        keepalive_interval=30,
        keepalive_count_max=4,
        line_editor=False,
        server_version=SERVER_VERSION,
    )
    if opts.proxy_from:  # behind a balancer: its PROXY header names the client (host/proxy.py)
        from host.proxy import ProxyListener, trusted_networks

        async def serve_one(sock, address: str) -> None:
            await asyncssh.run_server(sock, server_factory=lambda: HostServer(host, address), **ssh_options)

        host.server = await ProxyListener.start(opts.host, opts.port, trusted_networks(opts.proxy_from),
                                                serve_one, lambda text: host.log(text))
    else:
        host.server = await asyncssh.create_server(lambda: HostServer(host), opts.host, opts.port, **ssh_options)
    host.port = host.server.get_port()  # (read now: --port 0 chose it; both listeners give it)
    if opts.tables:  # after the port is ours: a second host on the same folder stops above
        from host.relay import table_host_class

        host.tables = table_host_class(host.storage)(opts.data, opts.table_timeout, storage=host.storage)
        await host.tables.start()
    host.ready.set()
    return host


async def stop_host(host: Host) -> None:
    if host.server is not None:
        host.server.close()
    for session in list(host.sessions):
        session.stop_child()
    deadline = time.monotonic() + 6
    while host.sessions and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    if host.tables is not None:
        await host.tables.stop()
    if host.storage is not None:
        host.storage.close()


async def serve(opts: HostOptions) -> None:
    host = await start_host(opts)
    mode = "OPEN to any key (trusted network)" if opts.open else f"keys in {opts.keys_file}"
    host.log(f"Houses SSH host on {host_port(opts.host, host.port)}; data in {shown(opts.data, None)}; {shown(mode, None)}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    host.log("stopping")
    await stop_host(host)


def run(opts: HostOptions) -> int:
    from host.storage import StorageError

    try:
        asyncio.run(serve(opts))
    except StorageError as exc:
        return fail(f"cannot use the host's database: {exc}", "houses serve ssh")
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        said = os.strerror(exc.errno) if exc.errno else str(exc)  # (asyncio's own words name the tuple)
        return fail(f"cannot host on {host_port(opts.host, opts.port)}: {said}{where}",
                    "houses serve ssh")
    return 0

