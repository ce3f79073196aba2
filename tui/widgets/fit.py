"""Text that fits its box: wrapped to the width, and when it is taller than the box,
cut after a whole word with an ellipsis and a pointer to where all of it is (so a
reader always sees that something is missing, and where to find it)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static
from tui.app_typed import UsesHousesApp


class FitText(UsesHousesApp, Static):
    def __init__(self, *args, more: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.more = more  # e.g. "? shows all": where the whole text can be read
        self._full: Text = Text()

    def show(self, text: Text | str) -> None:
        self._full = text if isinstance(text, Text) else Text(text)
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        width, height = self.content_size
        if width <= 0 or height <= 0:
            self.update(self._full, layout=False)
            return
        lines = self._full.wrap(self.app.console, width)
        if len(lines) <= height:
            self.update(self._full, layout=False)
            return
        tail = f"{self.houses.glyphs['ellipsis']} {self.more}".rstrip()
        kept = list(lines[:height])
        last = kept[-1]
        room = max(0, width - len(tail) - 1)
        if len(last) > room:
            cut = last.plain.rfind(" ", 0, room + 1)
            last = last[: cut if cut > 0 else room]
        last = last.copy()
        last.rstrip()
        last.append(" " + tail if last.plain else tail, style="italic")
        kept[-1] = last
        self.update(Text("\n").join(kept), layout=False)
