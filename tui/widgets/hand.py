"""A row of cards (or tiles) with a cursor: the hand of the player at the keyboard."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class HandBar(Widget, can_focus=True):
    """Items drawn side by side, each a short Rich Text; left/right move the cursor,
    enter or space chooses. `chosen` marks the item picked for the move being made."""

    DEFAULT_CSS = """
    HandBar { height: 1; width: 1fr; }
    HandBar > .hand--cursor { background: $accent 50%; text-style: bold; }
    HandBar:focus > .hand--cursor { background: $accent; }
    HandBar > .hand--chosen { text-style: bold reverse; }
    HandBar > .hand--empty { color: $text-muted; }
    """
    COMPONENT_CLASSES = {"hand--cursor", "hand--chosen", "hand--empty"}
    BINDINGS = [
        Binding("left,h,a", "move(-1)", "Left", show=False),
        Binding("right,l,d", "move(1)", "Right", show=False),
        Binding("enter,space", "select", "Choose", id="hand.choose", show=False),
    ]

    cursor: reactive[int] = reactive(0)

    class Selected(Message):
        def __init__(self, hand: HandBar, index: int) -> None:
            super().__init__()
            self.hand = hand
            self.index = index

        @property
        def control(self) -> HandBar:
            return self.hand

    def __init__(self, empty_text: str = "(no cards)", **kwargs) -> None:
        super().__init__(**kwargs)
        self.items: list[Text] = []
        self.chosen: int | None = None
        self.empty_text = empty_text

    def set_items(self, items: list[Text], chosen: int | None = None) -> None:
        self.items = items
        self.chosen = chosen
        self.cursor = max(0, min(self.cursor, len(items) - 1))
        self.refresh()

    def action_move(self, delta: int) -> None:
        if self.items:
            self.cursor = (self.cursor + delta) % len(self.items)

    def action_select(self) -> None:
        if self.items:
            self.post_message(self.Selected(self, self.cursor))

    def render(self) -> Text:
        if not self.items:
            return Text(self.empty_text, style=self.get_component_rich_style("hand--empty"))
        out = Text()
        cursor_style = self.get_component_rich_style("hand--cursor")
        chosen_style = self.get_component_rich_style("hand--chosen")
        for i, item in enumerate(self.items):
            piece = Text("[") + item + Text("]") if i == self.cursor else Text(" ") + item + Text(" ")
            if i == self.chosen:
                piece.stylize(chosen_style)
            if i == self.cursor:
                piece.stylize(cursor_style)
            out.append_text(piece)
            out.append(" ")
        return out
