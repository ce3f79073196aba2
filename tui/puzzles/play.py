"""A puzzle on the game's own screen (docs/architecture.md, "Puzzles"): the screen
class of the game with `PuzzlePlay` in front of it, so the widgets and keys are the
game's, and the puzzle's parts are added: a head line (the id, the task, the rating,
what the puzzle shows beyond the player's view), the opponent's mistake and replies
played by themselves, each of the player's actions judged by the game's PuzzleKit
before it stands ("Not the winning move": nothing changes, try again), `t` showing
the line's next move through the game's own hint display, `o` playing the solution
out, and once solved the line to step through (left/right) or replay (`r`), `n` for
the next puzzle. Nothing here names a game: it asks the kit and the Game protocol."""

from __future__ import annotations

import random
import threading
from types import SimpleNamespace
from typing import Any

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from core.puzzles import Puzzle
from tui.puzzles.match import DONE, INTRO, SHOWING, SOLVING, PuzzleMatch

WRONG = "Not the winning move."

BINDINGS = [
    Binding("o", "solution", "Solution", id="puzzle.solution", tooltip="show the solution (plays the line out)"),
    Binding("r", "replay_line", "Replay", id="puzzle.replay", tooltip="replay the solved puzzle's line"),
    Binding("n", "next_puzzle", "Next puzzle", id="puzzle.next", tooltip="the next puzzle near your rating"),
]

_CLASSES: dict[type, type] = {}


def puzzle_screen_class(screen_class: type) -> type:
    """The game's screen class with the puzzle's part in front (one per game)."""
    made = _CLASSES.get(screen_class)
    if made is None:
        made = type(f"Puzzle{screen_class.__name__}", (PuzzlePlay, screen_class), {"BINDINGS": BINDINGS})
        _CLASSES[screen_class] = made
    return made


