"""HOUSE RULES bots: win rates between levels and against a textbook UCT, with each
side's time a decision.

    .venv/bin/python bench/house_rules_bots.py [--seeds 100] [--pairs easy:random normal:easy hard:normal]
        [--iterations N] [--budget 0.25] [--vs textbook] [--textbook-iterations N]
        [--cards hands] [--jobs 1] [--seed 1]

Each pairing plays 2 x `--seeds` games, one game seed each, the first bot White and
Black in turn (core/ai/arena.py `tournament`): one line with games, W-D-L from the
first bot's side, the score with its 95% Wilson interval, each side's time a
decision (median / p95, decisions with a real choice) with its nodes (alpha-beta)
or iterations (UCT), and the first bot's wins by seat.

Bots: random, easy, normal, hard (the levels of core/house_rules/bots.py),
textbook (bench/textbook_uct.py: plain UCT, uniformly random rollouts) and
main-hard (hard as it was before issue 17: 4 actions deep, at most 4,000 nodes).

- `--budget` is every bot's time a decision (the app gives 1 s). In the app the
  budget is the limit; `--iterations N` caps hard at N nodes a decision instead
  (normal is capped by its depth, `--textbook-iterations` caps the textbook), so the
  table is the same on any machine: give a large `--budget` with them.
- `--vs textbook` is short for `--pairs hard:textbook`.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._clock import add_clock_flag, apply_clock_flag  # noqa: E402
from bench.textbook_uct import TextbookUCT  # noqa: E402
from core.ai.arena import tournament  # noqa: E402
from core.ai.basic import RandomBot  # noqa: E402
from core.house_rules import GAME, Options  # noqa: E402
from core.house_rules.bots import make_bot  # noqa: E402

MAIN_HARD = {"max_depth": 4, "max_nodes": 4_000}  # hard before issue 17


def builder(iterations: int | None, textbook_iterations: int | None):
    def build(name: str, rng: random.Random):
        if name == "random":
            return RandomBot(rng)
        if name == "textbook":
            return TextbookUCT(rng, iterations=textbook_iterations)
        if name == "main-hard":
            bot = make_bot("hard", rng)
            for field, value in MAIN_HARD.items():
                setattr(bot.inner, field, value)
            return bot
        return make_bot(name, rng, iterations=iterations if name == "hard" else None)
    return build


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100, help="games a pairing, times 2")
    ap.add_argument("--pairs", nargs="*", default=["easy:random", "normal:easy", "hard:normal"])
    ap.add_argument("--vs", choices=["textbook"], help="hard against the textbook UCT")
    ap.add_argument("--budget", type=float, default=0.25, help="time a decision (s)")
    ap.add_argument("--iterations", type=int, help="hard's nodes a decision")
    ap.add_argument("--textbook-iterations", type=int, help="the textbook's iterations a decision")
    ap.add_argument("--cards", default="hands", choices=["hands", "none", "random"])
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--seed", type=int, default=1)
    add_clock_flag(ap)
    args = ap.parse_args()
    clock = apply_clock_flag(args)
    pairs = ["hard:textbook"] if args.vs == "textbook" else args.pairs
    cap = f"{args.iterations} nodes" if args.iterations else "none"
    tcap = f"{args.textbook_iterations} iterations" if args.textbook_iterations else "none"
    print(f"HOUSE RULES, cards={args.cards}, {2 * args.seeds} games a pairing (White in turn), "
          f"budget {args.budget} s a decision, caps: levels {cap}, textbook {tcap}, "
          f"seed {args.seed}, {clock}", flush=True)
    build = builder(args.iterations, args.textbook_iterations)
    for pair in pairs:
        a, b = pair.split(":")
        res = tournament(GAME, lambda rng, n=a: build(n, rng), lambda rng, n=b: build(n, rng),
                         args.seeds * 2, 2, args.budget, args.seed * 1_000_000,
                         Options(cards=args.cards), jobs=args.jobs)
        by_seat = [sum(1 for _, s, w in res.records if w == (s,) and s == seat)
                   for seat in range(2)]
        print(f"{res.report(a, b)}; {a}'s wins by seat {' / '.join(map(str, by_seat))}; "
              f"took {res.seconds / 60:.1f} min", flush=True)


if __name__ == "__main__":
    main()
