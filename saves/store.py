"""The save folder: save files, settings and stats on disk.

Layout under the root ($HOUSES_HOME, else platformdirs' user data dir "houses"):

    saves/<id>.json     one file a game
    settings.json       the player's preferences
    stats.json          results per game, and which saves were counted

Reading never changes a file. Writing is atomic: a hidden temp file in the same
folder, flushed to disk, then renamed over the old file; if anything fails the old
file is as it was and the temp file is removed.
"""

from __future__ import annotations

import builtins
import errno
import os
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import msgspec

from saves.game import _game, decode_actions, file_name, now_iso
from saves.match import check_moves
from saves.model import FORMAT, GameStats, Recorded, SaveError, SaveFile, Settings, Stats

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_LOW_PREFIXES = ("fewest_", "least_", "lowest_", "min_", "shortest_", "fastest_")


@dataclass(frozen=True)
class Unreadable:
    """A file in the saves folder that is not a save this version can read."""

    path: Path
    id: str
    message: str


def default_root() -> Path:
    home = os.environ.get("HOUSES_HOME")
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("houses", appauthor=False))


def _pretty(obj: Any) -> bytes:
    return msgspec.json.format(msgspec.json.encode(obj), indent=2) + b"\n"


def _reason(err: OSError) -> str:
    if err.errno == errno.ENOSPC or err.errno == errno.EDQUOT:
        return "disk full"
    if err.errno == errno.EROFS:
        return "the folder is read-only"
    if err.errno in (errno.EACCES, errno.EPERM):
        return "permission denied (the folder may be read-only)"
    return err.strerror or str(err)


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically: temp file in the same folder, fsync,
    os.replace, then fsync the folder where the system allows. SaveError
    "Could not save to PATH: disk full" (or another reason) on failure, with the
    old file intact and no temp file left behind."""
    folder = path.parent
    tmp = folder / f".{path.name}.{secrets.token_hex(4)}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise SaveError(f"Could not save to {path}: {_reason(e)}", path=path) from None
    try:  # make the rename itself durable; not possible everywhere (e.g. Windows)
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def _describe_decode_error(e: Exception, data: bytes) -> str:
    text = str(e)
    if not data.strip():
        return "the file is empty"
    if "truncated" in text.lower():
        return "the file is cut short (truncated)"
    return f"it is not valid JSON ({text})"


def parse_save(data: bytes, name: str, save_id: str, *, moves: bool = True) -> SaveFile:
    """A save from the bytes of file `name`, fully checked: the JSON, its shape, its
    format number, its game, seats, options and every action, which must all replay
    (those after the cursor too). SaveError otherwise. `moves=False` skips the
    replay, for a file already known to be good."""
    where = f"Save '{name}'"
    kept = "It was left as it is."
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as e:
        raise SaveError(f"{where} cannot be read: {_describe_decode_error(e, data)}. {kept}") from None
    if not isinstance(raw, dict) or "format" not in raw or "game" not in raw:
        raise SaveError(f"{where} is not a Houses save (no format or game). {kept}")
    fmt = raw.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SaveError(f"{where} has a bad format number: {fmt!r}. {kept}")
    if fmt > FORMAT:
        raise SaveError(
            f"{where} is from a newer Houses (format {fmt}; this version reads up to {FORMAT}). {kept}"
        )
    try:
        save = msgspec.convert(raw, SaveFile)
    except msgspec.ValidationError as e:
        raise SaveError(f"{where} is not a Houses save of the expected shape: {e}. {kept}") from None
    save.id = save_id
    game = _game(save.game, where)
    if not 0 <= save.cursor <= len(save.actions):
        raise SaveError(
            f"{where} is damaged: its cursor {save.cursor} is outside its {len(save.actions)} moves. {kept}"
        )
    try:
        game.check_seats(len(save.seats))
    except ValueError as e:
        raise SaveError(f"{where} has a wrong number of seats: {e} {kept}") from None
    from core.ai import LEVELS

    for seat in save.seats:
        if seat.kind == "bot" and seat.level is not None and seat.level not in LEVELS:
            raise SaveError(
                f"{where} has a computer player {seat.name!r} at a bot level this version does not "
                f"have: {seat.level!r} (levels: {', '.join(LEVELS)}). {kept}"
            )
    try:
        game.options_from_builtins(save.options)
    except msgspec.ValidationError as e:
        raise SaveError(f"{where} has options {game.title} does not accept: {e}. {kept}") from None
    decode_actions(save, where)
    if moves:
        try:
            check_moves(save, where)
        except SaveError as e:
            raise SaveError(f"{e.message} {kept}", move=e.move) from None
    return save


# A game with no move whose save has not changed for an hour was left without its
# first move by a process that could not say so (killed, hung up on): pruned at start.
UNPLAYED_KEPT_S = 3600.0


class Listing:
    """What every store answers from its `scan()` (the save folder, or a player's
    documents in the host's database: saves/db.py)."""

    problems: list[Unreadable] | None

    def scan(self) -> tuple[list[SaveFile], list[Unreadable]]:
        raise NotImplementedError

    def list(self) -> list[SaveFile]:
        """Every readable save, newest (`updated`) first. Files that cannot be read
        do not raise: they are in `list_problems()`."""
        return self.scan()[0]

    # `list` below is the method: the annotations after it name the builtin in full.
    def list_problems(self) -> builtins.list[Unreadable]:
        """The unreadable files found by the latest `list()`/`scan()` (scans if none yet)."""
        if self.problems is None:
            self.scan()
        return list(self.problems or [])

    def newest_unfinished(self) -> SaveFile | None:
        """The most recently updated save whose game is not over, or None."""
        for save in self.list():
            if not save.over:
                return save
        return None

    def unchanged_for(self, save_id: str) -> float | None:
        """Seconds since the stored save last changed; None where the store cannot
        tell (such saves are never pruned)."""
        return None

    def delete(self, save_id: str) -> None:
        raise NotImplementedError

    def prune_unplayed(self, older_than_s: float = UNPLAYED_KEPT_S) -> builtins.list[str]:
        """Remove the saves of games never played (no move, not over) left unchanged
        for `older_than_s`: a process killed or hung up on before the first move
        leaves one (a game left by its keys before it has none: tui/app.py). The ids
        removed."""
        removed = []
        for save in self.list():
            if save.actions or save.over:
                continue
            age = self.unchanged_for(save.id)
            if age is None or age < older_than_s:
                continue
            try:
                self.delete(save.id)
            except SaveError:
                continue
            removed.append(save.id)
        return removed


class Store(Listing):
    """Saves, settings and stats in one folder (see the module docstring)."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root).expanduser() if root is not None else default_root()
        self.saves_dir = self.root / "saves"
        self.settings_path = self.root / "settings.json"
        self.stats_path = self.root / "stats.json"
        # Problems found by the latest scan() / list(); see list_problems().
        self.problems: list[Unreadable] | None = None
        # Why the settings file could not be read on the latest load_settings(), or None.
        self.settings_problem: str | None = None
        self.stats_problem: str | None = None
        # save id -> (mtime_ns, size, game, created) of a file we know is readable (we read or wrote it),
        # so autosave does not re-read its own file before every write.
        self._good: dict[str, tuple[int, int, str, str]] = {}
        # save id -> (mtime_ns, size) of a file whose every move is known to replay
        # (we wrote it, or loaded it with the full check), so it is not replayed again.
        self._checked: dict[str, tuple[int, int]] = {}

    # -- saves ----------------------------------------------------------------------

    def path(self, save_id: str) -> Path:
        """The file of `save_id` (a bare id; "x.json" is taken as "x")."""
        if save_id.endswith(".json"):
            save_id = save_id[: -len(".json")]
        if not _ID.fullmatch(save_id):
            raise SaveError(f"{save_id!r} is not a valid save name.")
        return self.saves_dir / file_name(save_id)

    def _read(self, path: Path, moves: bool = True) -> SaveFile:
        """The save in `path`, checked; with `moves` every move is replayed too."""
        try:
            st = path.stat()
            data = path.read_bytes()
        except FileNotFoundError:
            raise SaveError(f"There is no save '{path.name}' in {path.parent}.", path=path) from None
        except OSError as e:
            raise SaveError(f"Save '{path.name}' cannot be opened: {_reason(e)}.", path=path) from None
        # A file we wrote or fully checked, unchanged since, need not be replayed again.
        stamp = (st.st_mtime_ns, st.st_size)
        moves = moves and self._checked.get(path.stem) != stamp
        try:
            save = parse_save(data, path.name, path.stem, moves=moves)
        except SaveError as e:
            e.path = path
            raise
        self._good[save.id] = (st.st_mtime_ns, st.st_size, save.game, save.created)
        if moves:
            self._checked[save.id] = stamp
        return save

    def load(self, save_id: str) -> SaveFile:
        """The save named `save_id`, every move of it replayed (those kept for redo
        too); SaveError naming the file and the problem."""
        return self._read(self.path(save_id))

    def scan(self) -> tuple[list[SaveFile], list[Unreadable]]:
        """Every save (newest first) and every file that could not be read.

        The moves are not replayed here (a winnable Dash deal takes milliseconds to
        set up, and the home screen scans at start-up): `load` and
        `saves.replay` find a move that does not replay."""
        good: list[SaveFile] = []
        bad: list[Unreadable] = []
        try:
            entries = sorted(self.saves_dir.iterdir())
        except FileNotFoundError:
            entries = []
        except OSError as e:
            bad.append(Unreadable(self.saves_dir, "", f"The saves folder cannot be read: {_reason(e)}."))
            entries = []
        for p in entries:
            if p.name.startswith(".") or p.suffix != ".json" or not p.is_file():
                continue
            try:
                good.append(self._read(p, moves=False))
            except SaveError as e:
                bad.append(Unreadable(p, p.stem, str(e)))
        good.sort(key=lambda s: (s.updated, s.id), reverse=True)
        self.problems = bad
        return good, bad

    def write(self, save: SaveFile, keep_updated: bool = False) -> Path:
        """Write `save` atomically to its file and set its `updated` to now (with
        `keep_updated`, as it was: a review kept in a finished game is no play, so
        the game keeps its place in the saves browser).

        Refuses (SaveError) to overwrite a file of that name that cannot be read as a
        save, so a damaged or newer save is never lost. Raises SaveError
        "Could not save to ...: disk full" (or another reason) if the disk or folder
        will not take it; the previous file is then intact.
        """
        if not save.id:
            from saves.game import new_id

            save.id = new_id(save.game)
        path = self.path(save.id)
        self._check_overwrite(save, path)
        previous = save.updated
        # keep_updated: no play, so "last played" stays as the file says (the copy in
        # memory may be older: the autosaves set theirs on snapshots).
        save.updated = (keep_updated and (self._updated_on_disk(path) or previous)) or now_iso()
        try:
            atomic_write(path, _pretty(save))
        except SaveError:
            save.updated = previous
            raise
        try:
            st = path.stat()
            self._good[save.id] = (st.st_mtime_ns, st.st_size, save.game, save.created)
            self._checked[save.id] = (st.st_mtime_ns, st.st_size)
        except OSError:
            self._good.pop(save.id, None)
            self._checked.pop(save.id, None)
        return path

    def _updated_on_disk(self, path: Path) -> str:
        """The `updated` of the save in the file at `path`; "" when there is none."""
        try:
            return self._read(path, moves=False).updated
        except (SaveError, OSError):
            return ""

    def _check_overwrite(self, save: SaveFile, path: Path) -> None:
        try:
            st = path.stat()
        except FileNotFoundError:
            return
        except OSError as e:
            raise SaveError(f"Could not save to {path}: {_reason(e)}", path=path) from None
        if self._good.get(save.id) == (st.st_mtime_ns, st.st_size, save.game, save.created):
            return
        try:
            on_disk = self._read(path, moves=False)
        except SaveError as e:
            raise SaveError(
                f"Did not save over '{path.name}': that file cannot be read, so it was kept as it is. "
                f"({e})",
                path=path,
            ) from None
        if (on_disk.game, on_disk.created) != (save.game, save.created):
            raise SaveError(
                f"Did not save over '{path.name}': it holds another game, so it was kept as it is.",
                path=path,
            )

    def unchanged_for(self, save_id: str) -> float | None:
        try:
            return time.time() - self.path(save_id).stat().st_mtime
        except OSError:
            return None

    def delete(self, save_id: str) -> None:
        """Delete a save's file (the UI asks the player first). Missing is not an error."""
        path = self.path(save_id)
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise SaveError(f"Could not delete {path}: {_reason(e)}", path=path) from None
        self._good.pop(path.stem, None)
        self._checked.pop(path.stem, None)

    def open(self, save_id: str) -> tuple[SaveFile, Any]:
        """Load a save and replay it: (save, position at its cursor)."""
        from saves.match import replay

        save = self.load(save_id)
        return save, replay(save)

    # -- settings -------------------------------------------------------------------

    def read_settings(self) -> tuple[Settings, str | None]:
        """(settings, problem). A missing file gives the defaults and no problem; a
        file that cannot be read gives the defaults and a message for the player.
        The file is kept as it is; it is only written by `save_settings`."""
        settings, problem = self._read_small(self.settings_path, Settings, "Settings")
        self.settings_problem = problem
        return settings, problem

    def load_settings(self) -> Settings:
        """The settings (defaults if missing or unreadable; then `settings_problem`
        says why)."""
        return self.read_settings()[0]

    def save_settings(self, settings: Settings) -> Path:
        """Write the settings (atomically), replacing an unreadable file too: the
        player has just changed a setting. SaveError if the disk will not take it."""
        settings.format = FORMAT
        atomic_write(self.settings_path, _pretty(settings))
        self.settings_problem = None
        return self.settings_path

    def _read_small(self, path: Path, kind: type, label: str) -> tuple[Any, str | None]:
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return kind(), None
        except OSError as e:
            return kind(), f"{label} file {path} cannot be opened ({_reason(e)}); using the defaults."
        return parse_small(data, kind, f"{label} file {path}")

    # -- stats ----------------------------------------------------------------------

    def read_stats(self) -> tuple[Stats, str | None]:
        """(stats, problem), like `read_settings`."""
        stats, problem = self._read_small(self.stats_path, Stats, "Stats")
        self.stats_problem = problem
        return stats, problem

    def load_stats(self) -> Stats:
        """All stats (empty if missing or unreadable; then `stats_problem` says why)."""
        return self.read_stats()[0]

    def record_result(
        self,
        save: SaveFile,
        winners_for_human: bool | None,
        solo_results: dict[str, float] | None = None,
        better: dict[str, Literal["high", "low"]] | None = None,
    ) -> Recorded:
        """Count a finished game in the stats, once per save id.

        `winners_for_human`: True if the human side won, False if it lost, None for a
        draw (or a game without a human side): played, but neither won nor lost.
        A loss or a draw ends the win streak. A solo game of a competitive game
        (TOWN 77 alone) is counted as `solo` whatever it says: neither won nor lost,
        and the streak is left as it is. `solo_results` are results to keep the
        best of, by name; `better` says per name whether "high" or "low" is better
        (default: "low" for names starting fewest_/least_/lowest_/min_/shortest_/
        fastest_, else "high"). A save counted before is not counted again.

        If stats.json could not be read, it is copied aside (stats.json.unreadable-...)
        before being replaced, so nothing is lost.
        """
        if not save.over:
            raise ValueError("Only a finished game can be counted in the stats.")
        if not save.id:
            raise ValueError("Write the save first: a save without an id cannot be counted.")
        stats, problem = self.read_stats()
        if save.id in stats.counted:
            return Recorded(counted=False, stats=stats.games.get(save.game) or GameStats())
        if problem is not None and self.stats_path.exists():
            self._keep_aside(self.stats_path)
        recorded = count_result(stats, save, winners_for_human, solo_results, better)
        atomic_write(self.stats_path, _pretty(stats))
        self.stats_problem = None
        return recorded

    def _keep_aside(self, path: Path) -> None:
        stamp = now_iso().replace(":", "").replace("-", "")[:15]
        aside = path.with_name(f"{path.name}.unreadable-{stamp}")
        atomic_write(aside, path.read_bytes())


def parse_small(data: bytes, kind: type, where: str) -> tuple[Any, str | None]:
    """Settings or Stats from the bytes of `where` (e.g. "Settings file PATH"):
    (value, None), or (the defaults, why not) when they cannot be read."""
    tail = "using the defaults. It is kept as it is until you change something."
    try:
        raw = msgspec.json.decode(data)
        fmt = raw.get("format", FORMAT) if isinstance(raw, dict) else FORMAT
        if isinstance(fmt, int) and fmt > FORMAT:
            return kind(), (
                f"{where} is from a newer Houses (format {fmt}; this version "
                f"reads up to {FORMAT}); {tail}"
            )
        return msgspec.convert(raw, kind), None
    except msgspec.ValidationError as e:  # (a subclass of DecodeError: first)
        why = f"unexpected contents: {e}"
    except msgspec.DecodeError as e:
        why = _describe_decode_error(e, data)
    return kind(), f"{where} cannot be read ({why}); {tail}"


def _solo_of_a_competitive_game(save: SaveFile) -> bool:
    if len(save.seats) != 1:
        return False
    try:
        return not _game(save.game, "").cooperative
    except SaveError:
        return False


def count_result(
    stats: Stats,
    save: SaveFile,
    winners_for_human: bool | None,
    solo_results: dict[str, float] | None = None,
    better: dict[str, Literal["high", "low"]] | None = None,
) -> Recorded:
    """Count a finished game into `stats` (in memory; see Store.record_result)."""
    gs = stats.games.get(save.game) or GameStats()
    if save.id in stats.counted:
        return Recorded(counted=False, stats=gs)
    gs.played += 1
    if _solo_of_a_competitive_game(save):
        gs.solo += 1  # a score, not a result of the streak (GameStats)
    elif winners_for_human is True:
        gs.won += 1
        gs.won_no_hint += not save.hints_used
        gs.streak += 1
        gs.best_streak = max(gs.best_streak, gs.streak)
    elif winners_for_human is False:
        gs.lost += 1
        gs.streak = 0
    else:
        gs.drawn += 1
        gs.streak = 0
    new_bests = []
    if solo_results:
        gs.last = {name: float(value) for name, value in solo_results.items()}
    for name, value in (solo_results or {}).items():
        rule = (better or {}).get(name) or gs.better.get(name)
        if rule is None:
            rule = "low" if name.startswith(_LOW_PREFIXES) else "high"
        gs.better[name] = rule
        old = gs.best.get(name)
        if old is None or (value > old if rule == "high" else value < old):
            gs.best[name] = float(value)
            new_bests.append(name)
    stats.games[save.game] = gs
    stats.counted.append(save.id)
    stats.format = FORMAT
    return Recorded(counted=True, stats=gs, new_bests=new_bests)
