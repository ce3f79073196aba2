"""Units on the battlefield: `Unit`, a small struct (fast to copy), and what a
unit is worth in play.

A unit is one card or a Blood Bond of two: `first` is the leading card, `second`
the other (-1 for a single card); `flags` its state bits below; `damage` the total
damage taken this turn (the leader absorbs it first); `imitates` the card a
Doppelganger imitates (or -1); `variant` the Joker variant code of `cards.py`.
"""

from __future__ import annotations

from typing import Callable

import msgspec

from core.skirmish.cards import (
    ATK, BLACK_JOKER, DEF, DOPPELGANGER, GUARD_ATK, GUARD_DEF, KIND, NAME, SUIT,
    VARIANT_NAMES, VARIANT_WORDS, WORDS,
)

# Which card of a unit: its leader or the second card of a bond (`Unit.card(i)`,
# and the resurrection bit of each, RES0 / RES1).
C0, C1 = 0, 1

# Flag bits.
EXH = 1          # exhausted (turned sideways)
POIS = 2         # poisoned: to the Barrows at the end of the turn
POIS_CLUBS = 4   # poisoned by the Ace of Clubs: its owner discards a random card when it leaves
RES0 = 8         # the leader was resurrected (Soul Burned when it leaves)
RES1 = 16        # the second card was resurrected
SUMMONED = 32    # summoned by the Necromancer
DOUBLE = 64      # Jack of Clubs: deals double damage this turn
PROTECT = 128    # Jack of Hearts: takes no damage this turn
GUARD = 256      # an Ace of Hearts kept as a 0/1 guard

FLAG_LETTERS = ((EXH, "x"), (POIS, "p"), (POIS_CLUBS, "c"), (SUMMONED, "s"), (DOUBLE, "2"),
                (PROTECT, "h"), (GUARD, "g"))


class Unit(msgspec.Struct, gc=False):
    """One unit on the battlefield. A mutable struct: the rules change a unit in
    place (exhausted, damaged, poisoned) and find it again by identity. A msgspec
    Struct is built and copied in C (`Unit.__copy__`), which keeps a position's
    `clone` about as fast as with the flat lists it replaced (docs/performance.md).
    No cycles through a unit, so it stays out of the garbage collector (gc=False)."""

    first: int
    second: int = -1
    flags: int = 0
    damage: int = 0
    imitates: int = -1
    variant: int = 0

    def card(self, i: int) -> int:
        """The leader (C0) or the second card (C1)."""
        return self.second if i else self.first


# A copy of a unit, made in C (msgspec's type stubs leave Struct.__copy__ out).
copy_unit: Callable[[Unit], Unit] = Unit.__copy__  # type: ignore[attr-defined]


def new_unit(card: int, flags: int = 0, copy: int = -1, variant: int = 0) -> Unit:
    return Unit(card, -1, flags, 0, copy, variant)


def eff(u: Unit, c: int) -> int:
    """The card `c` of unit `u` acts as (a Doppelganger acts as its copy)."""
    if c == BLACK_JOKER and u.variant == DOPPELGANGER:
        return u.imitates
    return c


def lead(u: Unit) -> int:
    c = u.first
    if c == BLACK_JOKER and u.variant == DOPPELGANGER:
        return u.imitates
    return c


def kind(u: Unit) -> str:
    return KIND[lead(u)]


def suit(u: Unit) -> int:
    return SUIT[lead(u)]


def attack(u: Unit) -> int:
    if u.flags & GUARD:
        return GUARD_ATK
    a = ATK[eff(u, u.first)]
    if u.second >= 0:
        a += ATK[eff(u, u.second)]
    return a * 2 if u.flags & DOUBLE else a


def defence(u: Unit) -> int:
    if u.flags & GUARD:
        return GUARD_DEF
    d = DEF[eff(u, u.first)]
    if u.second >= 0:
        d += DEF[eff(u, u.second)]
    return d


def card_def(u: Unit, i: int) -> int:
    if u.flags & GUARD:
        return GUARD_DEF
    return DEF[eff(u, u.card(i))]


def defeated(u: Unit, damage: int) -> tuple[bool, bool]:
    """Which cards of `u` fall to `damage`: (leader, second). The leader takes the
    damage first; a card falls when the damage it takes is at least its defence."""
    if damage <= 0:
        return False, False
    d0 = card_def(u, C0)
    first = damage >= d0
    second = u.second >= 0 and damage - d0 >= DEF[eff(u, u.second)]
    return first, second


def split(u: Unit) -> tuple[Unit, Unit]:
    """The two single units a Blood Bond splits into (leader first)."""
    f = u.flags & ~(RES0 | RES1)
    a = Unit(u.first, -1, f | (RES0 if u.flags & RES0 else 0))
    b = Unit(u.second, -1, f | (RES0 if u.flags & RES1 else 0))
    for x in (a, b):
        if x.first == BLACK_JOKER:
            x.imitates, x.variant = u.imitates, u.variant
    return a, b


def merge(leader: Unit, other: Unit) -> Unit:
    """A Blood Bond of two single units, `leader` on top."""
    f = (leader.flags | other.flags) & ~(RES0 | RES1)
    if leader.flags & RES0:
        f |= RES0
    if other.flags & RES0:
        f |= RES1
    copy, var = -1, 0
    for x in (leader, other):
        if x.first == BLACK_JOKER:
            copy, var = x.imitates, x.variant
    return Unit(leader.first, other.first, f, leader.damage + other.damage, copy, var)


def card_token(u: Unit, i: int) -> str:
    c = u.card(i)
    t = NAME[c]
    if c == BLACK_JOKER or c == 53:
        if u.variant == DOPPELGANGER:
            t += f"({NAME[u.imitates]})"
        elif u.variant:
            t += f"({VARIANT_NAMES[u.variant]})"
    if u.flags & (RES0 if i == 0 else RES1):
        t += "*"
    return t


def token(u: Unit) -> str:
    """The unit in the notation: `5D+2D/x` (cards leader first, then flags)."""
    t = card_token(u, C0)
    if u.second >= 0:
        t += "+" + card_token(u, C1)
    flags = "".join(ch for bit, ch in FLAG_LETTERS if u.flags & bit)
    if u.damage:
        flags += f"d{u.damage}"
    return t + ("/" + flags if flags else "")


def verb(u: Unit, singular: str, plural: str) -> str:
    """The verb that agrees with the unit `u` as a subject: a Blood Bond is two cards
    ("the 8 and the 7 of Hearts block"), a single card one."""
    return plural if u.second >= 0 else singular


def words(u: Unit) -> str:
    """The unit in words: "the 5 of Diamonds and the 2 of Diamonds"."""
    def one(i: int) -> str:
        c = u.card(i)
        w = WORDS[c]
        if c >= 52 and u.variant == DOPPELGANGER:
            w += f" (as {WORDS[u.imitates]})"
        elif c >= 52 and u.variant:
            w += f" ({VARIANT_WORDS[u.variant]})"
        return w
    if u.second >= 0:
        return f"{one(C0)} and {one(C1)}"
    return one(C0)
