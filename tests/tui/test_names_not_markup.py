"""Text from saves, settings, the command line or a host's players is never read as
markup: a seat named `[b]Ann[/x]` (a closing tag that matches nothing: Rich and Textual
raise MarkupError on it) or `[link=x]y` opens, plays, hands over and ends like any name,
and is shown as written."""

from __future__ import annotations

import pytest

import saves
from core import GAMES
from test_shared_screens import screen_text
from tui_support import make_app, settle, wait_for
from tui.start import NewGame

SIZE = (80, 24)
ANN, LINK = "[b]Ann[/x]", "[link=x]y"


def seats_for(game_id: str, bots: bool) -> list[saves.Seat]:
    game = GAMES[game_id]
    if bots and not game.cooperative:
        # The bot first, so that it plays a move (and logs it under its name) at once.
        return [saves.Seat(name=LINK, kind="bot", level="easy"), saves.Seat(name=ANN)]
    count = 2 if 2 in game.seats else max(game.seats)
    return [saves.Seat(name=ANN), saves.Seat(name=LINK)][:count]


CASES = [(g, bots) for g in ["dash", "house-rules", "town", "skirmish"] for bots in (False, True)
         if not (bots and GAMES[g].cooperative)]


@pytest.mark.parametrize("game_id,bots", CASES, ids=[f"{g}-{'bots' if b else 'hotseat'}" for g, b in CASES])
async def test_seat_names_with_brackets_are_text_in_every_game(store, game_id, bots):
    game = GAMES[game_id]
    app = make_app(store, start=NewGame(game_id, seats_for(game_id, bots), 5, game.Options()), bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.screen.is_mounted and (  # the bot's first move, or the hand-over
            not bots or getattr(app.screen, "save", None) is None or app.screen.save.cursor > 0))
        await settle(pilot)
        if type(app.screen).__name__ == "HandOverScreen":
            assert ANN in screen_text(app) or LINK in screen_text(app)
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        assert screen.game_id == game_id
        screen.say_prompt()
        await settle(pilot)
        text = screen_text(app)  # the game: its title, panels and status line
        # The end of the game, as the game-over dialog shows it.
        from tui.screens.game_over import GameOverScreen

        app.push_screen(GameOverScreen(screen))
        await settle(pilot)
        app.notify(f"{ANN} is away.")  # as a host tells of a player
        await settle(pilot)
    assert app._exception is None
    assert ANN in text or LINK in text, text
