"""The last moves stay marked after a resume: what the bot did last is marked on the
board when the game is opened again (`houses resume`), as it was when it was played."""

from __future__ import annotations

import pytest

import saves
from core import GAMES
from tui_support import make_app, wait_for
from tui.start import NewGame, Resume

SIZE = (80, 24)


@pytest.mark.parametrize("game_id", ["house-rules", "town"])  # Skirmish: tests/tui/test_skirmish.py
async def test_the_bots_last_move_is_marked_again_after_resume(store, game_id):
    game = GAMES[game_id]
    seats = [saves.Seat(name="Easy bot 1", kind="bot", level="easy"), saves.Seat(name="You")]
    app = make_app(store, start=NewGame(game_id, seats, 4, game.Options()))
    async with app.run_test(size=SIZE) as pilot:
        # the bot's first turn, until the person is to move
        await wait_for(pilot, lambda: getattr(app.screen, "save", None) is not None
                       and app.screen.save.cursor > 0 and app.screen.state.to_move == 1)
        screen = app.screen
        marked = list(screen.recent)
        save_id = screen.save.id
        await pilot.press("q")
        await pilot.pause()
        app.flush_saves()
    assert marked, "the bot's move was marked when it was played"

    app = make_app(store, start=Resume(save_id))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: getattr(app.screen, "save", None) is not None)
        assert app.screen.save.id == save_id
        assert list(app.screen.recent) == marked
