"""The Review of a finished game (issue 15; docs/architecture.md, "Coach").

`open_review(app, save)` is the `v` key of the game-over dialog and the saves
browser. A review kept in the save (`SaveFile.review`) opens at once; otherwise
`ReviewWork` computes one in a worker thread (core.ai.coach.review) with a progress
bar and its ETA; escape cancels it and nothing is written. A finished review is
kept in the save, then shown by the game's own screen in replay mode given the
review (`ReviewNotes`, GameScreen.use_review): the replay keys step through it, a
note under the board for each decision of a person: its verdict as a word and a sign (fine, doubtful ?!, mistake
?, blunder ??), the better move shown on the board where the screen can point at it
(the game's hint hook), and the reason in words. `]` and `[` jump to the next and
the previous mistake.
"""

from __future__ import annotations

import hashlib
import os
import threading
from typing import Any

import msgspec
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

import saves
from saves.match import Steps
from tui.app_typed import UsesHousesApp

# The verdict's sign, as chess writes them: never colour alone.
SIGNS = {"fine": "", "doubtful": "?!", "mistake": "?", "blunder": "??"}
# What `]` and `[` stop at.
MISTAKES = ("mistake", "blunder")


def review_budget(app: Any) -> float:
    """Seconds of thought a decision: $HOUSES_REVIEW_BUDGET_S where set (tests),
    else the coach's setting (the hint budget), within 0.01 to 30 s."""
    raw = os.environ.get("HOUSES_REVIEW_BUDGET_S") or app.settings.hint_budget_s
    try:
        value = float(raw)
    except (TypeError, ValueError):
        value = 1.0
    return min(max(value, 0.01), 30.0) if value == value else 1.0  # (not NaN)


def saved_review(save: saves.SaveFile) -> tuple[Any, str | None]:
    """The review kept in `save` (or None), and why a kept one cannot be used (or
    None). One of other moves than the save's is stale, not faulty: made again."""
    from core.ai.coach import Review

    data = save.review
    if data is None:
        return None, None
    try:
        if not isinstance(data, dict):
            raise ValueError("it is not a review")
        if data.get("moves") != save.cursor or data.get("of") != moves_key(save):
            return None, None  # a review of other moves (undone and played again)
        return Review.from_builtins(save.game, data), None
    except Exception as exc:  # any fault in the field: reported, the save kept
        return None, f"The review kept in {save.id or 'this save'} cannot be read ({exc}); it is made again."


def moves_key(save: saves.SaveFile) -> str:
    """A short fingerprint of the moves in force: a kept review is of these moves."""
    return hashlib.sha256(msgspec.json.encode(save.actions[:save.cursor])).hexdigest()[:16]


def keep_review(app: Any, save: saves.SaveFile, review: Any) -> None:
    """Keep a finished review in the save file (written in the background). The
    game's "last played" stays: a review moves no game to the top of the saves."""
    save.review = {"moves": save.cursor, "of": moves_key(save), **review.to_builtins(save.game)}
    app.autosave(save, keep_updated=True)


def open_review(app: Any, save: saves.SaveFile) -> None:
    """The `v` key: the kept review at once, or a new one computed first."""
    review, problem = saved_review(save)
    if problem is not None:
        app.notify(problem, title="Review", severity="warning", timeout=8)
    if review is not None:
        show_review(app, save, review)
        return

    def done(review: Any) -> None:
        if review is not None:
            keep_review(app, save, review)
            show_review(app, save, review)

    app.push_screen(ReviewWork(save), done)


def show_review(app: Any, save: saves.SaveFile, review: Any) -> None:
    try:
        state = saves.replay(save)
    except saves.SaveError as exc:
        app.notify(str(exc), title="Could not open", severity="error", timeout=8)
        return
    from tui.games import screen_class

    screen = screen_class(save.game)(save, state, replay=True)  # the game's own screen
    screen.use_review(ReviewNotes(review))
    app.push_screen(screen)


# The verdicts the progress dialog lists as they come (the latest).
VERDICTS_SHOWN = 4


def verdict_line(judgement: Any, steps: Steps, save: saves.SaveFile, alone: bool, check: str) -> str:
    """One judged move for the progress dialog: "Move 5: Mistake ? (better: ...)"."""
    from core.engine import said

    whose = "" if alone else f", {save.seats[judgement.seat].name}'s"
    head = f"Move {judgement.index + 1}{whose}: "
    if judgement.verdict == "fine":
        return f"{head}Fine {check}"
    try:
        better = said(steps.position(judgement.index).describe(judgement.best), [s.name for s in save.seats])
    except Exception:  # a position that cannot describe it: its notation
        better = str(judgement.best)
    return f"{head}{judgement.verdict.capitalize()} {SIGNS[judgement.verdict]} (better: {better.rstrip('.')})"


