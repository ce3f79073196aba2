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
