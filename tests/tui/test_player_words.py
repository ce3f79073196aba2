"""What a player reads, pressed with keys (issue 26, items 5 and 9): the new-game
form's deal field refuses text that is not a deal number and says why; the rules
screen shows the rules without the test references the repository keeps."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Input, OptionList, Static

from tui.games import playable
from tui_support import make_app
from tui.start import NewForm

SIZE = (80, 24)


@pytest.mark.parametrize("typed", ["abc-1", "-1", "12x", "1" * 20])
async def test_the_deal_field_refuses_what_is_not_a_deal_number_and_says_why(store, typed):
    app = make_app(store, start=NewForm("town"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        form.query_one("#seed", Input).focus()
        await pilot.press(*typed)
        assert form.query_one("#seed", Input).value == typed  # every key typed is kept, to be read back
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form  # no game started
        error = str(form.query_one("#form-error", Static).render())
        assert "deal number must be" in error.lower() and "0 to" in error
        assert app.focused is form.query_one("#seed", Input)
    assert store.list() == []


async def test_the_deal_field_takes_a_number(store):
    app = make_app(store, start=NewForm("town"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#seed", Input).focus()
        await pilot.press(*"4242", "enter")
        await pilot.pause()
        assert getattr(app.screen, "game_id", None) == "town" and app.screen.save.seed == 4242


TEST_REFERENCE = re.compile(r"Tests?: `|tests/|\.py::|rulings\.md")


async def highlight(pilot, menu: OptionList, option_id: str) -> None:
    for _ in range(menu.option_count):
        if menu.get_option_at_index(menu.highlighted).id == option_id:
            return
        await pilot.press("down")
    raise AssertionError(f"{option_id} not in the menu")


@pytest.mark.parametrize("game_id", playable())
async def test_the_rules_screen_shows_no_test_references(store, game_id):
    from tui.screens.help import HelpScreen, RulesText

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await highlight(pilot, app.screen.query_one(OptionList), "rules")
        await pilot.press("enter")
        await pilot.pause()
        await highlight(pilot, app.screen.query_one(OptionList), game_id)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.game_id == game_id
        source = app.screen.query_one(RulesText).source
        assert "## Rulings" in source or "Rulings" in source
        assert not TEST_REFERENCE.search(source), TEST_REFERENCE.search(source)
