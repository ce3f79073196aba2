"""`houses serve ssh`: the app for every player who connects over SSH.

One asyncio process runs the SSH server (asyncssh). Each session that asks for a
terminal gets a child process, `python -m tui.cli`, on a pseudo-terminal of the
client's size, with the client's TERM and HOUSES_HOME set to the player's own folder.
Bytes go both ways untouched; a resize on the client sets the pty's size, which
sends SIGWINCH to the app. A dropped connection sends SIGHUP: the app writes what
is queued and leaves (every move was already saved), so the player reconnects and
continues.

Only the app: no shell, no exec, no forwarding, no SFTP. Public-key authentication
against the host's authorized-keys file, unless the operator says `--open`.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from tui.serve.accounts import KeyRing, default_data_dir, host_key, player_home, valid_name

HIGH_WATER = 256 * 1024  # bytes queued for a client before its app is paused
READ_CHUNK = 65536


@dataclass
class HostOptions:
    host: str = "127.0.0.1"
    port: int = 2222
    data: Path = field(default_factory=default_data_dir)
    keys: Path | None = None  # default: data/authorized_keys
    open: bool = False
    max_sessions: int = 50
    idle_timeout: float = 3600.0  # seconds without a key from the client
    max_cols: int = 200
    max_rows: int = 60
    tables: bool = True
    app_args: list[str] = field(default_factory=list)  # extra `houses` arguments (tests)

    @property
    def keys_file(self) -> Path:
        return self.keys if self.keys is not None else self.data / "authorized_keys"


def clamp_size(cols: int, rows: int, opts: HostOptions) -> tuple[int, int]:
    cols = cols or 80
    rows = rows or 24
    return max(10, min(cols, opts.max_cols)), max(5, min(rows, opts.max_rows))


def client_locale_is_utf8(client_env: dict) -> bool:
    """Whether the client's terminal takes UTF-8, by the locale it sent (if any)."""
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = str(client_env.get(var) or "")
        if value:
            return "utf-8" in value.lower() or "utf8" in value.lower()
    return True  # nothing sent (OpenSSH's default): today's terminals take UTF-8


class Host:
    """The state of one running host: options, keys, live sessions, tables."""

    def __init__(self, opts: HostOptions) -> None:
        self.opts = opts
        self.keyring = KeyRing(opts.keys_file)
        self.sessions: set[AppSession] = set()
        self.tables = None  # tui.serve.tables.TableHost when tables are on
        self.server: asyncssh.SSHAcceptor | None = None

    def log(self, text: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {text}", flush=True)

    def child_env(self, name: str, term: str, client_env: dict) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TEXTUAL_", "HOUSES_", "LC_", "SSH_")) and k not in (
                   "NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES", "LANG", "TERM", "COLORTERM")}
        env["TERM"] = term or "xterm"
        env["HOUSES_HOME"] = str(player_home(self.opts.data, name))
        env["HOUSES_PLAYER"] = name
        locale_vars = {k: str(v) for k, v in client_env.items() if k in ("LANG", "LC_ALL", "LC_CTYPE")}
        env.update(locale_vars or {"LANG": "C.UTF-8"})
        if "COLORTERM" in client_env:
            env["COLORTERM"] = str(client_env["COLORTERM"])
        if self.tables is not None:
            env["HOUSES_TABLES"] = str(self.tables.socket_path)
            env["HOUSES_TABLE_TOKEN"] = self.tables.token_for(name)
        return env


