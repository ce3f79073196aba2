"""The shipped puzzles: each game's `puzzles.json` inside its own package (so a wheel
carries it), read once, and what is chosen from them: a puzzle by id, the puzzle of
the day, the next puzzle near a player's rating (docs/architecture.md, "Puzzles")."""

from __future__ import annotations

import datetime
import functools
import hashlib
import importlib.util
import random
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from core.puzzles.model import Puzzle

BANDS = ("easy", "medium", "hard")
FILE = "puzzles.json"  # beside the game's rules, in its package
NEAR = 8  # `pick` draws among this many unseen puzzles nearest the player's rating


@functools.cache
def load(game_id: str) -> tuple[Puzzle, ...]:
    """The game's shipped puzzles, in the file's order; none for a game without."""
    from core import GAMES

    module = GAMES.info(game_id).module
    # The package's folder, found without running the package (by_id looks in every
    # game's file: it need not import every game's rules); resources where it is no folder.
    spec = importlib.util.find_spec(module)
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    path: Any = Path(folders[0]) / FILE if folders else resources.files(module).joinpath(FILE)
    if not path.is_file():
        return ()
    return tuple(msgspec.json.decode(path.read_bytes(), type=list[Puzzle]))


def by_id(puzzle_id: str) -> Puzzle | None:
    """The puzzle with this id (any case), in whichever game has it."""
    from core import GAMES

    wanted = puzzle_id.strip().upper()
    for game_id in GAMES:
        for puzzle in load(game_id):
            if puzzle.id.upper() == wanted:
                return puzzle
    return None


def daily(game_id: str, date: datetime.date) -> Puzzle | None:
    """The game's puzzle of the day: the same for everybody with the same puzzles, a
    middle-band one where there are."""
    puzzles = load(game_id)
    pool = [p for p in puzzles if p.band == "medium"] or list(puzzles)
    if not pool:
        return None
    digest = hashlib.sha256(f"{game_id}/{date.isoformat()}".encode()).digest()
    return pool[int.from_bytes(digest[:8], "big") % len(pool)]


def pick(game_id: str, rating: float, seen: set[str], rng: random.Random,
         current: Mapping[str, float] | None = None) -> Puzzle | None:
    """A puzzle of the game the player has not tried (all again once every one is
    seen), among the `NEAR` nearest `rating`; `current` gives puzzles' ratings as
    attempts moved them (else their shipped one)."""
    puzzles = load(game_id)
    pool = [p for p in puzzles if p.id not in seen] or list(puzzles)
    if not pool:
        return None
    now = current or {}
    pool.sort(key=lambda p: (abs(now.get(p.id, p.rating) - rating), p.id))
    return rng.choice(pool[:NEAR])
