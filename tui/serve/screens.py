"""The screens of shared tables: the list of tables, the form to open one, and each
game's own screen seated at a table (its moves go to the host, its position comes
back as the seat's view)."""

from __future__ import annotations

from typing import Any

import msgspec
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

import saves
from core import GAMES
from tui.screens.new_game import NewGameScreen
from tui.serve.client import get_client


def seat_label(seat: dict, i: int) -> str:
    return seat["name"] or f"open seat {i + 1}"


def table_row(row: dict) -> str:
    people = ", ".join(
        seat_label(s, i) + (" (away)" if i in row["away"] else "") for i, s in enumerate(row["seats"]))
    mark = "*" if row["mine"] else " "
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
        Binding("r", "refresh", "Refresh", id="tables.refresh"),
        Binding("escape", "back", "Back", id="tables.back"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Tables on this host", classes="screen-title", markup=False)
        with Vertical(id="tables-box"):
            yield Static("Play with the other players of this host. Enter joins the table under the "
                         "cursor; * marks your own. At a table, m lists your moves in words.", id="tables-help")
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
        if event.option.id and event.option.id != "none":
            self._join(event.option.id)

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
                widget = Static("Open a table (people's seats are for players of this host)",
                                classes="screen-title")
            yield widget

    def action_start(self) -> None:
        app = self.app
        asked: list[tuple] = []
        app.start_game = lambda game_id, seats, seed, options: asked.append((game_id, seats, seed, options))
        try:
            super().action_start()
        finally:
            del app.start_game
        if asked:
            client = get_client(app)
            if client is not None:
                client.open_table(*asked[0])


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
        self.dismiss(int(event.option.id))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class TableMixin:
    """Turns a game's screen into a seat at a shared table (see table_screen)."""

    # Keys that are no move: shown at a table whoever is to move. Every other key of
    # the game is hidden while it is not this player's turn (they could not use it).
    WAITING_KEYS = frozenset({"home", "zone"})

    def __init__(self, save: saves.SaveFile, state: Any, *, client, msg: dict) -> None:
        super().__init__(save, state)
        self.client = client
        self.code = msg["code"]
        self.seat = msg["seat"]
        self.viewer = self.seat
        self.away_seats = set(msg["away"])
        self._counted = True  # the host's copy of a finished table is what is counted
        try:  # a name for the lists now, so the first mount writes nothing locally
            save.summary = self.summary()
        except Exception:
            pass

    # -- who sees what --------------------------------------------------------------

    def shown(self) -> Any:
        return self.state

    def needs_hand_over(self) -> bool:
        return False

    def human_won(self) -> bool | None:
        outcome = self.state.outcome
        if outcome is None or not outcome.winners:
            return None if not self.game.cooperative else False
        return True if self.game.cooperative else self.seat in outcome.winners

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo"):
            return False
        if action == "moves":
            return (not self.replay and not self.state.over and self.state.to_move == self.seat) or None
        allowed = super().check_action(action, parameters)
        waiting = not self.replay and not self.state.over and self.state.to_move != self.seat
        if waiting and action not in self.WAITING_KEYS and action not in self.REPLAY_ACTIONS:
            return False
        return allowed

    def say_prompt(self) -> None:
        if self.replay:
            super().say_prompt()
            return
        state = self.state
        tag = f"Table {self.code}: "
        if state.over:
            self.say(tag + f"game over. {state.outcome.reason if state.outcome else ''}")
        elif state.to_move == self.seat:
            self.say(tag + state.prompt)
        elif state.to_move is None:
            self.say(tag + "waiting.")
        else:
            who = self.save.seats[state.to_move]
            if who.kind == "bot":
                self.say(tag + f"{who.name} is thinking{self.app.glyphs['ellipsis']}")
            elif who.name.startswith("open seat"):
                self.say(tag + f"waiting for a player to join with code {self.code}.")
            elif state.to_move in self.away_seats:
                self.say(tag + f"{who.name} is away; the table waits for them.")
            else:
                self.say(tag + f"waiting for {who.name}.")

    # -- moves go to the host --------------------------------------------------------

    def submit(self, action: Any) -> bool:
        state = self.state
        if self.replay or state.over:
            return False
        if state.to_move != self.seat:
            self.say(f"Not your turn: waiting for {self.seat_name(state.to_move)}.", error=True)
            self.app.bell()
            return False
        reason = state.check(action)
        if reason is not None:
            self.say(reason, error=True)
            self.app.bell()
            return False
        self.client.act(self.code, self.save.cursor, action, self.game.id)
        return True

    def serve_next(self) -> None:
        if not self.replay and self.state.over:
            self.finish()

    def action_moves(self) -> None:
        state = self.state
        if state.over or state.to_move != self.seat:
            return
        actions = state.legal_actions()
        texts = [state.describe(a) for a in actions]

        def chosen(index: int | None) -> None:
            if index is not None and self.state is state:
                self.submit(actions[index])

        self.app.push_screen(MovesScreen(texts), chosen)

    # -- the host's news -------------------------------------------------------------

    def table_update(self, msg: dict) -> None:
        state = self.game.from_text(msg["view"])
        state.log = list(msg["log"])
        before = self.away_seats
        self.away_seats = set(msg["away"])
        for i, seat in enumerate(msg["seats"]):
            self.save.seats[i].name = seat_label(seat, i)
        self.state = state
        cursor, last = msg["cursor"], msg.get("last")
        moved = cursor != self.save.cursor
        self.save.cursor = cursor
        if moved and last and last.get("cursor") == cursor:
            action = self.game.action_from_builtins(last["action"])
            self.last_action, self.last_seat = action, last["seat"]
            self.on_played(action, last["seat"], last["text"])
        if "save" in msg:
            data = {k: v for k, v in msg["save"].items() if k != "my_seat"}
            self.save = msgspec.convert(data, saves.SaveFile)
        self.redraw()
        self.say_prompt()
        self.refresh_bindings()
        for i in sorted(self.away_seats - before):
            self.app.notify(f"{self.seat_name(i)} is away.")
        for i in sorted(before - self.away_seats):
            self.app.notify(f"{self.seat_name(i)} is back.")
        if state.over:
            self.finish()

    def on_unmount(self) -> None:
        if self.client.screens.get(self.code) is self:
            self.client.leave(self.code)


def table_screen(client, msg: dict):
    """The game's own screen, seated at table msg["code"] as msg["seat"]."""
    from tui.games import screen_class

    game = GAMES[msg["game"]]
    base = screen_class(game.id)
    cls = type(f"Table{base.__name__}", (TableMixin, base), {
        "__module__": base.__module__,  # its .tcss is found beside the game's screen
        "BINDINGS": [Binding("m", "moves", "Moves", id="table.moves", show=False)],
    })
    seats = [saves.Seat(name=seat_label(s, i), kind=s["kind"], level=s.get("level"))
             for i, s in enumerate(msg["seats"])]
    save = saves.SaveFile(
        format=saves.FORMAT if hasattr(saves, "FORMAT") else 1, app_version="", game=game.id, seats=seats,
        options=msg["options"], seed=msg["seed"], actions=[], cursor=msg["cursor"],
        created=msg.get("created", ""), updated="", id=msg.get("id", ""),
    )
    state = game.from_text(msg["view"])
    state.log = list(msg["log"])
    return cls(save, state, client=client, msg=msg)
