"""The shared screens as a player reads them: in --ascii nothing but ASCII is drawn,
nothing is cut at 80 columns without an ellipsis, and checkboxes read without colour."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import saves
from core import GAMES
from tui_support import choose, dash_save, game_save, losing_line, make_app, put_save, settle, wait_for
from tui.start import Resume

SIZE = (80, 24)


def screen_text(app) -> str:
    """What the terminal shows now, as plain text (the screen and those under it)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def not_ascii(text: str) -> set[str]:
    return {ch for ch in text if not ch.isascii()}


def many_saves(store, count: int = 18) -> None:
    """Saves of every game with long names, and unreadable files, more than fit."""
    for i in range(count):
        save = dash_save(100 + i, [], f"dash-20261129-1000{i:02d}-aaaa")
        save.seats[0].name = "Alexandra the Magnificent"
        put_save(store, save)
    put_save(store, game_save("skirmish", ["human", "hard", "hard", "hard"], 3, [], "skirmish-20261129-100000-bbbb"))
    put_save(store, dash_save(77, losing_line(77), "dash-20261128-090000-cccc"))
    for tail in ("dead", "beef"):
        (store.saves_dir / f"dash-20261201-101010-{tail}.json").write_text('{"format": 1, "game": "da')


async def visit(pilot, *keys) -> str:
    await pilot.press(*keys)
    await settle(pilot)
    return screen_text(pilot.app)


async def test_every_shared_screen_is_ascii_in_ascii_mode(store):
    many_saves(store)
    lost = dash_save(5, losing_line(5), "dash-20261127-090000-eeee")
    put_save(store, lost)
    store.record_result(lost, False, {"most_trees": 1})
    app = make_app(store, ascii=True)
    seen = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen["home"] = screen_text(app)
        seen["new game"] = await visit(pilot, "n")
        seen["new game, list open"] = await visit(pilot, "enter")
        seen["new game, TOWN 77"] = await visit(pilot, "down", "down", "enter")
        seen["new game, a box ticked"] = await visit(pilot, "tab", "tab", "tab", "tab", "tab", "space")
        seen["saves"] = await visit(pilot, "escape", "s")
        seen["delete dialog"] = await visit(pilot, "x")
        seen["replay"] = await visit(pilot, "n", "end", "k", "k", "r")  # above the 2 unreadable files
        assert app.screen.replay
        await pilot.press("q", "q")
        await choose(pilot, "stats")
        seen["stats"] = await visit(pilot)
        seen["help"] = await visit(pilot, "question_mark")
        await pilot.press("escape", "escape")
        await choose(pilot, "settings")
        seen["settings"] = await visit(pilot)
        assert "Hint thinking time" in seen["settings"]
        await pilot.press("escape")
        await choose(pilot, "rules")
        seen["rules menu"] = await visit(pilot)
        assert "Icehouse Dash" in seen["rules menu"] and "HOUSES - Skirmish" in seen["rules menu"]
        seen["rules of TOWN 77"] = await visit(pilot, "down", "down", "enter")
        assert "TOWN 77" in seen["rules of TOWN 77"]
        await visit(pilot, "escape", "escape")
        seen["palette"] = await visit(pilot, "ctrl+p")
        await visit(pilot, "escape")
        await pilot.resize_terminal(40, 12)
        seen["too small"] = await visit(pilot)
        assert app.is_running
    bad = {name: not_ascii(text) for name, text in seen.items() if not_ascii(text)}
    assert not bad, bad
    assert "[ ] Hidden hands" in seen["new game"] or "[x] Hidden hands" in seen["new game"]
    assert "Terminal too small" in seen["too small"]


async def test_too_small_notice_is_whole_at_40x12(store):
    app = make_app(store)
    async with app.run_test(size=(40, 12)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TooSmallScreen")
        await settle(pilot)
        text = screen_text(app)
    for line in ("Terminal too small: 40x12.", "Houses needs at least 80x24.", "Make the window larger,",
                 "or press ctrl+q to quit.", "Your game is saved."):
        assert line in text
    box = [row for row in text.splitlines() if row.strip()]
    assert all(row.rstrip().endswith(("┃", "┓", "┛")) for row in box), box  # the right border is on screen


def table_cells(table) -> list[str]:
    return [str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)]


