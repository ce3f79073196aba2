"""HOUSE RULES bots: win rates between levels and the hard bot's time a decision.

    .venv/bin/python bench/house_rules_bots.py [--games 200] [--cards hands] [--seed 1]

Each pairing plays `--games` seeded games with the sides swapped every game
(core.ai.arena.tournament); levels are capped by depth and node count, so the
tables are reproducible. Prints one line a pairing (wins-draws-losses from the
first bot's side) and the hard bot's decision times.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.ai.arena import TournamentResult, tournament  # noqa: E402
from core.ai.basic import RandomBot  # noqa: E402
from core.house_rules import GAME, Options  # noqa: E402
from core.house_rules.bots import make_bot  # noqa: E402


class Timed:
    """Wraps a bot and records how long each decision took."""

    times: list[float] = []  # wall-clock seconds a decision
    cpu: list[float] = []  # CPU seconds a decision (what an unshared core would take)

    def __init__(self, inner) -> None:
        self.inner = inner

    def choose(self, view, budget_s):
        t, c = time.perf_counter(), time.process_time()
        a = self.inner.choose(view, budget_s)
        Timed.times.append(time.perf_counter() - t)
        Timed.cpu.append(time.process_time() - c)
        return a


def maker(level: str, timed: bool = False):
    if level == "random":
        return lambda rng: RandomBot(rng)
    if timed:
        return lambda rng: Timed(make_bot(level, rng))
    return lambda rng: make_bot(level, rng)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--cards", default="hands", choices=["hands", "none", "random"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=5.0, help="time ceiling a decision (s)")
    ap.add_argument("--pairs", default="easy:random,normal:easy,hard:normal")
    ap.add_argument("--chunk", type=int, default=10, help="games between progress lines (even)")
    args = ap.parse_args()
    options = Options(cards=args.cards)
    print(f"HOUSE RULES, cards={args.cards}, {args.games} games a pairing, seed {args.seed}", flush=True)
    for pair in args.pairs.split(","):
        a, b = pair.split(":")
        Timed.times, Timed.cpu = [], []
        total = TournamentResult()
        # Played in chunks of --chunk games (sides swapped inside each chunk), with a
        # running line after each, so a long table still gives partial figures.
        for start in range(0, args.games, args.chunk):
            n = min(args.chunk, args.games - start)
            res = tournament(
                GAME, maker(a, timed=(a == "hard")), maker(b, timed=(b == "hard")), games=n,
                budget_s=args.budget, seed=args.seed + start, options=options,
            )
            for f in ("games", "wins", "draws", "losses", "seconds"):
                setattr(total, f, getattr(total, f) + getattr(res, f))
            total.records += res.records
            print("  " + total.line(a, b), flush=True)
        print(total.line(a, b), flush=True)
        for name, ts in (("wall", Timed.times), ("cpu", Timed.cpu)):
            if ts:
                ts = sorted(ts)
                n = len(ts)
                within = sum(t <= 1.0 for t in ts) / n
                print(
                    f"  hard ({name}): {n} decisions, median {ts[n // 2] * 1000:.0f} ms, "
                    f"p95 {ts[int(n * 0.95)] * 1000:.0f} ms, max {ts[-1] * 1000:.0f} ms, "
                    f"{100 * within:.1f}% within 1 s",
                    flush=True,
                )

if __name__ == "__main__":
    random.seed(0)
    main()
