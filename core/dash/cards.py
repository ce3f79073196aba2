"""Icehouse Dash as data: cards, pyramids, squares, sides and the setup order.

Cards are short strings: value then suit, "AH", "5D", "8S". Values A (1) to 8,
suits C, D, H, S. Pieces are (colour, size) pairs: colour letters R, Y, G, B, K
(red, yellow, green, blue, black), sizes 3 (large), 2 (medium), 1 (small).
Squares are "a1".."h8": file a-h (west to east), rank 1-8 (south to north).
"""

from __future__ import annotations

VALUES = "A2345678"
SUITS = "CDHS"
RED_SUITS = "HD"  # red cards give the file at setup
BLACK_SUITS = "CS"  # black cards give the rank at setup
DIAMOND = "D"  # diamonds move a piece by the card's value alone

CARD_VALUE = {v: i + 1 for i, v in enumerate(VALUES)}
DECK = tuple(v + s for s in SUITS for v in VALUES)  # 32 cards
RED_CARDS = tuple(v + s for s in RED_SUITS for v in VALUES)
BLACK_CARDS = tuple(v + s for s in BLACK_SUITS for v in VALUES)
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

COLOURS = "RYGBK"  # the fixed colour order of the setup
COLOUR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "K": "black"}
SIZES = (3, 2, 1)  # setup order: largest first
SIZE_NAMES = {3: "large", 2: "medium", 1: "small"}
SETUP_ORDER = tuple((c, s) for s in SIZES for c in COLOURS)  # 15 pieces

FILES = "abcdefgh"
RANKS = "12345678"
SQUARES = tuple(f + r for r in RANKS for f in FILES)

# Sides of the board: a card laid at a side pulls a piece toward it.
SIDES = "NESW"
SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
SIDE_STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}  # (file, rank)

# Cards dealt to each player, by number of players.
HAND_SIZE = {1: 6, 2: 5, 3: 4, 4: 3}

UNKNOWN = "??"  # a card a view does not show


def card_value(card: str) -> int:
    return CARD_VALUE[card[0]]


def is_card(card: str) -> bool:
    return isinstance(card, str) and len(card) == 2 and card[0] in CARD_VALUE and card[1] in SUITS


def distance(card: str, size: int) -> int:
    """Squares a piece of `size` moves toward the side the card is laid at
    (negative: away from it)."""
    v = CARD_VALUE[card[0]]
    return v if card[1] == DIAMOND else v - size


def setup_square(red_card: str, black_card: str) -> str:
    """The square a red card (file) and a black card (rank) name at setup."""
    return FILES[card_value(red_card) - 1] + RANKS[card_value(black_card) - 1]


def piece_name(piece: tuple[str, int]) -> str:
    return f"{COLOUR_NAMES[piece[0]]} {SIZE_NAMES[piece[1]]}"


def is_square(sq: str) -> bool:
    return isinstance(sq, str) and len(sq) == 2 and sq[0] in FILES and sq[1] in RANKS


def _shift(sq: str, side: str, d: int) -> str | None:
    df, dr = SIDE_STEP[side]
    f = ord(sq[0]) - 97 + df * d
    r = ord(sq[1]) - 49 + dr * d
    if 0 <= f < 8 and 0 <= r < 8:
        return FILES[f] + RANKS[r]
    return None


# (square, side, distance) -> the square reached, or None off the board.
SHIFT = {(sq, side, d): _shift(sq, side, d) for sq in SQUARES for side in SIDES for d in range(-8, 9)}
# card -> distance for a piece of size 1, 2, 3 (index 0 unused).
DIST = {c: (0,) + tuple(CARD_VALUE[c[0]] if c[1] == DIAMOND else CARD_VALUE[c[0]] - s for s in (1, 2, 3))
        for c in DECK}


def shift(sq: str, side: str, d: int) -> str | None:
    """The square `d` steps from `sq` toward `side`, or None off the board."""
    return SHIFT[sq, side, d]


def is_tree(stack: list[tuple[str, int]], colour: str) -> bool:
    """Whether the top three pieces of `stack` are a tree of `colour` (large,
    medium, small of one colour)."""
    return len(stack) >= 3 and stack[-1] == (colour, 1) and stack[-2] == (colour, 2) and stack[-3] == (colour, 3)
