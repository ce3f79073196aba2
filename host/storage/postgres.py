"""The PostgreSQL engine: psycopg 3 with a connection pool, for one host or several
hosts on one database. Each method is one transaction on a pooled connection; a
connection that broke (the server restarted) is replaced by the pool."""

from __future__ import annotations

import contextlib
from typing import Iterator

from host.storage.base import StorageError
from host.storage.sql import SqlStorage
from saves.db import Runner, reported, safe_url

CONNECT_TIMEOUT_S = 10.0
SCHEMA_LOCK = 160016  # an advisory lock: one host migrates at a time


class PostgresStorage(SqlStorage):
    def __init__(self, url: str, min_size: int = 1, max_size: int = 8, timeout: float = CONNECT_TIMEOUT_S) -> None:
        import psycopg
        import psycopg_pool

        self.url = safe_url(url)
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

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Runner]:
        with reported(self._errors, self.url, StorageError):
            with self.pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
                yield Runner(cur, "%s")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.pool.close()
