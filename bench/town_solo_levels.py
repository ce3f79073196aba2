"""TOWN 77 solo: the score distribution of the strong solo strategy (the one behind
`solo_hint`) over many seeds, and the level bands it suggests.

    .venv/bin/python bench/town_solo_levels.py [--seeds 1000] [--start 0]

The bands: each rank starts at a percentile of the strategy's scores (so a player
who matches the strategy lands in the middle ranks), and 49 is the top rank.
Compare the suggested bands with LEVELS in core/town/words.py.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.town import GAME  # noqa: E402
from core.town.solo import SoloPlanner  # noqa: E402
from core.town.words import LEVELS, level_for  # noqa: E402

# the percentile of the strategy's scores at which each rank (after the first) begins
PERCENTILES = (20, 40, 60, 80, 95)


def play(planner: SoloPlanner, seed: int) -> int:
    st = GAME.new(1, seed)
    while not st.over:
        st.play(planner.choose(st.view(0)))
    return st.placed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    args = ap.parse_args()
    planner = SoloPlanner()
    t0 = time.perf_counter()
    scores = [play(planner, s) for s in range(args.start, args.start + args.seeds)]
    secs = time.perf_counter() - t0
    n = len(scores)
    scores_sorted = sorted(scores)
    print(f"TOWN 77 solo, strong strategy, seeds {args.start}..{args.start + n - 1}: "
          f"{secs / n:.3f} s a game")
    print(f"mean {statistics.mean(scores):.2f}, median {statistics.median(scores):.1f}, "
          f"min {scores_sorted[0]}, max {scores_sorted[-1]}, all 49: {scores.count(49)}")
    print("score distribution (tiles placed: games)")
    for lo in range(0, 50, 5):
        hi = min(49, lo + 4)
        k = sum(1 for x in scores if lo <= x <= hi)
        print(f"  {lo:2d}-{hi:2d}: {k:5d} {'#' * round(60 * k / n)}")
    print("percentiles: " + ", ".join(
        f"p{p}={scores_sorted[min(n - 1, p * n // 100)]}" for p in (10, 20, 25, 40, 50, 60, 75, 80, 90, 95, 99)))
    bands = [scores_sorted[min(n - 1, p * n // 100)] for p in PERCENTILES]
    print("suggested rank starts (percentiles " + ", ".join(map(str, PERCENTILES)) + "): "
          + ", ".join(map(str, bands)) + ", and 49")
    print("current table:")
    for low, name in LEVELS:
        k = sum(1 for x in scores if level_for(x) == name)
        print(f"  {low:2d}+ {name:<20} {100 * k / n:5.1f}% of the strategy's games")


if __name__ == "__main__":
    main()