class HostServer(asyncssh.SSHServer):
    """Authentication: the user name is the player; a key must be theirs."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        if self.host.opts.open and valid_name(username):
            return False  # a trusted network: the name is enough
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        ok = valid_name(username) and self.host.keyring.allows(username, key)
        if not ok:
            self.host.log(f"refused key for {username!r}")
        return ok

    def password_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> AppSession:
        return AppSession(self.host)

    def kbdint_auth_supported(self) -> bool:
        return False


class AppSession(asyncssh.SSHServerSession):
    """One SSH session: the app in a child process on a pty."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.proc: subprocess.Popen | None = None
        self.master: int | None = None
        self.reading = False
        self.paused = False
        self.pending_in = b""
        self.last_input = time.monotonic()
        self.idle_handle: asyncio.TimerHandle | None = None
        self.closed = False
        self.idle_closed = False  # closed for want of a key: say so before leaving
        self.said_slow = False    # "reads slowly" logged once a session
        self.name = "?"
        self.bytes_out = 0

    # -- channel callbacks ----------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan
        self.name = chan.get_extra_info("username") or "?"

    def pty_requested(self, term_type: str, term_size: tuple, term_modes: dict) -> bool:
        self.term = term_type or "xterm"
        self.size = clamp_size(term_size[0], term_size[1], self.host.opts)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        chan = self.chan
        if self.term is None:
            chan.write(b"Houses needs a terminal: connect with `ssh -t`.\r\n")
            chan.exit(1)
            return
        if len(self.host.sessions) >= self.host.opts.max_sessions:
            chan.write(b"This Houses host is full. Please try again later.\r\n")
            chan.exit(1)
            return
        try:
            self.spawn()
        except OSError as exc:
            chan.write(f"Could not start Houses: {exc}\r\n".encode())
            chan.exit(1)
            return
        self.host.sessions.add(self)
        self.host.log(f"{self.name} connected ({self.term} {self.size[0]}x{self.size[1]}); "
                      f"{len(self.host.sessions)} session(s)")
        self.schedule_idle_check()

    def data_received(self, data: bytes, datatype) -> None:
        self.last_input = time.monotonic()
        if self.master is None:
            return
        self.pending_in += data
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
        env = self.host.child_env(self.name, self.term, client_env)
        args = list(self.host.opts.app_args)
        if not client_locale_is_utf8(client_env):
            # Python turns a C locale into C.UTF-8 for itself (PEP 538), so the app
            # could not tell: the host says it.
            args.insert(0, "--ascii")
        master, slave = os.openpty()
        self.master = master
        self._set_winsize()
        os.set_blocking(master, False)

        def controlling_tty() -> None:  # runs in the child after setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-P", "-m", "tui.cli", *args],
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
        if not self.closed:
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
        if self.idle_handle is not None:
            self.idle_handle.cancel()
        self.host.log(f"{self.name} left; {len(self.host.sessions)} session(s)")
        if not self.closed:
            with contextlib.suppress(Exception):
                if self.idle_closed:
                    minutes = self.host.opts.idle_timeout / 60
                    self.chan.write(f"Closed after {minutes:g} minutes without a key. "
                                    "Your games are saved: connect again to go on.\r\n".encode())
                self.chan.exit(max(0, code))

    def stop_child(self) -> None:
        """SIGHUP the app (it saves and leaves); SIGKILL it if it lingers."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGHUP)
        loop = asyncio.get_running_loop()

        def kill_late() -> None:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)

        loop.call_later(5.0, kill_late)

    # -- idle ---------------------------------------------------------------------

    def schedule_idle_check(self) -> None:
        timeout = self.host.opts.idle_timeout
        if timeout <= 0:
            return
        loop = asyncio.get_running_loop()
        self.idle_handle = loop.call_later(min(timeout, 30.0), self._idle_check)

    def _idle_check(self) -> None:
        if self.master is None:
            return
        if time.monotonic() - self.last_input >= self.host.opts.idle_timeout:
            self.host.log(f"{self.name} idle: closing")
            self.idle_closed = True
            self.stop_child()
            return
        self.schedule_idle_check()


async def start_host(opts: HostOptions) -> Host:
    """Start the SSH server (and the tables) and return at once."""
    opts.data.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(opts.data, 0o700)
    host = Host(opts)
    key = host_key(opts.data)
    host.keyring.reload()
    for problem in host.keyring.problems:
        host.log(problem)
    host.server = await asyncssh.create_server(
        lambda: HostServer(host),
        opts.host,
        opts.port,
        server_host_keys=[key],
        encoding=None,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        login_timeout=60,
        keepalive_interval=30,
        keepalive_count_max=4,
        line_editor=False,
    )
    if opts.tables:  # after the port is ours: a second host on the same folder stops above
        from tui.serve.tables import TableHost

        host.tables = TableHost(opts.data)
        await host.tables.start()
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


async def serve(opts: HostOptions) -> None:
    host = await start_host(opts)
    mode = "OPEN to any key (trusted network)" if opts.open else f"keys in {opts.keys_file}"
    host.log(f"Houses SSH host on {opts.host}:{opts.port}; data in {opts.data}; {mode}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    host.log("stopping")
    await stop_host(host)


def run(opts: HostOptions) -> int:
    try:
        asyncio.run(serve(opts))
    except OSError as exc:
        print(f"houses: cannot host on {opts.host}:{opts.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0

