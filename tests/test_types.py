"""The type check over every layer (docs/architecture.md, "Types").

mypy runs with the project's own configuration ([tool.mypy] in pyproject.toml: core,
saves, host and tui) and its error count is compared with the ceiling recorded in
tests/support/mypy_ceiling.txt. The ceiling only goes down: more errors than it fail
(a change added type errors), fewer fail too, asking for the file to be lowered to
the new count, so the next regression is caught at once. The goal is 0.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CEILING = ROOT / "tests" / "support" / "mypy_ceiling.txt"

# One mypy at a time, with the other timed tests: it takes a core for seconds.
pytestmark = pytest.mark.serial


def run_mypy() -> tuple[int, list[str], str]:
    """(error count, error lines, the summary line) of mypy run as CI runs it."""
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-color-output", "--no-error-summary"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    errors = [line for line in proc.stdout.splitlines() if re.search(r":\d+: error:", line)]
    # mypy exits 0 with no errors, 1 with errors; anything else is mypy failing to run.
    assert proc.returncode in (0, 1), f"mypy did not run: {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    assert (proc.returncode == 0) == (not errors), proc.stdout[-2000:]
    return len(errors), errors, proc.stdout


def read_ceiling() -> int:
    words = [line for line in CEILING.read_text().splitlines() if line and not line.startswith("#")]
    return int(words[0])


def by_file(errors: list[str]) -> str:
    counts: dict[str, int] = {}
    for line in errors:
        name = line.split(":", 1)[0]
        counts[name] = counts.get(name, 0) + 1
    return "\n".join(f"{n:5} {name}" for name, n in sorted(counts.items(), key=lambda kv: -kv[1]))


def test_type_errors_never_exceed_the_recorded_ceiling() -> None:
    count, errors, _ = run_mypy()
    ceiling = read_ceiling()
    assert count <= ceiling, (
        f"mypy finds {count} errors, more than the recorded ceiling {ceiling}: a change "
        f"added type errors. Errors by file:\n{by_file(errors)}"
    )
    assert count == ceiling, (
        f"mypy finds {count} errors, fewer than the ceiling {ceiling}: lower "
        f"tests/support/mypy_ceiling.txt to {count} so no regression slips back in."
    )



def test_every_package_ships_its_py_typed_marker() -> None:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    shipped = data["tool"]["setuptools"]["package-data"]["*"]
    assert "py.typed" in shipped
    for package in ("core", "saves", "host", "tui"):
        assert (ROOT / package / "py.typed").is_file(), package
