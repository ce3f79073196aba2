"""What a seat may know (`view`) and a random full position consistent with a
view (`determinize`).

Each card carries a bit mask of the seats that know where it is (`known`): a
seat knows the cards it drew, cards revealed to everybody (Scouts, cards returned
to a hand) and the top cards it saw with the Queen of Spades. A view replaces
every card in a hand or in the deck that its seat does not know with -1 ("??"),
lists a hand's known cards first so that the order leaks nothing, and drops the
seed. A spectator's view (seat None) shows only what every player knows.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.skirmish.state import SkirmishState


def view(state: SkirmishState, seat: int | None) -> SkirmishState:
    """What `seat` may know of `state` (None: an onlooker), as a new state."""
    s = state.clone()
    s.seed = None
    s.counter = 0
    allm = (1 << state.seats) - 1
    known = state.known
    if seat is None:
        s.viewer = -1

        def sees(c: int) -> bool:
            return c >= 0 and known[c] == allm
    else:
        s.viewer = seat
        bit = 1 << seat

        def sees(c: int) -> bool:
            return c >= 0 and bool(known[c] & bit)
    hidden: list[int] = []
    for q in range(state.seats):
        if q == seat:
            continue
        hand = state.hands[q]
        seen = [c for c in hand if sees(c)]
        hidden.extend(c for c in hand if not sees(c))
        s.hands[q] = seen + [-1] * (len(hand) - len(seen))
    deck = []
    for c in state.deck:
        if sees(c):
            deck.append(c)
        else:
            deck.append(-1)
            hidden.append(c)
    s.deck = deck
    for c in hidden:
        if c >= 0:
            s.known[c] = 0
    return s


def determinize(state: SkirmishState, rng: random.Random) -> SkirmishState:
    """One full position consistent with the view `state`, for a bot's search."""
    s = state.clone()
    s.logging = False  # for a bot's search: its log is never read
    if state.viewer is None:
        return s
    visible: set[int] = set()
    for h in s.hands:
        visible.update(c for c in h if c >= 0)
    visible.update(c for c in s.deck if c >= 0)
    visible.update(s.up)
    visible.update(s.down)
    visible.update(s.in_flight())
    for q in range(s.seats):
        for rank in (s.front[q], s.rear[q]):
            for u in rank:
                visible.add(u.first)
                if u.second >= 0:
                    visible.add(u.second)
    pool = [c for c in range(54 if s.jokers else 52) if c not in visible]
    rng.shuffle(pool)
    it = iter(pool)
    for q, h in enumerate(s.hands):
        if -1 in h:
            filled = [c for c in h if c >= 0]
            for _ in range(len(h) - len(filled)):
                c = next(it)
                s.known[c] |= 1 << q
                filled.append(c)
            filled.sort()
            s.hands[q] = filled
    s.deck = [c if c >= 0 else next(it) for c in s.deck]
    s.seed = rng.getrandbits(62)
    s.counter = 0
    s.viewer = None
    return s

