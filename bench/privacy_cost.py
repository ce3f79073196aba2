"""What the host pays to ask the engine what a move tells each seat
(host/privacy.hidden_from, `State.reveals`) and what `check` costs on a legal
action (its typed refusal wrapper included), in CPU time, over random games.

Run: nice -n 10 .venv/bin/python bench/privacy_cost.py [--seeds N]
Prints one line a game and seat count; docs/performance.md quotes them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import GAMES  # noqa: E402
from host.privacy import hidden_from  # noqa: E402

CASES = [("skirmish", 4, {}), ("skirmish", 2, {}), ("town", 3, {}),
         ("dash", 3, {"hidden_hands": True}), ("house-rules", 2, {"cards": "random"})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="random games a case")
    args = parser.parse_args()
    for game_id, seats, options in CASES:
        game = GAMES[game_id]
        moves = 0
        told_s = check_s = 0.0
        for seed in range(args.seeds):
            state = game.new(seats, seed, game.options_from_builtins(options))
            rng = random.Random(seed)
            while not state.over:
                action = rng.choice(state.legal_actions())
                start = time.process_time()
                state.check(action)
                check_s += time.process_time() - start
                before = state.clone()
                state.play(action)
                start = time.process_time()
                hidden_from(before, action, before.to_move)
                told_s += time.process_time() - start
                moves += 1
        print(f"{game.title}, {seats} seats: {moves} moves; who may be told a move "
              f"{told_s / moves * 1e6:.0f} us; check of a legal action {check_s / moves * 1e6:.1f} us")


if __name__ == "__main__":
    main()
