"""TOWN 77 engine speed: random games a second by player count, and the costs of
clone, legal_actions, view and determinize on mid-game positions.

    .venv/bin/python bench/town_engine.py [--games 300]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.town import GAME  # noqa: E402


def random_games(seats: int, games: int) -> tuple[float, float]:
    rng = random.Random(seats)
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        st = GAME.new(seats, seed)
        while not st.over:
            st.play(rng.choice(st.legal_actions()))
            actions += 1
    secs = time.perf_counter() - start
    return games / secs, actions / secs


def mid_positions(n: int) -> list:
    rng = random.Random(1)
    out = []
    for seed in range(n):
        st = GAME.new(2 + seed % 4, seed)
        for _ in range(12):
            if st.over:
                break
            st.play(rng.choice(st.legal_actions()))
        if not st.over:
            out.append(st)
    return out


def per_second(fn, items, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for x in items:
            fn(x)
    return repeat * len(items) / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    print(f"TOWN 77 engine, Python {sys.version.split()[0]}")
    for seats in (1, 2, 3, 4, 5):
        gps, aps = random_games(seats, args.games)
        label = "solo" if seats == 1 else f"{seats} players"
        print(f"random games, {label:>9}: {gps:7.0f} games/s  {aps:8.0f} actions/s")
    pos = mid_positions(200)
    rng = random.Random(2)
    print(f"clone:          {per_second(lambda s: s.clone(), pos, 50):9.0f} /s")
    print(f"legal_actions:  {per_second(lambda s: s.legal_actions(), pos, 50):9.0f} /s")
    print(f"view:           {per_second(lambda s: s.view(s.to_move), pos, 20):9.0f} /s")
    views = [s.view(s.to_move) for s in pos]
    print(f"determinize:    {per_second(lambda v: v.determinize(rng), views, 20):9.0f} /s")
    print(f"to_text:        {per_second(lambda s: s.to_text(), pos, 10):9.0f} /s")
    texts = [s.to_text() for s in pos]
    print(f"from_text:      {per_second(GAME.from_text, texts, 10):9.0f} /s")


if __name__ == "__main__":
    main()
