"""What a TOWN 77 move tells each seat (core.engine.State.reveals;
docs/architecture.md, "Privacy").

A tile placed goes face up into the town, three tiles exchanged are shown before
they go into the bag, a stack chosen in the solo game is everybody's to see; only a
tile given back goes into the bag face down, so that move is its player's alone
(the others read in the log that a tile went back, not which).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.town.actions import Action, GiveBack

if TYPE_CHECKING:
    from core.town.state import TownState  # which imports this module


def reveals(state: TownState, action: Action, seat: int | None) -> bool:
    """Whether `seat` (None: a watcher) may be told `action`, made from `state`."""
    return not isinstance(action, GiveBack) or (seat is not None and seat == state.to_move)
