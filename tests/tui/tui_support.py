"""Shared pieces of the TUI tests: a fresh saves folder, a fixed date, fixed deals.

Imported by the tests (pyproject puts tests/tui on the path); the `store` fixture
is re-exported by conftest.py."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from datetime import date

import msgspec
import pytest

import saves
from core import GAMES
from tui.start import Resume

TODAY = date(2026, 11, 29)

# Times on screen are local: fix the zone so pictures do not depend on the machine.
os.environ["TZ"] = "UTC"
time.tzset()
STAMP = "2026-11-29T10:00:00.000000Z"


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("HOUSES_HOME", str(tmp_path))
    return saves.Store(tmp_path)


async def wait_for(pilot, condition, timeout: float = 30.0, what: str = "the condition") -> None:
    """Let the app run until `condition()` holds. Bots and hints think in worker
    threads: wait for the app's workers and the messages they post, not a clock.
    Fails saying `what` it waited for (tests/support/waits.py: no fixed sleeps)."""
    deadline = time.monotonic() + timeout
    while not condition():
        left = deadline - time.monotonic()
        assert left > 0, f"waited {timeout:g} s for {what}; it did not come"
        if pilot.app.workers:
            try:
                await asyncio.wait_for(asyncio.gather(*map(_finished, pilot.app.workers)), left)
            except asyncio.TimeoutError:
                raise AssertionError(f"waited {timeout:g} s for {what}; the app's workers never ended") from None
        await pilot.pause()
        if not condition():
            await asyncio.sleep(0.01)  # a timer (a bot's delay), not a worker: let it come


async def settle(pilot, timeout: float = 30.0) -> None:
    """Let the app finish what it started: its workers (bots, hints, searches) and the
    messages they post, scheduled animations, then a refresh of the screen."""
    await wait_for(pilot, lambda: not any(w.is_running for w in pilot.app.workers), timeout)
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


async def choose(pilot, entry_id: str) -> None:
    """Enter the home menu's entry `entry_id` ("stats", "rules", ...) by its id, not by
    counting downs: a new entry (Puzzles) once sent every counted path one screen off."""
    await wait_for(pilot, lambda: bool(pilot.app.screen.query("#menu")), 10, "the home menu")
    menu = pilot.app.screen.query_one("#menu")
    ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
    assert entry_id in ids, f"no {entry_id!r} on the home menu: {ids}"
    await pilot.press("home", *["down"] * ids.index(entry_id), "enter")


async def resize(pilot, size: tuple[int, int]) -> None:
    """Resize the terminal and wait until the screen is laid out at that size (Textual
    applies a new size on a short timer, and the app looks again after it)."""
    await pilot.resize_terminal(*size)
    await wait_for(pilot, lambda: tuple(pilot.app.size) == tuple(size) and tuple(pilot.app.screen.size) == tuple(size),
                   timeout=10, what=f"the screen laid out at {size[0]}x{size[1]}")
    await settle(pilot)


async def _finished(worker) -> None:
    """Until `worker` ends, whichever way: a cancelled bot (undo, a newer question) is
    no failure, and one that fails, fails the app's test on its own."""
    with contextlib.suppress(Exception):
        await worker.wait()


def status(app) -> str:
    """The status line of the screen on top."""
    return str(app.screen.query_one("#status").render())


def make_app(store, **kwargs):
    from tui.app import HousesApp

    kwargs.setdefault("today", TODAY)
    kwargs.setdefault("bot_delay", 0.0)
    kwargs.setdefault("ascii", False)
    return HousesApp(store, **kwargs)


def put_save(store, save: saves.SaveFile, stamp: str = STAMP) -> None:
    """Write a save with fixed times (snapshots must not show a clock)."""
    save.created = save.updated = stamp
    store.saves_dir.mkdir(parents=True, exist_ok=True)
    (store.saves_dir / f"{save.id}.json").write_bytes(msgspec.json.format(msgspec.json.encode(save)))


def game_save(game_id: str, kinds: list[str], seed: int, actions: list, save_id: str, options=None) -> saves.SaveFile:
    """A save of `game_id` with seats of these kinds ("human" or a bot level), after
    `actions`; people are "You" alone, else "Player N"; bots "Easy bot N" and so on."""
    humans = kinds.count("human")
    seats = []
    for i, kind in enumerate(kinds):
        if kind == "human":
            seats.append(saves.Seat(name="You" if humans == 1 else f"Player {i + 1}"))
        else:
            seats.append(saves.Seat(name=f"{kind.title()} bot {i + 1}", kind="bot", level=kind))
    save = saves.new_save(game_id, seats, options, seed)
    save.id = save_id
    for action in actions:
        saves.record(save, action)
    save.over = saves.replay(save).over
    return save


def resume_app(store, save: saves.SaveFile, **kwargs):
    """The app opening `save` (written with fixed times) as `houses resume` would."""
    put_save(store, save)
    return make_app(store, start=Resume(save.id), **kwargs)


def dash_save(seed: int, actions: list, save_id: str, seats: int = 1, options=None) -> saves.SaveFile:
    game = GAMES["dash"]
    people = [saves.Seat(name="You" if seats == 1 else f"Player {i + 1}") for i in range(seats)]
    save = saves.new_save("dash", people, game.options_to_builtins(options) if options else None, seed)
    save.id = save_id
    for action in actions:
        saves.record(save, action)
    state = saves.replay(save)
    save.over = state.over
    result = "won" if state.over and state.outcome.winners else "lost" if state.over else "in play"
    save.summary = f"Icehouse Dash deal {seed}: {result}, {len(state.trees)}/5 trees"
    return save


def losing_line(seed: int) -> list:
    """Actions of a solo Dash game on `seed` played at random to its end (a loss)."""
    rng = random.Random(seed)
    for attempt in range(50):
        state = GAMES["dash"].new(1, seed)
        line = []
        while not state.over:
            action = rng.choice(state.legal_actions())
            line.append(action)
            state.apply(action)
        if not state.outcome.winners:
            return line
    raise AssertionError("no losing line found")


def winning_line(seed: int) -> list:
    from core.dash.solver import solve

    state = GAMES["dash"].new(1, seed, GAMES["dash"].Options(winnable=True))
    line = solve(state, 200_000)
    assert line, "the solver should find the line of a winnable deal"
    return line
