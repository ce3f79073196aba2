"""TOWN 77: a hint shown where it acts (GameScreen.show_hint): the stack, the tile
and its cell, Keep or the tile to give back, or the tiles of an exchange."""

from __future__ import annotations

from typing import Any

from core.town import ChooseStack, Exchange, GiveBack, Keep, Leave, Place, rowcol
from core.town.state import TURN


def show_hint(screen: Any, action: Any) -> str | None:
    """The hinted tile chosen, the cursor on its cell (or on the stack, Keep or the
    tile to give back): enter plays it. An exchange is marked: x makes it."""
    if isinstance(action, ChooseStack):
        screen.bar.cursor = action.stack
        screen.bar.focus()
        return "enter takes it."
    if isinstance(action, Place):
        if screen.state.phase == TURN:
            screen.tile, screen.exchanging, screen.marked = action.tile, False, set()
        if screen.replay:  # a review's better move: no tile is being placed to show it
            screen.shown_cell = action.cell
        screen._draw_rack()
        screen._draw_board()
        screen.board.cursor = rowcol(action.cell)
        screen.board.focus()
        screen._describe_cell()
        screen.refresh_bindings()
        return "enter places it."
    if isinstance(action, (Keep, GiveBack)):
        entry = None if isinstance(action, Keep) else action.tile
        if entry not in screen.entries:
            return None
        screen.bar.cursor = screen.entries.index(entry)
        screen.bar.focus()
        return "enter keeps your hand." if entry is None else "enter gives it back."
    if isinstance(action, Exchange):
        screen.tile, screen.exchanging, screen.marked = None, True, set()
        for t in action.tiles:
            screen.marked.add(next(i for i, e in enumerate(screen.entries) if e == t and i not in screen.marked))
        screen._draw_rack()
        screen._draw_turn_box()
        screen._draw_board()
        screen.bar.focus()
        screen.refresh_bindings()
        return "x exchanges the marked tiles."
    if isinstance(action, Leave):
        return "e leaves the game."
    return None

