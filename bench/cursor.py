"""One cursor move on the Icehouse Dash board at 80x24: the time from the key to the
last byte of the repaint, and the bytes the app writes for it, through a
pseudo-terminal as a real terminal (or an SSH channel) would see them.

    .venv/bin/python bench/cursor.py [--moves 40]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _pty import PtyApp  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    houses = str(Path(sys.executable).with_name("houses"))
    with tempfile.TemporaryDirectory() as home:
        app = PtyApp([houses, "new", "dash", "--seed", "4242"], env={"HOUSES_HOME": home})
        try:
            app.read_until(b"deal 4242")
            app.settle(0.5)
            app.key(b"\t")  # hand -> sides
            app.key(b"\t")  # sides -> board
            app.settle(0.5)
            # The first move after focusing the board also repaints the focus change:
            # reported on its own, not mixed into the steady figures.
            first_time, first_size = app.key(b"l")
            app.settle(0.3)
            times, sizes = [], []
            for i in range(args.moves):
                key = b"l" if (i // 3) % 2 == 0 else b"h"  # three right, three left, ...
                seconds, size = app.key(key)
                times.append(seconds)
                sizes.append(size)
        finally:
            app.close()
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"first move after focusing the board: {first_time * 1000:.1f} ms, {first_size} bytes")
    print(f"cursor moves: {args.moves}")
    print(f"key to last byte of repaint: median {statistics.median(times) * 1000:.1f} ms, "
          f"95th percentile {p95 * 1000:.1f} ms (goal: under 16 ms)")
    print(f"bytes written per move: median {statistics.median(sizes):.0f}, max {max(sizes)} (goal: under 1024)")


if __name__ == "__main__":
    main()
