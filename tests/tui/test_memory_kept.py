"""What an app keeps while a player plays on is bounded (issue 22 item 12: an app grew
from 77 to 146 MB RSS over ~100 hints). Textual leaves a watcher on the WATCHED object
until its value changes (tui/memory.py): the footer kept every key it had drawn, the
app every game screen that watched its focus. bench/coach_memory.py --app measures the
RSS; docs/performance.md has the figures."""

from __future__ import annotations

import gc
import weakref

import pytest

import saves
from core import GAMES
from tui.memory import watcher_count
from tui.start import NewGame
from tui.widgets.footer import Footer
from tui_support import make_app, settle, wait_for

SIZE = (80, 24)
CASES = [("dash", ["human"], 4242), ("house-rules", ["human", "easy"], 7),
         ("town", ["human", "easy"], 5), ("skirmish", ["human", "easy"], 11)]


@pytest.fixture(autouse=True)
def quick(monkeypatch):  # bots think briefly already (tests/tui/conftest.py)
    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", "0.05")


def new_app(store, game_id: str, kinds: list[str], seed: int):
    seats = [saves.Seat(name="You") if k == "human" else saves.Seat(name="Easy bot", kind="bot", level=k)
             for k in kinds]
    return make_app(store, start=NewGame(game_id, seats, seed, GAMES[game_id].Options()))


async def hint_and_play(pilot, screen) -> None:
    """`t`, then the coach's move played: the footer's keys change twice or more."""
    await wait_for(pilot, lambda: screen.state.over or (screen.my_turn() and screen.can_hint()))
    if screen.state.over:
        return
    before = screen.last_hint
    await pilot.press("t")
    await wait_for(pilot, lambda: screen.last_hint is not before and not screen.hint_thinking)
    screen.submit(screen.last_hint.action)
    await settle(pilot)


def alive(kind: type) -> list:
    gc.collect()
    return [obj for obj in gc.get_objects() if isinstance(obj, kind)]


async def test_the_footer_keeps_only_the_keys_it_shows(store):
    from textual.widgets._footer import FooterKey

    def kept() -> int:  # keys alive but no longer on a screen
        return sum(1 for key in alive(FooterKey) if not key.is_attached)

    app = new_app(store, "house-rules", ["human", "easy"], 7)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        footer = screen.query_one(Footer)
        await hint_and_play(pilot, screen)
        first = kept()  # (the home screen's first keys wait, dirty, until it is shown again)
        for _ in range(8):  # each redraws the footer two or three times
            await hint_and_play(pilot, screen)
        shown = len(footer.query(FooterKey))
        assert shown > 3
        # Textual's own Footer kept ~10 more watchers, and their keys, at every redraw.
        assert watcher_count(footer) <= shown
        assert kept() <= first + shown, f"{kept() - first} more keys no longer shown are still alive"


@pytest.mark.parametrize(("game_id", "kinds", "seed"), CASES, ids=[c[0] for c in CASES])
async def test_a_game_left_is_let_go(store, game_id, kinds, seed):
    """A game screen left (q) is collected: nothing the app keeps points at it (HOUSE
    RULES and Skirmish watch the app's focus, which kept them for the app's life; the
    thread that ran its last hint or bot kept that worker, and the worker its screen)."""
    async def play_a_move(pilot) -> weakref.ref:  # (no reference to the screen left here)
        screen = pilot.app.screen
        playing = screen.game.id
        assert playing == game_id
        await hint_and_play(pilot, screen)
        return weakref.ref(screen)

    app = new_app(store, game_id, kinds, seed)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        gone = await play_a_move(pilot)
        await pilot.press("q")
        await settle(pilot)
        home = type(app.screen).__name__
        assert home == "HomeScreen"
        watching = watcher_count(app)
        assert watching == 0, "a screen left is still watching the app"
        gc.collect()
        if gone() is not None:
            held = [type(r).__name__ for r in gc.get_referrers(gone())]
            pytest.fail(f"the {game_id} screen is still alive, held by {held}")


def test_every_screen_uses_the_footer_that_forgets_its_keys():
    """The class of the fault: a screen yielding Textual's own Footer leaks its keys."""
    import re
    from pathlib import Path

    textual_footer = re.compile(r"from textual\.widgets(\._footer)? import [^\n]*\bFooter\b|widgets\.Footer\(")
    root = Path(__file__).resolve().parents[2] / "tui"
    offenders = [str(path.relative_to(root)) for path in root.rglob("*.py")
                 if path.name != "footer.py" and textual_footer.search(path.read_text())]
    assert not offenders, f"these use Textual's Footer: {offenders}"
    assert "tui.widgets.footer" in (root / "games" / "base.py").read_text()
