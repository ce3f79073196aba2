"""HOUSES - Skirmish's choice half-made (tui/games/choice.py): the card or unit
picked, the actions offered in the list for a place, and the places a hint (or a
review's better move) marks on the field."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

Place = tuple[int, int]  # (seat, pos); pos -1 is the player's own cell


class Picked(NamedTuple):
    """What the player picked first: a card of the hand ("card", c), a unit of theirs
    ("unit", pos), or an attacker to block ("attacker", pos)."""

    kind: str
    at: int


@dataclass(frozen=True)
class SkirmishChoice:
    sel: Picked | None = None
    offer: list | None = None  # the actions offered in the list for one place (never changed in place)
    # The places a hint names, each aimed with the offered action (else the field's
    # marks come from `sel`: tui/games/skirmish/targets.py).
    hinted: tuple[Place, ...] = ()

    def shown_targets(self) -> dict[Place, list] | None:
        """The field's targets as the hint set them, or None: the ones `sel` aims at."""
        if not self.hinted or not self.offer:
            return None
        return {place: list(self.offer) for place in self.hinted}