@pytest.mark.parametrize("ascii", [False, True])
async def test_saves_browser_fits_80_columns_and_says_it_all_below(store, ascii):
    many_saves(store)
    app = make_app(store, ascii=ascii)
    dots = "..." if ascii else "…"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one("#saves-table")
        assert table.virtual_size.width <= table.scrollable_content_region.width  # no sideways scrolling
        cells = table_cells(table)
        assert f"HOUSES - S{dots}" in cells or any(c.startswith("HOUSES") and c.endswith(dots) for c in cells)
        assert any(c.startswith("Alexandra") and c.endswith(dots) for c in cells)
        bad = [c for c in cells if c.startswith("dash-20") and c.endswith(("dead", "beef"))]
        assert len(set(bad)) == 2, cells  # two unreadable files, told apart
        await pilot.press("down")  # from the Skirmish save to a Dash one
        await pilot.pause()
        detail = str(app.screen.query_one("#saves-detail").render())
        assert "Alexandra the Magnificent" in detail
        text = screen_text(app)
        assert "Alexandra the Magnificent" in text  # the detail line is on screen, whole


async def test_new_game_checkbox_reads_without_colour(store):
    app = make_app(store, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        before = screen_text(app)
        box = app.screen.query_one("#opt-hidden_hands")
        box.focus()
        await pilot.press("space")
        await pilot.pause()
        after = screen_text(app)
    assert "[ ] Hidden hands" in before and "[x] Hidden hands" in after


async def test_stats_show_the_solo_town_best_last_and_rank(store):
    from core.town.words import level_for

    for i, placed in enumerate((30, 12)):
        save = game_save("town", ["human"], 3, [], f"town-20261129-10000{i}-aaaa")
        save.over = True
        put_save(store, save)
        store.record_result(save, None, {"most_tiles_placed": placed})
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await choose(pilot, "stats")
        await pilot.pause()
        detail = str(app.screen.query_one("#stats-detail").render())
        text = screen_text(app)
    assert "2 solo games, scored, not won or lost" in detail
    assert f"best 30 ({level_for(30)})" in detail and f"last 12 ({level_for(12)})" in detail
    assert f"last 12 ({level_for(12)})" in text


async def test_q_in_a_replay_opened_from_the_saves_goes_back_to_the_saves(store):
    from tui.screens.home import HomeScreen
    from tui.screens.saves_browser import SavesScreen

    put_save(store, dash_save(5, losing_line(5), "dash-20261129-100000-dddd"))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "r")
        await pilot.pause()
        assert app.screen.replay
        assert "q to the saves" in str(app.screen.query_one("#status").render())
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("enter")  # a finished game: enter replays it too
        await pilot.pause()
        assert app.screen.replay
        await pilot.press("q", "q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_save_with_markup_in_its_names_is_shown_as_written(store):
    """Names and summaries come from files: they are text, never markup."""
    save = dash_save(5, [], "dash-20261129-100000-mmmm")
    save.seats[0].name = "[b]Ann[/x]"
    save.summary = "Icehouse Dash [/] deal [red]5"
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        home = screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        listing = screen_text(app)
        await pilot.press("x")
        await pilot.pause()
        dialog = screen_text(app)
    assert "Icehouse Dash [/] deal [red]5" in home
    assert "[b]Ann[/x]" in listing
    assert "[b]Ann[/x]" in dialog


async def test_the_status_line_shows_text_as_written_never_as_markup(store):
    """It quotes seat names and messages that come from files and the host."""
    save = dash_save(5, [], "dash-20261129-100000-nnnn")
    put_save(store, save)
    app = make_app(store, start=Resume(save.id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.say("[b]Ann[/x] is thinking", error=True)
        await pilot.pause()
        text = screen_text(app)
    assert "[b]Ann[/x] is thinking" in text


async def test_game_over_dialog_is_ascii_in_ascii_mode(store):
    line = losing_line(5)
    put_save(store, dash_save(5, line[:-1], "dash-20261129-100000-oooo"))
    app = make_app(store, ascii=True, start=Resume("dash-20261129-100000-oooo"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.submit(line[-1])
        await wait_for(pilot, lambda: type(app.screen).__name__ == "GameOverScreen")
        await settle(pilot)
        text = screen_text(app)
    assert "n new game" in text and "r replay" in text
    assert not not_ascii(text), not_ascii(text)


async def test_replay_footer_fits_80_columns_in_ascii(store):
    put_save(store, dash_save(5, losing_line(5), "dash-20261129-100000-pppp"))
    app = make_app(store, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "r")
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
    assert "<- Back" in footer and "-> Forward" in footer
    assert "? Help" in footer  # ctrl+p (the palette) is in the ? table (tests/tui/test_keys_told.py)


async def test_saves_browser_uses_a_wider_terminal(store):
    many_saves(store)
    app = make_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one("#saves-table")
        cells = table_cells(table)
        assert "HOUSES - Skirmish" in cells
        assert any(c.startswith("Alexandra the Magnificent") for c in cells)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        await pilot.press("down", "down")
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: app.screen.size.width == 80)
        await settle(pilot)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert table.cursor_row == 2  # the same save stays highlighted


def test_ascii_help_joins_the_lines_of_a_paragraph_and_keeps_tables():
    from tui.screens.help import ascii_text

    source = "# Title\n\nOne\ntwo.\n\n| a | b |\n| c | d |\n\n- item\n  goes on\n- next ×\n\n```\nx\ny\n```\n"
    assert ascii_text(source) == "# Title\n\nOne two.\n\n| a | b |\n| c | d |\n\n- item goes on\n- next ?\n\n```\nx\ny\n```"


async def test_the_hand_over_screen_shows_a_name_as_written(store):
    from tui.screens.dialogs import HandOverScreen

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(HandOverScreen("[b]Ann[/x]"))
        await pilot.pause()
        text = screen_text(app)
    assert "Pass the keyboard to [b]Ann[/x]." in text
    assert "[b]Ann[/x]: press enter when" in text


async def test_the_game_over_dialog_shows_names_as_written(store):
    from types import SimpleNamespace

    from tui.screens.game_over import GameOverScreen

    outcome = SimpleNamespace(winners=(1,), reason="[/x] built the last house.")
    names = ["You", "[b]Ann[/x]"]
    game_screen = SimpleNamespace(
        state=SimpleNamespace(outcome=outcome), game=SimpleNamespace(cooperative=False), humans=[0],
        human_won=lambda: False, outcome_text=lambda: outcome.reason, seat_name=lambda s: names[s],
        result_lines=lambda: ["Scores: You 3, [b]Ann[/x] 5"],
    )
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(GameOverScreen(game_screen))
        await pilot.pause()
        text = screen_text(app)
    assert "You lost." in text and "Winner: [b]Ann[/x]" in text and "[/x] built the last house." in text


async def test_an_unreadable_file_is_listed_under_its_game(store):
    store.saves_dir.mkdir(parents=True)
    (store.saves_dir / "house-rules-20261201-101010-dead.json").write_text("{")
    (store.saves_dir / "notes.json").write_text("{")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        cells = table_cells(app.screen.query_one("#saves-table"))
    assert "HOUSE RULES" in cells and "?" in cells


async def test_list_screens_take_j_k_home_and_end(store):
    many_saves(store)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "j")
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        assert menu.highlighted == 2
        await pilot.press("k", "end")
        await pilot.pause()
        assert menu.highlighted == menu.option_count - 1
        await pilot.press("g")
        await pilot.pause()
        assert menu.highlighted == 0
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one("#saves-table")
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_row == table.row_count - 1
        await pilot.press("k", "k")
        await pilot.pause()
        assert table.cursor_row == table.row_count - 3
        await pilot.press("home", "j")
        await pilot.pause()
        assert table.cursor_row == 1


async def test_home_continue_entry_is_one_line_with_a_long_summary(store, monkeypatch):
    # A long summary (a daily deal's number) wrapped the entry to two lines, and with
    # the host's Tables entry the menu then scrolled at 24 rows.
    import tui.screens.home as home

    monkeypatch.setattr(home, "_tables_available", lambda: True)
    save = dash_save(20261129, [], "dash-long")
    # Longer than the menu can grow to at 80 columns (issue 26: it grows where there
    # is room, tests/tui/test_layout_room.py).
    save.summary = "Icehouse Dash, daily deal 20261129 (winnable), move 12, trees 3/5"
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        text = screen_text(app)
        assert menu.max_scroll_y == 0  # every entry in view, no scroll bar
        lines = text.splitlines()
        at = next(i for i, line in enumerate(lines) if "Continue   Icehouse Dash, daily deal" in line)
        assert "Today's puzzle" in lines[at + 1]  # the entry took one line
        assert "Continue: " + save.summary in text  # in full under the menu