class PuzzlePlay:
    """The puzzle's part of a game screen (put in front of the game's class by
    `puzzle_screen_class`). `match` is a PuzzleMatch."""

    match: PuzzleMatch
    app: Any
    state: Any
    replay: bool
    replay_at: int

    def __init__(self, puzzle: Puzzle, daily: bool = False) -> None:
        match = PuzzleMatch(puzzle)
        super().__init__(match.save, match.state)  # type: ignore[call-arg]
        self.use_match(match)  # type: ignore[attr-defined]
        self.viewer = puzzle.seat
        self.puzzle = puzzle
        self.daily = daily
        self.result_words = ""  # the rating's change, once the attempt is counted
        self.pause = 0.0  # the pause before an action plays by itself (the app's bot delay)
        self._fresh_choice: Any = None
        # The game screen writes a fresh game's summary at mount: this one is named
        # already, so nothing is saved.
        match.save.summary = self.summary()  # type: ignore[attr-defined]

    @property
    def kit(self) -> Any:
        return self.match.kit

    # -- what the player reads --------------------------------------------------------

    def compose(self) -> Any:
        yield Static("", id="puzzle-head", markup=False)
        yield from super().compose()  # type: ignore[misc]

    def on_mount(self) -> None:
        # (Textual calls each class's on_mount: the game's and GameScreen's follow.)
        self.pause = self.app.bot_delay
        self._fresh_choice = self.choice  # type: ignore[attr-defined]
        self.show_head()

    def head_lines(self) -> list[str]:
        p, match = self.puzzle, self.match
        first = f"Puzzle {p.id}  {self.kit.task(p)}  (rating {p.rating:.0f})"
        if match.phase == DONE:
            first = f"Puzzle {p.id}  {self.end_words()}  {self.result_words}".rstrip()
        lines = [first]
        lines += self.kit.shown(self.match.state, p)
        return lines

    def end_words(self) -> str:
        match = self.match
        if match.solved:
            return "Solved"
        return "Solved, after help or a wrong move" if match.reached else "Line shown"

    def show_head(self) -> None:
        for head in self.query("#puzzle-head"):  # type: ignore[attr-defined]
            head.update(Content("\n".join(self.head_lines())))

    def say_game_prompt(self) -> None:
        match = self.match
        if match.phase == DONE:
            words = f"{self.end_words()}."
            self.say(f"{words} left/right step through it, r replays, n next puzzle, q back.")  # type: ignore[attr-defined]
        elif match.phase == INTRO:
            self.say("The opponent moves" + self.app.glyphs["ellipsis"])  # type: ignore[attr-defined]
        elif match.phase == SHOWING:
            self.say("The solution" + self.app.glyphs["ellipsis"])  # type: ignore[attr-defined]
        elif match.solver_to_move():
            self.say(f"{self.kit.task(self.puzzle)}: your move. t hint, o solution.")  # type: ignore[attr-defined]
        else:
            super().say_game_prompt()  # type: ignore[misc]

    def summary(self) -> str:
        return f"Puzzle {self.puzzle.id}"

    # -- the moves -----------------------------------------------------------------------

    def submit(self, action: Any) -> bool:
        match = self.match
        if match.phase == SOLVING and self.my_turn() and match.check(action) is None:  # type: ignore[attr-defined]
            rest = match.judge(action)
            if rest is None:
                self.wrong()
                return False
            self._accepted = (match.token, rest)
        return super().submit(action)  # type: ignore[misc]

    _accepted: tuple[int, list[Any]] | None = None

    def wrong(self) -> None:
        """A move that does not solve: refused, the position as it was, the attempt lost."""
        self.choice = self._fresh_choice  # type: ignore[attr-defined]
        self.redraw()  # type: ignore[attr-defined]
        self.say(f"{WRONG} Try again: t hint, o solution.", error=True)  # type: ignore[attr-defined]
        self.app.bell()
        self.fail()

    def _play(self, action: Any) -> None:
        match = self.match
        if match.phase == SOLVING and match.solver_to_move():
            accepted, self._accepted = self._accepted, None
            rest = accepted[1] if accepted is not None and accepted[0] == match.token else match.judge(action)
            if rest is None:  # an action the game made for the player (a forced pass)
                self.wrong()
                return
            match.advance(action, rest)
        else:
            match.advance(action)
        super()._play(action)  # type: ignore[misc]
        self.show_head()

    def serve_game_next(self) -> None:
        match = self.match
        if not self.in_play() or match.phase == DONE:  # type: ignore[attr-defined]
            return
        if match.phase != INTRO and not match.rest:
            self.line_done()
        elif match.state.over:
            self.line_done()
        elif match.next_auto() is not None:
            self.auto(match.next_auto())
        else:
            super().serve_game_next()  # type: ignore[misc]

    def start_bot(self, seat: int) -> None:
        # The puzzle's seats play the line, not a bot.
        action = self.match.next_auto()
        if action is not None:
            self.auto(action)

    def auto(self, action: Any) -> None:
        """`action` plays by itself after a short pause (so the player sees it come)."""
        token = self.match.token
        self.say_prompt()  # type: ignore[attr-defined]
        self.set_timer(max(self.pause, 0.01), lambda: self._auto_done(token, action))  # type: ignore[attr-defined]

    def _auto_done(self, token: int, action: Any) -> None:
        if not self.in_play() or token != self.match.token or self.match.phase == DONE:  # type: ignore[attr-defined]
            return
        if self.app.keys_pending():  # the player's keys first (q), then the move
            self.set_timer(0.02, lambda: self._auto_done(token, action))  # type: ignore[attr-defined]
            return
        self._play(action)

    def finish(self) -> None:
        self.line_done()

    def line_done(self) -> None:
        """The line is played out: solved (or shown), counted once, then replayable."""
        match = self.match
        if match.phase == DONE:
            return
        match.reached = match.phase == SOLVING  # the player made the last moves
        match.solved = match.reached and not match.failed
        match.phase = DONE
        self.report(match.solved)
        self.replay = True
        self.replay_at = match.save.cursor
        self.show_head()
        self.say_prompt()  # type: ignore[attr-defined]
        self.refresh_bindings()  # type: ignore[attr-defined]

    def fail(self) -> None:
        if not self.match.failed:
            self.match.failed = True
            self.report(False)

    def report(self, solved: bool) -> None:
        """The attempt's result to tui/puzzles/report.py, once (the first failure, or
        the solve)."""
        if self.match.reported:
            return
        self.match.reported = True
        from tui.puzzles.report import attempt_finished

        attempt_finished(self.app, self.puzzle, solved, list(self.match.played), daily=self.daily,
                         done=self.counted)

    def counted(self, words: str) -> None:
        """The attempt is recorded: its rating change, in the head line."""
        self.result_words = words
        if self.in_play():  # type: ignore[attr-defined]
            self.show_head()
            self.app.notify(words, title="Puzzle rating")

    # -- keys --------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phase = self.match.phase
        if action == "solution":
            return phase == SOLVING and bool(self.match.rest)
        if action in ("replay_line", "next_puzzle"):
            return phase == DONE
        if action in ("review_game", "new_game", "redo"):
            return False
        if action == "undo":
            return phase in (SOLVING, INTRO)  # pressed, it says why not
        if action == "hint" and phase == SOLVING:
            return self.match.solver_to_move() and bool(self.match.rest) and self._hint_cancel is None  # type: ignore[attr-defined]
        return super().check_action(action, parameters)  # type: ignore[misc]

    def action_undo(self) -> None:
        self.say("No undo in a puzzle: a wrong move is refused before it stands. o shows the solution.",  # type: ignore[attr-defined]
                 error=True)

    def _go_to(self, cursor: int) -> None:
        if self.match.phase != SOLVING:
            return
        super()._go_to(cursor)  # type: ignore[misc]

    def action_hint(self) -> None:
        """The line's next move, shown where the game shows a hint (enter plays it)."""
        match = self.match
        if match.phase != SOLVING or not match.solver_to_move() or not match.rest:
            return
        self.fail()
        cancel = threading.Event()
        self._hint_cancel = cancel  # type: ignore[attr-defined]
        found = SimpleNamespace(action=match.rest[0], reason="the puzzle's line goes on so")
        self._hint_found(cancel, match.token, found)  # type: ignore[attr-defined]

    def _autosave(self, save: Any) -> None:
        pass  # a puzzle is no saved game

    def action_solution(self) -> None:
        match = self.match
        if match.phase != SOLVING or not match.rest:
            return
        self.fail()
        match.phase = SHOWING
        self.forget_hint()  # type: ignore[attr-defined]
        self.choice = self._fresh_choice  # type: ignore[attr-defined]
        self.redraw()  # type: ignore[attr-defined]
        self.refresh_bindings()  # type: ignore[attr-defined]
        self.auto(match.rest[0])

    def action_replay_line(self) -> None:
        """The line again from the mistake, a move at a time."""
        self._replay_to(0)  # type: ignore[attr-defined]
        self._replay_tick()

    def _replay_tick(self) -> None:
        if not self.in_play() or self.replay_at >= self.match.save.cursor:  # type: ignore[attr-defined]
            return
        at = self.replay_at

        def step() -> None:
            if self.replay_at == at:  # the player did not step meanwhile
                self._replay_to(at + 1)  # type: ignore[attr-defined]
                self._replay_tick()

        self.set_timer(max(self.pause, 0.05), step)  # type: ignore[attr-defined]

    def action_next_puzzle(self) -> None:
        open_next(self.app, self.puzzle.game, replace=self)

    def action_home(self) -> None:
        self.stop_bot()  # type: ignore[attr-defined]
        leave(self.app, self)


