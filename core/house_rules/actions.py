"""Actions of HOUSE RULES: every decision is one small tagged struct."""

from __future__ import annotations

from typing import Union

import msgspec
from msgspec.structs import force_setattr

from core.house_rules.board import CELL_INDEX


class Move(msgspec.Struct, frozen=True, tag="move"):
    """Move the pawn on `src` to `dst` (a step, a diagonal step or a sprint)."""

    src: str
    dst: str


class Swap(msgspec.Struct, frozen=True, tag="swap"):
    """Regroup: swap two orthogonally adjacent pawns of your colour, instead of moving.

    A swap is a pair of cells, not an order: the two cells are kept in board order
    (a1, b1, ... g6), so `Swap("d6", "d5") == Swap("d5", "d6")` and `check` and
    `legal_actions` agree on it."""

    a: str
    b: str

    def __post_init__(self) -> None:
        if not (isinstance(self.a, str) and isinstance(self.b, str)):
            return  # not cells: left as given, for `check` to refuse
        i, j = CELL_INDEX.get(self.a, -1), CELL_INDEX.get(self.b, -1)
        if i > j >= 0:
            a = self.a
            force_setattr(self, "a", self.b)
            force_setattr(self, "b", a)


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    """No move is possible: pass."""


class PlayCard(msgspec.Struct, frozen=True, tag="card"):
    """Play a House Rules card from your hand (before or after the move)."""

    card: str


class EndTurn(msgspec.Struct, frozen=True, tag="end"):
    """End the turn without playing a card or placing a change marker."""


class Revive(msgspec.Struct, frozen=True, tag="revive"):
    """Upgrade by bringing back a captured pawn of base value `pawn` onto `cell`."""

    pawn: int
    cell: str


class TakeBonus(msgspec.Struct, frozen=True, tag="bonus"):
    """Upgrade by +1 (the choice Homecoming leaves to a pawn of value 1-3)."""


class PlaceMarker(msgspec.Struct, frozen=True, tag="marker"):
    """Change: put a yellow change marker on an empty cell, then the turn ends."""

    cell: str


Action = Union[Move, Swap, Pass, PlayCard, EndTurn, Revive, TakeBonus, PlaceMarker]

PASS = Pass()
END_TURN = EndTurn()
TAKE_BONUS = TakeBonus()


_ACTIONS = (Move, Swap, Pass, PlayCard, EndTurn, Revive, TakeBonus, PlaceMarker)


# -- options -----------------------------------------------------------------------

CARD_MODES = ("hands", "none", "random")


class Options(msgspec.Struct, frozen=True):
    """cards: "hands" (each player holds the five cards of their colour), "none"
    (variant 1) or "random" (variant 2: `random_cards` cards drawn at the start, in
    force from the first move). first: who moves first, "white" or "black"."""

    cards: str = "hands"
    random_cards: int = 3
    first: str = "white"


def validate_options(options: Options) -> None:
    if options.cards not in CARD_MODES:
        raise ValueError(f"cards must be one of {', '.join(CARD_MODES)}, not {options.cards!r}.")
    if not 2 <= options.random_cards <= 10:
        raise ValueError(f"random_cards must be 2 to 10, not {options.random_cards}.")
    if options.first not in ("white", "black"):
        raise ValueError(f"first must be white or black, not {options.first!r}.")
