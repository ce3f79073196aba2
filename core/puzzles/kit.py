"""What a game provides for its puzzles (docs/architecture.md, "Puzzles").

A game with puzzles returns its kit from `Game.puzzle_kit()`; the trainer
(tui/puzzles), the generator (tools/puzzles.py) and the tests ask only this."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Generic

from core.engine import ActionT, Game, StateT
from core.puzzles.model import Puzzle


class Undecided(Exception):
    """`accepts` could not settle a move in the time a player waits (a whole deal's
    search past its budget): the move is refused as unchecked, not as wrong."""


class PuzzleKit(Generic[StateT, ActionT]):
    """A game's puzzles: how one starts, how a move in it is judged, how one is
    proved, and how they are mined from bot games. Generic over the game's state and
    action types, as its Game is: `class DashPuzzles(PuzzleKit[DashState, Play])`."""

    prefix: ClassVar[str] = ""  # of the game's puzzle ids: "HR"
    version: ClassVar[str] = ""  # the miner's version, written in each puzzle's `generator`
    # The goals this game's puzzles have, and their words for the player ({n} is
    # Puzzle.moves): {"win": "Win in {n} turns"}.
    goals: ClassVar[dict[str, str]] = {}

    def __init__(self, game: Game[StateT, ActionT, Any]) -> None:
        self.game = game

    def start(self, puzzle: Puzzle) -> StateT:
        """The puzzle's position as a state, the solver to move."""
        return self.game.from_text(puzzle.position)

    def task(self, puzzle: Puzzle) -> str:
        """The goal in the player's words: "Win in 2 turns"."""
        return self.goals[puzzle.goal].format(n=puzzle.moves)

    def shown(self, state: StateT, puzzle: Puzzle) -> list[str]:
        """What the puzzle shows beyond the solver's own view, one line each (the
        other hands, face up, in a puzzle that claims a win against those cards)."""
        return []

    def line(self, puzzle: Puzzle) -> list[ActionT]:
        """The solution as actions."""
        return [self.game.action_from_builtins(a) for a in puzzle.solution]

    def accepts(self, before: StateT, action: ActionT, puzzle: Puzzle, step: int) -> list[ActionT] | None:
        """Whether the solver's `action` at `before` (the `step`-th action of the
        line) solves: the rest of the line after it (from the line itself, or found
        anew for an equally good move the game accepts), or None: not the move.
        Raises Undecided when that cannot be settled in the time a player waits."""
        line = self.line(puzzle)
        return line[step + 1:] if step < len(line) and action == line[step] else None

    def verify(self, puzzle: Puzzle) -> str | None:
        """None when the puzzle holds (its line reaches the goal; each of the solver's
        moves is the only one that does; the replies are the best defence), else why
        not, in words."""
        raise NotImplementedError

    def mine(self, seed: int, count: int) -> Iterator[Puzzle]:
        """Puzzles from bot games started from `seed`, each verified; the same seed
        gives the same puzzles."""
        raise NotImplementedError
