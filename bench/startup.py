"""Start-up: seconds from process start to the first frame of `houses`, against a bare
Textual app that shows one line, measured in the same run through a pseudo-terminal.

    .venv/bin/python bench/startup.py [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _pty import PtyApp  # noqa: E402

BARE = """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("bare-textual-ready")
Bare().run()
"""


def first_frame(argv: list[str], needle: bytes, env: dict) -> float:
    app = PtyApp(argv, env=env)
    try:
        return app.read_until(needle)
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    python = sys.executable
    houses = str(Path(python).with_name("houses"))
    # A player's second start finds the bytecode the first one wrote; this machine may
    # forbid writing it (PYTHONDONTWRITEBYTECODE), so write it once here, as a first
    # start elsewhere would, and compare warm starts.
    root = Path(__file__).resolve().parent.parent
    subprocess.run([python, "-m", "compileall", "-q", *(str(root / p) for p in ("core", "saves", "tui"))],
                   check=True, env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
    with tempfile.TemporaryDirectory() as home:
        env = {"HOUSES_HOME": home}
        bare, full = [], []
        for _ in range(args.runs):  # interleaved, so both see the same machine load
            bare.append(first_frame([python, "-c", BARE], b"bare-textual-ready", env))
            full.append(first_frame([houses], b"New game", env))
    b, f = statistics.median(bare), statistics.median(full)
    print(f"runs: {args.runs}")
    print(f"bare Textual app, first frame: median {b * 1000:.0f} ms (min {min(bare) * 1000:.0f})")
    print(f"houses home screen, first frame: median {f * 1000:.0f} ms (min {min(full) * 1000:.0f})")
    print(f"ratio houses / bare: {f / b:.2f} (goal: 1.3 or less)")


if __name__ == "__main__":
    main()
