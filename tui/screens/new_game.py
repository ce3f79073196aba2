"""The new-game form: game, players (people or bots and their levels), deal number and
the game's own options. The form is built from the game's Options struct, so a game
needs no form code of its own; it remembers the last values used for each game."""

from __future__ import annotations

import random
from typing import Any

import msgspec
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

import saves
from core import GAMES, AnyGame
from core.engine import parse_seed
from tui.games import playable
from tui.app_typed import UsesHousesApp
from tui.textual_compat import BoxDrawnCheckbox
from tui.widgets.footer import Footer


class TickBox(BoxDrawnCheckbox):
    """A checkbox that reads without colour and in ASCII: [x] when on, [ ] when off
    (Textual's own draws the same block either way and tells them apart by colour)."""

    def box(self) -> Content:
        return Content.assemble("[", ("x" if self.value else " ", self.get_visual_style("toggle--button")), "]")


KINDS = [("Person", "human"), ("Easy bot", "easy"), ("Normal bot", "normal"), ("Hard bot", "hard")]


def option_label(game: AnyGame, name: str) -> str:
    return game.option_label(name)


class NewGameScreen(UsesHousesApp, Screen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="new.back"),
        Binding("ctrl+s", "start", "Start", id="new.start"),
    ]

    game_id: reactive[str] = reactive("", recompose=True)

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        games = playable()
        self.set_reactive(NewGameScreen.game_id, game_id if game_id in games else games[0])

    def remembered(self) -> dict[str, Any]:
        return dict(self.houses.settings.last_new_game.get(self.game_id, {}))

    def compose(self) -> ComposeResult:
        game = GAMES[self.game_id]
        last = self.remembered()
        yield Static("New game", classes="screen-title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label("Game", classes="field")
                yield Select([(GAMES[g].title, g) for g in playable()], value=self.game_id,
                             allow_blank=False, compact=True, id="game")
            counts = list(game.seats)
            seats = last.get("seats", counts[0] if not game.cooperative or counts[0] > 1 else 1)
            seats = seats if seats in counts else counts[0]
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                yield Select([(str(n), n) for n in counts], value=seats, allow_blank=False, compact=True, id="seats")
            kinds = last.get("kinds", [])
            for i in range(counts[-1]):
                default = kinds[i] if i < len(kinds) else ("human" if i == 0 or game.cooperative else "normal")
                choices = KINDS[:1] if game.cooperative else KINDS
                with Horizontal(classes="row seat-row", id=f"seat-row-{i}"):
                    yield Label(f"  Seat {i + 1}", classes="field")
                    yield Select(choices, value=default if any(v == default for _, v in choices) else "human",
                                 allow_blank=False, compact=True, id=f"seat-{i}")
            with Horizontal(classes="row"):
                yield Label("Deal number", classes="field")
                yield Input(placeholder="random", compact=True, id="seed")
            opts = last.get("options", {})
            for field in msgspec.structs.fields(game.Options):
                value = opts.get(field.name, field.default)
                label = option_label(game, field.name)
                picks = game.option_choices.get(field.name)
                with Horizontal(classes="row"):
                    if field.type is bool:
                        yield Label("", classes="field")
                        yield TickBox(label, value=bool(value), compact=True, id=f"opt-{field.name}")
                    elif picks:
                        yield Label(label, classes="field")
                        yield Select([(str(c), c) for c in picks], value=value if value in picks else field.default,
                                     allow_blank=False, compact=True, id=f"opt-{field.name}")
                    else:
                        yield Label(label, classes="field")
                        yield Input(str(value), compact=True, id=f"opt-{field.name}")
            # Hints with several people at the table: off unless chosen here (shown
            # only then; alone or against bots hints are always on). Last before Start,
            # so the fields above keep their places in the tab order.
            with Horizontal(classes="row", id="hints-row"):
                yield Label("", classes="field")
                yield TickBox("Hints (t) for every person", value=bool(last.get("hints", False)),
                              compact=True, id="hints")
            with Horizontal(classes="row"):
                yield Label("", classes="field")
                yield Button("Start", variant="primary", compact=True, id="start")
        yield Static("", id="form-error", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._show_seat_rows()
        if self.houses.glyphs.ascii:  # Textual draws the Select arrows as triangles
            for current in self.query("SelectCurrent"):
                current.query_one(".down-arrow", Static).update("v")
                current.query_one(".up-arrow", Static).update("^")
        self.query_one("#game", Select).focus()

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        if event.value != self.game_id:
            self.game_id = str(event.value)
            self.call_after_refresh(self._after_recompose)

    def _after_recompose(self) -> None:
        if self.is_attached and self in self.app.screen_stack:  # not if the form was left meanwhile
            self.on_mount()

    @on(Select.Changed, "#seats")
    @on(Select.Changed, ".seat-row Select")
    def _seats_changed(self, event: Select.Changed) -> None:
        self._show_seat_rows()

    def _seat_count(self) -> int:
        count = self.query_one("#seats", Select).value
        assert isinstance(count, int), count  # its choices are counts; allow_blank=False
        return count

    def _show_seat_rows(self) -> None:
        count = self._seat_count()
        for row in self.query(".seat-row"):
            row.display = int(str(row.id).rsplit("-", 1)[1]) < count
        self.query_one("#hints-row").display = self._people() > 1

    def _people(self) -> int:
        count = self._seat_count()
        return sum(self.query_one(f"#seat-{i}", Select).value == "human" for i in range(count))

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Input.Submitted)
    def _input_submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        game = GAMES[self.game_id]
        error = self.query_one("#form-error", Static)
        count = self._seat_count()
        kinds = [str(self.query_one(f"#seat-{i}", Select).value) for i in range(count)]
        if "human" not in kinds:
            error.update("At least one seat must be a person.")
            return
        values: dict[str, Any] = {}
        for field in msgspec.structs.fields(game.Options):
            widget = self.query_one(f"#opt-{field.name}")
            assert isinstance(widget, (Checkbox, Select, Input)), widget  # what compose made
            raw = widget.value
            if field.type is int:
                try:
                    raw = int(str(raw).strip())
                except (TypeError, ValueError):
                    error.update(f"{option_label(game, field.name)} must be a whole number, not {str(raw)!r}.")
                    return
            values[field.name] = raw
        try:
            options = msgspec.convert(values, game.Options)
        except msgspec.ValidationError as exc:
            error.update(f"Options: {exc}")
            return
        problem = game.check_options(options)
        if problem:
            error.update(problem)
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = parse_seed(seed_text) if seed_text else random.SystemRandom().randrange(1, 10**9)
        except ValueError as exc:
            error.update(str(exc))
            self.query_one("#seed", Input).focus()
            return
        humans = kinds.count("human")
        name = self.houses.settings.player_name
        seats = []
        for i, kind in enumerate(kinds):
            if kind == "human":
                seats.append(saves.Seat(name=name if humans == 1 else f"Player {i + 1}", kind="human"))
            else:
                seats.append(saves.Seat(name=f"{kind.title()} bot {i + 1}", kind="bot", level=kind))
        hints = humans > 1 and self.query_one("#hints", TickBox).value
        remembered = {"seats": count, "kinds": kinds, "options": values}
        if humans > 1:
            remembered["hints"] = hints
        self.houses.settings.last_new_game[game.id] = remembered
        self.houses.save_settings()
        self.start(game.id, seats, seed, options, hints)

    def start(self, game_id: str, seats: list[saves.Seat], seed: int, options: Any, hints: bool) -> None:
        """The game the form asks for, begun here (a table's form opens it on the host)."""
        self.houses.start_game(game_id, seats, seed, options, hints=hints)
