"""Settings: the preferences that have no other home. For now, how long the coach
thinks about a hint (the t key in every game); kept in the settings file."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.screens.list_screen import ListScreen
from tui.widgets.footer import Footer

# The hint thinking times offered, in seconds (the settings file may hold another).
HINT_TIMES = (0.5, 1.0, 2.0, 5.0)


def seconds(value: float) -> str:
    return f"{value:g} s"


class SettingsScreen(ListScreen):
    SCOPED_CSS = False  # the --ascii rule names the App
    DEFAULT_CSS = """
    SettingsScreen #settings-help { padding: 0 2; height: auto; margin-bottom: 1; }
    SettingsScreen #hint-times { width: 40; height: auto; margin: 0 2; }
    App.-ascii SettingsScreen #hint-times { border: ascii $primary; }
    """
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back", id="settings.back")]

    def compose(self) -> ComposeResult:
        yield Static("Settings", classes="screen-title", markup=False)
        yield Static("Hint thinking time: how long the coach thinks when you press t in a game. "
                     "Longer thinks harder; escape stops it early.", id="settings-help", markup=False)
        yield OptionList(*self.entries(), id="hint-times", markup=False)
        yield Footer()

    def times(self) -> list[float]:
        now = self.houses.settings.hint_budget_s
        return sorted(set(HINT_TIMES) | {now})

    def entries(self) -> list[Option]:
        # The chosen time is marked by a letter, not by colour alone.
        now = self.houses.settings.hint_budget_s
        return [Option(f"({'x' if t == now else ' '}) {seconds(t)}", id=str(t)) for t in self.times()]

    def on_mount(self) -> None:
        menu = self.query_one("#hint-times", OptionList)
        menu.highlighted = self.times().index(self.houses.settings.hint_budget_s)
        menu.focus()

    @on(OptionList.OptionSelected, "#hint-times")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id
        assert option_id is not None  # every option here is made with its time as its id
        value = float(option_id)
        app = self.houses
        if value != app.settings.hint_budget_s:
            app.settings.hint_budget_s = value
            app.save_settings()
        menu = self.query_one("#hint-times", OptionList)
        at = menu.highlighted
        menu.clear_options()
        menu.add_options(self.entries())
        menu.highlighted = at
        self.notify(f"Hints think for {seconds(value)}.")
