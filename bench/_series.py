"""A series of bot games for bench/house_rules_bots.py and bench/skirmish_bots.py
(issue 17): one bot A against copies of bot B, every game seed played once with A
in each seat, and a table row with games, W-D-L, the score's 95% Wilson interval
and each side's time (median, p95) and iterations a decision.

Only decisions with a real choice (more than one legal action) are timed, so a
forced move (answered at once) does not pull a median down. A win is A the sole
winner; A sharing the win, or no winner, is a draw (half a point).

(core/ai/arena.py gets the same figures in issue 17's TOWN 77 work; the two may
be merged into one there.)
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from core.ai.arena import play_match

Build = Callable[[str, random.Random], Any]


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson interval of a score (a draw counts half) over `n` games."""
    if n == 0:
        return 0.0, 1.0
    d = 1 + z * z / n
    c = (score + z * z / (2 * n)) / d
    r = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - r), min(1.0, c + r)


class Timed:
    """Records the wall-clock seconds (and search iterations, when the bot says)
    of every decision with a real choice."""

    def __init__(self, bot: Any, times: list, iters: list) -> None:
        self.bot, self.times, self.iters = bot, times, iters

    def choose(self, view, budget_s):
        choice = len(view.legal_actions()) > 1
        t = time.perf_counter()
        action = self.bot.choose(view, budget_s)
        if choice:
            self.times.append(time.perf_counter() - t)
            stats = getattr(self.bot, "stats", None) or {}
            n = stats.get("iterations", stats.get("nodes"))
            if n is not None:
                self.iters.append(n)
        return action


@dataclass
class Series:
    seats: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seat_wins: list = field(default_factory=list)
    times: tuple = field(default_factory=lambda: ([], []))   # A's, B's
    iters: tuple = field(default_factory=lambda: ([], []))
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def row(self, a: str, b: str) -> str:
        lo, hi = wilson(self.score, self.games)
        cells = [f"{a} vs {b}", str(self.seats), str(self.games),
                 f"{self.wins}-{self.draws}-{self.losses}", f"{100 * self.score:.1f}%",
                 f"{100 * lo:.0f}-{100 * hi:.0f}%", f"{100 / self.seats:.0f}%"]
        for side in (0, 1):
            ts, its = self.times[side], self.iters[side]
            if ts:
                p95 = sorted(ts)[min(len(ts) - 1, int(0.95 * len(ts)))]
                cell = f"{statistics.median(ts):.3f} / {p95:.3f} s"
                if its:
                    cell += f", {statistics.median(its):.0f} it"
            else:
                cell = "-"
            cells.append(cell)
        cells.append(" / ".join(map(str, self.seat_wins)))
        cells.append(f"{self.seconds / 60:.1f} min")
        return "| " + " | ".join(cells) + " |"


HEADER = ("| Pairing | Players | Games | W-D-L | Score | 95% interval | Fair share "
          "| A: time a decision (median / p95), iterations | B: the same | A's wins by seat | Took |")

# The series being played, read by _one (in this process or a forked worker).
_JOB: tuple = ()


def _one(job: tuple[int, int]) -> tuple:
    game, build, a, b, seats, budget, base, options = _JOB
    seed, a_seat = job
    times: tuple = ([], [])
    iters: tuple = ([], [])
    bots = []
    for s in range(seats):
        rng = random.Random(f"{base}/{seed}/{s}/{a_seat}")
        side = 0 if s == a_seat else 1
        bots.append(Timed(build(a if side == 0 else b, rng), times[side], iters[side]))
    out = play_match(game, bots, base + seed, budget_s=budget, options=options)
    return a_seat, tuple(out.winners), times, iters


def series(game: Any, build: Build, a: str, b: str, seeds: int, seats: int = 2,
           budget: float = 0.25, base: int = 1_000_000, options: Any = None, jobs: int = 1,
           progress: Callable[[Series], None] | None = None, every: int = 10) -> Series:
    """Bot `a` against bots `b`: `seeds` game seeds, each played with A in every
    seat. `build(name, rng)` makes a bot. `progress(series)` is called every
    `every` games (a long table still gives partial figures)."""
    global _JOB
    _JOB = (game, build, a, b, seats, budget, base, options)
    res = Series(seats, seat_wins=[0] * seats)
    jobs_list = [(seed, s) for seed in range(seeds) for s in range(seats)]
    t = time.perf_counter()
    pool = get_context("fork").Pool(jobs) if jobs > 1 else None
    try:
        results = pool.imap_unordered(_one, jobs_list) if pool else map(_one, jobs_list)
        for a_seat, winners, times, iters in results:
            if winners == (a_seat,):
                res.wins += 1
                res.seat_wins[a_seat] += 1
            elif a_seat in winners or not winners:
                res.draws += 1
            else:
                res.losses += 1
            for side in (0, 1):
                res.times[side].extend(times[side])
                res.iters[side].extend(iters[side])
            res.seconds = time.perf_counter() - t
            if progress is not None and res.games % every == 0 and res.games < len(jobs_list):
                progress(res)
    finally:
        if pool is not None:
            pool.close()
    return res
