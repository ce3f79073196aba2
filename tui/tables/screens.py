"""The screens of shared tables: the list of tables, the form to open one, and each
game's own screen seated at a table (its moves go to the host, its position comes
back as the seat's view)."""

from __future__ import annotations

import os
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

import saves
from tui.screens.new_game import NewGameScreen
from host import protocol as p
from tui.tables.client import TableClient, tables_available
from tui.tables.seat import SeatMatch, seat_label
from tui.tables.watch import WatchMatch
from tui.widgets.footer import Footer


def get_client(app) -> TableClient | None:
    """This app's connection to the host's tables (made once), or None off a host."""
    if not tables_available():
        return None
    client = getattr(app, "_table_client", None)
    if client is None:
        client = TableClient(app, os.environ["HOUSES_TABLES"], os.environ["HOUSES_TABLE_TOKEN"],
                             show_tables=lambda rows: show_tables(app, rows), seat_screen=table_screen)
        app._table_client = client
    return client


def show_tables(app, rows: list[dict]) -> None:
    """The host's list of tables, on each tables screen of the app."""
    for screen in app.screen_stack:
        if isinstance(screen, TablesScreen):
            screen.show_tables(rows)


def table_row(row: dict) -> str:
    people = ", ".join(
        seat_label(s["name"], i) + (" (away)" if i in row["away"] else "") for i, s in enumerate(row["seats"]))
    watchers = row.get("watchers") or []
    if watchers:
        people += f"; {len(watchers)} watching"
    mark = "*" if row["mine"] else ("=" if not row.get("free", True) else " ")  # = full: to watch
    return f"{mark} {row['code']}  {row['title'][:20]:20}  {people[:34]:34}  move {row['cursor'] + 1}"


