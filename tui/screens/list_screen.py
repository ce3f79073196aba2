"""A screen whose main widget is a list (home menu, rules menu, saved games): the
README's cursor keys work in it too, not only the arrows."""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen
from tui.app_typed import UsesHousesApp


class ListScreen(UsesHousesApp, Screen):
    BINDINGS = [
        Binding("j", "list_move(1)", "Down", show=False),
        Binding("k", "list_move(-1)", "Up", show=False),
        # Textual's own home/end scroll sideways in a table; here they pick the
        # first or last entry, as they do in a menu.
        Binding("home,g", "list_end(0)", "First", show=False, priority=True),
        Binding("end,G", "list_end(-1)", "Last", show=False, priority=True),
    ]

    def action_list_move(self, delta: int) -> None:
        widget = self.focused
        action = "action_cursor_down" if delta > 0 else "action_cursor_up"
        if hasattr(widget, action):
            getattr(widget, action)()

    def action_list_end(self, where: int) -> None:
        widget = self.focused
        # DataTable: scroll_top/scroll_bottom move the cursor; OptionList: first/last.
        for action in (("action_scroll_top", "action_first") if where == 0 else ("action_scroll_bottom", "action_last")):
            if hasattr(widget, action):
                getattr(widget, action)()
                return
