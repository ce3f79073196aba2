"""One SSH connection to `houses serve ssh` (host/ssh.py): who it is, and how long it
may stay.

The user name is the player; their key must be one of theirs (host/accounts.py),
unless the host is `--open`. Until it has signed in, a connection is a stranger,
counted and capped (host/limits.py). Once in, it counts against --max-sessions and
is closed after --idle-timeout without a key from the client, whatever it has open
(`ssh -N` too). Each session it opens is an `AppSession` (host/app_session.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import time

import asyncssh

from host.accounts import valid_name
from host.app_session import AppSession
from host.limits import BANNER_S, shown
from host.serve_compat import lenient_channel
from host.ssh_host import Host

FULL_GRACE_S = 10.0  # a connection past --max-sessions is closed after this


class HostServer(asyncssh.SSHServer):
    """One connection: asyncssh's calls on it, from the TCP connection to its loss."""

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
        live = [s for s in self.sessions if s.app_running()]
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

