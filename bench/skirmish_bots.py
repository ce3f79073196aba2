"""HOUSES - Skirmish bots: win rates between levels and against a textbook
SO-ISMCTS, with each side's time a decision.

    .venv/bin/python bench/skirmish_bots.py [--seeds 100] [--seats 2]
        [--pairs easy:random normal:easy hard:normal] [--iterations N] [--budget 1.0]
        [--vs textbook] [--textbook-iterations N] [--jobs 1] [--seed 1]

Each pairing plays seats x `--seeds` games, one game seed each, the first bot's
seat turning every game (core/ai/arena.py `tournament`), Jokers on. With `--seats 3` or `4`
one copy of the first bot plays copies of the second (a fair share is then
1 / seats). One line a pairing: games, W-D-L from the first bot's side (a
shared sudden-death win is a draw, half a point), the score with its 95% Wilson
interval, each side's time a decision (median / p95, decisions with a real
choice) and iterations, and the first bot's wins by seat.

Bots: random, easy, normal, hard (core/skirmish/bots.py), textbook
(bench/textbook_ismcts.py: plain SO-ISMCTS, uniformly random rollouts) and
main-hard (hard as it was before issue 17: at most 600 iterations a decision).

- `--budget` is every bot's time a decision (the app gives 1 s). In the app the
  budget is the limit; `--iterations N` caps hard at N ISMCTS iterations instead
  (`--textbook-iterations` the textbook), so the table is the same on any machine
  whatever its load: give a large `--budget` with them.
- `--vs textbook` is short for `--pairs hard:textbook`.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._clock import add_clock_flag, apply_clock_flag  # noqa: E402
from bench.textbook_ismcts import TextbookISMCTS  # noqa: E402
from core.ai.arena import tournament  # noqa: E402
from core.ai.basic import RandomBot  # noqa: E402
from core.skirmish import GAME  # noqa: E402
from core.skirmish.bots import HardBot, make_bot  # noqa: E402

MAIN_HARD_ITERATIONS = 600  # hard's cap before issue 17


def builder(iterations: int | None, textbook_iterations: int | None):
    def build(name: str, rng: random.Random):
        if name == "random":
            return RandomBot(rng)
        if name == "textbook":
            return TextbookISMCTS(rng, iterations=textbook_iterations)
        if name == "main-hard":
            return HardBot(rng, iterations=MAIN_HARD_ITERATIONS)
        return make_bot(name, rng, iterations=iterations)
    return build


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100,
                    help="games a pairing, times the seats")
    ap.add_argument("--seats", type=int, default=2, help="players a game (2-4)")
    ap.add_argument("--pairs", nargs="*", default=["easy:random", "normal:easy", "hard:normal"])
    ap.add_argument("--vs", choices=["textbook"], help="hard against the textbook SO-ISMCTS")
    ap.add_argument("--budget", type=float, default=1.0, help="time a decision (s)")
    ap.add_argument("--iterations", type=int, help="hard's ISMCTS iterations a decision")
    ap.add_argument("--textbook-iterations", type=int, help="the textbook's iterations a decision")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--seed", type=int, default=1)
    add_clock_flag(ap)
    args = ap.parse_args()
    clock = apply_clock_flag(args)
    pairs = ["hard:textbook"] if args.vs == "textbook" else args.pairs
    cap = f"{args.iterations} iterations" if args.iterations else "none"
    tcap = f"{args.textbook_iterations} iterations" if args.textbook_iterations else "none"
    print(f"HOUSES - Skirmish, {args.seats} players, {args.seats * args.seeds} games a pairing (seat in turn), "
          f"a pairing, Jokers on, budget {args.budget} s a decision, caps: hard {cap}, "
          f"textbook {tcap}, seed {args.seed}, {clock}", flush=True)
    build = builder(args.iterations, args.textbook_iterations)
    for pair in pairs:
        a, b = pair.split(":")
        res = tournament(GAME, lambda rng, n=a: build(n, rng), lambda rng, n=b: build(n, rng),
                         args.seeds * args.seats, args.seats, args.budget, args.seed * 1_000_000,
                         None, jobs=args.jobs)
        by_seat = [sum(1 for _, s, w in res.records if w == (s,) and s == seat)
                   for seat in range(args.seats)]
        print(f"{res.report(a, b)}; {a}'s wins by seat {' / '.join(map(str, by_seat))}; "
              f"took {res.seconds / 60:.1f} min", flush=True)


if __name__ == "__main__":
    main()
