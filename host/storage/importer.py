"""A host folder from before the database, imported into it once, on first start.

What hosts wrote before: authorized_keys, players/<name>/{saves/*.json,
settings.json, stats.json, stats.json.unreadable-*}, tables/saves/table-*.json (open
tables) and tables/archive/table-*.json (closed ones). Each is copied in as it is:
a player's file as its bytes (a damaged save stays damaged, and is reported by the
app as before), a table as its actions. Nothing already in the database is
overwritten, and the files stay where they are; a marker file in the folder
(`IMPORTED`) says it was done, when, into which database, and what was copied.
"""

from __future__ import annotations

import time
from pathlib import Path

import saves
from saves.store import parse_save
from host.storage.base import Storage, StorageError

MARKER = "IMPORTED"


def needs_import(data_dir: Path) -> bool:
    if (data_dir / MARKER).exists():
        return False
    return any((data_dir / name).exists() for name in ("authorized_keys", "players", "tables"))


def import_folder(data_dir: Path, storage: Storage) -> list[str]:
    """Copy the folder's files into `storage`, then write the marker; what was done
    and what was not, in lines for the log. StorageError if the database fails (the
    marker is then not written: the next start tries again, skipping what is in)."""
    done = {"keys": 0, "players": 0, "documents": 0, "tables": 0}
    notes: list[str] = []
    _keys(data_dir / "authorized_keys", storage, done, notes)
    players = data_dir / "players"
    for home in sorted(players.iterdir()) if players.is_dir() else []:
        _player(home, storage, done, notes)
    for folder, closed in ((data_dir / "tables" / "saves", False), (data_dir / "tables" / "archive", True)):
        for path in sorted(folder.glob("table-*.json")) if folder.is_dir() else []:
            _table(path, closed, storage, done, notes)
    summary = (f"imported into {storage.url} on {time.strftime('%Y-%m-%d %H:%M:%S')}: {done['keys']} key(s), "
               f"{done['players']} player(s), {done['documents']} save/settings/stats file(s), "
               f"{done['tables']} table(s). The files were left as they are.")
    (data_dir / MARKER).write_text("\n".join([summary, *notes]) + "\n", encoding="utf-8")
    return [summary, *notes]


def _keys(path: Path, storage: Storage, done: dict, notes: list[str]) -> None:
    from host.accounts import public_key, valid_name

    if not path.is_file():
        return
    for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, key = line.partition(" ")
        if not valid_name(name) or public_key(key)[1]:
            notes.append(f"{path}:{n}: not imported (not a player's name and public key); it stays in the file")
            continue
        done["keys"] += storage.add_key(name, key.strip())


def _player(home: Path, storage: Storage, done: dict, notes: list[str]) -> None:
    from host.accounts import valid_name

    if not home.is_dir() or not valid_name(home.name):
        return
    name = home.name
    storage.add_player(name)
    done["players"] += 1
    files: list[tuple[Path, str, str]] = [(home / "settings.json", "settings", ""), (home / "stats.json", "stats", "")]
    files += [(p, "stats-unreadable", p.name) for p in sorted(home.glob("stats.json.unreadable-*"))]
    saves_dir = home / "saves"
    if saves_dir.is_dir():
        files += [(p, "save", p.stem) for p in sorted(saves_dir.glob("*.json")) if not p.name.startswith(".")]
    for path, kind, doc in files:
        if not path.is_file():
            continue
        try:
            data = path.read_bytes()
        except OSError as exc:
            notes.append(f"{path}: not imported ({exc.strerror or exc}); it stays in the folder")
            continue
        if storage.read_doc(name, kind, doc) is None:
            storage.write_doc(name, kind, doc, data)
            done["documents"] += 1


def _table(path: Path, closed: bool, storage: Storage, done: dict, notes: list[str]) -> None:
    code = path.stem.removeprefix("table-")
    try:
        save = parse_save(path.read_bytes(), path.name, path.stem, moves=False)
    except (OSError, saves.SaveError) as exc:
        notes.append(f"{path}: table not imported ({exc}); the file stays")
        return
    if storage.load_table(code) is not None:
        return
    try:
        storage.create_table(code, save, now=path.stat().st_mtime)
        if closed:
            storage.close_table(code, now=path.stat().st_mtime)
    except StorageError as exc:
        notes.append(f"{path}: table not imported ({exc}); the file stays")
        return
    done["tables"] += 1
