"""The Skirmish deck as data: card numbers, names, kinds and stats.

A card is an int. The 52 suited cards are `suit * 13 + rank - 1` with suits
Diamonds 0, Clubs 1, Hearts 2, Spades 3 and ranks Ace 1 ... King 13; the Black
Joker is 52 and the Red Joker 53. Every per-card fact is a tuple indexed by card.
"""

from __future__ import annotations

SUITS = "DCHS"
SUIT_NAMES = ("Diamonds", "Clubs", "Hearts", "Spades")
DIAMONDS, CLUBS, HEARTS, SPADES = 0, 1, 2, 3
BLACK_JOKER, RED_JOKER = 52, 53
ALL_CARDS = tuple(range(54))
NO_CARD = -1            # a card the viewer cannot see ("??" in the notation)

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}

# Kinds: where a card goes and how it acts.
SOLDIER, ACE, JACK, QUEEN, KING, JOKER = "soldier", "ace", "jack", "queen", "king", "joker"

# Joker variants (stored on the unit), by code.
NO_VARIANT, DOPPELGANGER, NECROMANCER, INSANE_WIZARD, BINDING_SPIRIT = 0, 1, 2, 3, 4
VARIANT_NAMES = ("", "doppelganger", "necromancer", "wizard", "spirit")
VARIANT_WORDS = ("", "Doppelganger", "Necromancer", "Insane Wizard", "Binding Spirit")
VARIANTS_OF = {BLACK_JOKER: (DOPPELGANGER, NECROMANCER), RED_JOKER: (INSANE_WIZARD, BINDING_SPIRIT)}


def _rank(c: int) -> int:
    return 0 if c >= 52 else c % 13 + 1


def _suit(c: int) -> int:
    return -1 if c >= 52 else c // 13


def _kind(c: int) -> str:
    r = _rank(c)
    if c >= 52:
        return JOKER
    return {1: ACE, 11: JACK, 12: QUEEN, 13: KING}.get(r, SOLDIER)


def _name(c: int) -> str:
    if c == BLACK_JOKER:
        return "BJ"
    if c == RED_JOKER:
        return "RJ"
    r = _rank(c)
    return RANK_NAMES.get(r, str(r)) + SUITS[_suit(c)]


def _words(c: int) -> str:
    if c == BLACK_JOKER:
        return "the Black Joker"
    if c == RED_JOKER:
        return "the Red Joker"
    r = _rank(c)
    return f"the {RANK_WORDS.get(r, str(r))} of {SUIT_NAMES[_suit(c)]}"


# Attack and defence printed on each card (section 4 of the rules).
_STATS = {ACE: (1, 0), JACK: (0, 11), QUEEN: (0, 12), KING: (0, 13), JOKER: (0, 14)}

RANK = tuple(_rank(c) for c in ALL_CARDS)
SUIT = tuple(_suit(c) for c in ALL_CARDS)
KIND = tuple(_kind(c) for c in ALL_CARDS)
NAME = tuple(_name(c) for c in ALL_CARDS)
WORDS = tuple(_words(c) for c in ALL_CARDS)
ATK = tuple(RANK[c] if KIND[c] == SOLDIER else _STATS[KIND[c]][0] for c in ALL_CARDS)
DEF = tuple(RANK[c] if KIND[c] == SOLDIER else _STATS[KIND[c]][1] for c in ALL_CARDS)
IS_SOLDIER = tuple(KIND[c] == SOLDIER for c in ALL_CARDS)
# Advantage draw: Jokers lowest, Ace 1, 2-10, Jack 11, Queen 12, King 13.
ADVANTAGE = tuple(0 if c >= 52 else RANK[c] for c in ALL_CARDS)
GUARD_ATK, GUARD_DEF = 0, 1   # the Ace of Hearts kept as a guard

ACE_OF = tuple(s * 13 for s in range(4))
JACK_OF = tuple(s * 13 + 10 for s in range(4))
QUEEN_OF = tuple(s * 13 + 11 for s in range(4))

BY_NAME = {NAME[c]: c for c in ALL_CARDS}
BY_NAME["??"] = NO_CARD


def card(name: str) -> int:
    """The card named `name` ("10H", "QS", "BJ"; "??" for an unseen card)."""
    try:
        return BY_NAME[name.strip().upper()]
    except KeyError:
        raise ValueError(f"No such card: {name!r}") from None


def name(c: int) -> str:
    return "??" if c < 0 else NAME[c]


def deck(jokers: bool) -> list[int]:
    return list(range(54 if jokers else 52))
