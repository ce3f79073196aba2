"""Time a bench's bots by the CPU they use, not the wall clock.

Every search in core/ai (and the textbook searches in bench/) reads its budget
from `time.perf_counter`. On a busy machine a wall-clock budget buys each search a
fraction of a core, and the figures then say more about the load than about the
bots. `use_cpu_clock()` points `time.perf_counter` at `time.process_time` for this
process (benches play one game at a time in one thread; forked jobs each count
their own CPU), so a budget of 0.25 s is 0.25 s of one core whatever else runs:
a row measured this way is what a quiet core gives. Only for benches: the app
keeps the wall clock, since a player waits in wall-clock time.
"""

from __future__ import annotations

import time


def use_cpu_clock() -> None:
    time.perf_counter = time.process_time  # the searches look it up on each call


def add_clock_flag(parser) -> None:
    parser.add_argument(
        "--clock", choices=["wall", "cpu"], default="wall",
        help="what a budget counts: wall-clock seconds (default) or this process's CPU seconds",
    )


def apply_clock_flag(args) -> str:
    """Switch to the CPU clock when asked; the words for the bench's header line."""
    if args.clock == "cpu":
        use_cpu_clock()
        return "budgets in CPU time"
    return "budgets in wall-clock time"
