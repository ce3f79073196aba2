"""Bot A against bot B, any game with bots: the issue 17 tables.

    nice -n 10 .venv/bin/python bench/bot_duel.py --game town \
        --pairs hard:textbook normal:textbook --seats 2 3 4 5 --games 40 \
        --budget 0.25 [--iterations 400] [--seed 1] [--jobs 1]

Bots: random, easy, normal, hard (the game's levels, core/<game>/bots.py
make_bot) and textbook (bench/textbook_ismcts.py, plain SO-ISMCTS). Both sides
get the same wall-clock time a decision (`--budget`, a ceiling every bot keeps);
with `--iterations N` the searching bots (hard, textbook) stop after N iterations
instead (the budget is then raised so that only the cap decides, unless
`--budget` is given too): the games are then the same on every run and machine.
`--iterations-a` / `--iterations-b` cap one side only.

One copy of A plays seats - 1 copies of B; A's seat turns every game. Each row
(core.ai.arena TournamentResult.report): games, W-D-L, A's score with its 95%
Wilson interval and the fair share (1 / seats), then for each side the time a
decision with a real choice (median/95th percentile) and iterations (median).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from core import GAMES  # noqa: E402
from core.ai.arena import TournamentResult, tournament  # noqa: E402
from core.ai.basic import RandomBot  # noqa: E402
from textbook_ismcts import TextbookISMCTS  # noqa: E402
from _clock import add_clock_flag, apply_clock_flag  # noqa: E402

CHUNK = 60  # games between progress lines (a multiple of 2, 3, 4 and 5)


def level_bot(game_id: str, level: str, rng, iterations: int | None):
    """The game's bot at `level`, capped at `iterations` when given (through
    make_bot's `iterations` when it takes one, else its search's cap)."""
    bots = importlib.import_module(f"core.{game_id.replace('-', '_')}.bots")
    if iterations is None:
        return GAMES[game_id].make_bot(level, rng)
    try:
        return bots.make_bot(level, rng, iterations=iterations)
    except TypeError:
        bot = bots.make_bot(level, rng)
        search = getattr(bot, "search", None)
        if search is not None and hasattr(search, "max_iterations"):
            search.max_iterations = iterations
        return bot


def maker(game_id: str, name: str, iterations: int | None):
    if name == "random":
        return lambda rng: RandomBot(rng)
    if name == "textbook":
        return lambda rng: TextbookISMCTS(rng, iterations=iterations)
    return lambda rng: level_bot(game_id, name, rng, iterations)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="town", choices=sorted(GAMES))
    ap.add_argument("--pairs", nargs="+", default=["hard:textbook"])
    ap.add_argument("--seats", type=int, nargs="+", default=[2])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--budget", type=float, default=None, help="seconds a decision (default 0.25)")
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--iterations-a", type=int, default=None)
    ap.add_argument("--iterations-b", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    add_clock_flag(ap)
    args = ap.parse_args(argv)
    clock = apply_clock_flag(args)
    capped = args.iterations is not None or args.iterations_a is not None or args.iterations_b is not None
    budget = args.budget if args.budget is not None else (1e6 if capped else 0.25)
    it_a = args.iterations_a if args.iterations_a is not None else args.iterations
    it_b = args.iterations_b if args.iterations_b is not None else args.iterations
    game = GAMES[args.game]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{game.title}: {args.games} games a row, seed {args.seed}, "
          f"{'budget %.2f s' % budget if budget < 1e5 else 'no time limit'}"
          f"{'' if not capped else f', iterations A {it_a} B {it_b}'}, jobs {args.jobs}, "
          f"{clock}, load {load:.1f} at start", flush=True)
    for seats in args.seats:
        for pair in args.pairs:
            a, b = pair.split(":")
            total = TournamentResult(seats=seats)
            done = 0
            while done < args.games:
                n = min(CHUNK, args.games - done)
                res = tournament(game, maker(args.game, a, it_a), maker(args.game, b, it_b),
                                 games=n, seats=seats, budget_s=budget,
                                 seed=args.seed * 100_000 + seats * 1000 + done, jobs=args.jobs)
                total.add(res)
                done += n
                if done < args.games:
                    print(f"  ... {total.report(a, b)}", flush=True)
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            print(f"{total.report(a, b)}; {total.seconds:.0f} s, load {load:.1f}", flush=True)


if __name__ == "__main__":
    main()
