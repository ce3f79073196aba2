"""Bot against bot: play one game (`play_match`) or a series with the seats
rotated (`tournament`), for the bench/ scripts' win-rate tables.

A series also measures both sides (`Timed`): the wall-clock time and the search
iterations of every decision with a real choice (more than one legal action), so
a table can show that two bots had the same time, and `TournamentResult.report`
prints games, W-D-L, the score with its 95% Wilson interval, and each side's time
(median, 95th percentile) and iterations a decision. `jobs` > 1 plays games in
that many forked processes (the results do not depend on it when the bots are
capped by iterations).

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

import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.engine import AnyState

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


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for z = 1.96) of a proportion `score`
    observed over `n` games; a draw counts half a win, as in the score."""
    if n <= 0:
        return (0.0, 1.0)
    centre = score + z * z / (2 * n)
    spread = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
    den = 1 + z * z / n
    return (max(0.0, (centre - spread) / den), min(1.0, (centre + spread) / den))


def iterations_of(bot: Any) -> int | None:
    """The iterations of a search bot's last decision, from its `stats` (or its
    `search.stats`), None for a bot that does not search."""
    for holder in (bot, getattr(bot, "search", None)):
        stats = getattr(holder, "stats", None)
        if isinstance(stats, dict) and "iterations" in stats:
            return int(stats["iterations"])
    return None


class Timed:
    """A bot wrapped to record, for every decision with a real choice, its
    wall-clock seconds into `times` and its iterations into `iterations`."""

    def __init__(self, inner: Any, times: list[float], iterations: list[int]) -> None:
        self.inner = inner
        self.times = times
        self.iterations = iterations

    def choose(self, view: AnyState, budget_s: float) -> Any:
        choice = len(view.legal_actions()) > 1
        start = time.perf_counter()
        action = self.inner.choose(view, budget_s)
        if choice:
            self.times.append(time.perf_counter() - start)
            n = iterations_of(self.inner)
            if n is not None:
                self.iterations.append(n)
        return action


def spread(values: Sequence[float]) -> tuple[float, float]:
    """(median, 95th percentile) of `values`; (0, 0) for none."""
    if not values:
        return (0.0, 0.0)
    ordered = sorted(values)
    return (statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))])


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
    # Per decision with a real choice: seconds and search iterations, A and B.
    times_a: list[float] = field(default_factory=list)
    times_b: list[float] = field(default_factory=list)
    iterations_a: list[int] = field(default_factory=list)
    iterations_b: list[int] = field(default_factory=list)

    def add(self, other: TournamentResult) -> None:
        """Fold another series (more games of the same pairing) into this one."""
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.seconds += other.seconds
        self.records.extend(other.records)
        self.times_a.extend(other.times_a)
        self.times_b.extend(other.times_b)
        self.iterations_a.extend(other.iterations_a)
        self.iterations_b.extend(other.iterations_b)

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of A's score."""
        return wilson(self.score, self.games)

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

    def report(self, name_a: str = "A", name_b: str = "B") -> str:
        """One table row: games, W-D-L, score [95% interval] against the fair
        share, then each side's time (median / 95th percentile) and iterations
        (median) a decision."""
        lo, hi = self.interval()
        parts = [
            f"{name_a} vs {name_b}, {self.seats} players: {self.games} games, "
            f"{self.wins}-{self.draws}-{self.losses}, score {100 * self.score:.1f}% "
            f"[{100 * lo:.1f}-{100 * hi:.1f}] (fair {100 / self.seats:.0f}%)"
        ]
        for name, times, iters in ((name_a, self.times_a, self.iterations_a),
                                   (name_b, self.times_b, self.iterations_b)):
            med, p95 = spread(times)
            it = f", {statistics.median(iters):.0f} it" if iters else ""
            parts.append(f"{name} {med:.3f}/{p95:.3f} s{it}")
        return "; ".join(parts)


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
    jobs: int = 1,
) -> TournamentResult:
    """Play `games` games of bot A against bot(s) B; A's seat rotates 0, 1, ...
    so each seat gets its share. Game i uses game seed `seed + i`, and the bots
    are built fresh each game by `make_a(rng)` / `make_b(rng)` with their own
    rngs, derived from (seed, i, seat): the whole series is reproducible when
    the bots are capped by iterations or depth rather than by time alone.
    `jobs` > 1 plays the games in that many forked processes.
    """
    global _SERIES
    _SERIES = (game, make_a, make_b, seats, budget_s, seed, options, max_actions)
    result = TournamentResult(seats=seats)
    start = time.perf_counter()
    if jobs > 1 and games > 1 and "fork" in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context("fork").Pool(min(jobs, games)) as pool:
            parts = pool.map(_one_game, range(games), chunksize=1)
    else:
        parts = [_one_game(i) for i in range(games)]
    for part in parts:
        result.add(part)
    result.seconds = time.perf_counter() - start
    return result


# The series being played, read by `_one_game` (in this process or a forked one).
_SERIES: tuple = ()


def _one_game(i: int) -> TournamentResult:
    game, make_a, make_b, seats, budget_s, seed, options, max_actions = _SERIES
    one = TournamentResult(seats=seats)
    game_seed = seed + i
    a_seat = i % seats
    bots = []
    for s in range(seats):
        rng = random.Random(f"{seed}/{i}/{s}")
        if s == a_seat:
            bots.append(Timed(make_a(rng), one.times_a, one.iterations_a))
        else:
            bots.append(Timed(make_b(rng), one.times_b, one.iterations_b))
    outcome = play_match(game, bots, game_seed, budget_s, options, max_actions)
    winners = tuple(outcome.winners)
    one.games = 1
    one.records.append((game_seed, a_seat, winners))
    if winners == (a_seat,):
        one.wins = 1
    elif winners and a_seat not in winners:
        one.losses = 1
    else:
        one.draws = 1
    return one
