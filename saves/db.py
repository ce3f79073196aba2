"""A player's saves, settings and stats in the host's database: the app run by an SSH
host that keeps its players' files in a database (docs/architecture.md, "Storage").

The host (host/storage) owns the database and its schema; the app of one player
reads and writes only that player's documents, the bytes it would otherwise write
into its files (`player_docs`: player, kind "save"/"settings"/"stats", name, data).
`DbStore` is `Store` on such documents, with the same checks and the same messages:
a damaged save is kept as it is and never overwritten, a database that fails gives
a SaveError in words (the game goes on in memory, the next autosave tries again).

The single-player app on a person's machine never comes here: it keeps its files.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any, Iterator, Literal, Protocol

from saves.game import now_iso
from saves.model import FORMAT, GameStats, Recorded, SaveError, SaveFile, Settings, Stats
from saves.store import Listing, Store, Unreadable, _pretty, count_result, default_root, parse_save, parse_small

BUSY_TIMEOUT_S = 10.0


class DatabaseError(Exception):
    """The database could not do what was asked; `str()` says why, in words."""


class Documents(Protocol):
    """Players' documents; host.storage.Storage is one, `SqlDocuments` another."""

    def read_doc(self, player: str, kind: str, name: str = "") -> bytes | None: ...

    def write_doc(self, player: str, kind: str, name: str, data: bytes) -> None: ...

    def delete_doc(self, player: str, kind: str, name: str = "") -> None: ...

    def docs(self, player: str, kind: str) -> list[tuple[str, bytes]]: ...


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
            self.conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                        check_same_thread=False)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a crash of the process

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
        self.conn = None
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def tx(self) -> Iterator[Runner]:
        import psycopg

        with self._lock, reported(self._errors, self.where):
            if self.conn is None or self.conn.closed:
                self.conn = psycopg.connect(self.url, connect_timeout=10)
            try:
                with self.conn.transaction(), self.conn.cursor() as cur:
                    yield Runner(cur, "%s")
            except psycopg.OperationalError:
                with contextlib.suppress(Exception):
                    self.conn.close()
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
        import time

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


# -- Store on documents ----------------------------------------------------------------------

class DocPath:
    """Where a save is in the database, for messages (`str`) and `exists()`."""

    def __init__(self, store: DbStore, save_id: str) -> None:
        self.store, self.stem, self.name = store, save_id, f"{save_id}.json"

    def exists(self) -> bool:
        try:
            return self.store.docs.read_doc(self.store.player, "save", self.stem) is not None
        except DatabaseError:
            return False

    def __str__(self) -> str:
        return f"the host's database ({self.store.player}'s save {self.stem})"


