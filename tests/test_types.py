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


# The plain-data helpers of Game whose data is untyped by nature (JSON-shaped builtins
# from a save, the wire or a command line), and `__init_subclass__`'s keywords: the
# only places `Any` may stand in the signatures of the engine protocol.
UNTYPED_BY_NATURE = {
    ("Game", "__init_subclass__", "kwargs"),
    ("Game", "action_to_builtins", "return"),
    ("Game", "action_from_builtins", "data"),
    ("Game", "options_to_builtins", "return"),
    ("Game", "options_from_builtins", "data"),
}


def test_the_engine_protocol_names_its_types_not_any() -> None:
    """State, Game, Coach and Bot (core/engine.py) are generic over a game's state,
    action and options types (docs/architecture.md, "Types"): `Any` in one of their
    methods' signatures would let a game's own code go unchecked again."""
    import inspect
    import re

    from core import engine

    found = []
    for cls in (engine.State, engine.Game, engine.Coach, engine.Bot):
        for name, member in vars(cls).items():
            func = getattr(member, "__func__", member)  # classmethods, staticmethods
            if isinstance(member, property):
                func = member.fget
            if not inspect.isfunction(func):
                continue
            for param, text in func.__annotations__.items():
                if re.search(r"\bAny\b", str(text)) and (cls.__name__, name, param) not in UNTYPED_BY_NATURE:
                    found.append(f"{cls.__name__}.{name}: {param}: {text}")
    assert found == [], "Any in the engine protocol's signatures:\n" + "\n".join(found)


def test_every_game_parametrises_state_and_game_with_its_own_types() -> None:
    """Each game (and the tests' toy) declares its action union and names it, its
    State subclass and its Options in its bases: `Game[DashState, Play, Options]`."""
    import typing

    import toygame
    from core import GAMES
    from core.engine import Game, State

    games = [GAMES[gid] for gid in GAMES] + [toygame.GAME]
    assert len(games) >= 5
    for game in games:
        bases = [b for b in getattr(type(game), "__orig_bases__", ()) if typing.get_origin(b) is Game]
        assert bases, f"{type(game).__name__} does not parametrise Game"
        state_t, action_t, options_t = typing.get_args(bases[0])
        assert isinstance(state_t, type) and issubclass(state_t, State), (game.id, state_t)
        assert options_t is game.Options, (game.id, options_t)
        assert action_t == game.Action, (game.id, action_t, game.Action)
        state_bases = [b for b in state_t.__orig_bases__ if typing.get_origin(b) is State]
        assert state_bases and typing.get_args(state_bases[0]) == (action_t,), (game.id, state_bases)
        assert type(game.new(game.seats.start if game.seats.start > 1 else max(game.seats), 1)) is state_t
