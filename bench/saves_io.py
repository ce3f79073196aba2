"""Save and load times of the saves package (figures, not a test).

    .venv/bin/python bench/saves_io.py [--runs 50]

Measures, as the median of --runs runs, in a temporary folder:
  * a 300-action game: Store.write (autosave: encode, temp file, fsync, rename),
    Store.load (read, decode, check every action) and replay. Icehouse Dash games
    end after about 30 actions, so the 300-action game is a small counting game
    registered for the run, whose actions have the shape of Dash's (three strings);
  * a whole random Icehouse Dash game (if core.dash is playable): the same three,
    with replay running the real engine's checked `apply`;
  * Store.list() over 20 saves of 300 actions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import core  # noqa: E402
from core.engine import Game, Outcome, State  # noqa: E402
from saves import Seat, Store, new_save, record, replay  # noqa: E402
from saves.store import _pretty  # noqa: E402


class Move(msgspec.Struct, frozen=True, tag="move"):
    card: str
    side: str
    src: str


class CountState(State):
    game_id = "bench-count"

    def __init__(self, seats: int, target: int) -> None:
        self.seats, self.target, self.total = seats, target, 0
        self.to_move, self.over, self.outcome, self.log, self.prompt = 0, False, None, [], "Move"

    def legal_actions(self):
        return [] if self.over else [Move(f"c{i}", s, "hand") for i in range(3) for s in ("up", "down")]

    def check(self, action):
        return "The game is over." if self.over else None

    def play(self, action):
        self.total += 1
        self.log.append(f"move {self.total}")
        if self.total >= self.target:
            self.over, self.to_move = True, None
            self.outcome = Outcome((0,), "done", (0.0,) * self.seats)
        else:
            self.to_move = (self.to_move + 1) % self.seats

    def to_text(self):
        return f"{self.total}"


class CountOptions(msgspec.Struct, frozen=True):
    target: int = 300


class CountGame(Game):
    id = "bench-count"
    title = "Count"
    seats = range(1, 5)
    Options = CountOptions
    Action = Move

    def new(self, seats, seed, options=None):
        return CountState(seats, (options or CountOptions()).target)


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def play_out(game_id: str, seats: int, seed: int, options=None, limit: int = 300):
    game = core.GAMES[game_id]
    state = game.new(seats, seed, options)
    save = new_save(game_id, [Seat(f"P{i + 1}") for i in range(seats)], options, seed)
    rng = random.Random(seed)
    while not state.over and len(save.actions) < limit:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record(save, action, state=state)
    return save


def measure(label: str, store: Store, save, runs: int) -> None:
    path = store.write(save)
    size = path.stat().st_size
    w = median_ms(lambda: store.write(save), runs)
    r = median_ms(lambda: Store(store.root).load(save.id), runs)
    p = median_ms(lambda: replay(save), runs)
    e = median_ms(lambda: _pretty(save), runs)
    print(
        f"{label:<34} {len(save.actions):>4} actions {size / 1024:6.1f} KiB  "
        f"write {w:6.2f} ms (encode {e:5.2f})  load {r:6.2f} ms  replay {p:6.2f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=50)
    args = ap.parse_args()
    core.GAMES["bench-count"] = CountGame()
    print(f"Python {sys.version.split()[0]}, median of {args.runs} runs")
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        measure("300-action game (Dash-shaped)", store, play_out("bench-count", 2, 1), args.runs)
        dash = core.GAMES.get("dash")
        try:
            dash_save = play_out("dash", 2, 7) if dash is not None else None
        except NotImplementedError:
            dash_save = None
        if dash_save is not None:
            measure("Icehouse Dash, whole random game", store, dash_save, args.runs)
        else:
            print("Icehouse Dash: engine not playable yet, skipped")
        for i in range(19):
            s = play_out("bench-count", 2, 100 + i)
            store.write(s)
        n = len(store.list())
        lst = median_ms(lambda: Store(store.root).list(), max(5, args.runs // 5))
        print(f"Store.list() of {n} saves: {lst:.1f} ms")


if __name__ == "__main__":
    main()