def position_words(n: int, total: int) -> str:
    """Where a replay or a review stands, counted as the review's notes count moves
    (from 1): the position after move n, where the note judges move n + 1."""
    if total == 0:
        return "no move was played"
    if n == 0:
        return f"the start of {total} move{'s' if total > 1 else ''}"
    if n >= total:
        return f"the end of {total} move{'s' if total > 1 else ''}"
    return f"after move {n} of {total}"


class ReviewWork(UsesHousesApp, ModalScreen[Any]):
    """The coach at work on a review: a progress bar with its ETA; escape cancels
    (the save is left as it was). Dismissed with the Review, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="review.cancel")]
    # The bar is drawn with box-drawing lines: in --ascii only its figures show.
    SCOPED_CSS = False  # (the rule names the App)
    DEFAULT_CSS = """
    App.-ascii ReviewWork #review-bar Bar { display: none; }
    """

    def __init__(self, save: saves.SaveFile) -> None:
        super().__init__()
        self.save = save
        self.cancel = threading.Event()
        self.verdicts: dict[int, str] = {}  # move index -> its line, as they come

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Review", classes="dialog-title")
            yield Static(f"The coach looks at your decisions{self.houses.glyphs['ellipsis']}",
                         id="review-what", classes="dialog-text", markup=False)
            yield ProgressBar(total=None, show_eta=True, id="review-bar")
            # The verdicts as they come, the latest last: the first are read while
            # the rest are worked out (a long Dash review takes ~1 s a move).
            yield Static("", id="review-verdicts", classes="dialog-text", markup=False)
            yield Static("[b]escape[/b] cancel", classes="dialog-keys")

    def on_mount(self) -> None:
        self._compute(self.save, review_budget(self.app), self.cancel)

    @work(thread=True, group="review")
    def _compute(self, save: saves.SaveFile, budget_s: float, cancel: threading.Event) -> None:
        from core.ai.coach import review

        decisions = 0

        def progress(done: int, total: int) -> None:
            if not cancel.is_set():
                self.app.call_from_thread(self._progress, cancel, done, total, decisions)

        def judged(judgement: Any) -> None:
            if not cancel.is_set():
                line = verdict_line(judgement, steps, save, len(humans) == 1, self.houses.glyphs["check"])
                self.app.call_from_thread(self._judged, cancel, judgement.index, line)

        try:
            steps, _ = Steps.replay(save, save.cursor, keep=0)
            seats_actions = list(zip(steps.seats, steps.actions))
            humans = [i for i, seat in enumerate(save.seats) if seat.kind == "human"]
            decisions = sum(1 for seat in steps.seats if seat in humans)
            found: Any = review(save.game, steps.position(0), seats_actions, humans, budget_s,
                                progress=progress, cancel=cancel, seed=save.seed, judged=judged)
        except Exception as exc:  # Cancelled (dropped below), or a fault: shown
            found = exc
        if not cancel.is_set():
            self.app.call_from_thread(self._done, cancel, found)

    def _progress(self, cancel: threading.Event, done: int, total: int, decisions: int) -> None:
        if cancel.is_set() or not self.is_mounted:
            return
        self.query_one(ProgressBar).update(total=max(total, 1), progress=done)
        dots = self.houses.glyphs["ellipsis"]
        # After the last decision Icehouse Dash looks for the move that lost the deal
        # (the bar's last steps).
        if done < decisions or total == 0:
            text = f"The coach looks at your decisions{dots} {done} of {decisions}"
        elif done < total:
            text = f"All {decisions} decisions judged; the coach looks for where the deal was lost{dots}"
        else:
            text = f"All {decisions} decisions judged; the coach sums up{dots}"
        self.query_one("#review-what", Static).update(text)

    def _judged(self, cancel: threading.Event, index: int, line: str) -> None:
        if cancel.is_set() or not self.is_mounted:
            return
        self.verdicts[index] = line  # a move judged again (Dash's lost deal) replaces its line
        latest = [self.verdicts[i] for i in sorted(self.verdicts)][-VERDICTS_SHOWN:]
        self.query_one("#review-verdicts", Static).update(Content("\n".join(latest)))

    def _done(self, cancel: threading.Event, found: Any) -> None:
        if cancel.is_set() or self.app.screen is not self:
            return
        if isinstance(found, Exception):
            self.app.notify(f"No review this time: {found}", title="Review", severity="error", timeout=8)
            self.dismiss(None)
        else:
            self.dismiss(found)

    def on_unmount(self) -> None:
        self.cancel.set()  # the app closing (or any other way out) stops the search too

    def action_cancel(self) -> None:
        self.cancel.set()
        self.app.notify("Review cancelled; nothing was kept.", title="Review")
        self.dismiss(None)


class ReviewNote(Static):
    """Lines over the status line: the review's summary, then what the coach says
    about the decision made from the position shown."""

    DEFAULT_CSS = """
    ReviewNote { height: auto; max-height: 4; width: 1fr; padding: 0 1; background: $boost; }
    """


class ReviewNotes:
    """The review a game screen is given (`GameScreen.use_review`): the screen then
    shows a replay with notes. It keeps the coach's Review, draws the note under the
    board and the status line for the position shown (`say`), knows where the next
    and previous mistakes are (`mistake`, the `]` and `[` keys of GameScreen) and puts
    the better move on the board (and takes it off again, `leave_position`)."""

    def __init__(self, review: Any) -> None:
        self.review = review
        self.judged = {j.index: j for j in review.judgements}
        self.note = ReviewNote("", id="review-note", markup=False)
        self._shown_choice: Any = None  # the screen's choice before the better move was shown

    def mistake(self, at: int, delta: int) -> int | None:
        """The move index of the next (delta 1) or previous (-1) mistake or blunder."""
        marks = sorted(i for i, j in self.judged.items() if j.verdict in MISTAKES)
        if delta > 0:
            return next((i for i in marks if i > at), None)
        return next((i for i in reversed(marks) if i < at), None)

    def allows(self, action: str, at: int, parameters: tuple[object, ...]) -> bool | None:
        """check_action for a review's keys at move `at`: q and escape close it; ] and
        [ are shown while there is a mistake that way."""
        if action == "close_review":
            return True
        return self.mistake(at, int(str(parameters[0]))) is not None or None

    def leave_position(self, screen: Any) -> None:
        """The better move shown on the last position is a choice half-made (a card
        picked, a pawn selected): undone before another position is drawn."""
        if self._shown_choice is not None:
            screen.choice = self._shown_choice
        self._shown_choice = None

    def say(self, screen: Any) -> None:
        """The note says what the coach thought of the decision made from the
        position shown, the better move put on the board; the status line the keys."""
        n, total = screen.replay_at, screen.save.cursor
        lost_at = self.review.lost_at
        where = f"Review: {position_words(n, total)}."
        if lost_at is not None and n > lost_at:
            where += f" After move {lost_at + 1} the deal could no longer be won."
        else:
            where += " ] and [ mistakes, left/right step, q closes."
        screen.say(where)
        judgement = self.judged.get(n) if n < total else None
        summary = self.review.summary
        if judgement is None:
            self.note.update(Content(summary))
            return
        # The move in the game's own words, whatever their form ("Place the Orange
        # Mill", "You take the first turn"): named, never put after "you played".
        whose = "yours" if len(screen.humans) == 1 else f"{screen.seat_name(judgement.seat)}'s"
        move = self._said(screen, judgement.played)
        played = f"Move {n + 1}, {whose}: {move[:1].upper()}{move[1:]}"
        if judgement.verdict == "fine":
            self.note.update(Content(f"{summary}\n{played}. Fine {screen.app.glyphs['check']}"))
            return
        # A marked move: the verdict and the better move (the summary is at move 0).
        sign = SIGNS[judgement.verdict]
        shown = " (on the board)" if self._show_on_board(screen, judgement.best) else ""
        better = self._said(screen, judgement.best)
        reason = ""
        if judgement.reason:  # a reason that names a seat (a Line) is drawn with its name
            reason = screen.hint_reason(screen.named(judgement.reason)).rstrip(".")
        if not reason.lower().startswith(better.lower()):  # most reasons name the move first
            reason = f"{better}: {reason}" if reason else better
        first = f"{summary}\n" if n == 0 else ""  # the summary first, always
        self.note.update(Content(f"{first}{played}. {judgement.verdict.capitalize()} {sign}\n"
                                 f"Better{shown}: {reason}."))

    @staticmethod
    def _said(screen: Any, action: Any) -> str:
        try:
            return screen.hint_reason(screen.named(screen.state.describe(action))).rstrip(".")
        except Exception:  # a position that cannot describe it: its notation
            return str(action)

    def _show_on_board(self, screen: Any, action: Any) -> bool:
        """The game's hint hook puts `action` on the board; False where it cannot.
        The screen's choice (tui/games/choice.py) is kept, to be put back on leaving."""
        before = screen.choice
        try:
            return screen.show_hint(action) is not None
        except Exception:  # a screen whose hook needs a live game: named in words only
            return False
        finally:
            self._shown_choice = before if screen.choice != before else None
