"""HOUSE RULES: a hint shown where it acts (GameScreen.show_hint): the pawn chosen
and the cursor on where it goes, the card or the upgrade chosen in its list, the
change marker's cell; enter then plays it, as if the player had chosen so."""

from __future__ import annotations

from typing import Any

from core.house_rules import EndTurn, Move, Pass, PlaceMarker, PlayCard, Revive, Swap, TakeBonus
from core.house_rules.board import CELL_INDEX
from tui.widgets.board import BoardGrid
from tui.widgets.choices import ChoiceList


def _highlight(choices: ChoiceList, item_id: str) -> None:
    ids = [choices.get_option_at_index(i).id for i in range(choices.option_count)]
    if item_id in ids:
        choices.highlighted = ids.index(item_id)
    choices.focus()


def show_hint(screen: Any, action: Any) -> str | None:
    board = screen.query_one(BoardGrid)
    screen._reset_choice()
    kind = type(action)
    if kind in (Move, Swap, PlaceMarker, Revive):
        if kind is Move or kind is Swap:
            screen.sel = CELL_INDEX[action.src if kind is Move else action.a]
            target = action.dst if kind is Move else action.b
        elif kind is PlaceMarker:
            screen.marker_pending = CELL_INDEX[action.cell]
            target = action.cell
        else:
            screen.revive_base = action.pawn
            screen._draw_choices()
            target = action.cell
        board.cursor = screen.cell_of(CELL_INDEX[target])
        board.focus()
        text = "enter places it." if kind is PlaceMarker else "enter plays it."
    elif kind is PlayCard:
        screen.card_pending = action.card
        screen._draw_cards()
        _highlight(screen.query_one("#hr-cards", ChoiceList), action.card)
        text = "enter plays it."
    elif kind is TakeBonus:
        _highlight(screen.query_one("#hr-choices", ChoiceList), "bonus")
        text = "enter takes it."
    elif kind is EndTurn:
        text = "e ends your turn."
    elif kind is Pass:
        text = "p passes."
    else:
        return None
    screen._update_marks()
    screen._describe()
    screen.refresh_bindings()
    return text
