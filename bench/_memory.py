"""The RSS of this process at checkpoints of a memory bench (bench/coach_memory.py,
bench/host_tables_memory.py): each checkpoint after a full garbage collection, as
growth since the first; with `trace`, where the memory kept since the first was
allocated (tracemalloc, started at the first checkpoint: it slows what follows).
"""

from __future__ import annotations

import gc
import time
from pathlib import Path


def rss_mib() -> float:
    """This process's resident set, MiB (Linux; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Checkpoints:
    def __init__(self, what: str, trace: bool = False, frames: int = 10) -> None:
        self.what, self.trace, self.frames = what, trace, frames
        self.base: float | None = None
        self.started = time.perf_counter()
        self.snapshot = None
        self.figures: list[tuple[int, float]] = []  # (count, RSS MiB)

    def at(self, count: int, extra: str = "") -> float:
        """Prints the RSS after `count` (of `what`); the first call sets the base."""
        gc.collect()
        rss = rss_mib()
        if self.base is None:
            self.base = rss
            if self.trace:
                import tracemalloc

                tracemalloc.start(self.frames)
                self.snapshot = tracemalloc.take_snapshot()
        self.figures.append((count, rss))
        print(f"after {count:5d} {self.what}: RSS {rss:.1f} MiB ({rss - self.base:+.1f} since the first), "
              f"{time.perf_counter() - self.started:.0f} s{'; ' + extra if extra else ''}", flush=True)
        return rss

    def summary(self) -> None:
        """The largest growth over the first checkpoint, and where it went (--trace)."""
        if self.base is not None and self.figures:
            top = max(self.figures, key=lambda f: f[1])
            print(f"largest: {top[1] - self.base:+.1f} MiB after {top[0]} {self.what}; "
                  f"last: {self.figures[-1][1] - self.base:+.1f} MiB")
        if self.snapshot is not None:
            import tracemalloc

            for stat in tracemalloc.take_snapshot().compare_to(self.snapshot, "traceback")[:8]:
                print(stat)
                for text in stat.traceback.format()[-self.frames:]:
                    print("   ", text)
