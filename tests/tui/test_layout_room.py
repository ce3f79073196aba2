"""The screens use the room they have (issue 26 item 8): at 120x40 the home menu shows
a long Continue entry whole, TOWN 77's town grows and its log takes the width, HOUSE
RULES' board grows (tests/tui/test_house_rules.py); at 80x24 the saves list gives
Position the room Players does not need; the new-game form's focused field is marked
by a glyph, so focus shows in every theme, in 16 colours and in ASCII. Footers and
status lines at both sizes: tests/tui/test_keys_told.py."""

from __future__ import annotations

import pytest

import saves
from core import GAMES
from test_shared_screens import screen_text
from tui_support import dash_save, game_save, make_app, put_save, resize, settle
from tui.start import NewForm, NewGame

SIZE, BIG = (80, 24), (120, 40)


async def test_home_shows_a_long_continue_entry_whole_where_there_is_room(store):
    save = game_save("skirmish", ["human", "easy", "easy", "easy"], 4, [], "skirmish-20261129-100000-long")
    save.summary = "HOUSES - Skirmish, turn 12: life 40 / 31 / 12 / 40, deck 30 and 9"
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        assert "Continue   " + save.summary in screen_text(app)
        await resize(pilot, SIZE)
        text = screen_text(app)
        entry = next(line for line in text.splitlines() if "Continue   " in line)
        assert "…" in entry and "Continue: " + save.summary in text  # cut, and whole under the menu
        assert app.screen.query_one("#menu").max_scroll_y == 0


async def test_town_grows_with_the_terminal_and_its_log_takes_the_width(store):
    seats = [saves.Seat(name="You"), saves.Seat(name="Easy bot 2", kind="bot", level="easy")]
    app = make_app(store, start=NewGame("town", seats, 5, GAMES["town"].Options()))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.board
        assert (board.cell_w, board.cell_h) > (5, 2) and board.region.height >= 28  # was 36x15 at 120x40
        log = screen.query_one("#town-log")
        first = str(log.render()).splitlines()[0]
        assert log.region.width >= 50 and len(first) > 45, first  # it wrapped at 40 columns
        await resize(pilot, SIZE)
        assert (board.cell_w, board.cell_h) == (5, 2)


async def test_saves_list_gives_position_the_room_players_do_not_need(store):
    save = dash_save(4242, [], "dash-20261129-100000-aaaa")
    save.summary = "Icehouse Dash deal 4242: 3/5 trees, 19 in pile"  # as DashScreen.summary says
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await settle(pilot)
        row = next(line for line in screen_text(app).splitlines() if "Icehouse" in line and "open" in line)
    assert "deal 4242: 3/5 trees, 19 in pile" in row, row


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_the_focused_field_of_the_form_is_marked_by_a_glyph(store, monkeypatch, ascii):
    """A bar left of the focused row (| in ASCII): a shape, not a shade, so focus shows
    in 16 colours too (TEXTUAL_COLOR_SYSTEM=standard)."""
    monkeypatch.setenv("TEXTUAL_COLOR_SYSTEM", "standard")
    app = make_app(store, ascii=ascii, start=NewForm("house-rules"))
    bar = "|" if ascii else "▌"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(5):
            focused = app.focused
            marked = [line for line in screen_text(app).splitlines() if line.startswith(" " + bar)]
            assert len(marked) == 1, (focused, marked)
            row = focused.parent
            assert marked[0].strip(" " + bar).startswith(str(row.query_one(".field").render()).strip() or "")
            await pilot.press("tab")
            await pilot.pause()
