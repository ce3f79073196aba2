"""What is on the battlefield, as the rules ask it: an opponent's Insane Wizard,
a King in the rear ranks, a Joker's variant, the units a Jack of Spades may take
and the cards a Queen of Hearts may bring back. Functions of the position
(docs/architecture.md, "One layout a game"), read by deploy.py, combat.py, the
words and the Tactician."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.skirmish.cards import ACE, INSANE_WIZARD, KIND, KING, SOLDIER, SUIT
from core.skirmish.units import lead

if TYPE_CHECKING:
    from core.skirmish.state import SkirmishState


def wizarded(s: SkirmishState, p: int) -> bool:
    """Whether an opponent's Insane Wizard takes `p`'s soldiers' traits and bonds."""
    for q in range(s.seats):
        if q != p and s.life[q] > 0:
            for u in s.rear[q]:
                if u.variant == INSANE_WIZARD:
                    return True
    return False


def has_variant(s: SkirmishState, p: int, v: int) -> bool:
    for u in s.rear[p]:
        if u.variant == v:
            return True
    return False


def king_suit(s: SkirmishState, p: int) -> int:
    for u in s.rear[p]:
        c = lead(u)
        if KIND[c] is KING:
            return SUIT[c]
    return -1


def enemy_units(s: SkirmishState, p: int) -> bool:
    return any(s.front[q] or s.rear[q] for q in s.opponents(p))


def stealable(s: SkirmishState, p: int) -> list[tuple[int, int]]:
    fs, rs = len(s.front[p]) < 4, len(s.rear[p]) < 4
    king = king_suit(s, p) >= 0
    out: list[tuple[int, int]] = []
    for q in s.opponents(p):
        if fs:
            out.extend((q, i) for i in range(len(s.front[q])))
        if rs:
            out.extend((q, i + 4) for i, u in enumerate(s.rear[q])
                       if not (king and KIND[lead(u)] is KING))
    return out


def resurrectable(s: SkirmishState, p: int) -> list[int]:
    fs, rs = len(s.front[p]) < 4, len(s.rear[p]) < 4
    king = king_suit(s, p) >= 0
    out = set()
    for c in s.up:
        k = KIND[c]
        if (k is SOLDIER and fs) or (k is ACE and rs) or (k is KING and rs and not king):
            out.add(c)
    return sorted(out)

