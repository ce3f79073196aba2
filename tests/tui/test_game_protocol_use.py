"""The app uses the Game protocol as declared on core.engine.Game (docs/architecture.md,
"The engine protocol"): no probing with getattr, one entry point for every deal of the
day, one bot-level list and one version string."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from core import GAMES
from tui_support import make_app

SIZE = (80, 24)
ROOT = Path(__file__).resolve().parents[2]
# The parts of the protocol a Game declares with a default (core.engine.Game).
# (issue 23: the coach and its lost-move finder, the deal of the day's result, the solo
# results and the bots' ratings too.)
DECLARED = ("make_bot", "option_labels", "option_choices", "check_options", "daily_seed", "cooperative",
            "coach", "lost_move", "lost_at", "finds_lost_move", "daily_result", "solo_results",
            "solo_measures", "bot_ratings")


def test_no_getattr_probe_of_the_game_protocol_outside_core():
    probe = re.compile(r"(getattr|hasattr)\([^,()]+,\s*[\"'](%s)[\"']" % "|".join(DECLARED))
    found = []
    for package in ("tui", "saves", "host", "core/ai"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for n, line in enumerate(path.read_text().splitlines(), 1):
                if probe.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []


def test_no_game_part_is_found_by_a_module_name_made_up():
    """A game's parts are reached through its Game (the coach by `Game.coach()`), never
    by a module name built from another (`core.<game>` + ".coach")."""
    made = re.compile(r"import_module\([^)]*(\+|\.format|f[\"'])")
    found = []
    for package in ("core", "tui", "saves", "host"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for n, line in enumerate(path.read_text().splitlines(), 1):
                if made.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []


def notes(app) -> str:
    return " ".join(str(n.message) for n in app._notifications)


async def test_the_daily_entry_point_asks_the_game_for_the_days_seed(store, monkeypatch):
    town = GAMES["town"]
    monkeypatch.setattr(town, "daily_seed", lambda date: 4242, raising=False)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_daily("town")
        await pilot.pause()
        assert app.screen.game_id == "town"
        assert app.screen.save.seed == 4242 and len(app.screen.save.seats) == 1


async def test_a_game_without_a_deal_of_the_day_says_so_and_stays_home(store):
    from tui.screens.home import HomeScreen

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_daily("house-rules")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "HOUSE RULES has no deal of the day" in notes(app)
    assert store.list() == []


async def test_the_palettes_daily_dash_starts_todays_winnable_deal(store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert "Daily TOWN 77" in commands
        commands["Daily Dash"].callback()
        await pilot.pause()
        assert app.screen.game_id == "dash"
        assert app.screen.save.seed == GAMES["dash"].daily_seed(app.today)
        assert app.screen.save.options["winnable"] is True


def test_the_command_line_has_one_version_and_one_list_of_bot_levels():
    import saves
    import tui.cli

    assert not hasattr(tui.cli, "version") and not hasattr(tui.cli, "LEVELS")
    out = subprocess.run([sys.executable, "-m", "tui.cli", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"houses {saves.app_version()}"


async def test_a_registered_game_is_in_the_menus_without_an_edit_elsewhere(store):
    """Issue 23 item 9: the test-only Toy Nim, once registered, is counted on the home
    screen and offered by the new-game form; gone again once taken away."""
    import toygame
    from textual.widgets import Select, Static

    with toygame.registered():
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "five house games" in str(app.screen.query_one("#tagline", Static).render())
            await pilot.press("n", "enter", *["down"] * 4, "enter")  # the form; its game list: the fifth
            await pilot.pause()
            await pilot.pause()
            assert app.screen.query_one("#game", Select).value == toygame.ID
            labels = " ".join(str(label.render()) for label in app.screen.query(Static))
            assert "Heap" in labels  # the toy's own option, from its Options
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "four house games" in str(app.screen.query_one("#tagline", Static).render())
