"""The types of host.storage: the `Storage` interface, its records and errors
(the package docstring says what is kept)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

import saves
from saves.db import DatabaseError


class StorageError(DatabaseError):
    """The database could not do what was asked; `str()` says why, for the log or
    the player. Nothing was half done."""


class StaleCursor(StorageError):
    """An action chosen at a cursor that has moved on (another host or player moved
    first): refused, nothing written."""


@dataclass
class StoredTable:
    """One shared table as kept: its code, its save (all actions), when it was last
    active (epoch seconds), and whether it is closed (archived)."""

    code: str
    save: saves.SaveFile
    last_active: float
    closed: bool = False


@dataclass(frozen=True)
class Rating:
    player: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class DailyResult:
    player: str
    game: str
    day: str  # ISO date, "2026-12-01"
    won: bool
    moves: int
    hints: int
    rank: str | None  # TOWN 77's rank word, None for other games


@dataclass(frozen=True)
class PuzzleRating:
    """A player's puzzle rating in one game (Glicko-2), and their first attempts."""

    player: str
    rating: float
    rd: float
    volatility: float
    tried: int
    solved: int


@dataclass(frozen=True)
class PuzzleCounted:
    """What an attempt at a puzzle did: `first` (the player's first at that puzzle:
    the ratings moved), the player's rating after it and its change, and the
    player's result of the puzzle of the day (None: not the day's puzzle)."""

    first: bool
    rating: PuzzleRating
    change: float
    daily: DailyPuzzleResult | None = None


@dataclass(frozen=True)
class DailyPuzzleResult:
    """A player's puzzle of the day: the tries up to the first solve (or all of them
    while unsolved) and the seconds they took together."""

    player: str
    game: str
    day: str
    puzzle: str
    tries: int
    solved: bool
    seconds: float


