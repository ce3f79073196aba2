"""Memory of one process asking the coach for hints as the app does (issue 22: an app
grew from 77 to 146 MB RSS over ~100 hints): each hint in a new worker thread, the
view of the seat to move, a fresh position each time (a game played on by the easy
bot between hints), the four games in turn. Prints RSS after the first 20 hints and
every 20 after; with --trace, the 10 places that kept the most memory since hint 20.

With --app, the real app instead (headless, Textual's pilot): a game against the easy
bot, `t` pressed, the hinted move played, the bot answers; a new game when one ends,
the four games in turn. The first 20 hints go five to each game (then left with q),
so that every game's modules, tables and styles are loaded before the count starts
(--no-warm-up: one game to its end first, as before). Also counts what stays alive:
screens, widgets, footer keys no longer shown, search nodes.

Usage: nice -n 10 .venv/bin/python bench/coach_memory.py [--hints 200] [--budget 0.2] [--app] [--trace]
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

from _memory import Checkpoints, rss_mib  # noqa: E402

from core import GAMES  # noqa: E402


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

    counts = {"screens": 0, "widgets": 0, "keys no longer shown": 0, "nodes": 0}
    for obj in gc.get_objects():
        if isinstance(obj, Screen):
            counts["screens"] += 1
        elif isinstance(obj, Widget):
            counts["widgets"] += 1
            if type(obj).__name__ == "FooterKey" and not obj.is_attached:
                counts["keys no longer shown"] += 1
        elif type(obj).__name__ == "Node":
            counts["nodes"] += 1
    return "alive: " + ", ".join(f"{k} {v}" for k, v in counts.items())


async def in_the_app(count: int, budget: float, trace: bool = False, warm_up: bool = True) -> None:
    """`count` hints pressed in one app, as a player does (see the module's text)."""
    import os
    import tempfile

    import saves
    from tui.app import HousesApp

    os.environ["HOUSES_HINT_BUDGET_S"] = str(budget)
    home = Path(tempfile.mkdtemp(prefix="coach-memory-"))
    os.environ["HOUSES_HOME"] = str(home)
    app = HousesApp(saves.Store(home), bot_delay=0.0)
    order = sorted(GAMES)
    marks = Checkpoints("hints in the app", trace, frames=24)

    async def until(pilot, condition, timeout=60.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError("the app did not get there")
            await pilot.pause(0.01)

    async with app.run_test(size=(100, 40)) as pilot:
        game_no = 0
        screen = None
        done = in_game = 0
        while done < count:
            warming = warm_up and done < 20 and in_game >= 5  # five hints a game, then the next
            if screen is None or screen.state.over or not screen.in_play() or warming:
                game_id = order[game_no % len(order)]
                game_no += 1
                seats = [saves.Seat(name="me")] + ([] if game_id == "dash" else
                                                   [saves.Seat(name="Bot", kind="bot", level="easy")])
                app.go_home()
                app.start_game(game_id, seats, game_no, GAMES[game_id].Options(), hints=True)
                await until(pilot, lambda: getattr(app.screen, "game_id", "") == game_id and app.screen.is_mounted)
                screen, in_game = app.screen, 0
            await until(pilot, lambda: screen.state.over or (screen.my_turn() and screen.can_hint()))
            if screen.state.over:
                continue
            before = screen.last_hint
            await pilot.press("t")
            await until(pilot, lambda: screen.last_hint is not before or not screen.hint_thinking)
            done += 1
            in_game += 1
            if screen.last_hint is not before:
                screen.submit(screen.last_hint.action)
            else:
                screen.submit(screen.state.legal_actions()[0])
            if done % 20 == 0:
                marks.at(done, _alive())
        marks.summary()
        app.exit()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hints", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--trace", action="store_true", help="where the memory kept since hint 20 was allocated")
    parser.add_argument("--app", action="store_true", help="hints pressed in the real app (headless)")
    parser.add_argument("--no-warm-up", action="store_true", help="(--app) one game to its end first")
    args = parser.parse_args()
    count = max(20, min(args.hints, 1000))
    print(f"start: RSS {rss_mib():.1f} MiB")
    if args.app:
        import asyncio

        asyncio.run(in_the_app(count, args.budget, args.trace, warm_up=not args.no_warm_up))
        return
    games = Games(1)
    order = sorted(GAMES)
    marks = Checkpoints("hints", args.trace, frames=8)
    for i in range(1, count + 1):
        game_id = order[i % len(order)]
        view = games.next_view(game_id)
        ask(game_id, view, args.budget, seed=i)
        if i % 20 == 0:
            marks.at(i)
    marks.summary()


if __name__ == "__main__":
    main()
