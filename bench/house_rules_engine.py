"""HOUSE RULES engine speed: random full games a second, actions a second, clones a
second, legal-move generation and the bots' evaluation.

    .venv/bin/python bench/house_rules_engine.py [--games 300]

Random games use the unchecked fast path (`legal_actions` + `play`), as a search does.
Rates are per CPU second of this process (time.process_time), so they do not
depend on how busy a shared machine is.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.house_rules import GAME, Options  # noqa: E402
from core.house_rules.bots import evaluate  # noqa: E402


def random_games(n: int, options: Options, silent: bool) -> tuple[float, int, list]:
    states = []
    actions = 0
    t = time.process_time()
    for seed in range(n):
        s = GAME.new(2, seed, options)
        s.silent = silent
        rng = random.Random(seed)
        while not s.over:
            s.play(rng.choice(s.legal_actions()))
            actions += 1
            if seed < 20 and actions % 7 == 0:
                states.append(s.clone())
    return time.process_time() - t, actions, states


def rate(fn, items, repeat: int) -> float:
    t = time.process_time()
    for _ in range(repeat):
        for x in items:
            fn(x)
    return repeat * len(items) / (time.process_time() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    print(f"HOUSE RULES engine, {args.games} random games a mode, Python {sys.version.split()[0]}")
    sample = []
    for mode in ("hands", "none", "random"):
        for silent in (False, True):
            secs, acts, states = random_games(args.games, Options(cards=mode), silent)
            sample += states
            tag = "silent (as in a search)" if silent else "with log"
            print(f"  cards={mode:6} {tag:24} {args.games / secs:8.1f} games/s  "
                  f"{acts / secs:9.0f} actions/s  ({acts / args.games:.0f} actions a game)")
    live = [s for s in sample if not s.over][:400]
    print(f"  clone          {rate(lambda s: s.clone(), live, 20):10.0f} /s")
    print(f"  legal_actions  {rate(lambda s: s.legal_actions(), live, 5):10.0f} /s")
    print(f"  evaluate       {rate(lambda s: evaluate(s, 0), live, 5):10.0f} /s")
    print(f"  to_text        {rate(lambda s: s.to_text(), live, 2):10.0f} /s")


if __name__ == "__main__":
    main()
