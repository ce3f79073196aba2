"""Keys that arrive together (over SSH many come in one read) and screens that come and
go faster than they mount: no crash, and each key is read by the screen it was meant for.

`burst` hands every key to the app at once, with no pause between them, as a terminal
read does; Pilot's `press` would wait for the app to go idle after each key."""

from __future__ import annotations

import pytest
from textual import events
from textual.keys import _character_to_key

import saves
from core import GAMES
from tui_support import make_app
from tui.start import NewGame

SIZE = (80, 24)
CHARS = {"enter": "\r", "escape": "\x1b", "tab": "\t", "space": " "}


def burst(app, *keys: str) -> None:
    """Every key posted to the app in one go, as if read from one packet."""
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            char, key = key, _character_to_key(key)
        else:
            char = CHARS.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)


async def settle(pilot, seconds: float = 0.4) -> None:
    """Wait for every key to be read (a loaded machine may take a while), then a bit."""
    app = pilot.app
    for _ in range(200):
        await pilot.pause(0.05)
        if (app._message_queue.empty() and not getattr(app, "_held_keys", None)
                and getattr(app, "_key_in_flight", None) is None and app.screen.is_mounted):
            break
    await pilot.pause(seconds)


BURSTS = [
    # (keys from home, the screen expected at the end, or None if the app quit)
    (("n", "enter", "q"), "NewGameScreen"),  # enter opens the Game choice; q is typed in it
    (("?", "ctrl+q"), None),
    (("n", "ctrl+q"), None),
    (("q", "s"), "ConfirmScreen"),  # q asks first: s is no answer, the question stays
    (("q", "y", "s"), None),  # s after the yes: the app is closing, no saves list may open
    (("t", "q", "q"), "ConfirmScreen"),  # q q from a game: home, then asked, never closed unasked
    (("q", "n"), "HomeScreen"),
    (("n", "ctrl+s", "q"), "HomeScreen"),  # start a game, q home: q is not lost
    (("t", "q", "t"), "DashScreen"),
    (("t", "q"), "HomeScreen"),
    (("s", "escape", "s"), "SavesScreen"),
    (("s", "escape", "s", "escape"), "HomeScreen"),
    (("n", "escape", "n", "escape"), "HomeScreen"),
    (("?", "escape", "?", "escape"), "HomeScreen"),
    (("?", "escape", "q", "enter"), None),
    (("t", "?", "escape", "q"), "HomeScreen"),
    (("t", "?", "ctrl+q"), None),
    (("n", "ctrl+s", "ctrl+q"), None),
    (("t", "q", "n", "ctrl+s", "q", "s", "escape"), "HomeScreen"),
]


@pytest.mark.parametrize("keys,expected", BURSTS, ids=["_".join(k).replace("?", "help") for k, _ in BURSTS])
async def test_key_bursts_over_screens_never_crash(store, keys, expected):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *keys)
        await settle(pilot)
        where = type(app.screen).__name__
    assert app._exception is None
    if expected is None:
        assert app.return_code == 0  # quit cleanly
    else:
        assert app.return_code is None and where == expected


async def test_enter_after_n_goes_to_the_form_not_the_home_menu(store):
    # Before: the enter reached the home menu (already given the key) and started
    # the entry under its cursor (today's puzzle) over the form.
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "n", "down", "down", "down", "down", "down", "down", "down", "down", "enter")
        await settle(pilot)
        names = [type(s).__name__ for s in app.screen_stack]
    assert "DashScreen" not in names and "NewGameScreen" in names


GAME_IDS = ["dash", "house-rules", "town", "skirmish"]


def bot_game(game_id: str) -> tuple:
    game = GAMES[game_id]
    seats = [saves.Seat(name="You")]
    if not game.cooperative and max(game.seats) > 1:
        seats.append(saves.Seat(name="Hard bot 2", kind="bot", level="hard"))
    return NewGame(game_id, seats, 7, game.Options())


GAME_BURSTS = [("q",), ("q", "n", "escape"), ("?", "escape", "q"), ("ctrl+q",),
               ("tab", "tab", "u", "q", "c"), ("q", "s", "escape", "t", "q")]
# Each game takes three of the bursts, in turn, so every burst meets two games: all
# six on every game doubled this file's share of the suite's time.
BURSTS_BY_GAME = [(game_id, keys) for g, game_id in enumerate(GAME_IDS)
                  for b, keys in enumerate(GAME_BURSTS) if (b + g) % 2 == 0]


@pytest.mark.parametrize("game_id,keys", BURSTS_BY_GAME, ids=[f"{g}-{'_'.join(k)}" for g, k in BURSTS_BY_GAME])
async def test_game_screen_bursts_never_crash(store, game_id, keys):
    app = make_app(store, start=bot_game(game_id), bot_delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *keys)  # sent before the game screen has even mounted
        await settle(pilot, 0.6)
    assert app._exception is None


@pytest.mark.parametrize("game_id", ["house-rules", "skirmish"])
async def test_a_bot_answering_after_q_plays_nothing(store, game_id):
    # The bot's thread finishes after the player went home: its move is not played
    # into a screen that is gone, nor written to the save. On a loaded machine the
    # answer came while q was still on its way to its binding (read, not yet handled)
    # and was played first; the answer now waits for the keys already read. The
    # 0.6 s delay keeps the answer from coming before q is even sent (the test's
    # own start-up under load).
    game = GAMES[game_id]
    seats = [saves.Seat(name="Easy bot 1", kind="bot", level="easy"), saves.Seat(name="You")]
    app = make_app(store, start=NewGame(game_id, seats, 3, game.Options()), bot_delay=0.6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        screen = app.screen
        cursor = screen.save.cursor
        burst(app, "q")
        await settle(pilot, 0.8)
        assert type(app.screen).__name__ == "HomeScreen"
        assert screen.save.cursor == cursor
    assert app._exception is None


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_game_screen_serves_its_first_decider_once(store, game_id, monkeypatch):
    # Textual calls every class's on_mount along the MRO: a game screen that also
    # called GameScreen.on_mount itself drew and served twice (two bots started).
    from tui.games.base import GameScreen

    calls = []
    serve = GameScreen.serve_next
    monkeypatch.setattr(GameScreen, "serve_next", lambda self: calls.append(1) or serve(self))
    app = make_app(store, start=bot_game(game_id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
    assert len(calls) == 1
