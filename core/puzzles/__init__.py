"""Puzzles of every game (docs/architecture.md, "Puzzles"): the shipped puzzles, their
ids, the puzzle of the day, Glicko-2 puzzle ratings, and the kit a game provides to
start, check and mine its own puzzles.

A puzzle is plain data (`Puzzle`); what makes it a puzzle of one game is that game's
`PuzzleKit` (`Game.puzzle_kit()`), which the generator (tools/puzzles.py) and the
trainer both ask. Nothing here imports a game's rules until a puzzle of it is used.
"""

from core.puzzles.glicko2 import Rating, update
from core.puzzles.kit import PuzzleKit, Undecided
from core.puzzles.library import BANDS, by_id, daily, load, pick
from core.puzzles.model import Puzzle, puzzle_id

__all__ = ["BANDS", "Puzzle", "PuzzleKit", "Rating", "Undecided", "by_id", "daily", "load", "pick", "puzzle_id", "update"]
