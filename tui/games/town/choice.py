"""TOWN 77's choice half-made (tui/games/choice.py): the rack tile chosen for
placing, or the tiles marked for an exchange; in a review, the better move's cell."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class TownChoice:
    tile: str | None = None  # the rack tile chosen for placing
    exchanging: bool = False
    marked: frozenset[int] = frozenset()  # rack indexes marked for an exchange
    # A review's better move, where it would have gone: marked on the board (a replay
    # has no tile being placed to mark it).
    shown_cell: str | None = None

    @classmethod
    def exchange(cls, rack: Sequence[str | None], tiles: Sequence[str]) -> TownChoice:
        """An exchange of `tiles` begun: each marked on its first rack entry not yet marked."""
        marked: set[int] = set()
        for tile in tiles:
            marked.add(next(i for i, entry in enumerate(rack) if entry == tile and i not in marked))
        return cls(exchanging=True, marked=frozenset(marked))
