"""Icehouse Dash figures: random games/s, clones/s, solver and winnable-deal times.

Run: .venv/bin/python bench/dash_engine.py [--quick] [--seeds N]
Prints one figure a line; docs/performance.md quotes them.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import core.dash as dash  # noqa: E402
from core.dash import GAME, Options, daily_seed  # noqa: E402
from core.dash.solver import search  # noqa: E402
from core.dash.state import deal  # noqa: E402


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="smaller samples")
    ap.add_argument("--seeds", type=int, default=0,
                    help="deals for the solver figure (winnable: a third of it, daily: every 7th date)")
    args = ap.parse_args()
    q = args.quick

    n = 200 if q else 1000
    t = time.perf_counter()
    plays = 0
    for i in range(n):
        s = GAME.new(1 + i % 4, i)
        rng = random.Random(i)
        while not s.over:
            s.apply(rng.choice(s.legal_actions()))
            plays += 1
    dt = time.perf_counter() - t
    print(f"random full games (1-4 players, checked apply): {n / dt:.0f} games/s, {plays / dt:.0f} plays/s")

    s = GAME.new(2, 1)
    n = 20000 if q else 100000
    t = time.perf_counter()
    for _ in range(n):
        s.clone()
    print(f"clones: {n / (time.perf_counter() - t):.0f}/s")

    limit = 20000
    seeds = range(args.seeds or (60 if q else 300))
    won = undecided = 0
    times, nodes = [], []
    for seed in seeds:
        st = deal(1, seed, Options(), seed)
        t = time.perf_counter()
        r = search(st, limit)
        dt = time.perf_counter() - t
        if r.line is not None:
            won += 1
            times.append(dt)
            nodes.append(r.nodes)
        elif not r.decided:
            undecided += 1
    total = len(seeds)
    print(f"1-player deals proven winnable (limit {limit} nodes): {won}/{total} = {won / total:.1%}; "
          f"undecided {undecided}; proven lost {total - won - undecided}")
    print(f"  solve time of the winnable ones: median {statistics.median(times) * 1000:.0f} ms, "
          f"p95 {pct(times, 0.95) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; "
          f"nodes median {statistics.median(nodes):.0f}, p95 {pct(nodes, 0.95)}")

    for seats in (1, 2, 4):
        ts = []
        for seed in range(args.seeds // 3 if args.seeds else (30 if q else 100)):
            t = time.perf_counter()
            GAME.new(seats, 10_000 + seed, Options(winnable=True))
            ts.append(time.perf_counter() - t)
        print(f"winnable-only new() for {seats} player(s) (limit {dash.WINNABLE_NODE_LIMIT}): "
              f"median {statistics.median(ts) * 1000:.0f} ms, p95 {pct(ts, 0.95) * 1000:.0f} ms, "
              f"max {max(ts) * 1000:.0f} ms")

    ts = []
    day = datetime.date(2026, 1, 1)
    step = 7 if q or args.seeds else 1
    for i in range(0, 730, step):
        t = time.perf_counter()
        GAME.new(1, daily_seed(day + datetime.timedelta(days=i)), Options(winnable=True))
        ts.append(time.perf_counter() - t)
    print(f"daily deal 2026-2027 ({len(ts)} dates): median {statistics.median(ts) * 1000:.0f} ms, "
          f"p95 {pct(ts, 0.95) * 1000:.0f} ms, max {max(ts) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
