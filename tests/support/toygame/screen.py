"""Toy Nim's screen: the heap drawn as counters, digits choose how many to take,
enter takes them. The least a game screen needs (tui/games/base.py)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from toygame import ID, MOST, Take
from tui.games.base import GameScreen
from tui.keys import number_keys


class NimScreen(GameScreen):
    game_id = ID
    CHOICE = ("pick",)  # the count chosen, not yet taken: a hint sets it, escape puts it back
    BINDINGS = number_keys("pick", "Choose", MOST, id="nim.pick", tooltip="choose how many to take") + [
        Binding("enter", "take", "Take", id="nim.take", tooltip="take the counters chosen"),
    ]

    def __init__(self, save, state, replay: bool = False) -> None:
        super().__init__(save, state, replay)
        self.pick: int | None = None

    def hides_hands(self) -> bool:
        return False

    def compose_game(self) -> ComposeResult:
        yield Static("", id="nim-heap", markup=False)

    def redraw(self) -> None:
        state = self.shown()
        chosen = f"  (taking {self.pick})" if self.pick else ""
        self.query_one("#nim-heap", Static).update(f"Heap: {'o ' * state.heap}{chosen}")

    def summary(self) -> str:
        return f"Toy Nim: {self.state.heap} left"

    def number_keys_count(self) -> int | None:
        return min(MOST, self.state.heap) if self.my_turn() else 0

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return self.my_turn() and isinstance(parameters[0], int) and parameters[0] < min(MOST, self.state.heap)
        if action == "take":
            return self.my_turn() and (self.pick is not None or None)
        return super().check_game_action(action, parameters)

    def action_pick(self, index: int) -> None:
        self.pick = index + 1
        self.redraw()
        self.refresh_bindings()

    def action_take(self) -> None:
        if self.pick is not None and self.submit(Take(self.pick)):
            self.pick = None
        self.redraw()
        self.refresh_bindings()

    def show_hint(self, action: Any) -> str | None:
        self.pick = action.count
        self.redraw()
        return "Enter takes them."
