"""Opening a puzzle at 80x24 (issue 24 item 5: under 150 ms): from `open_puzzle` (the
player's enter on the puzzles screen) to the first frame of the puzzle's screen, for
each game with a puzzle kit and shipped puzzles (a game whose `puzzles` flag is still
off is switched on here, as tests/tui/test_puzzles_real.py does), and Toy Nim (the
test game).

Each run is a fresh app under Textual's test driver: the puzzles screen is shown and
its warm-up (tui/puzzles.warm_up) has finished, then a puzzle opens ("first": the
game's screen is new to the app, its CSS is read), the player goes back, and others
open ("again"). Wall time and the process's CPU time are both given: on the shared
machine the wall time moves with the load.

Run: python bench/puzzle_open.py [--runs N]"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import saves  # noqa: E402
import toygame  # noqa: E402
from core import GAMES  # noqa: E402
from core.puzzles import load  # noqa: E402
from tui.app import HousesApp  # noqa: E402

AGAIN = 3  # opens after the first, in the same app


def puzzles_on(game_id: str) -> None:
    info = GAMES.info(game_id)
    GAMES[game_id]  # imported under its own entry, as the registry checks
    GAMES._infos[game_id] = dataclasses.replace(info, puzzles=True)


async def drawn(app, puzzle) -> None:
    while getattr(getattr(app.screen, "puzzle", None), "puzzle", None) is not puzzle or not app.screen.is_mounted:
        await asyncio.sleep(0)
    done = asyncio.Event()
    app.screen.call_after_refresh(done.set)
    await done.wait()


async def one_app(game_id: str, run: int) -> list[tuple[float, float]]:
    """(wall, cpu) of each open: the first, then AGAIN more."""
    from tui.puzzles import open_puzzle
    from tui.screens.puzzles import PuzzlesScreen

    puzzles = load(game_id)
    app = HousesApp(saves.Store(tempfile.mkdtemp()), bot_delay=0.5, ascii=False)
    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(PuzzlesScreen())
        await pilot.pause()
        await app.screen.workers.wait_for_complete()
        await pilot.pause()
        for i in range(1 + AGAIN):
            puzzle = puzzles[(run + i) % len(puzzles)]
            wall, cpu = time.perf_counter(), time.process_time()
            open_puzzle(app, puzzle)
            await drawn(app, puzzle)
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
    return times


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with toygame.registered() as toy:
        games = [toy]
        for gid in [g for g in GAMES if g != toy]:
            try:
                GAMES[gid].puzzle_kit()
            except ValueError:
                continue
            if load(gid):
                if not GAMES.info(gid).puzzles:
                    puzzles_on(gid)
                games.append(gid)
        for gid in games:
            got = [asyncio.run(one_app(gid, run)) for run in range(runs)]
            first, again = [t[0] for t in got], [t for ts in got for t in ts[1:]]
            print(f"{GAMES.info(gid).title}: first open wall {ms([w for w, _ in first])}, "
                  f"cpu {ms([c for _, c in first])}; again wall {ms([w for w, _ in again])}, "
                  f"cpu {ms([c for _, c in again])} ({runs} apps)")


if __name__ == "__main__":
    main()
