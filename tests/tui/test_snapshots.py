"""Snapshots of every screen at 80x24 (SVG files under __snapshots__/).

Each test builds its app with a fresh saves folder, a fixed date and fixed deals, so
the picture depends on nothing but the code. Update with `pytest --snapshot-update`
after checking the new pictures by eye.
"""

from __future__ import annotations

import os

import saves
from core import GAMES
from tui_support import choose, dash_save, losing_line, make_app, put_save, winning_line
from tui.start import NewGame, Resume

SIZE = (80, 24)
SEED = 4242


def dash_app(store, **kwargs):
    you = [saves.Seat(name="You")]
    return make_app(store, start=NewGame("dash", you, SEED, GAMES["dash"].Options()), **kwargs)


def test_home(snap_compare, store):
    assert snap_compare(make_app(store), terminal_size=SIZE)


def test_home_with_a_game_to_continue(snap_compare, store):
    put_save(store, dash_save(SEED, [], "dash-20261129-100000-aaaa"))
    assert snap_compare(make_app(store), terminal_size=SIZE)


def test_new_game_form(snap_compare, store):
    assert snap_compare(make_app(store), terminal_size=SIZE, press=["n"])


def test_saves_browser_with_an_unreadable_file(snap_compare, store):
    put_save(store, dash_save(SEED, [], "dash-20261129-100000-aaaa"))
    put_save(store, dash_save(77, losing_line(77), "dash-20261128-090000-bbbb"), "2026-11-28T09:00:00.000000Z")
    bad = store.saves_dir / "dash-20261127-080000-cccc.json"
    bad.write_text('{"format": 1, "game": "da')
    os.utime(bad, (1795766400, 1795766400))  # 2026-11-27 08:00 UTC: the list shows when it changed
    assert snap_compare(make_app(store), terminal_size=SIZE, press=["s"])


def test_stats(snap_compare, store):
    lost = dash_save(77, losing_line(77), "dash-20261128-090000-bbbb")
    put_save(store, lost)
    store.record_result(lost, False, {"most_trees": 2})
    assert snap_compare(make_app(store), terminal_size=SIZE, run_before=lambda pilot: choose(pilot, "stats"))


def test_help(snap_compare, store):
    assert snap_compare(dash_app(store), terminal_size=SIZE, press=["question_mark"])


def test_dash_in_play(snap_compare, store):
    assert snap_compare(dash_app(store), terminal_size=SIZE)


def test_dash_card_selected_with_targets(snap_compare, store):
    assert snap_compare(dash_app(store), terminal_size=SIZE, press=["enter", "up"])


def test_dash_won(snap_compare, store):
    line = winning_line(SEED)
    options = GAMES["dash"].Options(winnable=True)
    put_save(store, dash_save(SEED, line[:-1], "dash-20261129-100000-wwww", options=options))

    async def last_move(pilot):
        pilot.app.screen.submit(line[-1])
        await pilot.pause()

    app = make_app(store, start=Resume("dash-20261129-100000-wwww"))
    assert snap_compare(app, terminal_size=SIZE, run_before=last_move)


def test_dash_lost(snap_compare, store):
    line = losing_line(SEED)
    put_save(store, dash_save(SEED, line[:-1], "dash-20261129-100000-llll"))

    async def last_move(pilot):
        pilot.app.screen.submit(line[-1])
        await pilot.pause()

    app = make_app(store, start=Resume("dash-20261129-100000-llll"))
    assert snap_compare(app, terminal_size=SIZE, run_before=last_move)


def test_replay(snap_compare, store):
    line = losing_line(SEED)
    put_save(store, dash_save(SEED, line, "dash-20261129-100000-rrrr"))
    # saves browser, the only save, r replays; step back twice from the end
    assert snap_compare(make_app(store), terminal_size=SIZE, press=["s", "r", "left", "left"])


def test_terminal_too_small(snap_compare, store):
    assert snap_compare(make_app(store), terminal_size=(60, 20))


def test_dash_in_ascii(snap_compare, store):
    you = [saves.Seat(name="You")]
    app = make_app(store, ascii=True, start=NewGame("dash", you, SEED, GAMES["dash"].Options()))
    assert snap_compare(app, terminal_size=SIZE, press=["enter", "up"])
