"""HOUSES - Skirmish: what a position is worth to each seat, the judgement the
bots share (the Tactician's values, the hard bot's leaf `rewards`).

- a life point is worth 1; a soldier on the battlefield its rank times a
  *horizon* (about how many turns the game still has: 2 early, 0.3 in the final
  round); cards in hand a little less.
"""

from __future__ import annotations

import math

from core.ai.common import outcome_rewards
from core.skirmish.cards import (
    ACE, ACE_OF, ATK, BINDING_SPIRIT, BLACK_JOKER, DEF, INSANE_WIZARD, IS_SOLDIER, JACK_OF,
    JACK, JOKER, KING, KIND, NECROMANCER, QUEEN, QUEEN_OF, RANK, SOLDIER, SUIT,
)
from core.skirmish.units import EXH, GUARD, POIS, PROTECT, SUMMONED, Unit, defence, eff, lead

ACE_D, ACE_C, ACE_H, ACE_S = ACE_OF
JD, JC, JH, JS = JACK_OF
QD, QC, QH, QS = QUEEN_OF


# -- values ------------------------------------------------------------------------------

# What a card in hand is worth to its holder, before the horizon (rules as data).
HAND_VALUE = [0.0] * 54
for _c in range(54):
    _k = KIND[_c]
    if _k is SOLDIER:
        HAND_VALUE[_c] = 0.6 * RANK[_c]
    elif _k is ACE:
        HAND_VALUE[_c] = 4.0 if _c == ACE_D else 3.0
    elif _k is KING:
        HAND_VALUE[_c] = 2.5
    elif _k is JOKER:
        HAND_VALUE[_c] = 4.0
HAND_VALUE[JD], HAND_VALUE[JC], HAND_VALUE[JH], HAND_VALUE[JS] = 3.0, 2.5, 2.5, 4.0
HAND_VALUE[QD], HAND_VALUE[QC], HAND_VALUE[QH], HAND_VALUE[QS] = 4.0, 5.0, 3.5, 2.0
HAND_UNKNOWN = 3.0          # a card the reader cannot see
DEAD = -60.0                # the value of a player who is out
SUMMONED_SHARE = 0.3        # a summoned soldier leaves at its owner's next READY
JOKER_WORTH = {NECROMANCER: 6.0, INSANE_WIZARD: 5.0, BINDING_SPIRIT: 2.5}
REWARD_SCALE = 8.0          # value difference that makes a reward of 0.73 (logistic)


def horizon(s) -> float:
    """How much the battlefield and the hands still count against life: about the
    turns each player has left (2.0 early, 0.5 as the deck runs out, 0.3 in the
    final round)."""
    if s.final is not None:
        return 0.3
    left = len(s.deck) / s.seats
    return 0.5 + 0.15 * (left if left < 10 else 10)


def unit_worth(s, q: int, u: Unit) -> float:
    """What unit `u` of player `q` is worth (before the horizon)."""
    f = u.flags
    if f & POIS:
        return 0.0
    c = lead(u)
    k = KIND[c]
    if k is SOLDIER:
        v = float(ATK[c])
        if u.second >= 0:
            v += ATK[eff(u, u.second)]
        return v * SUMMONED_SHARE if f & SUMMONED else v
    if f & GUARD:
        return 1.5
    if k is ACE:
        return 4.5 if c == ACE_C else 4.0
    if k is KING:
        st = SUIT[c]
        return 3.0 + 1.5 * sum(1 for x in s.front[q] if SUIT[lead(x)] == st)
    if k is JACK or k is QUEEN:
        return 1.0          # a Doppelganger whose power is spent: a 0-attack body
    return JOKER_WORTH.get(u.variant, 3.0)


def loss(s, q: int, u: Unit, damage: int) -> float:
    """The worth unit `u` of `q` loses to `damage` dealt to it (cards that fall)."""
    f = u.flags
    if damage <= 0 or f & (PROTECT | POIS):
        return 0.0
    c0 = u.first
    if c0 == BLACK_JOKER:
        c0 = lead(u)
    if not IS_SOLDIER[c0]:
        return unit_worth(s, q, u) if damage >= defence(u) else 0.0
    d0 = DEF[c0]
    if damage < d0:
        return 0.0
    v = float(d0)
    c1 = u.second
    if c1 >= 0:
        if c1 == BLACK_JOKER:
            c1 = eff(u, c1)
        if damage - d0 >= DEF[c1]:
            v += DEF[c1]
    return v * SUMMONED_SHARE if f & SUMMONED else v


def seat_value(s, q: int, h: float | None = None) -> float:
    """Life plus the horizon times what `q` has on the battlefield and in hand."""
    if s.life[q] <= 0:
        return DEAD
    if h is None:
        h = horizon(s)
    board = 0.0
    for u in s.front[q]:
        board += unit_worth(s, q, u)
    for u in s.rear[q]:
        board += unit_worth(s, q, u)
    hand = 0.0
    for c in s.hands[q]:
        hand += HAND_VALUE[c] if c >= 0 else HAND_UNKNOWN
    return s.life[q] + h * (board + hand)


# How much harm to an opponent other than the strongest counts when attacking.
OTHER_TARGET_SHARE = 0.6


def position_value(s, q: int, h: float) -> float:
    """`seat_value`, less what the ready Aces of the player to move are about to
    poison (two units' worth each)."""
    v = seat_value(s, q, h)
    cur = s.cur
    if v == DEAD or s.over or q == cur or s.life[cur] <= 0:
        return v
    for u in s.rear[cur]:
        if not u.flags & (EXH | GUARD) and KIND[lead(u)] is ACE:
            v -= 2.0 * h
    return v


def evaluate(s, seat: int) -> float:
    """`seat`'s value minus the best of its opponents' (for one-ply bots)."""
    h = horizon(s)
    mine = position_value(s, seat, h)
    best = max(position_value(s, q, h) for q in range(s.seats) if q != seat)
    return mine - best


def rewards(s) -> tuple[float, ...]:
    """Per-seat rewards in [0, 1] for ISMCTS: a logistic of each seat's
    `position_value` minus the best other seat's."""
    if s.over:
        return outcome_rewards(s.outcome, s.seats)
    h = horizon(s)
    vals = [position_value(s, q, h) for q in range(s.seats)]
    out = []
    for p in range(s.seats):
        other = max(v for q, v in enumerate(vals) if q != p)
        x = (vals[p] - other) / REWARD_SCALE
        out.append(1.0 / (1.0 + math.exp(-x)) if x > -30 else 0.0)
    return tuple(out)
