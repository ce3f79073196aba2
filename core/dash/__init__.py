"""Icehouse Dash (game id `dash`): a cooperative puzzle of pyramids moved by cards.

`GAME` is the Game object; `Play` the only action; `daily_seed(date)` the seed of
the day's deal. The solver lives in `core.dash.solver`.
"""

from __future__ import annotations

import datetime
import hashlib
from typing import TYPE_CHECKING, ClassVar

from core import GAMES
from core.engine import Coach, Game, Measure, NotationError
from core.dash.notation import from_text
from core.dash import actions
from core.dash.actions import Options, Play
from core.dash.state import DashState, deal, standing_trees

if TYPE_CHECKING:
    from core.dash.puzzles import DashPuzzles  # imported on first use

# How hard the solver tries on each candidate deal of a winnable-only game, and how
# many candidate deals it looks at before settling for the last one tried.
WINNABLE_NODE_LIMIT = 1000
WINNABLE_MAX_TRIES = 400
_KIT: DashPuzzles | None = None  # the puzzles' kit, made on first use


def derived_seed(seed: int, k: int) -> int:
    """The k-th candidate deal seed of a winnable-only game started with `seed`."""
    if k == 0:
        return seed
    h = hashlib.blake2b(f"dash:{seed}:{k}".encode(), digest_size=6).digest()
    return int.from_bytes(h, "big")


def daily_seed(date: datetime.date) -> int:
    """The seed of the daily deal: the same for everybody on `date`."""
    h = hashlib.blake2b(f"dash-daily:{date.isoformat()}".encode(), digest_size=4).digest()
    return int(date.strftime("%Y%m%d")) * 10_000 + int.from_bytes(h, "big") % 10_000


class DashGame(Game[DashState, Play, Options]):
    info = GAMES.info("dash")
    Options = Options
    Action = Play
    solo_measures: ClassVar[dict[str, Measure]] = {
        "most_trees": Measure("trees built", more_is_better=True),
        "fewest_cards_to_win": Measure("cards played to win", more_is_better=False),
    }
    option_help: ClassVar[dict[str, str]] = {
        "hidden_hands": "team members do not see each other's hands",
        "winnable": "deal only positions the solver proves can be won",
    }

    def new(self, seats: int, seed: int, options: actions.Options | None = None) -> DashState:
        self.check_seats(seats)
        options = options if options is not None else Options()
        if not options.winnable:
            return deal(seats, seed, options, seed)
        from core.dash.solver import solve

        for k in range(WINNABLE_MAX_TRIES):
            state = deal(seats, seed, options, derived_seed(seed, k))
            # keep_trees: the search these deals were always chosen with, so saved
            # winnable games and daily deals keep their deal (core.dash.solver).
            if solve(state, WINNABLE_NODE_LIMIT, keep_trees=True) is not None:
                return state
        return state  # pragma: no cover - never seen in practice

    def from_text(self, text: str) -> DashState:
        return from_text(text)

    def daily_seed(self, date: datetime.date) -> int:
        return daily_seed(date)

    def daily_options(self) -> actions.Options:
        return Options(winnable=True)  # the day's deal is always one the solver proves winnable

    def daily_result(self, state: DashState) -> tuple[bool, int, None]:
        """Won, and the cards played (fewer is better)."""
        return bool(state.outcome and state.outcome.winners), state.turns, None

    def solo_results(self, state: DashState) -> dict[str, float]:
        """Trees built, and the cards played to win a won deal."""
        if state.seats != 1:
            return {}
        results = {"most_trees": float(len(standing_trees(state.stacks)))}
        if state.outcome and state.outcome.winners:
            results["fewest_cards_to_win"] = float(state.turns)
        return results

    def puzzle_kit(self) -> DashPuzzles:
        """The puzzles' kit (core/dash/puzzles.py), made once."""
        global _KIT
        if _KIT is None:
            from core.dash.puzzles import DashPuzzles

            _KIT = DashPuzzles(self)
        return _KIT

    def coach(self) -> Coach[DashState, Play]:
        from core.dash.coach import COACH

        return COACH


GAME = DashGame()

__all__ = ["GAME", "DashGame", "DashState", "NotationError", "Options", "Play", "daily_seed", "derived_seed"]
