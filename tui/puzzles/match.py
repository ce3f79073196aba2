"""A puzzle as a match (saves.match): the game screen drives it as any local game
against bots, and the match makes it a puzzle. It starts from the puzzle's position
(not a seed), writes no save, takes no move back, and knows the puzzle's line:

- the other seats are "bots" whose move is the line's next one (`bot`), and so is
  the player's own seat while the solution is shown, or the opponent's mistake;
- a move of the player's that is legal but does not solve is refused by `check`
  like an illegal one, in words ("Not the winning move"), and nothing changes; one
  the kit cannot settle in time (Undecided) is refused as unchecked, not counted wrong;
- the line played out is the end (`next` says OVER; the screen's puzzle takes it,
  tui/puzzles/play.py), and nothing is counted in the statistics (`result`).
"""

from __future__ import annotations

import time
from typing import Any, Callable

import saves
from core import GAMES
from core.engine import AnyState, IllegalAction, Refusal, RefusalKind, said
from core.puzzles import Puzzle, Undecided
from saves.match import Next, Played, Steps, Turn

INTRO, SOLVING, SHOWING, DONE = "intro", "solving", "showing", "done"
WRONG = "Not the winning move."
UNCHECKED = "Could not check that play in time: try another."


class LineBot:
    """The line's next action, given as a bot's answer (no search)."""

    def __init__(self, action: Any) -> None:
        self.action = action

    def choose(self, view: AnyState, budget_s: float) -> Any:
        return self.action


