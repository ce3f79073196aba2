"""What a finished deal of the day came to (docs/architecture.md, "The host and its
protocol"): the app's summary it sends and the host's own count from the moves, one
rule for both layers, so it lives below them both."""

from __future__ import annotations

from typing import Any


def daily_measure(game_id: str, state: Any) -> tuple[bool, int, str | None]:
    """What a finished deal of the day came to: won, its measure (Dash: turns played;
    TOWN 77: tiles placed) and TOWN 77's rank. The app's summary and the host's check."""
    won = bool(state.outcome and state.outcome.winners)
    if game_id == "town":
        from core.town.words import level_for

        return won, int(state.placed), level_for(int(state.placed))
    return won, int(state.turns), None
