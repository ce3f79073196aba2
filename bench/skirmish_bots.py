"""HOUSES - Skirmish bots: win rates between levels, and the hard bot's time a decision.

    .venv/bin/python bench/skirmish_bots.py [--seeds 100]
        [--pairs easy:random normal:easy hard:normal] [--hard-iterations N] [--jobs 2]
        [--timing-games 4] [--seed 1]

Win rates: each pairing plays `--seeds` game seeds twice, the first bot at seat 1
and then at seat 2 (so 2 x seeds two-player games, Jokers on). With `--seats 3`
or `4`, one copy of the first bot plays the others, in every seat of every seed
(a fair share is then 1 / seats). Bots are built
fresh each game with their own seeded rngs, and the hard bot is capped by ISMCTS
iterations (`--hard-iterations`, default the level's own cap) with a generous
time ceiling, so every table is reproducible whatever the machine's load.
A win is the first bot the sole winner; a shared sudden-death win is a draw
(half a point). The interval is the 95% Wilson interval of the score.

Timing: `--timing-games` games of hard against normal at the TUI's budget
(budget_s = 1.0, the level's own iteration cap), counting only decisions with a
real choice (the search's shortlist has more than one action): wall-clock and
CPU seconds a decision, the share within 1.5 s, iterations a decision.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.ai.arena import play_match  # noqa: E402
from core.ai.basic import RandomBot  # noqa: E402
from core.skirmish import GAME  # noqa: E402
from core.skirmish.bots import HARD_ITERATIONS, HardBot, make_bot  # noqa: E402


def build(level: str, rng: random.Random, hard_iterations: int):
    if level == "random":
        return RandomBot(rng)
    if level == "hard":
        return HardBot(rng, iterations=hard_iterations)
    return make_bot(level, rng)


def one_game(job: tuple) -> tuple:
    """(pair, seed, a_seat, winners, seconds) for one game of bot A against bot(s) B."""
    a, b, seed, a_seat, iters, base, seats = job
    bots = []
    for s in range(seats):
        rng = random.Random(f"{base}/{seed}/{s}/{a_seat}")
        bots.append(build(a if s == a_seat else b, rng, iters))
    t = time.perf_counter()
    out = play_match(GAME, bots, base + seed, budget_s=120.0)
    return (a, b), seed, a_seat, tuple(out.winners), time.perf_counter() - t


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    d = 1 + z * z / n
    c = (score + z * z / (2 * n)) / d
    r = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / d
    return c - r, c + r


class Timed:
    def __init__(self, bot: HardBot, log: list) -> None:
        self.bot, self.log = bot, log

    def choose(self, view, budget_s):
        t, c = time.perf_counter(), time.process_time()
        a = self.bot.choose(view, budget_s)
        it = self.bot.stats.get("iterations", 0)
        if it:
            self.log.append((time.perf_counter() - t, time.process_time() - c, it))
        return a


def timing(games: int, seed: int) -> list:
    log: list = []
    for g in range(games):
        rng = random.Random(f"timing/{seed}/{g}")
        hard = Timed(HardBot(rng), log)
        normal = make_bot("normal", random.Random(f"timing-normal/{seed}/{g}"))
        bots = [hard, normal] if g % 2 == 0 else [normal, hard]
        play_match(GAME, bots, 50_000 + seed * 100 + g, budget_s=1.0)
    return log


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100,
                    help="game seeds a pairing (one game a seating of the first bot)")
    ap.add_argument("--seats", type=int, default=2, help="players a game (2-4)")
    ap.add_argument("--pairs", nargs="*", default=["easy:random", "normal:easy", "hard:normal"])
    ap.add_argument("--hard-iterations", type=int, default=HARD_ITERATIONS)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--timing-games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    base = args.seed * 1_000_000
    print(f"HOUSES - Skirmish bots: {args.seeds} seeds x {args.seats} seatings a pairing, "
          f"{args.seats} players (one first bot against the others), "
          f"Jokers on, hard capped at {args.hard_iterations} iterations, seed {args.seed}",
          flush=True)
    for pair in args.pairs:
        a, b = pair.split(":")
        jobs = [(a, b, seed, a_seat, args.hard_iterations, base, args.seats)
                for seed in range(args.seeds) for a_seat in range(args.seats)]
        t = time.perf_counter()
        wins = draws = losses = 0
        seat_wins = [0] * args.seats
        with Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
            for _, seed, a_seat, winners, _ in pool.imap_unordered(one_game, jobs):
                if winners == (a_seat,):
                    wins += 1
                    seat_wins[a_seat] += 1
                elif a_seat in winners:
                    draws += 1
                else:
                    losses += 1
        n = wins + draws + losses
        score = (wins + 0.5 * draws) / n
        lo, hi = wilson(score, n)
        print(f"| {a} vs {b} | {n} | {wins}-{draws}-{losses} | {100 * score:.1f}% "
              f"| {100 * lo:.0f}-{100 * hi:.0f}% | {' / '.join(map(str, seat_wins))} "
              f"| {(time.perf_counter() - t) / 60:.1f} min |", flush=True)
    if args.timing_games:
        log = timing(args.timing_games, args.seed)
        wall = [x[0] for x in log]
        cpu = [x[1] for x in log]
        its = [x[2] for x in log]
        within = sum(1 for x in wall if x <= 1.5) / len(wall)
        print(f"hard at budget 1.0 s, {args.timing_games} games against normal: "
              f"{len(log)} decisions with a choice; wall median {pct(wall, 0.5):.2f} s, "
              f"p95 {pct(wall, 0.95):.2f} s, max {max(wall):.2f} s; "
              f"{100 * within:.1f}% within 1.5 s; CPU median {pct(cpu, 0.5):.2f} s, "
              f"p95 {pct(cpu, 0.95):.2f} s; iterations median "
              f"{pct(its, 0.5):.0f} (cap {HARD_ITERATIONS})", flush=True)


class _Serial:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @staticmethod
    def imap_unordered(fn, jobs):
        return map(fn, jobs)


if __name__ == "__main__":
    main()
