"""The ten House Rules cards, as data (rulings.md section 1).

The original cards (DM Magazine 16) are lost; this is the project's own set, five a
colour. The engine reads a card's effect from its id; names, colours and texts live
here so that the UI, the docs and the log all say the same thing.
"""

from __future__ import annotations

from typing import NamedTuple

WHITE, BLACK = 0, 1


class Card(NamedTuple):
    id: str  # used in actions, notation and saves
    colour: int  # WHITE or BLACK: whose hand it starts in
    number: int  # 1-5 within its colour
    name: str
    text: str  # the rule, in words a player reads


CARDS: tuple[Card, ...] = (
    Card(
        "team-support", WHITE, 1, "Team Support",
        "In a capture each side adds +1 for every other pawn of its colour orthogonally "
        "next to the contested cell (at most +2 a side). Not counted in the totals.",
    ),
    Card(
        "diagonal-step", WHITE, 2, "Diagonal Step",
        "Pawns may also move one cell diagonally, capturing as usual.",
    ),
    Card(
        "change", WHITE, 3, "Change",
        "At the end of each of their turns a player may put one of the 4 shared change "
        "markers on an empty cell without one: that cell counts as the other colour.",
    ),
    Card(
        "sprint", WHITE, 4, "Sprint",
        "A pawn may move two cells in a straight orthogonal line when the cell between "
        "is empty; the second cell may be a capture.",
    ),
    Card(
        "stalwart", WHITE, 5, "Stalwart",
        "Ties favour the defender: the attacker needs strictly more strength.",
    ),
    Card(
        "fortress", BLACK, 1, "Fortress",
        "A pawn orthogonally next to two or more pawns of its own colour cannot be captured.",
    ),
    Card(
        "homecoming", BLACK, 2, "Homecoming",
        "A pawn of value 1-3 entering the far row may, instead of +1, bring back a "
        "captured pawn as a value-4 pawn does.",
    ),
    Card(
        "regroup", BLACK, 3, "Regroup",
        "Instead of moving, a player may swap two orthogonally adjacent pawns of their "
        "own colour.",
    ),
    Card(
        "colour-blind", BLACK, 4, "Colour Blind",
        "Cell colours (change markers included) give no bonus in captures.",
    ),
    Card(
        "last-stand", BLACK, 5, "Last Stand",
        "A player now loses at a total of 4 or less, and a lead of 10 or more (not 8) wins.",
    ),
)

CARD_BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
CARD_IDS: tuple[str, ...] = tuple(c.id for c in CARDS)

# The end thresholds with and without Last Stand: (lose at or below, lead that wins).
END_LIMITS = {False: (6, 8), True: (4, 10)}

MARKERS = 4  # yellow change markers, shared
