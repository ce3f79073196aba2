"""The PostgreSQL engine: psycopg 3 with a connection pool, for one host or several
hosts on one database. Each method is one transaction on a pooled connection; a
connection that broke (the server restarted) is replaced by the pool."""

from __future__ import annotations

import contextlib
import re
from typing import Iterator

from host.storage import StorageError
from host.storage.sql import SqlStorage, reported

CONNECT_TIMEOUT_S = 10.0
SCHEMA_LOCK = 160016  # an advisory lock: one host migrates at a time


def safe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


class _Tx:
    def __init__(self, cur) -> None:
        self.cur = cur
        self.rowcount = 0

    def run(self, sql: str, params: tuple = ()) -> list[tuple]:
        self.cur.execute(sql.replace("?", "%s"), params)
        self.rowcount = self.cur.rowcount
        return self.cur.fetchall() if self.cur.description else []


class PostgresStorage(SqlStorage):
    def __init__(self, url: str, min_size: int = 1, max_size: int = 8) -> None:
        import psycopg
        import psycopg_pool

        self.url = safe_url(url)
        self._errors = (psycopg.Error, psycopg_pool.PoolTimeout, OSError)
        try:
            psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.ProgrammingError as exc:
            raise StorageError(f"{self.url} is not a PostgreSQL URL this host can read: {exc}") from None
        self.pool = psycopg_pool.ConnectionPool(url, min_size=min_size, max_size=max_size, open=False,
                                                timeout=CONNECT_TIMEOUT_S, check=psycopg_pool.ConnectionPool.check_connection,
                                                kwargs={"connect_timeout": int(CONNECT_TIMEOUT_S)})
        try:
            with reported(self._errors, self.url):
                self.pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)
            self.migrate()
        except StorageError:
            self.pool.close()
            raise

    def _lock_schema(self, tx) -> None:
        tx.run("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    @contextlib.contextmanager
    def _tx(self) -> Iterator[_Tx]:
        with reported(self._errors, self.url):
            with self.pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
                yield _Tx(cur)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.pool.close()
