"""HOUSES - Skirmish engine speed: random full games a second and clones a second.

    .venv/bin/python bench/skirmish_engine.py [--games N] [--seconds S]

Random games: every decision picked uniformly from `legal_actions()` with `play`
(the bots' fast path), from `GAME.new` to the end. Clones: `clone()` of positions
sampled along such games (mid-game, both ranks in use). One process, one core; rates are per second of
this process's CPU time (`time.process_time`), so other load on the machine
slows them less than wall-clock rates.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.skirmish import GAME, Options  # noqa: E402


def random_games(seats: int, n: int, jokers: bool = True) -> tuple[float, float, float]:
    """(games a second, decisions a game, turns a game)."""
    steps = turns = 0
    t0 = time.process_time()
    for seed in range(n):
        s = GAME.new(seats, seed, Options(jokers=jokers))
        rng = random.Random(seed)
        while not s.over:
            s.play(rng.choice(s.legal_actions()))
            steps += 1
        turns += s.turn
    dt = time.process_time() - t0
    return n / dt, steps / n, turns / n


def sample_states(seats: int, k: int = 40) -> list:
    out = []
    seed = 0
    while len(out) < k:
        s = GAME.new(seats, 9000 + seed)
        rng = random.Random(seed)
        seed += 1
        step = 0
        while not s.over:
            if step == 40:
                out.append(s.clone())
            s.play(rng.choice(s.legal_actions()))
            step += 1
    return out


def clones_per_second(seats: int, seconds: float) -> float:
    states = sample_states(seats)
    n = 0
    t0 = time.process_time()
    end = t0 + seconds
    while time.process_time() < end:
        for s in states:
            s.clone(); s.clone(); s.clone(); s.clone(); s.clone()
        n += 5 * len(states)
    return n / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="random games for each player count")
    ap.add_argument("--seconds", type=float, default=2.0, help="time for each clone figure")
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    for seats in (2, 3, 4):
        gps, steps, turns = random_games(seats, args.games)
        print(f"{seats} players, Jokers on : {gps:7.1f} random games/s "
              f"({steps:.0f} decisions, {turns:.0f} turns a game)")
    gps, steps, turns = random_games(2, args.games, jokers=False)
    print(f"2 players, Jokers off: {gps:7.1f} random games/s "
          f"({steps:.0f} decisions, {turns:.0f} turns a game)")
    for seats in (2, 4):
        print(f"{seats} players: {clones_per_second(seats, args.seconds):10,.0f} clones/s")


if __name__ == "__main__":
    main()
