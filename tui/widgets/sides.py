"""Choose one of the four sides of a board with an arrow key: up north, right east,
down south, left west (hjkl and wasd too)."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

SIDES = ("N", "E", "S", "W")
NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


class SideChooser(Widget, can_focus=True):
    DEFAULT_CSS = """
    SideChooser { height: 3; width: 1fr; }
    SideChooser > .sides--chosen { text-style: bold reverse; }
    SideChooser:focus > .sides--chosen { background: $accent; }
    SideChooser > .sides--off { color: $text-muted; }
    """
    COMPONENT_CLASSES = {"sides--chosen", "sides--off"}
    BINDINGS = [
        Binding("up,k,w", "choose('N')", "North", show=False),
        Binding("right,l,d", "choose('E')", "East", show=False),
        Binding("down,j,s", "choose('S')", "South", show=False),
        Binding("left,h,a", "choose('W')", "West", show=False),
    ]

    class Chosen(Message):
        def __init__(self, chooser: SideChooser, side: str) -> None:
            super().__init__()
            self.chooser = chooser
            self.side = side

        @property
        def control(self) -> SideChooser:
            return self.chooser

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(**kwargs)
        self.glyphs = glyphs
        self.side: str | None = None
        self.enabled = False

    def set_side(self, side: str | None, enabled: bool) -> None:
        if (side, enabled) != (self.side, self.enabled):
            self.side, self.enabled = side, enabled
            self.refresh()

    def action_choose(self, side: str) -> None:
        self.post_message(self.Chosen(self, side))

    def _label(self, side: str) -> Text:
        arrow = self.glyphs["arrow_" + side.lower()]
        text = Text(f"{arrow} {NAMES[side]}")
        if side == self.side:
            text.stylize(self.get_component_rich_style("sides--chosen"))
        elif not self.enabled:
            text.stylize(self.get_component_rich_style("sides--off"))
        return text

    def render(self) -> Text:
        n, e, s, w = (self._label(x) for x in SIDES)
        out = Text("      ").append_text(n).append("\n")
        out.append_text(w).append("  ").append_text(e).append("\n")
        out.append("      ").append_text(s)
        return out
