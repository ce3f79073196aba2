"""A player's puzzle records (docs/architecture.md, "Puzzles"): the puzzle rating in
each game (Glicko-2), each tried puzzle's own rating as attempts moved it, streaks,
and the latest attempts, in `puzzles.json` beside the statistics.

Only the first attempt at a puzzle moves the ratings (as puzzle sites do: a retry
after a wrong move, a hint or the solution is not a second chance). Writing is
atomic; a file that cannot be read is reported and kept as it is, never written
over, until the player moves it away.
"""

from __future__ import annotations

from pathlib import Path
import msgspec

from core.puzzles.glicko2 import Rating, update
from saves.game import now_iso
from saves.model import SaveError
from saves.store import _pretty, _reason, atomic_write, parse_small

FILE = "puzzles.json"
HISTORY = 50  # attempts kept, newest last
PUZZLE_RD = 250.0  # a puzzle's deviation before its first attempt: its shipped rating is an estimate


class Attempt(msgspec.Struct):
    """One attempt at a puzzle: whether it was solved, and how the player's rating
    moved (0 after the first attempt)."""

    id: str
    game: str
    solved: bool
    change: float = 0.0
    first: bool = True
    when: str = ""


class GamePuzzles(msgspec.Struct):
    """A player's puzzles of one game: rating, counts (first attempts) and streaks."""

    rating: Rating = msgspec.field(default_factory=Rating)
    tried: int = 0
    solved: int = 0
    streak: int = 0
    best_streak: int = 0
    seen: list[str] = []  # the ids tried, in order (the next puzzle is a new one)


class PuzzleRecords(msgspec.Struct):
    format: int = 1
    games: dict[str, GamePuzzles] = {}
    # Each tried puzzle's rating as attempts moved it (its id -> rating); a puzzle
    # never tried keeps its shipped rating.
    puzzles: dict[str, Rating] = {}
    history: list[Attempt] = []
    # The puzzles of the day played: "game/date" -> solved.
    days: dict[str, bool] = {}

    def game(self, game_id: str) -> GamePuzzles:
        return self.games.get(game_id) or GamePuzzles()

    def seen(self, game_id: str) -> set[str]:
        """The ids of the game's puzzles tried already."""
        return set(self.game(game_id).seen)

    def current(self) -> dict[str, float]:
        """The tried puzzles' ratings now, for `core.puzzles.pick`."""
        return {pid: r.rating for pid, r in self.puzzles.items()}


def path_of(root: Path) -> Path:
    return Path(root) / FILE


def read(root: Path) -> tuple[PuzzleRecords, str | None]:
    """(records, None), or (empty records, why the file cannot be read): then it is
    kept as it is and `record` refuses to write over it."""
    path = path_of(root)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return PuzzleRecords(), None
    except OSError as e:
        return PuzzleRecords(), f"Puzzle records {path} cannot be opened ({_reason(e)})."
    records, problem = parse_small(data, PuzzleRecords, f"Puzzle records {path}")
    if problem is not None:
        problem = problem.split(";")[0] + "; kept as it is: move it away to start new records."
    return records, problem


def record(root: Path, game_id: str, puzzle_id: str, puzzle_rating: float, solved: bool,
           day: str | None = None) -> tuple[Attempt, GamePuzzles]:
    """Count an attempt and write the file (in the app's writer thread): the attempt
    as recorded and the game's records after it. SaveError when the file cannot be
    read (it is not written over) or written (disk full, read-only)."""
    records, problem = read(root)
    if problem is not None:
        raise SaveError(problem, path=path_of(root))
    attempt = count(records, game_id, puzzle_id, puzzle_rating, solved, day)
    atomic_write(path_of(root), _pretty(records))
    return attempt, records.game(game_id)


def count(records: PuzzleRecords, game_id: str, puzzle_id: str, puzzle_rating: float, solved: bool,
          day: str | None = None) -> Attempt:
    """The attempt counted into `records` (in memory): ratings, counts and streaks on
    a first attempt only; every attempt goes into the history."""
    mine = records.game(game_id)
    first = puzzle_id not in records.seen(game_id)
    change = 0.0
    if first:
        theirs = records.puzzles.get(puzzle_id) or Rating(puzzle_rating, PUZZLE_RD)
        after, records.puzzles[puzzle_id] = rate_attempt(mine.rating, theirs, solved)
        change = after.rating - mine.rating.rating
        mine.rating = after
        mine.tried += 1
        mine.solved += solved
        mine.streak = mine.streak + 1 if solved else 0
        mine.best_streak = max(mine.best_streak, mine.streak)
        mine.seen.append(puzzle_id)
        records.games[game_id] = mine
    if day is not None:
        records.days[f"{game_id}/{day}"] = records.days.get(f"{game_id}/{day}", False) or solved
    attempt = Attempt(puzzle_id, game_id, solved, round(change, 1), first, now_iso())
    records.history = (records.history + [attempt])[-HISTORY:]
    return attempt


def adopt(root: Path, game_id: str, rating: Rating) -> GamePuzzles:
    """A host's word for the player's rating in a game: on a host the rating is the
    host's (its puzzles' ratings move with every player's attempts), so the records
    take it over theirs (in the app's writer thread, after the attempt's `record`).
    SaveError as `record`'s."""
    records, problem = read(root)
    if problem is not None:
        raise SaveError(problem, path=path_of(root))
    mine = records.game(game_id)
    mine.rating = rating
    records.games[game_id] = mine
    atomic_write(path_of(root), _pretty(records))
    return mine


def rate_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after a first attempt: the puzzle is the
    player's opponent, solving it a win (the app's records and a host's alike)."""
    return (update(player, puzzle, 1.0 if solved else 0.0), update(puzzle, player, 0.0 if solved else 1.0))


def describe(attempt: Attempt, title: str) -> str:
    """One line of the history: "N-ABC123  Toy Nim  solved  +12"."""
    result = "solved" if attempt.solved else "failed"
    change = f"{attempt.change:+.0f}" if attempt.first else "again"
    return f"{attempt.id:<10} {title:<18} {result:<7} {change}"


def rating_words(gp: GamePuzzles) -> str:
    """"1523 (+-210)": the rating and its deviation."""
    return f"{gp.rating.rating:.0f} (+-{gp.rating.rd:.0f})"


__all__ = ["PUZZLE_RD", "Attempt", "GamePuzzles", "PuzzleRecords", "adopt", "count", "describe", "rate_attempt", "rating_words",
           "read", "record"]