class DbStore(Listing):
    """A player's saves, settings and stats in the host's database: `Store`'s methods,
    checks and messages, on `Documents`."""

    def __init__(self, docs: Documents, player: str, root: Path | None = None) -> None:
        self.docs = docs
        self.player = player
        self.root = root if root is not None else default_root()  # the player's folder: logs, screenshots
        self.problems: list[Unreadable] | None = None
        self.settings_problem: str | None = None
        self.stats_problem: str | None = None

    def _name(self, save_id: str) -> str:
        from saves.store import _ID

        save_id = save_id.removesuffix(".json")
        if not _ID.fullmatch(save_id):
            raise SaveError(f"{save_id!r} is not a valid save name.")
        return save_id

    def path(self, save_id: str) -> DocPath:
        return DocPath(self, self._name(save_id))

    # -- saves ----------------------------------------------------------------------
    def load(self, save_id: str, moves: bool = True) -> SaveFile:
        name = self._name(save_id)
        try:
            data = self.docs.read_doc(self.player, "save", name)
        except DatabaseError as e:
            raise SaveError(f"Save '{name}' cannot be opened: {e}.") from None
        if data is None:
            raise SaveError(f"There is no save '{name}' on this host.")
        return parse_save(data, f"{name}.json", name, moves=moves)

    def scan(self) -> tuple[list[SaveFile], list[Unreadable]]:
        good: list[SaveFile] = []
        bad: list[Unreadable] = []
        try:
            rows = self.docs.docs(self.player, "save")
        except DatabaseError as e:
            rows = []
            bad.append(Unreadable(Path("saves"), "", f"The saved games cannot be read: {e}."))
        for name, data in rows:
            try:
                good.append(parse_save(data, f"{name}.json", name, moves=False))
            except SaveError as e:
                bad.append(Unreadable(DocPath(self, name), name, str(e)))  # type: ignore[arg-type]
        good.sort(key=lambda s: (s.updated, s.id), reverse=True)
        self.problems = bad
        return good, bad

    def write(self, save: SaveFile, keep_updated: bool = False) -> DocPath:
        """Like Store.write (`keep_updated` too): never over a save that cannot be
        read or holds another game; SaveError when the database will not take it (the save in memory is
        as it was)."""
        if not save.id:
            from saves.game import new_id

            save.id = new_id(save.game)
        name = self._name(save.id)
        try:
            on_db = self.docs.read_doc(self.player, "save", name)
        except DatabaseError as e:
            raise SaveError(f"Could not save '{name}': {e}") from None
        if on_db is not None:
            try:
                old = parse_save(on_db, f"{name}.json", name, moves=False)
            except SaveError as e:
                raise SaveError(f"Did not save over '{name}.json': it cannot be read, so it was kept as it is. "
                                f"({e})") from None
            if (old.game, old.created) != (save.game, save.created):
                raise SaveError(f"Did not save over '{name}.json': it holds another game, so it was kept as it is.")
        previous = save.updated
        kept = (old.updated if on_db is not None else "") or previous  # keep_updated: as on the database
        save.updated = (keep_updated and kept) or now_iso()
        try:
            self.docs.write_doc(self.player, "save", name, _pretty(save))
        except DatabaseError as e:
            save.updated = previous
            raise SaveError(f"Could not save '{name}': {e}") from None
        return DocPath(self, name)

    def delete(self, save_id: str) -> None:
        name = self._name(save_id)
        try:
            self.docs.delete_doc(self.player, "save", name)
        except DatabaseError as e:
            raise SaveError(f"Could not delete '{name}': {e}") from None

    def open(self, save_id: str) -> tuple[SaveFile, Any]:
        from saves.match import replay

        save = self.load(save_id)
        return save, replay(save)

    # -- settings and stats ---------------------------------------------------------------
    def _read_small(self, kind: str, cls: type, label: str) -> tuple[Any, str | None]:
        try:
            data = self.docs.read_doc(self.player, kind)
        except DatabaseError as e:
            return cls(), f"{label} cannot be read ({e}); using the defaults."
        if data is None:
            return cls(), None
        return parse_small(data, cls, label)

    def read_settings(self) -> tuple[Settings, str | None]:
        settings, problem = self._read_small("settings", Settings, "Your settings on this host")
        self.settings_problem = problem
        return settings, problem

    def load_settings(self) -> Settings:
        return self.read_settings()[0]

    def save_settings(self, settings: Settings) -> DocPath:
        settings.format = FORMAT
        try:
            self.docs.write_doc(self.player, "settings", "", _pretty(settings))
        except DatabaseError as e:
            raise SaveError(f"Could not save the settings: {e}") from None
        self.settings_problem = None
        return DocPath(self, "settings")

    def read_stats(self) -> tuple[Stats, str | None]:
        stats, problem = self._read_small("stats", Stats, "Your statistics on this host")
        self.stats_problem = problem
        return stats, problem

    def load_stats(self) -> Stats:
        return self.read_stats()[0]

    def record_result(self, save: SaveFile, winners_for_human: bool | None,
                      solo_results: dict[str, float] | None = None,
                      better: dict[str, Literal["high", "low"]] | None = None) -> Recorded:
        """Like Store.record_result; unreadable stats are kept aside first (a
        "stats-unreadable" document), so nothing is lost."""
        if not save.over:
            raise ValueError("Only a finished game can be counted in the stats.")
        if not save.id:
            raise ValueError("Write the save first: a save without an id cannot be counted.")
        try:
            data = self.docs.read_doc(self.player, "stats")
        except DatabaseError as e:
            raise SaveError(f"Could not count the game in your statistics: {e}") from None
        stats, problem = parse_small(data, Stats, "Your statistics") if data is not None else (Stats(), None)
        if save.id in stats.counted:
            return Recorded(counted=False, stats=stats.games.get(save.game) or GameStats())
        recorded = count_result(stats, save, winners_for_human, solo_results, better)
        try:
            if problem is not None:
                self.docs.write_doc(self.player, "stats-unreadable", now_iso(), data)
            self.docs.write_doc(self.player, "stats", "", _pretty(stats))
        except DatabaseError as e:
            raise SaveError(f"Could not count the game in your statistics: {e}") from None
        self.stats_problem = None
        return recorded


def open_store() -> Any:
    """The app's store: the save folder (`Store`), or on an SSH host whose database
    keeps the players' files (HOUSES_STORE, the database; HOUSES_PLAYER, whose) that
    player's saves, settings and stats in it (`saves.db.DbStore`)."""
    url = os.environ.get("HOUSES_STORE")
    player = os.environ.get("HOUSES_PLAYER")
    if url and player:
        return DbStore(open_documents(url), player)
    return Store()
