"""The game log: the last events, newest at the bottom, in words."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.widgets import Static


class GameLog(Static):
    DEFAULT_CSS = """
    GameLog { height: 1fr; color: $text-muted; }
    """

    def show(self, lines: list[str]) -> None:
        height = max(1, self.size.height or 6)
        width = max(10, (self.size.width or 36))
        wrapped: list[str] = []
        for line in lines[-height:]:
            wrapped += textwrap.wrap(line, width, subsequent_indent="  ") or [""]
        self.update(Text("\n".join(wrapped[-height:])))

    def on_resize(self) -> None:
        lines = getattr(self, "_lines", None)
        if lines is not None:
            self.show(lines)

    def set_lines(self, lines: list[str]) -> None:
        self._lines = lines
        self.show(lines)
