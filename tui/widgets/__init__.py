"""Widgets shared by every game screen."""

from __future__ import annotations


def choosing_messages() -> tuple[type, ...]:
    """The messages of the widgets that choose something (a cell, a card, a side, a
    line of a list): what a game screen holds back when it is not the player's turn."""
    from textual.widgets import OptionList

    from tui.widgets.board import BoardGrid
    from tui.widgets.hand import HandBar
    from tui.widgets.sides import SideChooser

    return (BoardGrid.Selected, HandBar.Selected, SideChooser.Chosen, OptionList.OptionSelected)
