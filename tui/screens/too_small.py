"""Shown while the terminal is smaller than 80x24; leaves by itself when it grows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static


class TooSmallScreen(ModalScreen[None]):
    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", priority=True)]

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text", markup=False)

    def on_mount(self) -> None:
        self.update_text()

    def on_resize(self) -> None:
        self.update_text()  # the app removes this screen once the terminal is big enough

    def update_text(self) -> None:
        w, h = self.app.size
        self.query_one(Static).update(
            f"Terminal too small: {w}x{h}.\nHouses needs at least 80x24.\n"
            "Make the window larger,\nor press ctrl+q to quit.\nYour game is saved."
        )
