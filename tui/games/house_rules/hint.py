"""HOUSE RULES: a hint shown where it acts (GameScreen.show_hint): the pawn chosen
and the cursor on where it goes, the card or the upgrade chosen in its list, the
change marker's cell; enter then plays it, as if the player had chosen so."""

from __future__ import annotations

from typing import Any

from core.house_rules import EndTurn, Move, Pass, PlaceMarker, PlayCard, Revive, Swap, TakeBonus
from core.house_rules.board import CELL_INDEX
from tui.games.house_rules.choice import HouseRulesChoice
from tui.widgets.board import BoardGrid
from tui.widgets.choices import ChoiceList


def _highlight(choices: ChoiceList, item_id: str) -> None:
    ids = [choices.get_option_at_index(i).id for i in range(choices.option_count)]
    if item_id in ids:
        choices.highlighted = ids.index(item_id)
    choices.focus()


def show_hint(screen: Any, action: Any) -> str | None:
    board = screen.query_one(BoardGrid)
    kind = type(action)
    if kind is Move or kind is Swap:
        screen.choice = HouseRulesChoice(sel=CELL_INDEX[action.src if kind is Move else action.a])
        target = action.dst if kind is Move else action.b
    elif kind is PlaceMarker:
        screen.choice = HouseRulesChoice(marker_pending=CELL_INDEX[action.cell])
    elif kind is Revive:
        screen.choice = HouseRulesChoice(revive_base=action.pawn)
    else:
        screen.choice = HouseRulesChoice(card_pending=action.card if kind is PlayCard else None)
    if kind in (Move, Swap, PlaceMarker, Revive):
        board.cursor = screen.cell_of(CELL_INDEX[target if kind in (Move, Swap) else action.cell])
        board.focus()
        text = "enter places it." if kind is PlaceMarker else "enter plays it."
    elif kind is PlayCard:
        screen.show_choice()  # the card's line marked, then the cursor on it
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
    screen.show_choice()
    return text
