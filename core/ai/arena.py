"""Bot against bot: play one game (`play_match`) or a series with the seats
rotated (`tournament`), for the bench/ scripts' win-rate tables.

    from core.ai.arena import tournament
    from core.ai.basic import RandomBot, GreedyBot
    res = tournament(GAME, lambda rng: GreedyBot(ev, rng), lambda rng: RandomBot(rng),
                     games=100, seats=2, budget_s=0.05, seed=1)
    print(res.line("greedy", "random"))   # "greedy vs random: 71-4-25 (73.0%) in 100 games"

Each bot decides on `state.view(seat)` only, and every action it returns goes
through `state.apply`, so a bot that returns an illegal action stops the match
with `IllegalAction`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

MakeBot = Callable[[random.Random], Any]


class MatchTooLong(RuntimeError):
    """A match went past `max_actions` without ending."""


def play_match(
    game: Any,
    seats_bots: Sequence[Any],
    seed: int,
    budget_s: float = 0.1,
    options: Any = None,
    max_actions: int = 100_000,
    on_action: Callable[[Any, int, Any], None] | None = None,
) -> Any:
    """Play one game of `game` with `seats_bots[i]` at seat i; return its Outcome.

    `seed` is the game's seed (its chance), not the bots'. `on_action(state, seat,
    action)` is called before each action is applied (for logging or tracing).
    """
    state = game.new(len(seats_bots), seed, options)
    n = 0
    while not state.over:
        seat = state.to_move
        action = seats_bots[seat].choose(state.view(seat), budget_s)
        if on_action is not None:
            on_action(state, seat, action)
        state.apply(action)
        n += 1
        if n > max_actions:
            raise MatchTooLong(f"{game.id}: no end after {max_actions} actions (seed {seed}).")
    return state.outcome


@dataclass
class TournamentResult:
    """Counts from bot A's side. With more than two seats there is one A and
    seats - 1 copies of B, so a fair win rate for A is 1 / seats, not 1/2.

    A *win* is A the sole winner, a *loss* is somebody else winning alone or with
    others without A, a *draw* is no winner or A sharing the win."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seats: int = 2
    seconds: float = 0.0
    # Per game: (game seed, A's seat, winners).
    records: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)

    @property
    def score(self) -> float:
        """A's points a game: win 1, draw 1/2, loss 0."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def line(self, name_a: str = "A", name_b: str = "B") -> str:
        return (
            f"{name_a} vs {name_b}: {self.wins}-{self.draws}-{self.losses} "
            f"({100 * self.score:.1f}%) in {self.games} games, {self.seats} seats, "
            f"{self.seconds:.1f} s"
        )


def tournament(
    game: Any,
    make_a: MakeBot,
    make_b: MakeBot,
    games: int,
    seats: int = 2,
    budget_s: float = 0.1,
    seed: int = 0,
    options: Any = None,
    max_actions: int = 100_000,
) -> TournamentResult:
    """Play `games` games of bot A against bot(s) B; A's seat rotates 0, 1, ...
    so each seat gets its share. Game i uses game seed `seed + i`, and the bots
    are built fresh each game by `make_a(rng)` / `make_b(rng)` with their own
    rngs, derived from (seed, i, seat): the whole series is reproducible when
    the bots are capped by iterations or depth rather than by time alone.
    """
    result = TournamentResult(seats=seats)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        a_seat = i % seats
        bots = []
        for s in range(seats):
            rng = random.Random(f"{seed}/{i}/{s}")
            bots.append(make_a(rng) if s == a_seat else make_b(rng))
        outcome = play_match(game, bots, game_seed, budget_s, options, max_actions)
        winners = tuple(outcome.winners)
        result.games += 1
        result.records.append((game_seed, a_seat, winners))
        if winners == (a_seat,):
            result.wins += 1
        elif winners and a_seat not in winners:
            result.losses += 1
        else:
            result.draws += 1
    result.seconds = time.perf_counter() - start
    return result
