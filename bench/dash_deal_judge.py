"""How long the trainer takes to judge a play in a whole Icehouse Dash deal (issue 24;
docs/performance.md, "Icehouse Dash puzzles"): every legal first play of every
shipped 'deal' puzzle through `DashPuzzles.accepts`, as the trainer calls it on the
UI thread when the player presses the card's key. Counts the plays accepted, proved
wrong, and unchecked (`Undecided`: past JUDGE_BUDGET), and gives the time per play.
The counts do not depend on the machine (the budget is in positions); the times do.

Run: python bench/dash_deal_judge.py"""

from __future__ import annotations

import collections
import statistics
import time

from core import GAMES
from core.puzzles import Undecided, load


def main() -> None:
    game = GAMES["dash"]
    kit = game.puzzle_kit()
    deals = [p for p in load("dash") if p.goal == "deal"]
    counts: collections.Counter[str] = collections.Counter()
    times: list[float] = []
    for puzzle in deals:
        s = kit.start(puzzle)
        for action in s.legal_actions():
            t = time.perf_counter()
            try:
                counts["accepted" if kit.accepts(s.clone(), action, puzzle, 0) is not None else "wrong"] += 1
            except Undecided:
                counts["unchecked"] += 1
            times.append(time.perf_counter() - t)
    times.sort()
    print(f"{len(deals)} deals, {len(times)} first plays: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"per play: median {statistics.median(times) * 1000:.0f} ms, "
          f"99th percentile {times[int(len(times) * 0.99)] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