def open_puzzle(app: Any, puzzle: Puzzle, daily: bool = False, replace: Any = None) -> None:
    """Play `puzzle` on its game's screen; `replace`: the puzzle screen it takes the place of."""
    from tui.games import screen_class

    if app.stopping:
        return
    try:
        screen = puzzle_screen_class(screen_class(puzzle.game))(puzzle, daily)
    except (ValueError, TypeError, KeyError) as exc:  # a puzzle its game cannot start from
        app.notify(f"Puzzle {puzzle.id} cannot be opened: {exc}", title="Could not open", severity="error")
        return
    if replace is not None and app.screen is replace:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)


def open_next(app: Any, game_id: str, replace: Any = None) -> None:
    """The next puzzle of the game: one not tried yet, near the player's rating. The
    records are read in the app's writer thread (after any attempt still being
    written), then the puzzle opens."""
    from core.puzzles import pick
    from saves import puzzles as records_file

    root = app.store.root

    def choose() -> None:
        records, _ = records_file.read(root)
        rating = records.game(game_id).rating.rating
        puzzle = pick(game_id, rating, records.seen(game_id), random.Random(), records.current())
        if puzzle is None:
            app.call_from_thread(app.notify, "No puzzles for this game.", severity="warning")
        else:
            app.call_from_thread(open_puzzle, app, puzzle, False, replace)

    app._saver.submit(choose)


def leave(app: Any, screen: Any) -> None:
    """q on a puzzle: back where it was opened from (the puzzles screen, home: each
    brings itself up to date when shown again)."""
    if app.screen is screen and len(app.screen_stack) > 1:
        app.pop_screen()