class TablesScreen(Screen):
    """Open tables on this host: join one from the list or by its code, or open one."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    App.-ascii TablesScreen #table-list { border: ascii $primary; }
    TablesScreen #tables-box { padding: 0 2; height: 1fr; }
    TablesScreen #tables-help { color: $text-muted; height: auto; margin-bottom: 1; }
    TablesScreen #table-list { height: 1fr; }
    TablesScreen #code-row { height: 1; margin-top: 1; }
    TablesScreen #code-row Label { width: 22; }
    TablesScreen #code { width: 12; }
    """

    BINDINGS = [
        Binding("o", "open_table", "Open a table", id="tables.open"),
        Binding("j", "join_code", "Join by code", id="tables.join"),
        Binding("w", "watch", "Watch", id="tables.watch"),
        Binding("r", "refresh", "Refresh", id="tables.refresh", show=False),  # it refreshes every 3 s too
        Binding("escape", "back", "Back", id="tables.back"),
    ]

    rows: dict[str, dict] = {}  # code -> the host's row, as last listed

    def compose(self) -> ComposeResult:
        yield Static("Tables on this host", classes="screen-title", markup=False)
        with Vertical(id="tables-box"):
            yield Static("Play with other players. Enter joins the table under the cursor, "
                         "w watches it; * marks yours, = a full one. At a table, m lists your moves.",
                         id="tables-help")
            yield OptionList(id="table-list", markup=False)  # players' names: text
            with Horizontal(id="code-row"):
                yield Label("Join by code (j):", markup=False)
                yield Input(placeholder="ABCD", max_length=4, compact=True, id="code")
        yield Footer()

    async def on_mount(self) -> None:
        self.show_tables([])
        self.query_one("#table-list", OptionList).focus()
        client = get_client(self.app)
        if client is not None and await client.connect():
            client.list_tables()
        if self.is_attached:  # not if the player left while it connected
            self.set_interval(3.0, self.action_refresh)

    def show_tables(self, rows: list[dict]) -> None:
        self.rows = {row["code"]: row for row in rows}
        menus = self.query("#table-list")
        if not menus:
            return  # not mounted yet, or being taken down: the next refresh shows them
        menu = menus.first(OptionList)
        keep = menu.highlighted_option.id if menu.highlighted_option is not None else None
        menu.clear_options()
        if not rows:
            menu.add_option(Option("No open tables yet: press o to open one.", id="none", disabled=True))
            return
        menu.add_options([Option(table_row(r), id=r["code"]) for r in rows])
        codes = [r["code"] for r in rows]
        menu.highlighted = codes.index(keep) if keep in codes else 0

    @on(OptionList.OptionSelected, "#table-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        code = event.option.id
        if code and code != "none":
            row = self.rows.get(code, {})
            if not row.get("mine") and not row.get("free", True):
                self._watch(code)  # a full table: Enter watches it
            else:
                self._join(code)

    def action_watch(self) -> None:
        """Watch the table under the cursor (its public view; no seat taken)."""
        menu = self.query_one("#table-list", OptionList)
        option = menu.highlighted_option
        if option is None or not option.id or option.id == "none":
            self.app.notify("No table to watch: the list is empty.", severity="warning")
            return
        self._watch(option.id)

    def _watch(self, code: str) -> None:
        client = get_client(self.app)
        if client is not None:
            client.watch(code)

    @on(Input.Submitted, "#code")
    def _code_entered(self, event: Input.Submitted) -> None:
        code = event.value.strip().upper()
        if code:
            self._join(code)

    def _join(self, code: str) -> None:
        client = get_client(self.app)
        if client is not None:
            client.join(code)

    def action_open_table(self) -> None:
        self.app.push_screen(TableFormScreen())

    def action_join_code(self) -> None:
        self.query_one("#code", Input).focus()

    def action_refresh(self) -> None:
        client = get_client(self.app)
        if client is not None and client.connected:
            client.list_tables()

    def action_back(self) -> None:
        if self.query_one("#code", Input).has_focus:
            self.query_one("#table-list", OptionList).focus()
        else:
            self.app.pop_screen()


class TableFormScreen(NewGameScreen):
    """The new-game form, for a table: seats for people are for other players."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, Static) and widget.has_class("screen-title"):
                # (true with any number of hosts on one database: a seat is whoever joins)
                widget = Static("Open a table (people's seats go to those who join it)",
                                classes="screen-title")
            yield widget

    def start(self, game_id: str, seats: list[saves.Seat], seed: int, options: Any, hints: bool) -> None:
        """The form's game, opened as a table on the host instead of begun here."""
        client = get_client(self.app)
        if client is not None:
            client.open_table(game_id, seats, seed, options, hints)


class MovesScreen(ModalScreen[int | None]):
    """Every legal move in words: a way to play any game from a list."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    App.-ascii MovesScreen > Vertical { border: ascii $accent; }
    App.-ascii MovesScreen OptionList { border: ascii $primary; }
    MovesScreen { align: center middle; }
    MovesScreen > Vertical { width: 70; height: 18; border: round $accent; background: $surface; }
    MovesScreen OptionList { height: 1fr; }
    """
    BINDINGS = [Binding("escape,m", "dismiss_none", "Back", id="moves.back")]

    def __init__(self, texts: list[str]) -> None:
        super().__init__()
        self.texts = texts

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Your moves (enter plays one)", markup=False)
            yield OptionList(*[Option(t, id=str(i)) for i, t in enumerate(self.texts)], id="moves", markup=False)

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)  # the options are the moves in order

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


def table_screen(client, msg: p.Table):
    """The game's own screen, seated at table msg.code as msg.seat: it plays a
    seat match, whose moves go to the host and whose position comes back from it.
    Seat None: a watcher's, showing the public view (tui/tables/watch.py)."""
    from tui.games import screen_class

    code, game_id = msg.code, msg.game
    watching = msg.seat is None
    kind = WatchMatch if watching else SeatMatch
    match = kind.from_message(msg, send=lambda cursor, action: client.act(code, cursor, action, game_id))
    screen = screen_class(match.game.id)(match.save, match.state)
    screen.use_match(match)
    if watching:
        screen.viewer = None  # nobody's hand: the position as an onlooker sees it
    def leave() -> None:  # unless a newer screen sits at the table now
        if client.screens.get(code) is screen:
            client.leave(code)

    match._leave = leave
    try:  # a name for the lists now, so the first mount writes nothing locally
        match.save.summary = screen.summary()
    except Exception:
        pass
    return screen
