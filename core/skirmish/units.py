"""Units on the battlefield as small flat lists (fast to copy).

A unit is `[leader, second, flags, damage, copy, variant]`: `second` is -1 for a
single card; `damage` is the total damage taken this turn (the leader absorbs it
first); `copy` is the card a Doppelganger imitates (or -1); `variant` the Joker
variant code of `cards.py`.
"""

from __future__ import annotations

from core.skirmish.cards import (
    ATK, BLACK_JOKER, DEF, DOPPELGANGER, GUARD_ATK, GUARD_DEF, KIND, NAME, SUIT,
    VARIANT_NAMES, VARIANT_WORDS, WORDS,
)

C0, C1, FL, DMG, COPY, VAR = 0, 1, 2, 3, 4, 5

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


def new_unit(card: int, flags: int = 0, copy: int = -1, variant: int = 0) -> list:
    return [card, -1, flags, 0, copy, variant]


def eff(u: list, c: int) -> int:
    """The card `c` of unit `u` acts as (a Doppelganger acts as its copy)."""
    if c == BLACK_JOKER and u[VAR] == DOPPELGANGER:
        return u[COPY]
    return c


def lead(u: list) -> int:
    c = u[C0]
    if c == BLACK_JOKER and u[VAR] == DOPPELGANGER:
        return u[COPY]
    return c


def kind(u: list) -> str:
    return KIND[lead(u)]


def suit(u: list) -> int:
    return SUIT[lead(u)]


def attack(u: list) -> int:
    if u[FL] & GUARD:
        return GUARD_ATK
    a = ATK[eff(u, u[C0])]
    if u[C1] >= 0:
        a += ATK[eff(u, u[C1])]
    return a * 2 if u[FL] & DOUBLE else a


def defence(u: list) -> int:
    if u[FL] & GUARD:
        return GUARD_DEF
    d = DEF[eff(u, u[C0])]
    if u[C1] >= 0:
        d += DEF[eff(u, u[C1])]
    return d


def card_def(u: list, i: int) -> int:
    if u[FL] & GUARD:
        return GUARD_DEF
    return DEF[eff(u, u[i])]


def defeated(u: list, damage: int) -> tuple[bool, bool]:
    """Which cards of `u` fall to `damage`: (leader, second). The leader takes the
    damage first; a card falls when the damage it takes is at least its defence."""
    if damage <= 0:
        return False, False
    d0 = card_def(u, C0)
    first = damage >= d0
    second = u[C1] >= 0 and damage - d0 >= DEF[eff(u, u[C1])]
    return first, second


def split(u: list) -> tuple[list, list]:
    """The two single units a Blood Bond splits into (leader first)."""
    f = u[FL] & ~(RES0 | RES1)
    a = [u[C0], -1, f | (RES0 if u[FL] & RES0 else 0), 0, -1, 0]
    b = [u[C1], -1, f | (RES0 if u[FL] & RES1 else 0), 0, -1, 0]
    for x in (a, b):
        if x[C0] == BLACK_JOKER:
            x[COPY], x[VAR] = u[COPY], u[VAR]
    return a, b


def merge(leader: list, other: list) -> list:
    """A Blood Bond of two single units, `leader` on top."""
    f = (leader[FL] | other[FL]) & ~(RES0 | RES1)
    if leader[FL] & RES0:
        f |= RES0
    if other[FL] & RES0:
        f |= RES1
    copy, var = -1, 0
    for x in (leader, other):
        if x[C0] == BLACK_JOKER:
            copy, var = x[COPY], x[VAR]
    return [leader[C0], other[C0], f, leader[DMG] + other[DMG], copy, var]


def card_token(u: list, i: int) -> str:
    c = u[i]
    t = NAME[c]
    if c == BLACK_JOKER or c == 53:
        if u[VAR] == DOPPELGANGER:
            t += f"({NAME[u[COPY]]})"
        elif u[VAR]:
            t += f"({VARIANT_NAMES[u[VAR]]})"
    if u[FL] & (RES0 if i == 0 else RES1):
        t += "*"
    return t


def token(u: list) -> str:
    """The unit in the notation: `5D+2D/x` (cards leader first, then flags)."""
    t = card_token(u, C0)
    if u[C1] >= 0:
        t += "+" + card_token(u, C1)
    flags = "".join(ch for bit, ch in FLAG_LETTERS if u[FL] & bit)
    if u[DMG]:
        flags += f"d{u[DMG]}"
    return t + ("/" + flags if flags else "")


def verb(u: list, singular: str, plural: str) -> str:
    """The verb that agrees with the unit `u` as a subject: a Blood Bond is two cards
    ("the 8 and the 7 of Hearts block"), a single card one."""
    return plural if u[C1] >= 0 else singular


def words(u: list) -> str:
    """The unit in words: "the 5 of Diamonds and the 2 of Diamonds"."""
    def one(i: int) -> str:
        c = u[i]
        w = WORDS[c]
        if c >= 52 and u[VAR] == DOPPELGANGER:
            w += f" (as {WORDS[u[COPY]]})"
        elif c >= 52 and u[VAR]:
            w += f" ({VARIANT_WORDS[u[VAR]]})"
        return w
    if u[C1] >= 0:
        return f"{one(C0)} and {one(C1)}"
    return one(C0)
