"""Small helpers shared by the bots in core/ai: scoring a finished game, hashing
actions, and the one-legal-action shortcut.

Nothing here knows any particular game; it only reads the State protocol
(core.engine): `over`, `outcome`, `seats`, `to_move`, `legal_actions()`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core.engine import AnyState

import msgspec

# Score of a won game in the bots that score from one seat's point of view
# (GreedyBot, AlphaBetaBot). Game evaluations must stay well inside +-WIN_SCORE/10.
WIN_SCORE = 1_000_000.0


def outcome_rewards(outcome: Any, seats: int, cooperative: bool = False) -> tuple[float, ...]:
    """Per-seat rewards in [0, 1] for a finished game.

    The winners share 1 (a sole winner gets 1, two joint winners 0.5 each) and the
    others get 0. An outcome without winners (a draw) gives everybody the same
    fair share, 1 / seats, so a draw is worth more than a loss and less than a win.

    In a cooperative game (Game.cooperative, Dash) everybody wins or loses
    together: every seat gets 1 when there are winners and 0 when there are none.
    """
    winners = outcome.winners
    if cooperative:
        return (1.0 if winners else 0.0,) * seats
    if not winners:
        share = 1.0 / seats
        return (share,) * seats
    share = 1.0 / len(winners)
    return tuple(share if s in winners else 0.0 for s in range(seats))


def outcome_score(outcome: Any, seat: int, seats: int, cooperative: bool = False) -> float:
    """A finished game scored from `seat`'s side on the WIN_SCORE scale.

    Sole win = +WIN_SCORE, loss (somebody else won) = -WIN_SCORE, no winners
    (draw) = 0; a shared win is worth its share, mapped the same way
    (two joint winners of two seats: 0; of three seats: +WIN_SCORE/3 ...).
    Cooperative game: +WIN_SCORE when there are winners, -WIN_SCORE when none.
    """
    winners = outcome.winners
    if cooperative:
        return WIN_SCORE if winners else -WIN_SCORE
    if not winners:
        return 0.0
    if seat not in winners:
        return -WIN_SCORE
    # share 1 -> +1, fair share 1/seats -> 0, linear in between.
    share = 1.0 / len(winners)
    fair = 1.0 / seats
    if share >= 1.0:
        return WIN_SCORE
    return WIN_SCORE * (share - fair) / (1.0 - fair)


def action_key(action: Any) -> Any:
    """A hashable key for an action: the action itself when it hashes (frozen msgspec
    Structs, tuples, ints, strings), else its JSON encoding."""
    try:
        hash(action)
        return action
    except TypeError:
        return ("__json__", msgspec.json.encode(action))


def first_if_forced(view: AnyState, consider: Callable[[Any], list[Any]] | None = None) -> tuple[list[Any], Any]:
    """The legal actions of `view` (or `consider(view)`: those a search looks at),
    and the action to return at once when there is exactly one (else None). Raises
    ValueError when there is nothing to choose."""
    mover(view)
    actions = view.legal_actions() if consider is None else consider(view)
    if not actions:
        raise ValueError("No legal action in a game that is not over.")
    return actions, (actions[0] if len(actions) == 1 else None)


def mover(view: AnyState) -> int:
    """The seat to move in `view`; ValueError when the game is over (a bot is asked
    only where somebody moves)."""
    seat = view.to_move
    if view.over or seat is None:
        raise ValueError("The game is over: there is nothing to choose.")
    return seat


def fresh_state(view: AnyState, rng: random.Random) -> AnyState:
    """A state the bot may play actions on: `view.determinize(rng)` when the game
    implements it (hidden parts filled at random), else `view.clone()`."""
    try:
        return view.determinize(rng)
    except NotImplementedError:
        return view.clone()
