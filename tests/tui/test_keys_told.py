"""The keys a player is told (issue 26 item 4, and item 8's footers): on every screen,
each key that answers now is in the screen's `?` table, each that answers now and is
not a cursor key (tui/keys.py FOOTER_EXEMPT) is in its footer, and no footer key or
status line is cut, at 80x24 and at 120x40.

Walks press seeded random keys in every mode of every game (tests/tui/walks); after
each key the screen on top is checked (tests/tui/walks/told.py): at 80x24 along the
walks of tests/tui/test_key_walks.py, at 120x40 here. The `?` table checked is the one the help
screen shows: `?` is pressed on each kind of screen and its text read.
"""

from __future__ import annotations

import pytest

from tui_support import make_app, settle
from walks import driver
from every_game import game_registered  # noqa: F401  (the fixture: the toy's walks)
from walks.driver import MODES, game_screen, walk
from walks.told import check_told, report, told_problems

BIG = (120, 40)


BIG_MODES = [m for m in MODES if m.name in {"dash-2-hidden", "hr-hotseat-hints", "town-4", "town-solo", "sk-4"}]


@pytest.mark.parametrize("mode", BIG_MODES, ids=[m.name for m in BIG_MODES])
async def test_every_key_that_answers_is_told_at_120x40(store, monkeypatch, mode):
    monkeypatch.setattr(driver, "SIZE", BIG)
    found: dict[str, str] = {}
    await walk(store, mode, seed=12, length=10, monkeypatch=monkeypatch, on_key=check_told(found))
    assert not found, report(found)


def help_keys(app) -> str:
    from tui.screens.help import HelpScreen, RulesText

    assert isinstance(app.screen, HelpScreen)
    return app.screen.query_one(RulesText).source.split("## Keys")[-1]


@pytest.mark.parametrize("size", [driver.SIZE, BIG], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game_id", ["dash", "house-rules", "town", "skirmish"])
async def test_the_help_of_a_game_lists_its_keys_and_the_footer_fits(store, monkeypatch, game_id, size):
    """`?` in a game shows the keys of its footer and the keys the issue found missing
    (t, 1-N, x, e, r); the footer and the status line fit."""
    from walks.driver import Mode

    kinds = {"dash": ("human",), "house-rules": ("human", "easy"), "town": ("human", "easy"),
             "skirmish": ("human", "easy")}[game_id]
    mode = Mode(game_id, game_id, kinds)
    app = driver.make_walk_app(store, mode, 3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        problems = told_problems(app)
        assert not problems, "\n".join(problems)
        await pilot.press("question_mark")
        await settle(pilot)
        text = help_keys(app)
    expected = {"dash": ["| t |", "| 1-6 |", "| r |", "| u, ctrl+z |"],
                "house-rules": ["| t |", "| e |", "| p |", "| u, ctrl+z |"],
                "town": ["| t |", "| 1-5 |", "| x |", "| e |"],
                "skirmish": ["| t |", "| 1-9 |", "| e |"]}[game_id]
    for row in expected + ["| n |", "| q |", "| ? |", "| ctrl+p |", "| ctrl+q |"]:
        assert row in text, f"{row} missing from the keys of {game_id}:\n{text}"
    if not screen.UNDO:
        assert "undo" not in text.lower(), "a game without undo tells of it"


async def test_the_home_help_lists_the_home_keys(store):
    app = make_app(store)
    async with app.run_test(size=driver.SIZE) as pilot:
        await pilot.press("question_mark")
        await settle(pilot)
        text = help_keys(app)
    for row in ["| c |", "| t |", "| n |", "| s |", "| q |", "| ? |", "| ctrl+q |"]:
        assert row in text, f"{row} missing from the home keys:\n{text}"


@pytest.mark.parametrize("size", [driver.SIZE, BIG], ids=["80x24", "120x40"])
async def test_home_saves_and_form_tell_their_keys(store, size):
    from tui_support import dash_save, put_save

    put_save(store, dash_save(4242, [], "dash-20261129-100000-aaaa"))
    app = make_app(store)
    async with app.run_test(size=size) as pilot:
        for keys in ([], ["s"], ["escape", "n"]):
            await pilot.press(*keys)
            await settle(pilot)
            problems = told_problems(app)
            assert not problems, "\n".join(problems)


async def test_q_q_from_a_game_asks_before_quitting_and_home_is_on_continue(store):
    """q in a game goes home, a second q asks (it closed the app unasked); back home
    the menu's cursor is on Continue, not on the Quit it was on before the game."""
    from tui.screens.dialogs import ConfirmScreen
    from tui.screens.home import HomeScreen

    app = make_app(store)
    async with app.run_test(size=driver.SIZE) as pilot:
        await pilot.press("G")  # the cursor on the last entry, Quit
        menu = app.screen.query_one("#menu")
        assert menu.get_option_at_index(menu.highlighted).id == "quit"
        await pilot.press("t")  # today's puzzle: a game
        await settle(pilot)
        assert game_screen(app) is not None
        await pilot.press("q", "q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and app.return_code is None
        await pilot.press("n")  # no: still here, home
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and app.return_code is None
        menu = app.screen.query_one("#menu")
        # On the first entry (a game left before its first move is not kept, so no
        # Continue here: the deal of the day comes first).
        assert menu.highlighted == 0 and menu.get_option_at_index(0).id == "daily:dash"
        await pilot.press("q", "y")
        await settle(pilot)
    assert app.return_code == 0
