"""Any screen survives its app stopping while it mounts (issue 22: a web page closed
within 0.3 s of opening wrote `NoMatches: '#menu'` from HomeScreen.on_mount to the
crash log, every time).

The app stops the way a closed web page stops it: textual's web driver posts an
ExitApp message (no `App.exit`). Each screen the app has is pushed and the stop
posted at once, or after a few turns of the event loop (mid-compose, mid-mount, in
its after-refresh calls). The app must end with no error; a screen class added
without a way to build it here fails `test_every_screen_is_stopped_mid_mount`.
"""

from __future__ import annotations

import asyncio
import importlib
import pkgutil

import pytest
from textual import messages
from textual.screen import Screen

import saves
import tui
from core import GAMES
from host import protocol as p

from tui_support import make_app, store, winning_line  # noqa: F401  (the fixture)

SIZE = (80, 24)


def game_save(game_id: str, finished: bool = False) -> tuple[saves.SaveFile, object]:
    if finished:
        save = saves.new_save("dash", [saves.Seat(name="alice")], {"winnable": True}, 4242)
        for action in winning_line(4242):
            saves.record(save, action)
        return save, saves.replay(save)
    save = saves.new_save(game_id, [saves.Seat(name="alice"), saves.Seat(name="Bot", kind="bot", level="easy")],
                          GAMES[game_id].options_to_builtins(GAMES[game_id].Options()), 4242)
    return save, saves.replay(save)


def table_seat(game_id: str, watching: bool):
    from tui.tables.screens import table_screen

    game = GAMES[game_id]
    state = game.new(2, 4242, game.Options())
    seat = None if watching else 1
    msg = p.Table(code="ABCD", seat=seat, away=[], game=game_id, seed=0, cursor=0, watchers=[],
                  seats=[p.SeatInfo("ann"), p.SeatInfo("bob")], last=None, id="", created="",
                  options=game.options_to_builtins(game.Options()), view=state.view(seat).to_text(), log=[])

    class Client:
        screens: dict = {}

        def act(self, *args):
            pass

        def leave(self, code):
            pass

    return table_screen(Client(), msg)


def factories() -> dict[str, object]:
    """A way to build each screen of the app, by class name."""
    from tui.games import screen_class
    from tui.screens.dialogs import ConfirmScreen, HandOverScreen
    from tui.screens.game_over import GameOverScreen
    from tui.screens.help import HelpScreen, RulesMenuScreen
    from tui.screens.home import HomeScreen
    from tui.screens.new_game import NewGameScreen
    from tui.screens.puzzles import PuzzleIdScreen, PuzzlesScreen
    from tui.screens.review import ReviewWork
    from tui.screens.saves_browser import SavesScreen
    from tui.screens.settings import SettingsScreen
    from tui.screens.stats import StatsScreen
    from tui.screens.too_small import TooSmallScreen
    from tui.tables.community import LeaderboardsScreen
    from tui.tables.screens import MovesScreen, TableFormScreen, TablesScreen

    made = {
        "HomeScreen": [HomeScreen],
        "SettingsScreen": [SettingsScreen],
        "SavesScreen": [SavesScreen],
        "StatsScreen": [StatsScreen],
        "RulesMenuScreen": [RulesMenuScreen],
        "HelpScreen": [HelpScreen, lambda: HelpScreen("skirmish")],
        "NewGameScreen": [NewGameScreen, lambda: NewGameScreen("town")],
        "TableFormScreen": [TableFormScreen],
        "TablesScreen": [TablesScreen],
        "LeaderboardsScreen": [LeaderboardsScreen],
        "MovesScreen": [lambda: MovesScreen(["one", "two"])],
        "PuzzlesScreen": [PuzzlesScreen],
        "PuzzleIdScreen": [PuzzleIdScreen],
        "TooSmallScreen": [TooSmallScreen],
        "ConfirmScreen": [lambda: ConfirmScreen("Delete it?")],
        "HandOverScreen": [lambda: HandOverScreen("bob", "a note")],
        "ReviewWork": [lambda: ReviewWork(game_save("dash", finished=True)[0])],
        "GameOverScreen": [lambda: GameOverScreen(screen_class("dash")(*game_save("dash", finished=True)))],
    }
    for game_id in sorted(GAMES):
        cls = screen_class(game_id)
        made[cls.__name__] = [
            lambda g=game_id, c=cls: c(*game_save(g)),
            lambda g=game_id, c=cls: c(*game_save(g), replay=True),
            lambda g=game_id: table_seat(g, watching=False),
            lambda g=game_id: table_seat(g, watching=True),
        ]
    return made


def screen_classes() -> set[str]:
    """Every concrete screen class in the app's code."""
    for module in pkgutil.walk_packages(tui.__path__, "tui."):
        importlib.import_module(module.name)
    found, todo = set(), [Screen]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("tui.") and sub.__name__ not in ("GameScreen", "ListScreen"):
                found.add(sub.__name__)
    return found


def test_every_screen_is_stopped_mid_mount():
    missing = screen_classes() - set(factories())
    assert not missing, f"no way to build these screens in this test: {sorted(missing)}"


CASES = [(name, i) for name, makers in factories().items() for i in range(len(makers))]


async def stop(app, how: str) -> None:
    """Stop the app as a closed web page does: textual's web driver posts ExitApp, and
    the app's message loop, once it ends, shuts the app down (`_shutdown`: every
    screen pruned) whatever its screens are doing; "shutdown" is that moment, at once."""
    if how == "exit_app":
        app.post_message(messages.ExitApp())
        for _ in range(200):
            if not app.is_running:
                break
            await asyncio.sleep(0.01)
    else:
        await app._shutdown()


# When the stop comes (loop turns after the push) and how: at once both ways, then
# mid-mount by the web driver's message and later by the shutdown itself.
MOMENTS = [(0, "exit_app"), (0, "shutdown"), (2, "exit_app"), (5, "shutdown")]
# Each screen is stopped both ways, at once and mid-mount, at two of the moments in
# turn (every moment is met by half the screens): all four on every screen doubled
# this file's share of the suite's time.
STOPS = [(name, which, *MOMENTS[m]) for k, (name, which) in enumerate(CASES)
         for m in ((0, 3) if k % 2 == 0 else (1, 2))]


@pytest.mark.parametrize("name,which,turns,how", STOPS, ids=[f"{n}-{i}-{t}-{h}" for n, i, t, h in STOPS])
async def test_a_screen_survives_its_app_stopping_while_it_mounts(store, name, which, turns, how):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(factories()[name][which]())
        for _ in range(turns):
            await asyncio.sleep(0)
        await stop(app, how)
    assert app._exception is None  # run_test raises it anyway; said here for the reader


@pytest.mark.parametrize("how", ["exit_app", "shutdown"])
@pytest.mark.parametrize("turns", [0, 1, 2, 4, 8])
async def test_the_home_screen_survives_a_stop_at_start_up(store, turns, how):
    """The case seen: the page closed while the app started (HomeScreen.on_mount).
    Run as the web host runs it (headless), stopped a few loop turns after it starts."""
    app = make_app(store)

    async def stop_soon() -> None:
        while not app.is_running:
            await asyncio.sleep(0)
        for _ in range(turns):
            await asyncio.sleep(0)
        await stop(app, how)

    stopper = asyncio.get_running_loop().create_task(stop_soon())
    await asyncio.wait_for(app.run_async(headless=True, size=SIZE), 20)
    await stopper
    assert app._exception is None
    assert app.return_code in (0, None)  # 1 after an error
