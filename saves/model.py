"""The shapes of the files saves writes: save files, settings and stats.

Every file carries `format`, the version of its shape. `FORMAT` is the one this
version of Houses writes and the newest it reads; a file with a higher number is
from a newer Houses and is left alone.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

# The one place the file format number lives (save files, settings and stats).
FORMAT = 1


class SaveError(Exception):
    """A save (or the save folder) could not be read or written.

    `str(error)` is a message for players: it names the file and the problem, and
    says what was done about it. `path` is the file concerned (or None) and `move`
    the 1-based move number when a move failed to replay.
    """

    def __init__(self, message: str, *, path: Any = None, move: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.move = move


class Seat(msgspec.Struct):
    """Who sits at one seat: a person or a computer player at some level."""

    name: str
    kind: Literal["human", "bot"] = "human"
    level: str | None = None


class SaveFile(msgspec.Struct):
    """One game, as a list of actions from a seed (docs/architecture.md, "Saves").

    `actions` holds every action as builtins (`GAME.action_to_builtins(a)`);
    the first `cursor` of them are in force, any after it are kept for redo.
    `id` is the file's stem; on load it is always taken from the file name.
    """

    format: int
    app_version: str
    game: str
    seats: list[Seat]
    options: dict[str, Any]
    seed: int
    actions: list[Any]
    cursor: int
    created: str
    updated: str
    over: bool = False
    summary: str = ""
    id: str = ""
    # With several people at the table: whether the game was opened with hints on
    # (solo and against bots hints are always on). Older saves: off.
    hints: bool = False
    # Hints shown in this game (statistics count the games won without one).
    hints_used: int = 0
    # The coach's review of the finished game (tui/screens/review.py): plain data,
    # `core.ai.coach.Review.to_builtins` plus "moves" and "of" (which moves it judged).
    # Any, not a typed struct: a review that cannot be read is reported and made
    # again, and never makes the save itself unreadable. Older saves: None.
    review: Any = None

    def copy(self) -> SaveFile:
        """A copy with its own actions and seats: play goes on beside it (the host's
        writer thread, a player's copy of a table)."""
        return msgspec.structs.replace(self, actions=list(self.actions),
                                       seats=[msgspec.structs.replace(s) for s in self.seats])


class Settings(msgspec.Struct):
    """The player's preferences. Unknown keys in the file are ignored, missing ones
    take these defaults, so older and newer files both read."""

    format: int = FORMAT
    theme: str = "textual-dark"
    ascii: bool = False
    anim: bool = True
    player_name: str = "You"
    # How long the coach may think about a hint (the t key), in seconds.
    hint_budget_s: float = 1.0
    # game id -> the values of the last new-game form for that game
    last_new_game: dict[str, dict[str, Any]] = msgspec.field(default_factory=dict)


class GameStats(msgspec.Struct):
    """Results of the finished games of one game id.

    `streak` is the current run of wins (a loss or a draw ends it), `best_streak`
    the longest ever. `solo` counts solo games of a game played against others
    (TOWN 77 alone): a score to beat, not a win or a loss, so they are in `played`
    but not in `won`/`lost`/`drawn`, and they leave the streak as it is. (A solo
    Icehouse Dash is the cooperative game with one player: won or lost.) `best` holds the best solo results by name, e.g.
    {"best_trees": 5, "fewest_cards_left": 2}; `better` says for each name whether
    higher or lower is better; `last` the results of the latest solo game counted.
    """

    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    streak: int = 0
    best_streak: int = 0
    won_no_hint: int = 0  # games won without a hint
    solo: int = 0  # solo games of a competitive game: neither won nor lost, streak untouched
    best: dict[str, float] = msgspec.field(default_factory=dict)
    better: dict[str, Literal["high", "low"]] = msgspec.field(default_factory=dict)
    last: dict[str, float] = msgspec.field(default_factory=dict)


class Stats(msgspec.Struct):
    """All stats: per game id, plus the ids of the saves already counted, so a
    finished game is counted once however often it is resumed or replayed."""

    format: int = FORMAT
    games: dict[str, GameStats] = msgspec.field(default_factory=dict)
    counted: list[str] = msgspec.field(default_factory=list)

    def get(self, game_id: str) -> GameStats:
        """The stats of `game_id` (zeros if it was never played)."""
        return self.games.get(game_id) or GameStats()


class Recorded(msgspec.Struct):
    """What `Store.record_result` did: whether the game was counted now (False if it
    had been counted before), the game's stats after it, and the names of the solo
    results that are new bests."""

    counted: bool
    stats: GameStats
    new_bests: list[str] = msgspec.field(default_factory=list)
