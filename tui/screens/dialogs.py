"""Small modal dialogs: confirm, hand-over."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Static


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or enter says yes, n or escape says no."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, markup=False, classes="dialog-text")  # may quote a file's text
            yield Static("[b]y[/b] yes    [b]n[/b] no", classes="dialog-keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class HandOverScreen(ModalScreen[None]):
    """Between two humans at one terminal with hidden hands: the board is covered
    until the next player says they are ready."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready", id="handover.ready")]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog handover"):
            # Names come from save files: text, never markup.
            yield Static(f"Pass the keyboard to {self.player}.", markup=False, classes="dialog-text")
            if self.note:
                yield Static(self.note, markup=False, classes="dialog-note")
            yield Static(f"{escape(self.player)}: press [b]enter[/b] when the others cannot see the screen.",
                         classes="dialog-keys")

    def action_ready(self) -> None:
        self.dismiss(None)
