"""Memory of one process asking the coach for hints as the app does (issue 22: an app
grew from 77 to 146 MB RSS over ~100 hints): each hint in a new worker thread, the
view of the seat to move, a fresh position each time (a game played on by the easy
bot between hints), the four games in turn. Prints RSS after the first 20 hints and
every 20 after; with --trace, the 10 places that kept the most memory since hint 20.

With --app, the real app instead (headless, Textual's pilot): a game against the easy
bot, `t` pressed, the hinted move played, the bot answers; a new game when one ends,
the four games in turn.

Usage: nice -n 10 .venv/bin/python bench/coach_memory.py [--hints 200] [--budget 0.2] [--app]
Bounded: at most 1,000 hints; CPU only, no network.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import GAMES  # noqa: E402


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Games:
    """One game of each kind going on; `next_view` moves one on and gives its view."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.states: dict[str, object] = {}
        self.seed = seed

    def next_view(self, game_id: str):
        game = GAMES[game_id]
        state = self.states.get(game_id)
        if state is None or state.over:
            self.seed += 1
            seats = 1 if game_id == "dash" else 2
            state = game.new(seats, self.seed, game.Options())
        for _ in range(self.rng.randint(1, 3)):  # on a move or three (a player, the bot)
            if state.over:
                break
            state.apply(self.rng.choice(state.legal_actions()))
        self.states[game_id] = state
        if state.over:
            return self.next_view(game_id) if self.states.pop(game_id, None) is not None else None
        return state.view(state.to_move)


def ask(game_id: str, view, budget: float, seed: int) -> None:
    from core.ai.coach import hint

    out = []
    worker = threading.Thread(target=lambda: out.append(hint(game_id, view, budget, seed=seed,
                                                             cancel=threading.Event())))
    worker.start()  # a thread of its own, as the app's @work(thread=True)
    worker.join()


def _alive() -> str:
    """How many game screens, widgets and search nodes are alive (what the app keeps)."""
    from textual.screen import Screen
    from textual.widget import Widget

    counts = {"screens": 0, "widgets": 0, "nodes": 0}
    for obj in gc.get_objects():
        if isinstance(obj, Screen):
            counts["screens"] += 1
        elif isinstance(obj, Widget):
            counts["widgets"] += 1
        elif type(obj).__name__ == "Node":
            counts["nodes"] += 1
    return ", ".join(f"{k} {v}" for k, v in counts.items())


async def in_the_app(count: int, budget: float, trace: bool = False) -> None:
    """`count` hints pressed in one app, as a player does (see the module's text)."""
    import asyncio
    import os
    import tempfile

    import saves
    from tui.app import HousesApp

    os.environ["HOUSES_HINT_BUDGET_S"] = str(budget)
    home = Path(tempfile.mkdtemp(prefix="coach-memory-"))
    os.environ["HOUSES_HOME"] = str(home)
    app = HousesApp(saves.Store(home), bot_delay=0.0)
    order = sorted(GAMES)
    started = time.perf_counter()
    base = None

    async def until(pilot, condition, timeout=60.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError("the app did not get there")
            await pilot.pause(0.01)

    async with app.run_test(size=(100, 40)) as pilot:
        game_no = 0
        screen = None
        done = 0
        while done < count:
            if screen is None or screen.state.over or not screen.in_play():
                game_id = order[game_no % len(order)]
                game_no += 1
                seats = [saves.Seat(name="me")] + ([] if game_id == "dash" else
                                                   [saves.Seat(name="Bot", kind="bot", level="easy")])
                app.go_home()
                app.start_game(game_id, seats, game_no, GAMES[game_id].Options(), hints=True)
                await until(pilot, lambda: getattr(app.screen, "game_id", "") == game_id and app.screen.is_mounted)
                screen = app.screen
            await until(pilot, lambda: screen.state.over or (screen.my_turn() and screen.can_hint()))
            if screen.state.over:
                continue
            before = screen.last_hint
            await pilot.press("t")
            await until(pilot, lambda: screen.last_hint is not before or not screen.hint_thinking)
            done += 1
            if screen.last_hint is not before:
                screen.submit(screen.last_hint.action)
            else:
                screen.submit(screen.state.legal_actions()[0])
            if done == 20 or done % 20 == 0:
                gc.collect()
                rss = rss_mib()
                base = rss if done == 20 else base
                if trace and done == 20:
                    import tracemalloc

                    tracemalloc.start(12)
                    snap0 = tracemalloc.take_snapshot()
                alive = _alive()
                print(f"after {done:4d} hints in the app: RSS {rss:.1f} MiB ({rss - base:+.1f} since hint 20), "
                      f"{time.perf_counter() - started:.0f} s; alive: {alive}", flush=True)
        if trace:
            for stat in tracemalloc.take_snapshot().compare_to(snap0, "traceback")[:6]:
                print(stat)
                for text in stat.traceback.format()[-24:]:
                    print("   ", text)
        app.exit()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hints", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--app", action="store_true", help="hints pressed in the real app (headless)")
    args = parser.parse_args()
    count = max(20, min(args.hints, 1000))
    if args.app:
        import asyncio

        print(f"start: RSS {rss_mib():.1f} MiB")
        asyncio.run(in_the_app(count, args.budget, args.trace))
        return
    games = Games(1)
    order = sorted(GAMES)
    print(f"start: RSS {rss_mib():.1f} MiB")
    started = time.perf_counter()
    base = None
    for i in range(1, count + 1):
        game_id = order[i % len(order)]
        view = games.next_view(game_id)
        ask(game_id, view, args.budget, seed=i)
        if i == 20:
            gc.collect()
            base = rss_mib()
            if args.trace:
                import tracemalloc

                tracemalloc.start(8)
                snap0 = tracemalloc.take_snapshot()
        if i % 20 == 0:
            gc.collect()
            print(f"after {i:4d} hints: RSS {rss_mib():.1f} MiB ({rss_mib() - base:+.1f} since hint 20), "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
    if args.trace:
        snap = tracemalloc.take_snapshot()
        for stat in snap.compare_to(snap0, "traceback")[:10]:
            print(stat)
            for line in stat.traceback.format()[-6:]:
                print("   ", line)


if __name__ == "__main__":
    main()
