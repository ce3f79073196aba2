"""One database connection, one transaction a call, and the players' documents on it
(docs/architecture.md, "Storage"): the connections the host's SQLite engine and the
apps it runs use, and the `player_docs` SQL.

The app run by an SSH host whose database keeps its players' files reads and writes
that player's documents here (`open_documents`, given to `saves.open_store` by the
command line, houses/cli.py); `saves` itself knows only the `saves.db.Documents`
interface and holds no SQL and no database driver.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from saves.db import DatabaseError

if TYPE_CHECKING:
    import psycopg

BUSY_TIMEOUT_S = 10.0


# -- one connection, one transaction a call (shared with host/storage) ------------------

@contextlib.contextmanager
def reported(errors: tuple[type[BaseException], ...], where: str,
             error: type[DatabaseError] = DatabaseError) -> Iterator[None]:
    """Database errors as `error`, a DatabaseError (ours pass through)."""
    try:
        yield
    except DatabaseError:
        raise
    except errors as exc:
        raise error(f"the database {where} failed: {str(exc).strip() or type(exc).__name__}") from exc


class Runner:
    """One transaction's cursor: `run(sql, params)` with `?` placeholders, the rows."""

    def __init__(self, cur: Any, placeholder: str = "?") -> None:
        self.cur = cur
        self.placeholder = placeholder
        self.rowcount = 0

    def run(self, sql: str, params: tuple = ()) -> list[tuple]:
        if self.placeholder != "?":
            sql = sql.replace("?", self.placeholder)
        self.cur.execute(sql, params)
        self.rowcount = self.cur.rowcount
        return self.cur.fetchall() if self.cur.description else []


class SqliteDb:
    """One SQLite connection (WAL mode, a busy timeout so writers take turns), shared
    by threads under a lock."""

    def __init__(self, path: Path, error: type[DatabaseError] = DatabaseError) -> None:
        self.path = path
        self.where = str(path)
        self.error = error
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise error(f"the database {path} cannot be opened: {exc.strerror or exc}") from None
        with reported((sqlite3.Error,), self.where, error):
            conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a crash of the process
        self.conn: sqlite3.Connection | None = conn

    @contextlib.contextmanager
    def tx(self) -> Iterator[Runner]:
        with self._lock, reported((sqlite3.Error,), self.where, self.error):
            if self.conn is None:
                raise self.error(f"the database {self.where} is closed")
            cur = self.conn.cursor()
            cur.execute("BEGIN IMMEDIATE")  # the write lock now, not half way through
            try:
                yield Runner(cur)
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    cur.execute("ROLLBACK")
                raise
            cur.execute("COMMIT")

    def close(self) -> None:
        # Under the lock: closing a connection another thread is using crashes the
        # process (a segmentation fault in sqlite3, seen when a host stopped while its
        # writer thread still wrote).
        with self._lock, contextlib.suppress(sqlite3.Error):
            if self.conn is not None:
                self.conn.close()
            self.conn = None


class PostgresDb:
    """One PostgreSQL connection for one app (the host itself uses a pool); a broken
    connection is dropped and the next call connects again."""

    def __init__(self, url: str, where: str) -> None:
        import psycopg

        self.url = url
        self.where = where
        self._errors = (psycopg.Error, OSError)
        self.conn: psycopg.Connection | None = None
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def tx(self) -> Iterator[Runner]:
        import psycopg

        with self._lock, reported(self._errors, self.where):
            conn = self.conn
            if conn is None or conn.closed:
                conn = self.conn = psycopg.connect(self.url, connect_timeout=10)
            try:
                with conn.transaction(), conn.cursor() as cur:
                    yield Runner(cur, "%s")
            except psycopg.OperationalError:
                with contextlib.suppress(Exception):
                    conn.close()
                self.conn = None
                raise

    def close(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.close()


# -- the documents ------------------------------------------------------------------------

READ_DOC = "SELECT data FROM player_docs WHERE player = ? AND kind = ? AND name = ?"
WRITE_DOC = ("INSERT INTO player_docs (player, kind, name, data, updated) VALUES (?, ?, ?, ?, ?) "
             "ON CONFLICT (player, kind, name) DO UPDATE SET data = excluded.data, updated = excluded.updated")
DELETE_DOC = "DELETE FROM player_docs WHERE player = ? AND kind = ? AND name = ?"
LIST_DOCS = "SELECT name, data FROM player_docs WHERE player = ? AND kind = ? ORDER BY name"


class SqlDocuments:
    """`Documents` over a database (SqliteDb, PostgresDb, or the host's own)."""

    def __init__(self, db: Any) -> None:
        self.db = db

    def read_doc(self, player: str, kind: str, name: str = "") -> bytes | None:
        with self.db.tx() as tx:
            rows = tx.run(READ_DOC, (player, kind, name))
        return bytes(rows[0][0]) if rows else None

    def write_doc(self, player: str, kind: str, name: str, data: bytes) -> None:
        with self.db.tx() as tx:
            tx.run(WRITE_DOC, (player, kind, name, bytes(data), time.time()))

    def delete_doc(self, player: str, kind: str, name: str = "") -> None:
        with self.db.tx() as tx:
            tx.run(DELETE_DOC, (player, kind, name))

    def docs(self, player: str, kind: str) -> list[tuple[str, bytes]]:
        with self.db.tx() as tx:
            rows = tx.run(LIST_DOCS, (player, kind))
        return [(name, bytes(data)) for name, data in rows]


def safe_url(url: str) -> str:
    """A URL without its password, for messages."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def open_documents(url: str) -> SqlDocuments:
    """The documents in the database at `url` (a path or sqlite:/// for SQLite, or
    postgresql://), as the host's environment gives it to the app."""
    if url.startswith(("postgresql://", "postgres://")):
        return SqlDocuments(PostgresDb(url, safe_url(url)))
    return SqlDocuments(SqliteDb(Path(url.removeprefix("sqlite://")).expanduser()))
