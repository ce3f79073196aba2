"""A vertical list to choose from by keyboard: cards, pending decisions, anything a
game offers as a short list of lines.

It is Textual's OptionList with the keys every Houses screen uses (arrows, hjkl and
wasd move; enter and space choose) and a `set_items` that keeps the cursor on the
same item (by id) when the list is rebuilt after a move.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class ChoiceList(OptionList):
    """Items are (id, text, enabled): a disabled item is a heading the cursor skips."""

    DEFAULT_CSS = """
    ChoiceList { height: auto; border: none; padding: 0; background: $surface; }
    ChoiceList:focus { border: none; background-tint: $foreground 3%; }
    ChoiceList > .option-list--option-disabled { color: $text-muted; text-style: bold; }
    """

    BINDINGS = [
        Binding("up,k,w", "cursor_up", "Up", id="choices.up", show=False),
        Binding("down,j,s", "cursor_down", "Down", id="choices.down", show=False),
        Binding("enter,space", "select", "Choose", id="choices.choose", show=False),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(markup=False, compact=True, **kwargs)
        self._items: list[tuple[str | None, str, bool]] = []

    def set_items(self, items: Sequence[tuple[str | None, Text | str, bool]], keep: bool = True) -> None:
        """Replace the items; the cursor stays on the item with the same id if there is
        one. `keep=False`: the cursor goes to the first item (a list the player is not
        browsing shows its top, the same before and after a resume)."""
        key = [(i, str(t), e) for i, t, e in items]
        if key == self._items:
            if not keep and self.highlighted not in (None, 0) and self.option_count:
                self.action_first()
            return
        self._items = key
        current = self.highlighted_option.id if self.highlighted_option is not None and keep else None
        self.set_options([Option(text, id=item_id, disabled=not enabled) for item_id, text, enabled in items])
        ids = [item_id for item_id, _, enabled in items]
        if current in ids and items[ids.index(current)][2]:
            self.highlighted = ids.index(current)
        else:
            self.action_first()

    @property
    def current_id(self) -> str | None:
        option = self.highlighted_option
        return option.id if option is not None else None