class PuzzleMatch(saves.Match):
    """One puzzle in play. `phase`: INTRO while the opponent's mistake is still to be
    shown, SOLVING while the player looks for the moves, SHOWING while the solution
    plays itself, DONE once the line is played out."""

    undoable = False

    def __init__(self, puzzle: Puzzle) -> None:
        game = GAMES[puzzle.game]
        self.kit = game.puzzle_kit()
        self.puzzle = puzzle
        # The opponent's mistake: one action, or a list of them (a turn of several).
        self.mistake: list[Any] = []
        if puzzle.before and puzzle.mistake is not None:
            start = game.from_text(puzzle.before)
            made = puzzle.mistake if isinstance(puzzle.mistake, list) else [puzzle.mistake]
            self.mistake = [game.action_from_builtins(a) for a in made]
        else:
            start = self.kit.start(puzzle)
        seats = [saves.Seat("You") if i == puzzle.seat else saves.Seat("Opponent" if start.seats == 2 else
                                                                         f"Seat {i + 1}", "bot", "normal")
                 for i in range(start.seats)]
        save = saves.SaveFile(format=saves.FORMAT, app_version="", game=puzzle.game, seats=seats, options={},
                              seed=0, actions=[], cursor=0, created="", updated="", summary=puzzle.id)
        super().__init__(save, start, steps=Steps(start.clone()))
        self.phase = INTRO if self.mistake else SOLVING
        self.line: list[Any] = self.kit.line(puzzle)
        self.rest: list[Any] = list(self.line)  # what is still to be played of the line
        self.played: list[Any] = []  # the line's actions played so far (the mistake not)
        self.failed = False  # a wrong move, a hint or the solution: the attempt is lost
        self.reported = False  # the attempt's result was handed on (tui/puzzles/report.py)
        self.solved = False
        self.reached = False  # the player played the line to its end (after help, maybe)
        self.start_cursor = len(self.mistake)  # the puzzle's position
        self.on_wrong: Callable[[], None] | None = None  # told of each move refused as not solving
        self.on_played: Callable[[], None] | None = None  # told after every move
        self._judged: tuple[int, Any, list[Any]] | None = None  # (token, action, rest): checked, not yet played
        self.started = time.monotonic()  # the attempt's time, for a host's puzzle of the day (report.py)

    @property
    def seat(self) -> int:
        return self.puzzle.seat

    def solver_to_move(self) -> bool:
        return self.state.to_move == self.puzzle.seat and not self.state.over

    def line_over(self) -> bool:
        return self.phase == DONE or self.state.over or (self.phase != INTRO and not self.rest)

    # -- who moves ---------------------------------------------------------------------

    def is_bot(self, seat: int | None) -> bool:
        """The puzzle's other seats play the line by themselves; so does the player's
        own while the solution is shown."""
        return seat is not None and (seat != self.puzzle.seat or self.phase in (INTRO, SHOWING))

    def next_auto(self) -> Any:
        """The action that plays by itself next (the mistake, a reply, the solution's
        next step), or None."""
        if self.phase == INTRO:
            return self.mistake[self.save.cursor]
        if self.rest and (self.phase == SHOWING or not self.solver_to_move()):
            return self.rest[0]
        return None

    def next(self, viewer: int | None, hides_hands: bool = True) -> Next:
        if self.line_over():
            return Next(Turn.OVER)
        return super().next(viewer, hides_hands)

    def bot(self, level: str, seed: int) -> Any:
        return LineBot(self.next_auto())

    # -- the player's moves --------------------------------------------------------------

    def judge(self, action: Any) -> list[Any] | None:
        """The rest of the line if the player's `action` solves, else None."""
        return self.kit.accepts(self.state.clone(), action, self.puzzle, len(self.played))

    def check(self, action: Any) -> Refusal | None:
        refusal = super().check(action)
        if refusal is not None or self.phase != SOLVING or not self.solver_to_move():
            return refusal
        try:
            rest = self.judge(action)
        except Undecided:  # not a wrong move: nothing is lost, nothing changes
            return Refusal(RefusalKind.NOT_LEGAL, f"{UNCHECKED} t hint, o solution.")
        if rest is None:
            self.wrong()
            return Refusal(RefusalKind.NOT_LEGAL, f"{WRONG} Try again: t hint, o solution.")
        self._judged = (self.token, action, rest)
        return None

    def wrong(self) -> None:
        self.failed = True
        if self.on_wrong is not None:
            self.on_wrong()

    def play(self, action: Any) -> Played:
        rest: list[Any] | None = None
        if self.phase == SOLVING and self.solver_to_move():
            judged, self._judged = self._judged, None
            if judged is not None and judged[0] == self.token and judged[1] == action:
                rest = judged[2]
            else:  # not asked through `check`: an action the screen made for the player (a forced pass)
                try:
                    rest = self.judge(action)
                except Undecided:
                    raise IllegalAction(UNCHECKED) from None
            if rest is None:
                self.wrong()
                raise IllegalAction(WRONG)
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
        if self.phase == INTRO:  # the mistake played out: the puzzle's position now
            self.phase = SOLVING if self.save.cursor >= self.start_cursor else INTRO
        else:
            self.played.append(action)
            self.rest = rest if rest is not None else self.rest[1:]
        if self.on_played is not None:
            self.on_played()
        return self.last

    def go_to(self, cursor: int) -> Any:
        """Back to the puzzle's position (a game's own restart key) while solving: the
        line starts again; no other cursor is allowed in a puzzle."""
        if self.phase != SOLVING:
            return self.state
        cursor = self.start_cursor
        self.state = self.steps().position(cursor)
        self.save.cursor = cursor
        self.save.over = bool(self.state.over)
        self.token += 1
        self.last = None
        self.rest, self.played = list(self.line), []
        return self.state

    # -- what the screen says and counts ---------------------------------------------------

    def end_words(self) -> str:
        if self.solved:
            return "Solved"
        return "Solved, after help or a wrong move" if self.reached else "Line shown"

    def status(self, ellipsis: str = "...") -> str | None:
        """The puzzle's prompt (None: the game's own, a reply on its way)."""
        if self.phase == DONE:
            return f"{self.end_words()}. left/right step through it, y replays, n next puzzle, q puzzles."
        if self.phase == INTRO:
            return f"The opponent moves{ellipsis}"
        if self.phase == SHOWING:
            return f"The solution{ellipsis}"
        if self.solver_to_move():
            return f"{self.kit.task(self.puzzle)}: your move. t hint, o solution."
        return None

    def result(self) -> None:
        return None  # a puzzle counts in the puzzle records (tui/puzzles/report.py), not the statistics
