"""TOWN 77 bots: win rates between levels and the hard bot's time a decision.

    .venv/bin/python bench/town_bots.py [--games 200] [--seats 2 4] [--seed 1]
        [--pairs easy:random normal:easy hard:normal] [--iterations 400 | --budget 0.25]

Each pairing plays `--games` seeded games (core.ai.arena.tournament): one copy of
the first bot against seats - 1 copies of the second, the first bot's seat turning
every game. The searching levels are capped by ISMCTS iterations (`--iterations`,
default 400; normal gets a quarter of them, as it gets a quarter of the time in
the app) rather than time, so the tables are reproducible; `--budget S` plays
them at S seconds a decision instead (in the app they use their whole budget). A fair share is
1 / seats, so "clearly better" means well above 50% with 2 players, 25% with 4.
The hard bot's decision times count only decisions with a real choice (more than
one legal action).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.ai.arena import tournament  # noqa: E402
from core.ai.basic import RandomBot  # noqa: E402
from core.town import GAME  # noqa: E402
from core.town.bots import NORMAL_FRACTION, make_bot  # noqa: E402

CHUNK = 20
TIMES: list[float] = []
CPU: list[float] = []


class Timed:
    def __init__(self, inner) -> None:
        self.inner = inner

    def choose(self, view, budget_s):
        choice = len(view.legal_actions()) > 1
        t = time.perf_counter()
        c = time.process_time()
        a = self.inner.choose(view, budget_s)
        if choice:
            TIMES.append(time.perf_counter() - t)
            CPU.append(time.process_time() - c)
        return a


def maker(level: str, iterations: int | None):
    if level == "random":
        return lambda rng: RandomBot(rng)
    if level == "hard":
        return lambda rng: Timed(make_bot("hard", rng, iterations=iterations))
    if level == "normal" and iterations is not None:
        # as in the app, where normal thinks for a quarter of hard's time
        quarter = max(1, round(iterations * NORMAL_FRACTION))
        return lambda rng: make_bot(level, rng, iterations=quarter)
    return lambda rng: make_bot(level, rng, iterations=iterations)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairs", nargs="+", default=["easy:random", "normal:easy", "hard:normal"])
    ap.add_argument("--iterations", type=int, default=400)
    ap.add_argument("--budget", type=float, default=None)
    args = ap.parse_args()
    iterations = None if args.budget is not None else args.iterations
    budget = args.budget if args.budget is not None else 1e6
    print(f"TOWN 77 bots: {args.games} games a pairing, seed {args.seed}, "
          + (f"{budget} s a decision" if iterations is None else f"{iterations} iterations a decision"))
    for seats in args.seats:
        for pair in args.pairs:
            a, b = pair.split(":")
            # in chunks of 20 games (a multiple of every seat count's rotation but 3
            # and 5), printing the running total so a long run shows its progress
            total = None
            done = 0
            while done < args.games:
                n = min(CHUNK, args.games - done)
                res = tournament(GAME, maker(a, iterations), maker(b, iterations), games=n, seats=seats, budget_s=budget,
                                 seed=args.seed * 100_000 + seats * 1000 + done)
                if total is None:
                    total = res
                else:
                    total.games += res.games
                    total.wins += res.wins
                    total.draws += res.draws
                    total.losses += res.losses
                    total.seconds += res.seconds
                    total.records.extend(res.records)
                done += n
                if done < args.games:
                    print(f"  ... {total.line(a, b)}", flush=True)
            fair = 100.0 / seats
            print(f"{total.line(a, b)} (fair share {fair:.0f}%)", flush=True)
    for name, times in (("wall-clock", TIMES), ("CPU", CPU)):
        if not times:
            continue
        t = sorted(times)
        n = len(t)
        within = sum(1 for x in t if x <= 1.0) / n  # the app's budget
        print(f"hard decisions ({name} time): {n}; median {t[n // 2]:.3f} s, 95th percentile "
              f"{t[min(n - 1, int(0.95 * n))]:.3f} s, max {t[-1]:.3f} s; "
              f"{100 * within:.1f}% within 1 s", flush=True)


if __name__ == "__main__":
    main()
