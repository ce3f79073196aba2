"""HOUSES - Skirmish: a hint shown where it acts (GameScreen.show_hint), for every
kind of decision: its card chosen in the hand, the places it names marked as
targets on the field, and the action alone in the list on the right, under the
cursor: enter plays it (there, or on a marked place)."""

from __future__ import annotations

from typing import Any

from core.skirmish import actions as A
from tui.games.skirmish.choice import Picked, SkirmishChoice
from tui.games.skirmish.targets import places_before


def hint_places(action: Any, me: int, view: Any) -> list[tuple[int, int]]:
    """The places on the field the action names (units, slots, players)."""
    places = list(places_before(action, me, view))
    if isinstance(action, A.Deploy) and action.slot >= 0:
        places.append((me, action.slot))
    elif isinstance(action, (A.Return, A.Split)):
        places.append((me, action.pos))
    elif isinstance(action, A.Bond):
        places += [(me, action.pos), (me, action.other)]
    elif isinstance(action, A.Target) and action.pos < 0:
        places.append((action.seat, -1))
    return places


def show_hint(screen: Any, action: Any) -> str | None:
    view = screen.position
    hand = view.hands[screen.me]
    sel = None
    if isinstance(action, (A.Deploy, A.Scout)) and action.card in hand:
        sel = Picked("card", action.card)
        screen.hand_bar.cursor = hand.index(action.card)
    screen.choice = SkirmishChoice(sel, [action], tuple(hint_places(action, screen.me, view)))
    screen.redraw_selection()
    choices = screen.choices
    choices.highlighted = 0
    choices.focus()
    return "enter plays it."
