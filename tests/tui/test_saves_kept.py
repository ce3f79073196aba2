"""Saves as a player meets them (issue 26, item 6), pressed with keys: a game left
before its first move leaves no save (one with moves resumes exactly); the saves
browser keeps the highlighted row in view and every key says why it cannot act on a
row; a saves folder that is a file is told once; `houses saves` lines up."""

from __future__ import annotations

import re

import saves
from core import GAMES
from test_flows import play_first_legal
from test_shared_screens import many_saves, screen_text
from tui_support import dash_save, losing_line, make_app, put_save, settle, wait_for
from tui.start import NewGame, Resume

SIZE = (80, 24)
PEOPLE = [saves.Seat(name="You", kind="human")]


def notes(app, title: str | None = None) -> list[str]:
    return [str(n.message) for n in app._notifications if title is None or n.title == title]


def dash_start(seed: int = 4242):
    return NewGame("dash", PEOPLE, seed, GAMES["dash"].Options())


async def test_a_game_left_before_its_first_move_leaves_no_save(store):
    app = make_app(store, start=dash_start())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.game_id == "dash"
        await pilot.press("q")  # home, no move played
        await pilot.pause()
        app.flush_saves()
        assert store.list() == []
        await pilot.press("n", "ctrl+s")  # a new game from the form, left the same way
        await pilot.pause()
        assert app.screen.game_id == "dash"
        await pilot.press("q")
        await pilot.pause()
        app.flush_saves()
        assert store.list() == []


async def test_ctrl_q_in_a_game_never_played_leaves_no_save(store):
    app = make_app(store, start=dash_start())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
    app.flush_saves()
    assert store.list() == []


async def test_a_game_with_a_move_is_kept_and_resumes_where_it_stopped(store):
    app = make_app(store, start=dash_start())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_first_legal(pilot, 1)
        save_id = app.screen.save.id
        await pilot.press("ctrl+q")
    app.flush_saves()
    assert [s.id for s in store.list()] == [save_id] and store.load(save_id).cursor == 1
    app = make_app(store, start=Resume(None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.save.id == save_id and app.screen.save.cursor == 1


async def test_the_highlighted_row_stays_in_view_when_the_detail_grows(store):
    many_saves(store)  # more rows than fit, unreadable files last (their detail is long)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one("#saves-table")
        for keys in (["end"], ["k"], ["home"], ["end", "k", "k", "k"]):
            await pilot.press(*keys)
            await settle(pilot)  # the detail redrawn and the table scrolled to its cursor
            row = table.get_row_at(table.cursor_row)
            shown = screen_text(app)
            assert str(row[4]) in shown and str(row[3]) in shown, (keys, table.cursor_row)
            region = table._get_row_region(table.cursor_row)
            top = table.scroll_offset.y
            assert top <= region.y - 0 and region.y + 1 <= top + table.scrollable_content_region.height, keys


async def test_every_key_on_an_unreadable_save_says_why_it_cannot(store):
    many_saves(store, count=2)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "end")  # an unreadable file
        await pilot.pause()
        screen = app.screen
        for key, doing in (("enter", "resumed"), ("r", "replayed"), ("v", "reviewed"), ("x", "deleted")):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen, key
            assert any(f"cannot be {doing}" in n for n in notes(app, "Unreadable save")), (key, notes(app))
    assert len(list(store.saves_dir.glob("dash-20261201-101010-*.json"))) == 2  # kept as they are


async def test_v_on_an_unfinished_game_says_why(store):
    put_save(store, dash_save(5, losing_line(5)[:2], "dash-20261129-100000-open"))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is screen
        assert any("still open" in n for n in notes(app, "Not finished yet"))


async def test_a_saves_folder_that_is_a_file_is_told_once(store):
    store.root.mkdir(parents=True, exist_ok=True)
    (store.root / "saves").write_text("not a folder")
    app = make_app(store, start=dash_start())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_first_legal(pilot, 3)
        app.flush_saves()
        await wait_for(pilot, lambda: notes(app, "Could not save"))
        await pilot.pause()
        assert app.screen.save.cursor == 3  # play went on
        assert len(notes(app, "Could not save")) == 1, notes(app)


def test_houses_saves_lines_up_its_columns(store, capsys, monkeypatch):
    from tui import cli

    put_save(store, dash_save(5, losing_line(5)[:2], "dash-20261129-100000-open"))
    put_save(store, dash_save(6, losing_line(6), "dash-20261129-110000-done"))
    store.saves_dir.joinpath("house-rules-20261201-101010-a-much-longer-name.json").write_text("{")
    assert cli.main(["saves"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    header = lines[0]
    starts = [header.index(name) for name in ("LAST PLAYED", "STATE", "GAME")]
    for line in lines[1:]:  # every row's columns start where the heading's do
        assert all(line[at - 2:at] == "  " for at in starts), line
        assert line[starts[1]] != " " and line[starts[2]] != " ", line
        assert re.match(r"\S+ +(\d{4}-\d\d-\d\d \d\d:\d\d)? +", line), line


async def test_a_save_never_played_left_an_hour_ago_by_a_killed_app_is_pruned_at_start(store):
    """A process killed or hung up on before the first move (a dropped SSH link) had
    no chance to drop its save: the next start removes it once it is an hour old, in
    the background. Played and recent unplayed saves stay."""
    import os
    import time

    game = GAMES["dash"]
    first = game.new(1, 7, game.Options()).legal_actions()[0]
    put_save(store, dash_save(7, [], "old-unplayed"))
    put_save(store, dash_save(7, [first], "old-played"))
    put_save(store, dash_save(9, [], "new-unplayed"))
    hours_ago = time.time() - 2 * 3600
    for save_id in ("old-unplayed", "old-played"):
        os.utime(store.path(save_id), (hours_ago, hours_ago))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: not store.path("old-unplayed").exists())
        app.flush_saves()
        assert sorted(s.id for s in store.list()) == ["new-unplayed", "old-played"]
