"""Hints (the `t` key) on every game screen: the coach (core.ai.coach) is asked in a
worker thread about the view of the seat to move; "Thinking about a hint..." shows
meanwhile and escape cancels it; a late answer for a position gone is dropped (the
match's token). A game shows the answer where it acts through `show_hint`.

With several people at the table hints are off unless the game (or shared table) was
opened with them (`SaveFile.hints`); the hints shown are counted in the save
(`hints_used`), so the statistics can count the games won without one.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any

from textual import work

from core.ai.memory import give_back_memory
from tui.app_typed import UsesHousesApp

if TYPE_CHECKING:
    from textual.widget import Widget

    import saves
    from core import AnyGame, AnyState
    from tui.puzzles.play import PuzzleOnScreen
    from tui.screens.review import ReviewNotes


class HintsMixin(UsesHousesApp):
    """The hint part of GameScreen (tui/games/base.py), which binds `t` to it."""

    if TYPE_CHECKING:
        # What the hint part reads of its GameScreen (and Textual's Screen): declared
        # for the checker, which holds GameScreen's own definitions to them.
        game: AnyGame
        match: saves.Match
        replay: bool
        viewer: int | None
        review_notes: ReviewNotes | None
        puzzle: PuzzleOnScreen | None

        @property
        def save(self) -> saves.SaveFile: ...
        @property
        def state(self) -> Any: ...
        @property
        def humans(self) -> list[int]: ...
        @property
        def code(self) -> str | None: ...
        @property
        def focused(self) -> Widget | None: ...
        @focused.setter
        def focused(self, widget: Widget | None) -> None: ...
        def is_bot(self, seat: int | None) -> bool: ...
        def needs_hand_over(self) -> bool: ...
        def in_play(self) -> bool: ...
        def say(self, text: str, error: bool = False) -> None: ...
        def say_prompt(self) -> None: ...
        def named(self, text: str) -> str: ...
        def zones(self) -> list[Any]: ...
        def redraw(self) -> None: ...
        def refresh_bindings(self) -> None: ...
        def _autosave(self, save: saves.SaveFile) -> None: ...

    def init_hints(self) -> None:
        self._hint_cancel: threading.Event | None = None  # set while a hint is thought about
        self._hint_token: int | None = None  # the match's token the hint was asked at
        self.last_hint: Any = None  # the latest hint shown (core.ai.coach.Hint)
        # Escape cancels a hint being thought about, and after a hint puts it away:
        # the choice and the cursors as they were before it (`put_hint_away`), while
        # the hint's choice still stands untouched; else the game's escape acts
        # (tui/games/base.py's ESCAPES, check_hint_action).
        self._before_hint: Any = None  # (choices, cursors, focus) before the hint shown
        self._hint_choice: Any = None  # the choices as the hint left them

    # The choice half-made (a card picked, a piece selected) is one immutable value
    # in each game screen's `choice` reactive (tui/games/choice.py): a hint sets it,
    # escape puts the one from before back.
    choice: Any

    def check_hint_action(self, action: str) -> bool | None:
        """check_action for the hint's actions."""
        if action == "cancel_hint":
            return self._hint_cancel is not None
        if action == "put_hint_away":
            return self._before_hint is not None and self.choice == self._hint_choice
        # hint: hidden where no person here decides; greyed while it thinks
        return self.can_hint() and (self._hint_cancel is None or None)

    def hints_open(self) -> bool:
        """Whether this game offers hints: always with one person at the table (solo,
        against bots); with several people only when it was opened with them."""
        return len(self.humans) <= 1 or self.save.hints

    def can_hint(self) -> bool:
        """Whether `t` may ask for a hint now: a person here decides, the game offers
        hints, and no hand-over is pending (the hint is for the hand on screen)."""
        state = self.state
        if self.replay or state.over or state.to_move is None or self.is_bot(state.to_move):
            return False
        if not self.hints_open():
            return False
        match = self.match
        if match.at_table:  # only the seat played here, never a watcher
            return match.seated is not None and state.to_move == match.seated
        return state.to_move == self.viewer or not self.needs_hand_over()

    def why_no_hint(self) -> str | None:
        """Why `t` gives no hint now, in words (None: it does). The key is hidden
        then, but a player who presses it is told why (GameScreen.on_key)."""
        if self._hint_cancel is not None:
            return "The coach is still thinking about a hint (escape cancels it)."
        state = self.state
        if self.review_notes is not None:
            return "This is a review: the coach's notes are shown above; no hints here."
        if self.replay:
            return "This is a replay: hints are for a game in play."
        if state.over or state.to_move is None:
            return "The game is over: no hint to give. v reviews your moves."
        if not self.hints_open():
            return ("Hints are off: with several people at the table, hints need "
                    "\"Hints (t) for every person\" ticked when the game is started.")
        if self.is_bot(state.to_move):
            return "A bot is to move: hints are for your turn."
        if not self.can_hint():
            return "Not your turn here: hints are for the player at the keyboard."
        return None

    @property
    def hint_thinking(self) -> bool:
        """Whether a hint is being thought about now."""
        return self._hint_cancel is not None

    def action_hint(self) -> None:
        if self._hint_cancel is not None or not self.can_hint():
            return
        if self.puzzle is not None:  # the puzzle's line knows the move: no coach is asked
            self.puzzle.hint()
            return
        seat = self.state.to_move
        # The view of the seat to move: the coach sees what that player sees, no more.
        view = self.match.view(seat)
        self._hint_cancel = cancel = threading.Event()
        self._hint_token = token = self.match.token
        seed = self.save.seed * 1_000_003 + self.save.cursor  # the same question, the same answer
        self.say(f"Thinking about a hint{self.houses.glyphs['ellipsis']} (escape cancels)")
        self.refresh_bindings()
        self._find_hint(view, self.hint_budget(), seed, cancel, token)

    def hint_budget(self) -> float:
        """How long the coach may think: the setting, or $HOUSES_HINT_BUDGET_S where
        set (tests; a host that wants short hints), within 0.01 to 30 s."""
        raw = os.environ.get("HOUSES_HINT_BUDGET_S") or self.houses.settings.hint_budget_s
        try:
            value = float(raw)
        except (TypeError, ValueError):
            value = 1.0
        return min(max(value, 0.01), 30.0) if value == value else 1.0  # (not NaN)

    @work(thread=True, group="hint")
    def _find_hint(self, view: AnyState, budget_s: float, seed: int, cancel: threading.Event, token: int) -> None:
        from core.ai.coach import hint

        try:
            found: Any = hint(self.game.id, view, budget_s, seed=seed, cancel=cancel)
        except Exception as exc:  # cancelled (dropped below), or a fault: shown, not hidden
            found = exc
        give_back_memory()
        if not cancel.is_set():
            self.app.call_from_thread(self._hint_found, cancel, token, found)

    def _hint_found(self, cancel: threading.Event, token: int, found: Any) -> None:
        if cancel is not self._hint_cancel:
            return  # cancelled, or the player moved on meanwhile
        self._hint_cancel = self._hint_token = None
        if not self.in_play():
            return
        self.refresh_bindings()
        if token != self.match.token or not self.can_hint():
            self.say_prompt()  # the position changed while the coach thought
            return
        if isinstance(found, Exception):
            self.say(f"No hint this time: {found}", error=True)
            return
        self.present_hint(found)

    def present_hint(self, found: Any) -> None:
        """Show `found` (an `action` and its `reason`) as the hint: the screen points at
        the move where it can (enter plays it), else names it; escape puts it away.
        The coach's answer comes here, and a puzzle's next move (tui/puzzles/play.py)."""
        action = found.action
        if self.state.check(action) is not None:
            self.say("No hint this time: the coach's move does not fit the position.", error=True)
            return
        self._count_hint()
        self.last_hint = found
        before = (self.choice, self._cursors(), self.focused)
        keys = self.show_hint(action)
        if keys is not None:
            self._before_hint, self._hint_choice = before, self.choice
            self.refresh_bindings()
        reason = self.hint_reason(self.named(found.reason)).rstrip(".")  # a Line: the seats' names
        if keys is None:  # the screen cannot point at it: name it in words
            what = self.named(self.state.describe(action)).rstrip(".")
            self.say(f"Hint: {what}: {reason}.")
        else:  # the key first, then the reason (the status line wraps it whole)
            self.say(f"Hint ({keys.rstrip('.')}): {reason}.")

    def _cursors(self) -> list[tuple[Any, str, Any]]:
        """Where every zone's cursor is (BoardGrid and HandBar `cursor`, a list's
        `highlighted`), to put back."""
        out = []
        for zone in self.zones():
            for name in ("cursor", "highlighted"):
                if hasattr(zone, name):
                    out.append((zone, name, getattr(zone, name)))
                    break
        return out

    def action_put_hint_away(self) -> None:
        """Escape after a hint: its choice undone, the cursors where they were."""
        if self._before_hint is None:
            return
        choice, cursors, focused = self._before_hint
        self.forget_hint()
        self.choice = choice
        self.redraw()
        for zone, name, value in cursors:
            try:
                setattr(zone, name, value)
            except Exception:  # a list redrawn shorter: its cursor stays where the redraw put it
                pass
        if focused is not None and focused.is_attached and focused.display:
            focused.focus()
        self.refresh_bindings()
        self.say_prompt()

    def forget_hint(self) -> None:
        """The hint's choice is no longer one escape can undo (a move, a new position)."""
        self._before_hint = self._hint_choice = None

    def show_hint(self, action: Any) -> str | None:
        """Hook: show `action` where it acts (the cursor on its card, piece, cell or
        target, marked by a glyph too) and return what the keys do now ("Enter plays
        it."); None when the screen cannot point at it (the hint then names it)."""
        return None

    def hint_reason(self, reason: str) -> str:
        """Hook: the coach's words as this screen writes them (card glyphs, arrows)."""
        return reason

    def _count_hint(self) -> None:
        """A hint was shown: kept in the save (statistics count wins without one)."""
        code = self.code
        if code is not None:  # a shared table: the finished save comes from the host
            from tui.tables.screens import get_client

            client = get_client(self.app)
            if client is not None:
                client.hints_used[code] = client.hints_used.get(code, 0) + 1
            return
        self.save.hints_used += 1
        self._autosave(self.save)

    def action_cancel_hint(self) -> None:
        if self._hint_cancel is None:
            return
        self.stop_hint()
        self.refresh_bindings()
        self.say("Hint cancelled.")

    def stop_hint(self) -> None:
        """Stop a hint being thought about; its late answer is dropped."""
        cancel, self._hint_cancel, self._hint_token = self._hint_cancel, None, None
        if cancel is not None:
            cancel.set()

