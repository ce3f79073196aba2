"""Random key walks over the screens outside a game in play: Settings, the new-game
form (its Hints box), the Review and its progress screen (tests/tui/test_walks_new_screens.py).

A screen walk starts the app, brings it to its screen (`enter`), and presses seeded
random keys. After every key: the app did not fail, no error was shown, the app is
not busy past SETTLE_TIMEOUT_S (a review's progress screen may stay up while the
coach thinks, up to REVIEW_TIMEOUT_S), and the walk's own check holds. A key that
leaves the screen is followed back in by `enter`. At the end, escape and q lead
home within a few keys: there is always a way back by keyboard.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from walks.cut import cut_findings
from walks.driver import SIZE, SETTLE_TIMEOUT_S, Mode, WalkFailure, WalkLog, check_alive, drain, install_bot_timer, press

# A review of a short game at the walks' budget ends within this (busy cores).
REVIEW_TIMEOUT_S = 60.0


@dataclass
class ScreenWalk:
    """One screen to walk: its keys (weights), how to start the app and come to the
    screen, whether the app is still on it, and what must hold after every key."""

    name: str
    keys: dict[str, float]
    make_app: Callable[[Any], Any]  # store -> app
    enter: Callable[[Any], Awaitable[None]]  # pilot -> comes to the screen
    inside: Callable[[Any], bool]  # app -> on the screen (or a dialog of it)
    check: Callable[[Any], None] = lambda app: None
    ascii: bool = False


@dataclass
class ScreenLog:
    walk: ScreenWalk
    seed: int
    keys: list[str] = field(default_factory=list)
    entries: int = 0
    seen: set[str] = field(default_factory=set)  # the names of the screens met on top
    cuts: list[str] = field(default_factory=list)

    def where(self) -> str:
        return (f"screen walk {self.walk.name} seed {self.seed}, after {len(self.keys)} keys; "
                f"last keys {self.keys[-25:]}; reproduce: screen_keys(WALK_MAKERS[{self.walk.name!r}](), {self.seed}, "
                f"{len(self.keys)})")


def screen_keys(walk: ScreenWalk, seed: int, length: int) -> list[str]:
    return random.Random(seed).choices(list(walk.keys), list(walk.keys.values()), k=length)


def _select_open(app) -> bool:
    """A drop-down list open: it covers the labels under it (not a cut text)."""
    from textual.widgets._select import SelectOverlay

    return isinstance(app.focused, SelectOverlay)


def _review_computing(app) -> bool:
    from tui.screens.review import ReviewWork

    return isinstance(app.screen, ReviewWork)


async def settle_screen(pilot, log: ScreenLog) -> None:
    """Wait for what a key started. A review being computed under its progress screen
    is left to think (the walk presses keys on that screen meanwhile), within its
    own deadline."""
    app = pilot.app
    deadline = time.perf_counter() + SETTLE_TIMEOUT_S
    while True:
        await drain(pilot)
        if app._exception is not None or app._exit:
            return
        busy = [w for w in app.workers if w.is_running and not (w.group == "review" and _review_computing(app))]
        if not busy:
            return
        if time.perf_counter() > deadline:
            raise WalkFailure(f"the app stayed busy over {SETTLE_TIMEOUT_S}s ({[w.name for w in busy]}); {log.where()}")
        await asyncio.sleep(0.002)


async def settled_cuts(pilot) -> list[str]:
    """The cut text on the screen once it has settled: a form being composed again
    draws its footer a moment later (a player sees the settled screen)."""
    for _ in range(5):
        findings = cut_findings(pilot.app)
        if not findings:
            return []
        await pilot.pause(0.05)
    return findings


def check_no_error(app, log: ScreenLog) -> None:
    shim = WalkLog(Mode(log.walk.name, "dash", ("human",)), log.seed)
    try:
        check_alive(app, shim)
    except WalkFailure as exc:
        raise WalkFailure(str(exc).split("; walk ")[0] + "; " + log.where()) from exc.__cause__


async def way_home(pilot, log: ScreenLog) -> None:
    """Escape (or q where escape is a game's key) leads home within a few keys."""
    from tui.screens.home import HomeScreen

    app = pilot.app
    for key in ["escape", "q"] * 6:
        if isinstance(app.screen, HomeScreen) or app._exit:
            return
        await press(pilot, key)
        await settle_screen(pilot, log)
        check_no_error(app, log)
    if not isinstance(app.screen, HomeScreen):
        raise WalkFailure(f"escape and q did not lead home (stuck on {type(app.screen).__name__}); {log.where()}")


async def screen_walk(store, walk: ScreenWalk, seed: int, length: int, monkeypatch, cuts: bool = False) -> ScreenLog:
    """Press `length` seeded random keys on `walk`'s screen, checking after each;
    with `cuts`, the text cut on each screen met is collected in the log (not failed)."""
    log = ScreenLog(walk, seed)
    install_bot_timer(monkeypatch, [])
    keys = screen_keys(walk, seed, length)
    app = walk.make_app(store)
    computing_since: float | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle_screen(pilot, log)
            check_no_error(app, log)
            while len(log.keys) < length:
                if not walk.inside(app):
                    await walk.enter(pilot)
                    await settle_screen(pilot, log)
                    check_no_error(app, log)
                    log.entries += 1
                    if not walk.inside(app):
                        raise WalkFailure(f"could not come back to the screen (on {type(app.screen).__name__}); {log.where()}")
                key = keys[len(log.keys)]
                log.keys.append(key)
                before = [type(screen).__name__ for screen in app.screen_stack]
                await press(pilot, key)
                await settle_screen(pilot, log)
                check_no_error(app, log)
                if app._exit:
                    raise WalkFailure(f"the app closed (screens before the key: {before}); {log.where()}")
                walk.check(app)
                name = type(app.screen).__name__
                if getattr(app.screen, "review_notes", None) is not None:
                    name = "Review " + name  # a game's screen given a review (GameScreen.use_review)
                log.seen.add(name)
                if _review_computing(app):
                    computing_since = computing_since or time.perf_counter()
                    if time.perf_counter() - computing_since > REVIEW_TIMEOUT_S:
                        raise WalkFailure(f"the review was still computed after {REVIEW_TIMEOUT_S}s; {log.where()}")
                else:
                    computing_since = None
                if cuts and not _select_open(app):
                    log.cuts += [f"{finding} (after {log.keys[-3:]})" for finding in await settled_cuts(pilot)]
            await way_home(pilot, log)
            await asyncio.to_thread(app.flush_saves)
    except WalkFailure:
        raise
    except Exception as exc:  # the app's own failure, raised again as the test leaves it
        raise WalkFailure(f"the app failed: {exc!r}; {log.where()}") from exc
    return log
