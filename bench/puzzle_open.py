"""Opening a puzzle at 80x24 (issue 24 item 5: under 150 ms): from the key press to
the puzzle's first frame with the player to move, on Toy Nim's puzzles (the test
game; a real game's screen may be heavier). Run: python bench/puzzle_open.py"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import saves  # noqa: E402
import toygame  # noqa: E402
from core.puzzles import load  # noqa: E402
from tui.app import HousesApp  # noqa: E402
from tui.puzzles import open_puzzle  # noqa: E402

RUNS = 10


async def one(puzzle) -> float:
    app = HousesApp(saves.Store(tempfile.mkdtemp()), bot_delay=0.0, ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        started = time.perf_counter()
        open_puzzle(app, puzzle)
        while getattr(getattr(app.screen, "puzzle", None), "puzzle", None) is not puzzle or not app.screen.is_mounted:
            await asyncio.sleep(0)
        await pilot.pause()
        return time.perf_counter() - started


def main() -> None:
    with toygame.registered() as game_id:
        puzzles = load(game_id)
        times = [asyncio.run(one(puzzles[i % len(puzzles)])) for i in range(RUNS)]
    print(f"open a puzzle at 80x24: median {statistics.median(times) * 1000:.0f} ms, "
          f"max {max(times) * 1000:.0f} ms over {RUNS}")


if __name__ == "__main__":
    main()
