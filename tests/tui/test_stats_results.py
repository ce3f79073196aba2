"""Statistics and settled results (issue 26, item 10): a solo TOWN 77 game is a score,
not a win or a loss, and leaves the win streak as it is (shown under the table); a
finished game against a bot is not undone, and `u` says why."""

from __future__ import annotations

import random

import saves
from core import GAMES
from test_shared_screens import screen_text
from tui_support import game_save, make_app, put_save
from tui.start import Resume

SIZE = (80, 24)


def random_line(game_id: str, seats: int, seed: int, rng_seed: int = 1) -> list:
    """Legal actions chosen at random from the start to the end of a game."""
    rng = random.Random(rng_seed)
    state, line = GAMES[game_id].new(seats, seed), []
    while not state.over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        line.append(action)
    return line


def won_town_against_a_bot(n: int) -> saves.SaveFile:
    for rng_seed in range(50):
        line = random_line("town", 2, 3, rng_seed)
        save = game_save("town", ["human", "easy"], 3, line, f"town-20261129-10000{n}-win{n}")
        if saves.replay(save).outcome.winners == (0,):
            return save
    raise AssertionError("no won line found")


def test_a_solo_town_game_is_a_score_that_leaves_the_streak_as_it_is(store):
    for n in range(2):
        store.record_result(won_town_against_a_bot(n), True)
    solo = game_save("town", ["human"], 3, random_line("town", 1, 3), "town-20261129-110000-solo")
    put_save(store, solo)
    recorded = store.record_result(solo, None, {"most_tiles_placed": 1.0})
    gs = recorded.stats
    assert (gs.played, gs.won, gs.lost, gs.drawn, gs.solo) == (3, 2, 0, 0, 1)
    assert gs.streak == 2 and gs.best_streak == 2
    # a solo game that says it won (every tile placed) is a score all the same
    full = msgspec_copy(solo, "town-20261129-120000-full")
    assert store.record_result(full, True).stats.streak == 2


def msgspec_copy(save: saves.SaveFile, save_id: str) -> saves.SaveFile:
    import msgspec

    copy = msgspec.structs.replace(save, id=save_id)
    return copy


async def test_the_statistics_screen_says_how_solo_games_count(store):
    store.record_result(won_town_against_a_bot(0), True)
    solo = game_save("town", ["human"], 3, random_line("town", 1, 3), "town-20261129-110000-solo")
    put_save(store, solo)
    store.record_result(solo, None, {"most_tiles_placed": 1.0})
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        while menu.get_option_at_index(menu.highlighted).id != "stats":
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "TOWN 77 2 1 1 0 1 1 1" in text  # played 2, won 1, no hint 1, lost 0, other 1, streak 1
        assert "1 solo game, scored, not won or lost" in text and "streak counts games against others only" in text


async def test_u_after_a_finished_game_against_a_bot_says_it_is_not_undone(store):
    line = random_line("house-rules", 2, 3)
    save = game_save("house-rules", ["human", "easy"], 3, line, "house-rules-20261129-100000-over")
    assert save.over
    put_save(store, save)
    app = make_app(store, start=Resume(save.id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.game_id == "house-rules" and screen.state.over
        await pilot.press("u")
        await pilot.pause()
        assert screen.save.cursor == len(line) and screen.state.over  # not reopened
        status = str(screen.query_one("#status").render())
        assert "not undone" in status
        assert any("cannot be undone" in str(n.message) for n in app._notifications)
    assert store.load(save.id).cursor == len(line)
