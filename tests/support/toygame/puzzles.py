"""Toy Nim's puzzles (core/puzzles): "take the last counter in N turns". The solver
is to move after the opponent's mistake (a take that left a heap not a multiple of
four); the only winning take leaves a multiple of four, and the opponent's best
defence is to take one (the longest line). The trainer's tests play these."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from core.puzzles import Puzzle, PuzzleKit, puzzle_id

if TYPE_CHECKING:
    from toygame import NimState, Take  # which imports this module

MOST = 3


class NimKit(PuzzleKit["NimState", "Take"]):
    prefix = "N"
    version = "1"
    goals = {"win": "Take the last counter in {n} turns"}

    def verify(self, puzzle: Puzzle) -> str | None:
        state = self.start(puzzle)
        for step, action in enumerate(self.line(puzzle)):
            if state.to_move == puzzle.seat:
                winning = [n for n in range(1, min(MOST, state.heap) + 1) if (state.heap - n) % (MOST + 1) == 0]
                if winning != [action.count]:
                    return f"Move {step + 1} is not the only winning take."
            state.apply(action)
        return None if state.over and state.outcome.winners == (puzzle.seat,) else "The line does not win."

    def mine(self, seed: int, count: int) -> Iterator[Puzzle]:
        for heap in range(seed, seed + count):
            yield make(heap)


def line_from(heap: int) -> list[dict[str, Any]]:
    """The solver's only winning takes and the opponent's longest defence (take one)."""
    line, solver = [], True
    while heap:
        take = heap % (MOST + 1) if solver else 1
        line.append({"type": "take", "count": take})
        heap -= take
        solver = not solver
    return line


def make(heap: int, mistake: int = 1) -> Puzzle:
    """The puzzle at `heap` (not a multiple of four) for seat 1, after the second
    seat took `mistake` from heap + mistake."""
    position = f"heap {heap} to-move 1"
    line = line_from(heap)
    turns = (len(line) + 1) // 2
    band = "easy" if turns == 1 else "medium" if turns == 2 else "hard"
    return Puzzle(id=puzzle_id(NimKit.prefix, position, line), game="toy-nim", goal="win", moves=turns,
                  position=position, seat=0, solution=line, band=band, rating=1100.0 + 300 * turns,
                  themes=("multiple of four",), generator="toy-nim/1", seed=heap,
                  before=f"heap {heap + mistake} to-move 2", mistake={"type": "take", "count": mistake})
