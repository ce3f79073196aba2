"""A puzzle as plain data, shipped with its game (docs/architecture.md, "Puzzles")."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import msgspec


class Puzzle(msgspec.Struct, frozen=True, kw_only=True):
    """One puzzle. The same id is the same puzzle on any install (`puzzle_id`).

    `solution` is every action from `position` to the goal, as builtins
    (`Game.action_to_builtins`), in the order they are made: the solver's (the seat
    `seat`) and the other seats' replies, which the trainer plays by itself. Which is
    whose is read from the position (`State.to_move`), not stored."""

    id: str
    game: str  # the game's id (core.GAMES)
    goal: str  # a key of the game's `PuzzleKit.goals` ("win", "knockout" ...)
    moves: int  # N of the goal's words: the solver's turns (or plays) it takes
    position: str  # the start, in the game's notation (`Game.from_text`)
    seat: int  # the solver's seat
    solution: list[Any]
    band: str  # "easy", "medium" or "hard" (BANDS)
    rating: float  # the puzzle's starting rating, on the Glicko-2 scale (1500 in the middle)
    themes: tuple[str, ...] = ()  # what it teaches: "far-row upgrade", "blood bond" ...
    generator: str = ""  # the miner and its version: "house-rules/1"
    seed: int = 0  # the generator's seed it came from (tools/puzzles.py reproduces it)
    # The opponent's mistake that made the puzzle, where there is one: the position it
    # was made from and the move (builtins). The trainer shows it played, then the
    # solver moves from `position`.
    before: str = ""
    mistake: Any = None


def puzzle_id(prefix: str, position: str, solution: list[Any]) -> str:
    """A short id from what the puzzle is (its game's `PuzzleKit.prefix`, its position
    and its line): "HR-K3M9QA". Stable across installs and versions of the list."""
    digest = hashlib.sha256(msgspec.json.encode([position, solution])).digest()
    return f"{prefix}-{base64.b32encode(digest).decode()[:6]}"
