"""The SQLite engine (the default): one database file in the host's folder, WAL mode
so readers never wait on the writer, a busy timeout so two writers take turns
(a second host process, or `houses serve add-key` while the host runs)."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from pathlib import Path
from typing import Iterator

from host.storage import StorageError
from host.storage.sql import SqlStorage, reported

BUSY_TIMEOUT_S = 10.0


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode (we say BEGIN ourselves), in WAL mode."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a crash of the process
    return conn


class _Tx:
    def __init__(self, cur: sqlite3.Cursor) -> None:
        self.cur = cur
        self.rowcount = 0

    def run(self, sql: str, params: tuple = ()) -> list[tuple]:
        self.cur.execute(sql, params)
        self.rowcount = self.cur.rowcount
        return self.cur.fetchall()


class SqliteStorage(SqlStorage):
    def __init__(self, path: Path) -> None:
        self.path = path
        self.url = str(path)
        self._lock = threading.Lock()  # one connection, shared by the host's threads
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with reported((sqlite3.Error, OSError), self.url):
                self.conn = connect(path)
        except OSError as exc:
            raise StorageError(f"the database {path} cannot be opened: {exc.strerror or exc}") from None
        self.migrate()

    def _ddl(self, sql: str) -> str:
        return sql.replace("BYTEA", "BLOB")

    @contextlib.contextmanager
    def _tx(self) -> Iterator[_Tx]:
        with self._lock, reported((sqlite3.Error,), self.url):
            cur = self.conn.cursor()
            cur.execute("BEGIN IMMEDIATE")  # the write lock now, not half way through
            try:
                yield _Tx(cur)
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    cur.execute("ROLLBACK")
                raise
            cur.execute("COMMIT")

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()
