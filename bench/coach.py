"""The coach (core.ai.coach, issue 15): hint time, review time and hint quality.

    nice -n 10 .venv/bin/python bench/coach.py [--positions 20] [--budget 1.0]
        [--games dash house-rules town town-solo skirmish] [--reviews 1]
        [--review-budget S] [--no-hints] [--dash-honesty N] [--seed 1]

- Hint time: p50 / p95 / max wall time of `hint(game, view, budget)` on
  `--positions` positions taken from seeded random games (positions with a real
  choice only).
- Quality: on the same positions, how often the hint at the budget agrees with the
  hint at 10x the budget (another seed), a proxy for "the hard bot with ten times
  the time would play it too".
- Review time: `review` of one whole seeded game (the hard bot against itself for
  the competitive games, the solo strategy for TOWN 77 solo, random play for Dash)
  with every seat judged, at the budget; the number of decisions judged, the
  seconds a move, and when the first verdict was ready (the review screen shows
  the verdicts as they come). Dash reviews a winnable deal played at random (its
  `lost_at` included).

- Dash honesty (`--dash-honesty N`): on N positions of winnable solo deals, still
  winnable, how often the hint (from the view: the pile order unseen) keeps the
  real deal winnable. The old full-knowledge solver hint keeps it 100% by design.

Wall times on a shared machine: the load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core import GAMES  # noqa: E402
from core.ai import bot  # noqa: E402
from core.ai.coach import hint, review  # noqa: E402

# Benchmark name -> (game id, seats).
CASES = {
    "dash": ("dash", 1),
    "house-rules": ("house-rules", 2),
    "town": ("town", 3),
    "town-solo": ("town", 1),
    "skirmish": ("skirmish", 2),
}


def positions(game_id: str, seats: int, count: int, seed: int) -> list:
    """Positions with a real choice, from seeded random games."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        state = game.new(seats, seed * 1000 + k)
        k += 1
        while not state.over and len(out) < count:
            if len(state.legal_actions()) > 1 and rng.random() < 0.2:
                out.append(state.clone())
            state.play(rng.choice(state.legal_actions()))
    return out


def one_game(game_id: str, seats: int, seed: int) -> tuple:
    """A whole game to review: (start, [(seat, action), ...])."""
    game = GAMES[game_id]
    # Dash: a winnable deal, so that the review has a winning line to lose.
    state = game.new(seats, seed, game.Options(winnable=True) if game_id == "dash" else None)
    start = state.clone()
    steps = []
    rng = random.Random(seed)
    bots = [] if game.cooperative else [bot(game_id, "hard", seed + s) for s in range(seats)]
    while not state.over:
        seat = state.to_move
        if game.cooperative:
            action = rng.choice(state.legal_actions())
        else:
            action = bots[seat].choose(state.view(seat), 1.0)
        steps.append((seat, action))
        state.play(action)
    return start, steps


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def bench_hints(name: str, count: int, budget: float, seed: int) -> str:
    game_id, seats = CASES[name]
    times = []
    agree = 0
    for i, state in enumerate(positions(game_id, seats, count, seed)):
        view = state.view(state.to_move)
        t = time.perf_counter()
        quick = hint(game_id, view, budget, seed=i)
        times.append(time.perf_counter() - t)
        slow = hint(game_id, view, 10 * budget, seed=10_000 + i)
        agree += quick.action == slow.action
    return (f"| {name} | {len(times)} | {statistics.median(times):.2f} | {pct(times, 0.95):.2f} | "
            f"{max(times):.2f} | {agree}/{len(times)} ({100 * agree / len(times):.0f}%) |")


def bench_review(name: str, budget: float, seed: int) -> str:
    game_id, seats = CASES[name]
    start, steps = one_game(game_id, seats, seed)
    t = time.perf_counter()
    first: list[float] = []  # when the first verdict was ready to show (`judged`)
    got = review(game_id, start, steps, set(range(seats)), budget, seed=seed,
                 judged=lambda j: first or first.append(time.perf_counter() - t))
    took = time.perf_counter() - t
    per = took / max(1, len(got.judgements))
    return (f"| {name} | {len(steps)} | {len(got.judgements)} | {took:.1f} | {per:.2f} | "
            f"{first[0] if first else 0:.2f} | {got.summary} |")


def bench_dash_honesty(count: int, budget: float, seed: int) -> str:
    """On positions of winnable solo deals that are still winnable (along the
    solver's line on the real deal), how often the coach's hint, from the view,
    keeps the real deal winnable: the price of not peeking at the pile."""
    from core.dash.solver import search

    game = GAMES["dash"]
    kept = tried = undecided = 0
    k = 0
    while tried < count:
        state = game.new(1, seed * 7919 + k, game.Options(winnable=True))
        k += 1
        line = search(state, 20_000).line or []
        for i, play in enumerate(line[:-1]):
            if tried >= count:
                break
            if i % 4 == 0:
                got = hint("dash", state.view(0), budget, seed=i)
                after = state.clone()
                after.play(got.action)
                result = search(after, 20_000)
                tried += 1
                kept += result.line is not None
                undecided += result.line is None and not result.decided
            state.play(play)
    return (f"| {tried} | {kept}/{tried} ({100 * kept / tried:.0f}%) | {undecided} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--games", nargs="*", default=list(CASES))
    ap.add_argument("--reviews", type=int, default=1, help="0: skip the reviews")
    ap.add_argument("--review-budget", type=float, default=None, help="a decision's budget in reviews (default: --budget)")
    ap.add_argument("--no-hints", action="store_true")
    ap.add_argument("--dash-honesty", type=int, default=0, help="positions of winnable Dash deals to check")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores)")
    if not args.no_hints:
        print(f"\nHints at {args.budget:g} s ({args.positions} positions a game), agreement with 10x the budget")
        print("| game | positions | p50 s | p95 s | max s | same as at 10x |")
        print("|---|---|---|---|---|---|")
        for name in args.games:
            print(bench_hints(name, args.positions, args.budget, args.seed), flush=True)
    rb = args.review_budget if args.review_budget is not None else args.budget
    if args.reviews:
        print(f"\nReview of a whole game at {rb:g} s a decision, every seat judged")
        print("| game | moves | judged | seconds | s a move | first verdict s | summary |")
        print("|---|---|---|---|---|---|---|")
        for name in args.games:
            for r in range(args.reviews):
                print(bench_review(name, rb, args.seed + r), flush=True)
    if args.dash_honesty:
        print(f"\nDash hint from the view on winnable positions at {args.budget:g} s: the real deal stays winnable")
        print("| positions | still winnable | solver undecided |")
        print("|---|---|---|")
        print(bench_dash_honesty(args.dash_honesty, args.budget, args.seed), flush=True)
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