class Storage(ABC):
    """The host's storage. Names: `player` is a valid player name
    (host.accounts.valid_name), `code` a table's code, `game` a game id."""

    url: str  # where it is, for messages (no password)

    # -- players and keys ---------------------------------------------------------
    @abstractmethod
    def add_player(self, player: str) -> bool:
        """Make a player known; True if new."""

    @abstractmethod
    def players(self) -> list[str]: ...

    @abstractmethod
    def add_key(self, player: str, key_line: str) -> bool:
        """Keep one public key of a player (their OpenSSH line); True if new."""

    @abstractmethod
    def keys(self) -> dict[str, list[str]]:
        """Every player's key lines."""

    @abstractmethod
    def remove_key(self, player: str, key_line: str) -> bool:
        """Forget one key line of a player; True if it was kept."""

    # -- each player's saves, settings and stats ---------------------------------------
    @abstractmethod
    def read_doc(self, player: str, kind: str, name: str = "") -> bytes | None:
        """A player's document: kind "save" (name: the save id), "settings" or
        "stats" (name ""). None when there is none."""

    @abstractmethod
    def write_doc(self, player: str, kind: str, name: str, data: bytes) -> None: ...

    @abstractmethod
    def delete_doc(self, player: str, kind: str, name: str = "") -> None: ...

    @abstractmethod
    def docs(self, player: str, kind: str) -> list[tuple[str, bytes]]:
        """All of a player's documents of a kind, (name, data), by name."""

    # -- shared tables ------------------------------------------------------------------
    @abstractmethod
    def create_table(self, code: str, save: saves.SaveFile, now: float) -> None:
        """A new table (its actions too); StorageError if the code is taken."""

    @abstractmethod
    def update_table(self, code: str, save: saves.SaveFile, now: float) -> None:
        """The table's save without its actions (seats taken, summary, over)."""

    @abstractmethod
    def append_action(self, code: str, cursor: int, action: Any, save: saves.SaveFile, now: float) -> None:
        """One move, in one transaction: `action` (builtins) chosen at `cursor`
        becomes move `cursor + 1`, with the save's other fields. StaleCursor if the
        table's cursor is no longer `cursor`; nothing is written then."""

    @abstractmethod
    def load_table(self, code: str) -> StoredTable | None: ...

    @abstractmethod
    def table_codes(self) -> set[str]:
        """The codes of every table kept, open or closed (a new table takes another)."""

    @abstractmethod
    def open_tables(self) -> list[StoredTable]:
        """Every table not closed."""

    @abstractmethod
    def close_table(self, code: str, now: float) -> None:
        """Archive a table (kept, no longer open)."""

    @abstractmethod
    def set_away(self, code: str, seat: int, away: bool) -> None: ...

    @abstractmethod
    def away(self, code: str) -> set[int]:
        """The seats marked away."""

    @abstractmethod
    def add_watcher(self, code: str, player: str) -> None: ...

    @abstractmethod
    def remove_watcher(self, code: str, player: str) -> None: ...

    @abstractmethod
    def watchers(self, code: str) -> list[str]: ...

    # -- ratings ------------------------------------------------------------------------
    @abstractmethod
    def rating(self, game: str, player: str) -> tuple[float, float, int] | None:
        """(mu, sigma, games rated) or None if never rated."""

    @abstractmethod
    def set_ratings(self, game: str, table_code: str, ratings: dict[str, tuple[float, float]]) -> bool:
        """The new ratings after one table, in one transaction, each player's games
        counted up by one. Once per table: False (nothing changed) if that table was
        rated before."""

    @abstractmethod
    def leaderboard(self, game: str, limit: int = 20) -> list[Rating]:
        """Best first, by mu - 3 sigma (a rating the player has surely earned)."""

    # -- daily results ------------------------------------------------------------------
    @abstractmethod
    def record_daily(self, player: str, game: str, day: str, won: bool, moves: int, hints: int,
                     rank: str | None = None) -> bool:
        """A player's result of the day's deal; the first one counts: False if that
        player has one for that game and day already."""

    @abstractmethod
    def daily_results(self, game: str, day: str) -> list[DailyResult]:
        """That day's results: winners first, then fewer hints, then fewer moves."""

    @abstractmethod
    def daily_history(self, player: str, game: str) -> list[DailyResult]:
        """A player's daily results for a game, newest day first (for a streak)."""

    # -- puzzles (issue 24) ------------------------------------------------------------------
    @abstractmethod
    def record_puzzle_attempt(self, player: str, game: str, puzzle: str, puzzle_rating: float, solved: bool,
                              attempt: str, day: str | None = None, seconds: float = 0.0) -> PuzzleCounted | None:
        """One attempt, in one transaction. `attempt` is its key (the app's, unique per
        attempt): the same key again is the same attempt, counted once (None then).
        The ratings move on the player's first attempt at the puzzle only
        (saves.puzzles.rate_attempt; `puzzle_rating` is its shipped one, for a puzzle
        never tried on this host). `day`: the attempt is at that day's puzzle of
        `game`: a try more, until it is solved."""

    @abstractmethod
    def puzzle_rating(self, game: str, player: str) -> PuzzleRating | None: ...

    @abstractmethod
    def puzzle_leaderboard(self, game: str, limit: int = 20, provisional_rd: float = 110.0) -> list[PuzzleRating]:
        """Best first: the players whose rating is sure (rd under `provisional_rd`),
        then the provisional ones, each by rating."""

    @abstractmethod
    def puzzle_of_host(self, puzzle: str) -> tuple[float, float, int, int] | None:
        """A puzzle's rating as this host's attempts moved it: (rating, rd, tried,
        solved), None when nobody tried it here."""

    @abstractmethod
    def daily_puzzle_results(self, game: str, day: str) -> list[DailyPuzzleResult]:
        """That day's puzzle results: solved first, then fewer tries, then less time."""

    @abstractmethod
    def daily_puzzle_history(self, player: str, game: str) -> list[DailyPuzzleResult]:
        """A player's puzzles of the day of a game, newest day first (for a streak)."""

    # -- the rest ------------------------------------------------------------------------
    @abstractmethod
    def get_meta(self, key: str) -> str | None: ...

    @abstractmethod
    def set_meta(self, key: str, value: str) -> None: ...

    @abstractmethod
    def close(self) -> None:
        """Let go of the connections."""
