"""What the SSH host (host/ssh.py) accepts from a client it does not trust yet.

- Strangers: connections that have not signed in. Each may take up to the 60 s
  login timeout; beyond `StrangerGate`'s caps (from one address, and over all) a new
  one is closed at once, before any key exchange, so a crowd of half-open
  connections cannot hold the host's memory and its key exchanges.
- What a client says about itself: its terminal type (TERM) and locale are used only
  when they look like one; anything of it that is logged is escaped first (`shown`).
  A TERM that is not ASCII at all would make asyncssh drop the whole connection with
  "Invalid pty request"; `LenientChannel` hands it on escaped instead, so the host
  logs it and the player gets the app with the default terminal type.
"""

from __future__ import annotations

import codecs
import re

import asyncssh
from asyncssh.packet import SSHPacket, String

from host.console import shown  # noqa: F401 (the one escaper; host/ssh.py takes it from here)

TERM_OK = re.compile(r"[A-Za-z0-9._+-]{1,64}")
LOCALE_OK = re.compile(r"[A-Za-z0-9._@+-]{1,64}")
DEFAULT_TERM = "xterm-256color"

# A login takes well under a second, so these leave room for many people signing in
# at once; they bound what a crowd of silent connections holds (each up to the 60 s
# login timeout): file descriptors (often 1024 a process) and memory. Over the total,
# new people are refused until some sign in or time out; a flood from one address
# cannot get that far.
MAX_STRANGERS = 256  # connections not signed in yet, over all addresses
MAX_STRANGERS_PER_ADDRESS = 10  # from one address


class StrangerGate:
    """Counts the connections not signed in yet, by address, and says when one more
    is too many."""

    def __init__(self, total: int = MAX_STRANGERS, per_address: int = MAX_STRANGERS_PER_ADDRESS) -> None:
        self.total = total
        self.per_address = per_address
        self.open: dict[str, int] = {}

    def count(self) -> int:
        return sum(self.open.values())

    def admit(self, address: str) -> str | None:
        """Let one more connection from `address` in (counted until `release`), or
        say why not."""
        if self.open.get(address, 0) >= self.per_address:
            return f"{self.per_address} connections from {address} are signing in already"
        if self.count() >= self.total:
            return f"{self.total} connections are signing in already"
        self.open[address] = self.open.get(address, 0) + 1
        return None

    def release(self, address: str) -> None:
        """A connection from `address` signed in or went away."""
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)


class LenientChannel(asyncssh.SSHServerChannel):
    """A session channel whose pty request may name a terminal type that is not ASCII:
    asyncssh would end the connection over it; here it reaches `pty_requested`
    escaped ("xterm\\xe9"), which `safe_term` then replaces by the default."""

    def _process_pty_req_request(self, packet: SSHPacket) -> bool:
        start = packet._idx  # noqa: SLF001 (asyncssh's packet has no public rewind)
        term = packet.get_string()
        try:
            term.decode("ascii")
        except UnicodeDecodeError:
            escaped = term.decode("ascii", "backslashreplace").encode("ascii")
            packet = SSHPacket(String(escaped) + packet.get_remaining_payload())
        else:
            packet._idx = start  # noqa: SLF001
        return super()._process_pty_req_request(packet)


def clamp_size(cols: int, rows: int, opts) -> tuple[int, int]:
    """The pty's size: the client's, within the host's bounds."""
    cols = cols or 80
    rows = rows or 24
    return max(10, min(cols, opts.max_cols)), max(5, min(rows, opts.max_rows))


def safe_term(term: str | None) -> str:
    """The client's terminal type if it looks like one, else a common default."""
    return term if term and TERM_OK.fullmatch(term) else DEFAULT_TERM


def client_charset(client_env: dict) -> str:
    """The codec of the client's terminal, by the locale it sent (if any): "utf-8"
    when nothing was sent (OpenSSH's default: today's terminals take UTF-8)."""
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = str(client_env.get(var) or "")
        if value:
            name, _, charset = value.partition("@")[0].partition(".")
            if not charset:
                return "ascii" if name in ("C", "POSIX") else "latin-1"
            try:
                return codecs.lookup(charset).name
            except LookupError:
                return "ascii"
    return "utf-8"
