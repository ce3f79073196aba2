"""Computer opponents shared by all games (docs/architecture.md, "Bots").

`bot(game_id, level)` returns a Bot whose `choose(view, budget_s)` picks an action
from `view.legal_actions()`. Each game says which shared algorithm serves each
level, with its own evaluation, through `make_bot(level)` on its Game object.
"""

from __future__ import annotations

import random
from typing import Any

from core.engine import AnyBot, AnyState

# The bot levels, weakest first: the one definition (every game's make_bot takes these).
LEVELS = ("easy", "normal", "hard")

# A bot's time a decision while people wait on it (in the app and at shared tables).
# It is the limit the searching levels think up to, not a hint: they stop when it is
# spent (or when asked to stop), never after a fixed count of iterations; benches and
# tests that need repeatable games cap iterations instead (make_bot(..., iterations=N)).
BUDGET_S = 1.0


def hint(game_id: str, view: AnyState, budget_s: float = 1.0, **kw: Any) -> Any:
    """The coach's suggestion for the seat to move in `view`: a `core.ai.coach.Hint`
    (`.action`, legal in the position; `.reason`, in words), from that view only
    (docs/architecture.md, "Coach"). Keywords as `core.ai.coach.hint` (seed, cancel)."""
    from core.ai.coach import hint as coach_hint

    return coach_hint(game_id, view, budget_s, **kw)


def bot(game_id: str, level: str, seed: int | None = None) -> AnyBot:
    """The bot for `game_id` at `level` ("easy", "normal" or "hard").

    `seed` fixes the bot's own RNG (tests and benchmarks); None draws one.
    """
    from core import GAMES

    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}; choose one of {', '.join(LEVELS)}.")
    rng = random.Random(seed)
    return GAMES[game_id].make_bot(level, rng)
