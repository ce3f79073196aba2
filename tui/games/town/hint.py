"""TOWN 77: a hint shown where it acts (GameScreen.show_hint): the stack, the tile
and its cell, Keep or the tile to give back, or the tiles of an exchange."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.town import ChooseStack, Exchange, GiveBack, Keep, Leave, Place, rowcol
from core.town.state import TURN
from tui.games.town.choice import TownChoice


def show_hint(screen: Any, action: Any) -> str | None:
    """The hinted tile chosen, the cursor on its cell (or on the stack, Keep or the
    tile to give back): enter plays it. An exchange is marked: x makes it."""
    if isinstance(action, ChooseStack):
        screen.bar.cursor = action.stack
        screen.bar.focus()
        return "enter takes it."
    if isinstance(action, Place):
        chosen = TownChoice(action.tile) if screen.state.phase == TURN else screen.choice
        if screen.replay:  # a review's better move: no tile is being placed to show it
            chosen = replace(chosen, shown_cell=action.cell)
        screen.choice = chosen
        screen.board.cursor = rowcol(action.cell)
        screen.board.focus()
        screen.show_choice()
        return "enter places it."
    if isinstance(action, (Keep, GiveBack)):
        entry = None if isinstance(action, Keep) else action.tile
        if entry not in screen.entries:
            return None
        screen.bar.cursor = screen.entries.index(entry)
        screen.bar.focus()
        return "enter keeps your hand." if entry is None else "enter gives it back."
    if isinstance(action, Exchange):
        screen.choice = TownChoice.exchange(screen.entries, action.tiles)
        screen.show_choice()
        screen.bar.focus()
        return "x exchanges the marked tiles."
    if isinstance(action, Leave):
        return "e leaves the game."
    return None

