"""A puzzle as a match (saves.match): the game screen drives it as any local game,
but it starts from the puzzle's position (not a seed), writes no save, takes no move
back, and knows the puzzle's line: which action is next, which seats are the
puzzle's (played by the line, as bots would), and whether the player's action solves
(`PuzzleKit.accepts`)."""

from __future__ import annotations

import time
from typing import Any

import saves
from core import GAMES
from core.engine import said
from core.puzzles import Puzzle
from saves.match import Played, Steps

INTRO, SOLVING, SHOWING, DONE = "intro", "solving", "showing", "done"


class PuzzleMatch(saves.Match):
    """One puzzle in play. `phase`: INTRO while the opponent's mistake is still to be
    shown, SOLVING while the player looks for the moves, SHOWING while the solution
    plays itself, DONE once the line is played out."""

    undoable = False

    def __init__(self, puzzle: Puzzle) -> None:
        game = GAMES[puzzle.game]
        self.kit = game.puzzle_kit()
        self.puzzle = puzzle
        self.mistake: Any = None
        if puzzle.before and puzzle.mistake is not None:
            start = game.from_text(puzzle.before)
            self.mistake = game.action_from_builtins(puzzle.mistake)
        else:
            start = self.kit.start(puzzle)
        seats = [saves.Seat("You") if i == puzzle.seat else saves.Seat("Opponent" if start.seats == 2 else
                                                                         f"Seat {i + 1}", "bot", "normal")
                 for i in range(start.seats)]
        save = saves.SaveFile(format=saves.FORMAT, app_version="", game=puzzle.game, seats=seats, options={},
                              seed=0, actions=[], cursor=0, created="", updated="", summary=puzzle.id)
        super().__init__(save, start, steps=Steps(start.clone()))
        self.phase = INTRO if self.mistake is not None else SOLVING
        self.line: list[Any] = self.kit.line(puzzle)
        self.rest: list[Any] = list(self.line)  # what is still to be played of the line
        self.played: list[Any] = []  # the line's actions played so far (the mistake not)
        self.failed = False  # a wrong move, a hint or the solution: the attempt is lost
        self.reported = False  # the attempt's result was handed on (tui/puzzles/report.py)
        self.solved = False
        self.reached = False  # the player played the line to its end (after help, maybe)
        self.start_cursor = 1 if self.mistake is not None else 0  # the puzzle's position
        self.started = time.monotonic()  # the attempt's time, for a host's puzzle of the day (report.py)

    @property
    def seat(self) -> int:
        return self.puzzle.seat

    def solver_to_move(self) -> bool:
        return self.state.to_move == self.puzzle.seat and not self.state.over

    def next_auto(self) -> Any:
        """The action that plays by itself next (the mistake, a reply, the solution's
        next step), or None."""
        if self.phase == INTRO:
            return self.mistake
        if self.rest and (self.phase == SHOWING or not self.solver_to_move()):
            return self.rest[0]
        return None

    def judge(self, action: Any) -> list[Any] | None:
        """The rest of the line if the player's `action` solves, else None."""
        return self.kit.accepts(self.state.clone(), action, self.puzzle, len(self.played))

    def advance(self, action: Any, rest: list[Any] | None = None) -> None:
        """`action` is about to be played: the line moves on (`rest` after a judged
        move of the player)."""
        if self.phase == INTRO:
            self.phase = SOLVING
            return
        self.played.append(action)
        self.rest = rest if rest is not None else self.rest[1:]

    def play(self, action: Any) -> Played:
        state, seat = self.state, self.state.to_move
        text = said(state.describe(action), self.names())
        steps = self.steps()
        steps.cut(self.save.cursor)
        mark = state.clone() if steps.wants_mark() else None
        state.apply(action)  # IllegalAction: nothing changed
        steps.add(seat, action, mark)
        self.save.actions = self.save.actions[:self.save.cursor] + [self.game.action_to_builtins(action)]
        self.save.cursor += 1
        self.save.over = bool(state.over)
        self.token += 1
        self.last = Played(seat, action, text, self.save.cursor)
        return self.last

    def go_to(self, cursor: int) -> Any:
        """Back to the puzzle's position (a game's own restart key): the line starts
        again; any later cursor is not allowed in a puzzle."""
        cursor = self.start_cursor if self.phase != INTRO else 0
        self.state = self.steps().position(cursor)
        self.save.cursor = cursor
        self.save.over = bool(self.state.over)
        self.token += 1
        self.last = None
        self.rest, self.played = list(self.line), []
        return self.state
