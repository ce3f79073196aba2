"""HOUSE RULES' choice half-made (tui/games/choice.py): the pawn chosen, a card or a
change marker waiting for a second enter, the captured pawn chosen to come back."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HouseRulesChoice:
    """A decision half-made (tui/games/choice.py)."""

    sel: int | None = None  # the chosen pawn's cell (phase "before")
    card_pending: str | None = None  # a card chosen, waiting for a second enter
    marker_pending: int | None = None  # a change-marker cell, waiting for a second enter
    revive_base: int | None = None  # the captured pawn chosen to come back
