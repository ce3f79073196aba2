"""The Icehouse Dash screen driven by keys: hints, the footer, marks, the help legend."""

from __future__ import annotations

import saves
from core import GAMES
from tui_support import make_app

SIZE = (80, 24)
SEED = 4242


def dash_app(store, seed: int = SEED, options=None, **kwargs):
    you = [saves.Seat(name="You")]
    options = options if options is not None else GAMES["dash"].Options()
    return make_app(store, start=("new", "dash", you, seed, options), **kwargs)


def status_text(app) -> str:
    return str(app.screen.query_one("#status").render())


async def wait_for_hint(pilot) -> None:
    for _ in range(200):
        await pilot.pause(0.05)
        if not pilot.app.screen._thinking:
            break
    await pilot.pause()


async def test_hint_key_shows_a_hint_and_picks_its_card_and_side(store):
    app = dash_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")
        await wait_for_hint(pilot)
        assert app.screen is screen  # no crash, still in the game
        status = status_text(app)
        assert status.startswith("Hint"), status
        assert "Press enter to play it" in status
        assert screen.card in screen.state.hands[0]
        assert screen.side in "NESW"
        await pilot.press("enter")  # playing the hinted move by keys
        await pilot.pause()
        assert screen.save.cursor == 1


def footer_keys(app) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [key.description for key in app.screen.query(FooterKey)]


async def test_hint_is_not_in_the_footer_once_the_game_is_over(store):
    from tui_support import dash_save, losing_line, put_save

    line = losing_line(SEED)
    put_save(store, dash_save(SEED, line[:-1], "dash-20261129-100000-llll"))
    app = make_app(store, start=("resume", "dash-20261129-100000-llll"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Hint" in footer_keys(app)
        app.screen.submit(line[-1])
        await pilot.pause()
        await pilot.press("escape")  # the game-over dialog: see the board
        await pilot.pause()
        assert app.screen.game_id == "dash" and app.screen.state.over
        assert "Hint" not in footer_keys(app)


async def test_town_solo_hint_is_not_in_the_footer_once_the_game_is_over(store):
    from test_town import solo_app

    app, line = solo_app(store, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Hint" in footer_keys(app)
        for action in line:
            app.screen.submit(action)
            await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.game_id == "town" and app.screen.state.over
        assert "Hint" not in footer_keys(app)


# -- today's puzzle: resume, not a fresh start ---------------------------------------------


def notes(app) -> str:
    return "\n".join(n.message for n in app._notifications)


async def test_todays_puzzle_resumes_todays_unfinished_deal(store):
    from test_flows import play_first_legal

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")  # today's puzzle from home
        await pilot.pause()
        first = app.screen.save.id
        await play_first_legal(pilot, 2)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("t")  # again: the same game, at move 2
        await pilot.pause()
        assert app.screen.game_id == "dash"
        assert app.screen.save.id == first
        assert app.screen.save.cursor == 2
        assert "move 2" in notes(app)
    assert [s.id for s in store.list()] == [first]


async def test_todays_puzzle_finished_starts_again_and_says_so(store):
    from core.dash import daily_seed
    from tui_support import TODAY, dash_save, losing_line, put_save

    seed = daily_seed(TODAY)
    options = GAMES["dash"].Options(winnable=True)
    state = GAMES["dash"].new(1, seed, options)
    line = []
    while not state.over:  # the first legal play each time: a quick loss
        action = state.legal_actions()[0]
        state.apply(action)
        line.append(action)
    put_save(store, dash_save(seed, line, "dash-20261129-090000-done", options=options))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert screen.game_id == "dash" and screen.save.id != "dash-20261129-090000-done"
        assert screen.save.cursor == 0
        assert "already finished today's" in notes(app)


async def test_todays_town_solo_resumes_todays_unfinished_deal(store):
    from core.town.solo import daily_seed
    from test_town import town_save
    from tui_support import TODAY, put_save

    seed = daily_seed(TODAY)
    state = GAMES["town"].new(1, seed)
    line = []
    for _ in range(3):
        action = state.legal_actions()[0]
        state.apply(action)
        line.append(action)
    put_save(store, town_save(["human"], seed, line, "town-20261129-090000-part"))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_daily_town()
        await pilot.pause()
        assert app.screen.game_id == "town"
        assert app.screen.save.id == "town-20261129-090000-part"
        assert app.screen.save.cursor == 3
        assert "move 3" in notes(app)
