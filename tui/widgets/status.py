"""The status line under a game's board (tui/games/base.py): what is asked now, or
why a choice was refused."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


class StatusLine(Static):
    """The line under the board: what is asked now, or why a choice was refused. A
    longer text (a hint's reason) wraps onto a second and third line, whole words,
    never cut mid-sentence; the board gives the rows back when it is short again."""

    DEFAULT_CSS = """
    StatusLine { height: auto; max-height: 3; width: 1fr; padding: 0 1; background: $panel; }
    StatusLine.-error { background: $error 40%; }
    """

    _said: tuple[str, bool] | None = None  # the text shown and whether it is an error
    _shown_lines = 1

    def say(self, text: str, error: bool = False) -> None:
        if (text, error) == self._said:
            return
        self._said = (text, error)
        # Content: plain text, never markup (seat names come from files). A text
        # that fits one line, after one that did: no layout pass.
        lines = self._lines(text)
        self.update(Content(text), layout=lines != self._shown_lines)
        self._shown_lines = lines
        self.set_class(error, "-error")

    def _lines(self, text: str) -> int:
        width = max(1, self.size.width - 2)  # the padding
        return min(3, len(Content(text).wrap(width))) if len(text) > width else 1

    def on_resize(self) -> None:
        said = self._said
        if said is not None:  # wrapped again at the new width
            self._said = None
            self.say(*said)
