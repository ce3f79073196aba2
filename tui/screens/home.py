"""The home screen: continue, today's puzzle, new game, saves, puzzles, statistics, rules, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

import saves
from tui.games import dailies, how_many
from tui.puzzles.catalogue import any_puzzles
from tui.screens.list_screen import ListScreen
from tui.screens.text import shorten
from tui.widgets.footer import Footer

BANNER = "H O U S E S"
# An entry is one line: a longer summary is cut, and shown in full under the menu (a
# wrapped entry made the menu scroll at 24 rows on a host).
CONTINUE = "Continue   "


def menu_width(screen_width: int, longest: int = 0) -> int:
    """The menu is 60 wide, wider for a `longest` entry where the terminal has the room
    (up to 100): a long Continue entry is whole at 120 columns. Its border and the
    option's padding take 4."""
    return max(60, min(longest + 4, 100, screen_width - 4))


def _tables_available() -> bool:
    """Whether this app runs on an SSH host with shared tables (host/, tui/tables/)."""
    from tui.tables.client import tables_available

    return tables_available()


class HomeScreen(ListScreen):
    BINDINGS = [
        Binding("c", "pick('continue')", "Continue", id="home.continue"),
        # "Today": short, so the footer keeps "? Help" at 80 columns with Continue shown.
        Binding("t", "pick('daily')", "Today", id="home.daily", tooltip="today's deal"),
        Binding("n", "pick('new')", "New", id="home.new", tooltip="new game"),
        Binding("p", "pick('puzzles')", "Puzzles", id="home.puzzles", tooltip="puzzles: rated, one a day each game"),
        Binding("s", "pick('saves')", "Saves", id="home.saves", tooltip="saved games"),
        # q asks first: q q from a game (home, then q) must not close the app unasked.
        Binding("q", "pick('quit')", "Quit", id="home.quit", tooltip="quit (asks first)"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static(BANNER, id="banner", markup=False)
            yield Static(f"{how_many()} house games for the terminal", id="tagline", markup=False)
            with Center():
                yield OptionList(*self.entries(), id="menu")
            yield Static(self._note, id="home-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.styles.width = self._width
        menu.focus()

    def on_screen_resume(self) -> None:
        self.refresh_entries()

    def on_resize(self) -> None:
        self.refresh_entries()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters == ("continue",):
            return getattr(self, "_continue", None) is not None  # c only with a game to resume
        if action == "pick" and parameters == ("puzzles",):
            return any_puzzles()  # p only where a game has puzzles
        return True

    def refresh_entries(self, to_top: bool = False) -> None:
        """Rebuild the menu (a game may have been saved or finished meanwhile).
        `to_top`: back from a game, the cursor on the first entry (Continue)."""
        menus = self.query("#menu")
        if not menus:
            return  # not composed yet: compose builds it
        menu = menus.first(OptionList)
        at = menu.highlighted
        keep = menu.get_option_at_index(at).id if at is not None and at < menu.option_count else None
        menu.clear_options()
        menu.add_options(self.entries())
        menu.styles.width = self._width
        self.query_one("#home-note", Static).update(self._note)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        menu.highlighted = ids.index(keep) if keep in ids and not to_top else 0
        menu.focus()

    def entries(self) -> list[Option]:
        app = self.houses
        try:
            unfinished = app.store.newest_unfinished()
        except saves.SaveError:
            unfinished = None
        self._continue = unfinished
        options = []
        note = ""
        if unfinished is not None:
            # A summary is text from a file, never markup.
            ellipsis = app.glyphs["ellipsis"]
            room = menu_width(app.size.width, len(CONTINUE + unfinished.summary)) - 4
            summary = shorten(unfinished.summary, room - len(CONTINUE), ellipsis)
            options.append(Option(Content(CONTINUE + summary), id="continue"))
            if summary != unfinished.summary:
                note = shorten(f"Continue: {unfinished.summary}", 78, ellipsis)
        self._note = note  # under the menu (compose and refresh_entries put it there)
        self._width = menu_width(app.size.width, len(CONTINUE + unfinished.summary) if unfinished else 0)
        day = app.today.strftime("%d %b %Y").lstrip("0")
        options += [Option(f"{daily.menu}, deal of {day}", id=f"daily:{game_id}") for game_id, daily in dailies()]
        options += [
            Option("New game", id="new"),
            Option("Saved games", id="saves"),
        ]
        if any_puzzles():
            options.append(Option("Puzzles: rated, and one a day for each game", id="puzzles"))
        if _tables_available():
            options.append(Option("Tables: play with others on this host", id="tables"))
            options.append(Option("Leaderboards: ratings and today's results", id="leaderboards"))
        options += [
            Option("Statistics", id="stats"),
            Option("Settings", id="settings"),
            Option("Rules", id="rules"),
            Option("Quit", id="quit"),
        ]
        return options

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "")

    def action_pick(self, what: str) -> None:
        app = self.houses
        if what == "continue":
            if self._continue is not None:
                app.open_game(self._continue)
            else:
                app.notify("No unfinished game to resume.")
        elif what == "daily" and dailies():  # t: the first deal of the day in the menu
            app.start_daily(dailies()[0][0])
        elif what.startswith("daily:"):
            app.start_daily(what.removeprefix("daily:"))
        elif what == "new":
            app.open_new_game()
        elif what == "saves":
            from tui.screens.saves_browser import SavesScreen

            app.push_screen(SavesScreen())
        elif what == "puzzles" and any_puzzles():
            from tui.screens.puzzles import PuzzlesScreen

            app.push_screen(PuzzlesScreen())
        elif what == "stats":
            from tui.screens.stats import StatsScreen

            app.push_screen(StatsScreen())
        elif what == "settings":
            from tui.screens.settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif what == "rules":
            from tui.screens.help import RulesMenuScreen

            app.push_screen(RulesMenuScreen())
        elif what == "tables":
            from tui.tables.screens import TablesScreen

            app.push_screen(TablesScreen())
        elif what == "leaderboards":
            from tui.tables.community import LeaderboardsScreen

            app.push_screen(LeaderboardsScreen())
        elif what == "quit":
            from tui.screens.dialogs import ConfirmScreen

            app.push_screen(ConfirmScreen("Quit Houses? Every game is saved."),
                            lambda yes: app.exit() if yes else None)
