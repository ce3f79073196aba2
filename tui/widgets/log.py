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
        # Whole entries only, newest last: cutting the oldest entry's first lines
        # would leave its continuation ("  a8") hanging at the top.
        shown: list[str] = []
        for line in reversed(lines[-height:]):
            block = textwrap.wrap(line, width, subsequent_indent="  ") or [""]
            if len(shown) + len(block) > height:
                if not shown:  # one entry taller than the log: its start, then "..."
                    shown = block[: height - 1] + [block[height - 1][: width - 3] + "..."]
                break
            shown = block + shown
        self.update(Text("\n".join(shown)))

    def on_resize(self) -> None:
        lines = getattr(self, "_lines", None)
        if lines is not None:
            self.show(lines)

    def set_lines(self, lines: list[str]) -> None:
        self._lines = lines
        self.show(lines)
