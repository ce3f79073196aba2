"""What the SSH host (host/ssh.py) accepts from a client it does not trust yet.

- Strangers: connections that have not signed in. Beyond `StrangerGate`'s caps (from
  one address, and over all) the OLDEST stranger makes way for the new one, so idle
  connections can never lock real players out: a real login takes well under a
  second, an idle connection is always the oldest. A connection that has not sent its
  SSH banner within `BANNER_S` is closed, and one that has not signed in within
  `LOGIN_TIMEOUT_S`. Behind a load balancer the address is the client's, from its
  PROXY header (host/proxy.py).
- What a client says about itself: its terminal type (TERM) and locale are used only
  when they look like one; anything of it that is logged is escaped first (`shown`).
  A TERM that is not ASCII at all would make asyncssh drop the whole connection with
  "Invalid pty request"; host/serve_compat.py's `lenient_channel` hands it on escaped
  instead, so the host logs it and the player gets the app with the default terminal type.
"""

from __future__ import annotations

import codecs
import re
import time
from typing import Any

from host.console import shown  # noqa: F401 (the one escaper; the SSH host's modules take it from here)

TERM_OK = re.compile(r"[A-Za-z0-9._+-]{1,64}")
LOCALE_OK = re.compile(r"[A-Za-z0-9._@+-]{1,64}")
DEFAULT_TERM = "xterm-256color"

# A login takes well under a second, so these leave room for many people signing in
# at once; they bound what a crowd of silent connections holds: file descriptors
# (often 1024 a process) and memory.
MAX_STRANGERS = 256  # connections not signed in yet, over all addresses
MAX_STRANGERS_PER_ADDRESS = 10  # from one address
BANNER_S = 3.0  # an SSH client sends its banner at once; a silent connection is closed
LOGIN_TIMEOUT_S = 30  # time to sign in (a passphrase typed at the client's prompt fits)


class StrangerGate:
    """The connections not signed in yet, oldest first, with their addresses; admitting
    one more says which older ones must make way for it."""

    def __init__(self, total: int = MAX_STRANGERS, per_address: int = MAX_STRANGERS_PER_ADDRESS) -> None:
        self.total = total
        self.per_address = per_address
        self.queue: dict[Any, str] = {}  # connection -> address, oldest first
        self.open: dict[str, int] = {}  # address -> connections from it

    def count(self) -> int:
        return len(self.queue)

    def admit(self, who: Any, address: str) -> list[tuple[Any, str]]:
        """Count `who` (from `address`) in; the older connections to close for it,
        each with why: the oldest from that address beyond its cap, the oldest of all
        beyond the total."""
        out = []
        if self.open.get(address, 0) >= self.per_address:
            oldest = next(c for c, a in self.queue.items() if a == address)
            self.release(oldest)
            out.append((oldest, f"{self.per_address} connections from {address} were not signed in"))
        if self.count() >= self.total:
            oldest = next(iter(self.queue))
            out.append((oldest, f"{self.total} connections were not signed in"))
            self.release(oldest)
        self.queue[who] = address
        self.open[address] = self.open.get(address, 0) + 1
        return out

    def release(self, who: Any) -> None:
        """`who` signed in, went away or was closed."""
        address = self.queue.pop(who, None)
        if address is None:
            return
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)


class ClosedNote:
    """The log's word on connections closed before signing in: one line, then at most
    one a minute with the count since, so a flood does not flood the log."""

    def __init__(self, log) -> None:
        self.log = log
        self.said_at = -1e9
        self.since = 0

    def say(self, address: str, why: str) -> None:
        now = time.monotonic()
        self.since += 1
        if now - self.said_at >= 60:
            more = self.since - 1
            extra = f" ({more} more closed since the last line)" if more else ""
            self.log(f"connection from {shown(address)} closed before signing in: {why}{extra}")
            self.said_at, self.since = now, 0


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
