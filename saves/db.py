"""A player's saves, settings and stats kept by a host: the app run by an SSH host
that keeps its players' files in a database (docs/architecture.md, "Storage").

The host owns the database, its schema and its driver (host/storage); the app of one
player reads and writes only that player's documents, the bytes it would otherwise
write into its files, through the `Documents` interface the host provides (player,
kind "save"/"settings"/"stats", name, data). `DbStore` is `Store` on such documents,
with the same checks and the same messages: a damaged save is kept as it is and never
overwritten, documents that fail give a SaveError in words (the game goes on in
memory, the next autosave tries again). No SQL and no database driver here.

The single-player app on a person's machine never comes here: it keeps its files.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Literal, Protocol

from saves.game import now_iso
from saves.model import FORMAT, GameStats, Recorded, SaveError, SaveFile, Settings, Stats
from saves.store import Listing, Store, Unreadable, _pretty, count_result, default_root, parse_save, parse_small


class DatabaseError(Exception):
    """The database could not do what was asked; `str()` says why, in words."""


class Documents(Protocol):
    """Players' documents: the interface the host provides (host.storage.Storage is
    one, host.storage.connect.SqlDocuments another); a failure is a DatabaseError."""

    def read_doc(self, player: str, kind: str, name: str = "") -> bytes | None: ...

    def write_doc(self, player: str, kind: str, name: str, data: bytes) -> None: ...

    def delete_doc(self, player: str, kind: str, name: str = "") -> None: ...

    def docs(self, player: str, kind: str) -> list[tuple[str, bytes]]: ...


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
            if problem is not None and data is not None:  # (a problem is only ever with data read)
                self.docs.write_doc(self.player, "stats-unreadable", now_iso(), data)
            self.docs.write_doc(self.player, "stats", "", _pretty(stats))
        except DatabaseError as e:
            raise SaveError(f"Could not count the game in your statistics: {e}") from None
        self.stats_problem = None
        return recorded


class NoDocuments(SaveError):
    """HOUSES_STORE names a host's database, but this app was started without the
    host's documents (not through the `houses` command)."""


def open_store(open_documents: Callable[[str], Documents] | None = None) -> Store | DbStore:
    """The app's store: the save folder (`Store`), or on an SSH host whose database
    keeps the players' files (HOUSES_STORE, the database; HOUSES_PLAYER, whose) that
    player's saves, settings and stats in it (`DbStore` on `open_documents(url)`, the
    host's documents: host.storage.connect.open_documents, given by houses/cli.py)."""
    url = os.environ.get("HOUSES_STORE")
    player = os.environ.get("HOUSES_PLAYER")
    if url and player:
        if open_documents is None:
            raise NoDocuments("This host keeps its players' saves in a database, and this app was started "
                              "without the host's storage: start it as 'houses'.")
        return DbStore(open_documents(url), player)
    return Store()
