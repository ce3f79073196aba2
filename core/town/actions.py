"""TOWN 77 options and actions (what a player decides), as msgspec Structs."""

from __future__ import annotations

from typing import Any, Union

import msgspec
from msgspec.structs import force_setattr

from core.town.tiles import sort_key


class Options(msgspec.Struct, frozen=True):
    """TOWN 77 options. `max_exchanges`: exchanges allowed in one turn (a ruling: the
    seed lets a player repeat the exchange while they can; we cap it so a turn ends)."""

    max_exchanges: int = 7


class Place(msgspec.Struct, frozen=True, tag="place"):
    tile: str  # "Rc"
    cell: str  # "b1"


class Exchange(msgspec.Struct, frozen=True, tag="exchange"):
    """Show three tiles sharing a colour or a style, bag them, draw three.

    An exchange is a set: the tiles are kept in the canonical tile order whatever
    order they are given in, so `Exchange(("Rg", "Rt", "Rd")) == Exchange(("Rt",
    "Rd", "Rg"))` and `check` and `legal_actions` agree on it."""

    tiles: tuple[str, str, str]  # three tiles sharing a colour or a style

    def __post_init__(self) -> None:
        try:
            tiles = tuple(sorted(self.tiles, key=_tile_order))
        except TypeError:  # not a sequence: left as given, for `check` to refuse
            return
        force_setattr(self, "tiles", tiles)


def _tile_order(t: Any) -> tuple[int, float]:
    return (0, sort_key(t)) if isinstance(t, str) else (1, 0.0)


class GiveBack(msgspec.Struct, frozen=True, tag="give-back"):
    tile: str


class Keep(msgspec.Struct, frozen=True, tag="keep"):
    pass


class Leave(msgspec.Struct, frozen=True, tag="leave"):
    pass


class ChooseStack(msgspec.Struct, frozen=True, tag="stack"):
    stack: int  # 0, 1 or 2


Action = Union[Place, Exchange, GiveBack, Keep, Leave, ChooseStack]
_ACTIONS = (Place, Exchange, GiveBack, Keep, Leave, ChooseStack)

KEEP = Keep()
LEAVE = Leave()

# Phases
