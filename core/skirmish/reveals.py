"""What a Skirmish move tells each seat (core.engine.State.reveals;
docs/architecture.md, "Privacy").

A move names cards (a card deployed, a unit's card split off, a card summoned or
picked). A card on the table (a unit, the Barrows) is everybody's to see; a card in
a hand or in the deck is seen by the seats its bit mask `known` names (as `view`
shows them). So a seat may be told a move when, once it is made, it sees every
card the move names: a card deployed or summoned is face up for all, a card kept
from the top of the deck (the Queen of Spades) or put back in order is known to
its player only.
"""

from __future__ import annotations

from typing import Any

from core.skirmish import actions as A

# The kinds of move that name a card, in their `card` field.
_NAMING = (A.Deploy, A.Scout, A.Split, A.Summon, A.Pick)


def reveals(state: Any, action: Any, seat: int | None) -> bool:
    """Whether `seat` (None: a watcher, who knows what every seat knows) may be told
    `action`, made from `state` by its player."""
    if seat is not None and seat == state.to_move:
        return True
    if not isinstance(action, _NAMING):
        return True  # units, seats, ranks and choices on the table: public
    card = action.card
    if not (isinstance(card, int) and 0 <= card < len(state.known)):
        return False
    after = state.clone()
    after.logging = False
    after.play(action)
    return sees(after, card, seat)


def sees(state: Any, card: int, seat: int | None) -> bool:
    """Whether `seat` sees `card` in `state`, as its `view` shows it."""
    if seat is not None and card in state.hands[seat]:
        return True
    if card not in state.deck and not any(card in hand for hand in state.hands):
        return True  # on the table
    wanted = (1 << state.seats) - 1 if seat is None else 1 << seat
    return state.known[card] & wanted == wanted
