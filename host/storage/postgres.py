"""The PostgreSQL engine: psycopg 3 with a connection pool, for one host or several
hosts on one database. Each method is one transaction on a pooled connection; a
connection that broke (the server restarted) is replaced by the pool, and a database
that is back after an outage is used at once (`_tx`)."""

from __future__ import annotations

import contextlib
from typing import Iterator

from host.storage.base import StorageError
from host.storage.sql import SqlStorage
from host.storage.connect import Runner, reported, safe_url

CONNECT_TIMEOUT_S = 10.0
SCHEMA_LOCK = 160016  # an advisory lock: one host migrates at a time
CHANNEL = "houses_tables"  # LISTEN/NOTIFY: what changed at a table (host/relay.py)


class PostgresStorage(SqlStorage):
    def __init__(self, url: str, min_size: int = 1, max_size: int = 8, timeout: float = CONNECT_TIMEOUT_S) -> None:
        import psycopg
        import psycopg_pool

        from host.outage import quiet_driver_logs

        quiet_driver_logs()  # the host says an outage once, in its own words (host/outage.py)
        self.url = safe_url(url)
        self.conninfo = url  # for the relay's own connections (host/relay.py)
        self.connect_timeout = max(1, int(timeout))
        self._errors = (psycopg.Error, psycopg_pool.PoolTimeout, OSError)
        try:
            psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.ProgrammingError as exc:
            raise StorageError(f"{self.url} is not a PostgreSQL URL this host can read: {exc}") from None
        with reported(self._errors, self.url, StorageError):  # fails at once, in words, when nobody answers
            psycopg.connect(url, connect_timeout=max(1, int(timeout))).close()
        self.pool = psycopg_pool.ConnectionPool(url, min_size=min_size, max_size=max_size, open=False,
                                                timeout=timeout, check=psycopg_pool.ConnectionPool.check_connection,
                                                kwargs={"connect_timeout": max(1, int(timeout))})
        try:
            with reported(self._errors, self.url, StorageError):
                self.pool.open(wait=True, timeout=timeout)
            self.migrate()
        except StorageError:
            self.pool.close()
            raise

    def _lock_schema(self, tx) -> None:
        tx.run("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    # After an outage the pool waits ever longer between its attempts to reconnect
    # (1, 2, 4, 8... s): it would keep failing for as long again a database that is
    # back. So once it could not give a connection, it is only asked briefly, and a
    # connection of our own is opened when it has none, until it gives one again.
    _recovering = False

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Runner]:
        import psycopg
        import psycopg_pool

        with reported(self._errors, self.url, StorageError), contextlib.ExitStack() as stack:
            try:
                conn = stack.enter_context(self.pool.connection(timeout=0.05 if self._recovering else None))
                self._recovering = False
            except psycopg_pool.PoolTimeout:
                self._recovering = True
                conn = stack.enter_context(psycopg.connect(self.conninfo, connect_timeout=self.connect_timeout))
            with conn.transaction(), conn.cursor() as cur:
                yield Runner(cur, "%s")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.pool.close()

    # -- several hosts on one database (host/relay.py) ---------------------------------------
    # Every change to a table is announced on CHANNEL in its own transaction: PostgreSQL
    # delivers a NOTIFY only when the transaction commits, so a host is never told of a
    # move that is not there. The payload is "kind code cursor host": kind is "move",
    # "table" (made, or its seats changed), "closed" or "presence"; host is the
    # sender's `host_id`, so a host skips its own news.

    host_id = "-"

    def _announce(self, tx, kind: str, code: str, cursor: int = 0) -> None:
        tx.run("SELECT pg_notify(?, ?)", (CHANNEL, f"{kind} {code} {cursor} {self.host_id}"))

    def actions_since(self, code: str, start: int) -> list:
        """The table's moves from number `start` on (builtins), up to its cursor."""
        import msgspec

        with self._tx() as tx:
            rows = tx.run("SELECT a.action FROM table_actions a JOIN tables t ON t.code = a.code "
                          "WHERE a.code = ? AND a.n >= ? AND a.n < t.cursor ORDER BY a.n", (code, start))
        return [msgspec.json.decode(a) for (a,) in rows]

    # Who sits at which table through which host: `host` is the backend pid of that
    # host's lease connection, so a host that died (its connection gone from
    # pg_stat_activity) no longer counts, and any other host sweeps its rows.
    def make_presence(self) -> None:
        with self._tx() as tx:
            self._lock_schema(tx)
            tx.run("CREATE TABLE IF NOT EXISTS table_presence (code TEXT NOT NULL, seat INTEGER NOT NULL, "
                   "host INTEGER NOT NULL, PRIMARY KEY (code, seat, host))")

    def set_presence(self, code: str, seat: int, host: int, present: bool) -> None:
        with self._tx() as tx:
            if present:
                tx.run("INSERT INTO table_presence (code, seat, host) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                       (code, seat, host))
            else:
                tx.run("DELETE FROM table_presence WHERE code = ? AND seat = ? AND host = ?", (code, seat, host))
            self._announce(tx, "presence", code)

    def presence_elsewhere(self, host: int, code: str | None = None) -> dict[str, set[int]]:
        """Each table's seats (of `code` only, if given) whose player is there through
        another living host."""
        out: dict[str, set[int]] = {}
        where, params = ("AND code = ?", (host, code)) if code else ("", (host,))
        with self._tx() as tx:
            for table, seat in tx.run("SELECT code, seat FROM table_presence WHERE host <> ? "
                                      f"AND host IN (SELECT pid FROM pg_stat_activity) {where}", params):
                out.setdefault(table, set()).add(seat)
        return out
