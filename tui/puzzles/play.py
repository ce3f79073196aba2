"""A puzzle on the game's own screen (docs/architecture.md, "Puzzles"). The screen is
the game's usual class, so the widgets and keys are the game's; its match is a
PuzzleMatch (tui/puzzles/match.py: the opponent's mistake and replies play by
themselves, a move that does not solve is refused in words) and its `puzzle` hook
(GameScreen.puzzle) is a `PuzzleOnScreen`, which adds the rest: a head line (the
id, the task, the rating, what the puzzle shows beyond the player's view), `t`
showing the line's next move through the game's own hint display, `o` playing the
solution out, and once the line is played out the result recorded, the line to
step through (left/right) or replay (`y`), `n` for the next puzzle and `q` back.
Nothing here names a game: it asks the kit and the Game protocol."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from textual.content import Content
from textual.widgets import Static

from core.puzzles import Puzzle
from tui.puzzles.match import DONE, SHOWING, SOLVING, PuzzleMatch


class PuzzleOnScreen:
    """The puzzle part of a game screen that plays `match` (GameScreen.puzzle)."""

    # The actions whose keys the puzzle decides on (GameScreen.check_action): its own,
    # and the game's that a puzzle has not (no new game, review, undo; q is its own).
    # Keys a puzzle turns off or takes over; "restart" (a game's way back to its start,
    # Dash's deal) takes moves back as undo does, and a puzzle's line cannot be rewound.
    ACTIONS = frozenset({"puzzle", "new_game", "review_game", "undo", "redo", "restart", "home", "saves"})

    def __init__(self, screen: Any, match: PuzzleMatch, daily: bool = False) -> None:
        self.screen = screen
        self.match = match
        self.puzzle = match.puzzle
        self.daily = daily
        self.result_words = ""  # the rating's change, once the attempt is counted
        self.head = Static(Content("\n".join(self.head_lines())), id="puzzle-head", markup=False)
        self.fresh_choice = screen.choice  # the game's "nothing chosen yet"
        match.on_wrong = self.fail
        match.on_played = self.show_head

    @property
    def kit(self) -> Any:
        return self.match.kit

    def head_lines(self) -> list[str]:
        p, match = self.puzzle, self.match
        first = f"Puzzle {p.id}  {self.kit.task(p)}  (rating {p.rating:.0f})"
        if match.phase == DONE:
            first = f"Puzzle {p.id}  {match.end_words()}  {self.result_words}".rstrip()
        return [first, *self.kit.shown(match.state, p)]

    def show_head(self) -> None:
        self.head.update(Content("\n".join(self.head_lines())))

    # -- keys (GameScreen.check_action, action_puzzle) -----------------------------------

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        if action != "puzzle":
            return False
        phase, what = self.match.phase, parameters[0] if parameters else None
        if what == "solution":
            return phase == SOLVING and self.match.solver_to_move() and bool(self.match.rest)
        if what in ("replay", "next"):
            return phase == DONE
        return what == "back"

    def act(self, what: str) -> None:
        if not self.allows("puzzle", (what,)):
            return
        if what == "solution":
            self.show_solution()
        elif what == "replay":
            self.replay_line()
        elif what == "next":
            open_next(self.screen.app, self.puzzle.game, replace=self.screen)
        else:
            self.screen.stop_bot()
            leave(self.screen.app, self.screen)

    def hint(self) -> None:
        """`t`: the line's next move, shown where the game shows a hint (enter plays it)."""
        match, screen = self.match, self.screen
        if match.phase != SOLVING or not match.solver_to_move() or not match.rest:
            return
        self.fail()
        action = match.rest[0]
        what = screen.named(screen.state.describe(action)).rstrip(".")
        screen.present_hint(SimpleNamespace(action=action, reason=f"the winning line goes on: {what}"))

    def show_solution(self) -> None:
        """`o`: the line plays itself out from here; the attempt is lost."""
        match, screen = self.match, self.screen
        self.fail()
        match.phase = SHOWING
        screen.stop_hint()
        screen.forget_hint()
        screen.choice = self.fresh_choice
        screen.redraw()
        screen.refresh_bindings()
        screen.serve_next()  # the player's seat plays by itself now (PuzzleMatch.is_bot)

    def replay_line(self) -> None:
        """`y`: the line again from the mistake, a move at a time."""
        screen = self.screen
        screen._replay_to(0)

        def tick(at: int) -> None:
            if not screen.in_play() or screen.replay_at != at or at >= self.match.save.cursor:
                return  # gone, the player stepped meanwhile, or at the end
            screen._replay_to(at + 1)
            screen.set_timer(self.pause(), lambda: tick(at + 1))

        screen.set_timer(self.pause(), lambda: tick(0))

    def pause(self) -> float:
        return max(self.screen.houses.bot_delay, 0.05)

    # -- the end -------------------------------------------------------------------------

    def line_done(self) -> None:
        """The line is played out (GameScreen.finish): solved (or shown), counted
        once, then replayable."""
        match, screen = self.match, self.screen
        if match.phase == DONE:
            return
        match.reached = match.phase == SOLVING  # the player made the last moves
        match.solved = match.reached and not match.failed
        match.phase = DONE
        self.report(match.solved)
        screen.replay = True  # the line, to step through
        screen.replay_at = match.save.cursor
        for zone in screen.zones():  # left/right step the line, as in a replay, not a cursor
            zone.can_focus = False
        screen.set_focus(None)
        self.show_head()
        screen.say_prompt()
        screen.refresh_bindings()

    def fail(self) -> None:
        """A wrong move, a hint or the solution: the attempt is lost (counted once)."""
        self.match.failed = True
        self.report(False)

    def report(self, solved: bool) -> None:
        """The attempt's result to tui/puzzles/report.py, once (the first failure, or
        the solve)."""
        if self.match.reported:
            return
        self.match.reported = True
        from tui.puzzles.report import attempt_finished

        attempt_finished(self.screen.app, self.puzzle, solved, list(self.match.played), daily=self.daily,
                         done=self.counted)

    def counted(self, words: str) -> None:
        """The attempt is recorded: its rating change, in the head line (no toast:
        it would cover the status line's words)."""
        self.result_words = words
        if self.screen.in_play():
            self.show_head()


def open_puzzle(app: Any, puzzle: Puzzle, daily: bool = False, replace: Any = None) -> None:
    """Play `puzzle` on its game's screen; `replace`: the puzzle screen it takes the place of."""
    from tui.games import screen_class

    if app.stopping:
        return
    try:
        match = PuzzleMatch(puzzle)
        screen = screen_class(puzzle.game)(match.save, match.state)
        screen.use_match(match)
        screen.viewer = puzzle.seat
        screen.puzzle = PuzzleOnScreen(screen, match, daily)
        # A fresh game's screen names it in the saves at mount: a puzzle is named already.
        match.save.summary = screen.summary()
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
