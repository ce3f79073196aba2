"""The Skirmish log: new lines marked, and revealed one at a time."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.timer import Timer

from tui.widgets.log import GameLog


class SkirmishLog(GameLog):
    """The game log: the lines that are new since you last decided are marked with `>`
    and bold, and with `step` > 0 new lines appear one at a time, so a combat's
    resolution reads step by step."""

    new_from: int = 0
    step: float = 0.0

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._lines: list[str] = []
        self._shown = 0
        self._timer: Timer | None = None

    def set_lines(self, lines: list[str]) -> None:
        old, shown = self._lines, self._shown
        self._lines = list(lines)
        growing = len(lines) > shown and old[:shown] == self._lines[:shown] and shown > 0
        if self.step > 0 and growing:
            if self._timer is None:
                self._timer = self.set_interval(self.step, self._tick)
        else:
            self._stop()
            self._shown = len(lines)
        self.show(self._lines[: self._shown])

    def _tick(self) -> None:
        self._shown += 1
        if self._shown >= len(self._lines):
            self._shown = len(self._lines)
            self._stop()
        self.show(self._lines[: self._shown])

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    @property
    def revealing(self) -> bool:
        return self._timer is not None

    def on_resize(self) -> None:
        self.show(self._lines[: self._shown])

    def show(self, lines: list[str]) -> None:
        height = max(1, self.size.height or 6)
        width = max(12, (self.size.width or 30) - 1)
        rows: list[Text] = []
        start = max(0, len(lines) - height)
        for i in range(start, len(lines)):
            new = i >= self.new_from
            mark = "> " if new else "  "
            for j, part in enumerate(textwrap.wrap(lines[i], width - 2) or [""]):
                rows.append(Text((mark if j == 0 else "  ") + part, style="bold" if new else ""))
        self.update(Text("\n").join(rows[-height:]))
