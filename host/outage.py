"""Whether the host's database is away, and what the host's log says of it
(docs/architecture.md, "Moves between hosts"; docs/hosting.md, "The database").

Every part of the host that fails to reach the database tells `Outage.failed`, every
part that reached it tells `Outage.ok`. The log gets one line when the database goes,
one when it is back, and in between at most one line a minute counting the failed
attempts: an outage of an hour is some sixty lines, not thousands. Called from the
event loop and from the writer thread, hence the lock.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

REPORT_S = 60.0  # the count of failed attempts, at most this often


def first_line(exc: BaseException) -> str:
    """An error in one line (libpq's messages go on with tab-indented hints)."""
    text = str(exc).strip().splitlines()
    return text[0].strip() if text else type(exc).__name__


def quiet_driver_logs() -> None:
    """psycopg's pool logs each failed reconnection itself, untimestamped, over
    several lines: the host says it once, here (`Outage`)."""
    for name in ("psycopg", "psycopg.pool"):
        logger = logging.getLogger(name)
        logger.propagate = False
        if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
            logger.addHandler(logging.NullHandler())


class Outage:
    def __init__(self, log: Callable[[str], None], clock: Callable[[], float] = time.monotonic) -> None:
        self.log = log
        self.clock = clock
        self.lock = threading.Lock()
        self.since: float | None = None  # when it went (None: it answers)
        self.failures = 0                # failed attempts since the last line said
        self.total = 0                   # failed attempts in this outage
        self.reported = 0.0
        self.back: float | None = None   # when the last outage ended

    @property
    def away(self) -> bool:
        return self.since is not None

    def failed(self, exc: BaseException | str) -> None:
        """An attempt to reach the database failed."""
        line = None
        with self.lock:
            now = self.clock()
            if self.since is None:
                self.since, self.reported, self.failures, self.total = now, now, 0, 1
                why = exc if isinstance(exc, str) else first_line(exc)
                line = (f"the database is away ({why}); moves are kept here and sent when it is back")
            else:
                self.failures += 1
                self.total += 1
                if now - self.reported >= REPORT_S:
                    line = (f"the database is still away after {now - self.since:.0f} s: "
                            f"{self.failures} attempts to reach it failed in the last {now - self.reported:.0f} s")
                    self.reported, self.failures = now, 0
        if line is not None:
            self.log(line)

    def since_back(self) -> float:
        """Seconds since the last outage ended (infinite: none yet, or one now)."""
        if self.since is not None or self.back is None:
            return float("inf")
        return self.clock() - self.back

    def report(self, what: str, exc: BaseException) -> None:
        """A database error: an outage is counted, anything else said (`what: exc`)."""
        if is_outage(exc):
            self.failed(exc)
        else:
            self.log(f"{what}: {exc}")

    def ok(self) -> bool:
        """The database answered; True when that ends an outage (said in the log)."""
        if self.since is None:
            return False
        with self.lock:
            if self.since is None:
                return False
            self.back = self.clock()
            took, tries = self.back - self.since, self.total
            self.since = None
        self.log(f"the database is back after {took:.1f} s ({tries} failed attempts)")
        return True


def is_outage(exc: BaseException) -> bool:
    """Whether a database error means the database could not be reached (a refusal,
    such as a move at a cursor that moved on, is an answer: it is no outage)."""
    from host.storage.base import StaleCursor

    if isinstance(exc, StaleCursor):
        return False
    cause = exc.__cause__ if exc.__cause__ is not None else exc
    if isinstance(cause, OSError):
        return True
    try:
        import psycopg
        import psycopg_pool
    except ImportError:  # no PostgreSQL driver: SQLite, whose errors are answers
        return False
    if isinstance(cause, psycopg_pool.PoolClosed):
        return False  # closed by this host itself (its stop): the database is not away
    if isinstance(cause, psycopg_pool.PoolTimeout):
        return True
    # A connection that failed or was lost (no SQLSTATE: the client's own word), or the
    # server shutting down (class 08, 57P): not a deadlock or a cancelled query, which
    # are answers from a database that is there.
    state = getattr(cause, "sqlstate", None)
    return isinstance(cause, (psycopg.OperationalError, psycopg.InterfaceError)) and (
        state is None or state.startswith(("08", "57P")))
