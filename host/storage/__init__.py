"""Everything a host keeps, behind one interface (docs/architecture.md, "Storage").

`open_storage(url_or_path)` gives a `Storage` on one of two engines:

    a path, or sqlite:///PATH      SQLite (the default: DATA/houses.db), WAL mode
    postgresql://USER@HOST/DB      PostgreSQL, through psycopg 3 and its pool

Every method is one transaction: it happens whole or not at all. A database that
cannot be reached or refuses raises `StorageError` (a message in words); the
caller reports it and goes on, nothing in memory is lost. The schema is created,
or brought up to date, when a storage is opened (`schema_version`).

What is kept:
- players and their public keys (a key as OpenSSH writes it);
- each player's documents: their saves, settings and stats, as the bytes the app
  would write into its files (the app's `saves.db.DbStore` reads and writes them, through
  `host.storage.connect.SqlDocuments`);
- shared tables: the save without its actions, then one row an action; seats
  away or back; who watches;
- ratings per game (mu, sigma, games), each table rated once;
- daily results per player, game and day;
- puzzles (issue 24): each player's puzzle rating per game (Glicko-2), each puzzle's
  rating as this host's attempts moved it, every attempt once (by its key), and the
  puzzles of the day's results (tries, seconds) per player, game and day.
"""

from __future__ import annotations

from pathlib import Path

from host.storage.base import (DailyPuzzleResult, DailyResult, PuzzleCounted, PuzzleRating, Rating, StaleCursor,
                                Storage, StorageError, StoredTable)

__all__ = ["DailyPuzzleResult", "DailyResult", "PuzzleCounted", "PuzzleRating", "Rating", "StaleCursor", "Storage",
           "StorageError", "StoredTable", "default_db",
           "is_postgres", "open_existing_storage", "open_host_storage", "open_storage"]


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def open_storage(url_or_path: str | Path) -> Storage:
    """The storage at a PostgreSQL URL, a `sqlite:///` URL or a file path (SQLite).
    StorageError, in words, when it cannot be opened."""
    text = str(url_or_path)
    if is_postgres(text):
        from host.storage.postgres import PostgresStorage

        return PostgresStorage(text)
    if text.startswith("sqlite:///"):
        text = text[len("sqlite://"):]
    elif "://" in text:
        raise StorageError(f"{text.split('://')[0]!r} is not a database this host speaks: give a file path "
                           "(SQLite) or a postgresql://USER@HOST/DATABASE URL")
    from host.storage.sqlite import SqliteStorage

    return SqliteStorage(Path(text).expanduser())


def default_db(data_dir: Path) -> Path:
    """The default database: one SQLite file in the host's folder."""
    return data_dir / "houses.db"


def open_host_storage(data_dir: Path, db: str | None = None, log=print) -> Storage:
    """The storage of the host in `data_dir`: `db`, else DATA/houses.db. A folder
    of files from before the database is imported into it the first time
    (host/storage/importer.py). StorageError when it cannot be opened."""
    from host.storage.importer import MARKER, import_folder, needs_import

    storage = open_storage(db if db else default_db(data_dir))
    marker = data_dir / MARKER
    if data_dir.is_dir() and not marker.exists() and not needs_import(data_dir):
        # a new folder: the authorized_keys that add-key writes later is not an old host's
        marker.write_text("a new host folder: nothing from before the database to import\n", encoding="utf-8")
    if needs_import(data_dir):
        try:
            for line in import_folder(data_dir, storage):
                log(line)
        except (StorageError, OSError) as exc:
            log(f"the host's files were not all imported ({exc}); the next start tries again")
    return storage


def open_existing_storage(data_dir: Path, db: str | None = None) -> Storage:
    """The storage of the host in `data_dir` for a command that only reads it or
    changes what is there (`houses serve tables`, `close`): nothing is created or
    imported; StorageError, in words, when there is no such folder or database."""
    if not data_dir.is_dir():
        raise StorageError(f"there is no host folder {data_dir} (give --data, the folder the host uses)")
    text = str(db) if db else str(default_db(data_dir))
    if is_postgres(text):
        return open_storage(text)
    path = Path(text[len("sqlite://"):] if text.startswith("sqlite:///") else text).expanduser()
    if "://" not in text and not path.is_file():
        raise StorageError(f"there is no database {path}" + ("" if db else
                           " (the host makes it when it starts; or give --db, the database it uses)"))
    return open_storage(text)
