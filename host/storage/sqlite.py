"""The SQLite engine (the default): one database file in the host's folder, WAL mode
so readers never wait on the writer, a busy timeout so two writers take turns
(a second host process, `houses serve add-key` while the host runs, the players'
apps writing their saves). The connection itself is host.storage.connect.SqliteDb, the one the
players' apps use."""

from __future__ import annotations

from pathlib import Path

from host.storage.base import StorageError
from host.storage.sql import SqlStorage
from host.storage.connect import SqliteDb


class SqliteStorage(SqlStorage):
    def __init__(self, path: Path) -> None:
        self.path = path
        self.url = str(path)
        self.db = SqliteDb(path, StorageError)
        self.migrate()

    def _tx(self):
        return self.db.tx()

    def _ddl(self, sql: str) -> str:
        return sql.replace("BYTEA", "BLOB")

    def close(self) -> None:
        self.db.close()
