"""A watcher at a shared table, in all four games (issue 22): the screen says they are
watching, its footer offers only a watcher's keys, no key or choice is answered with
words for the player to move ("play a card or end the turn", "you play Black"), and
the board shows the last move's marks as the seats' boards do whenever the move hides
nothing from an onlooker (host/privacy.py)."""

from __future__ import annotations

import re

import pytest

import saves
from core import GAMES
from host.tables import TableHost

from peer import Peer
from tui_support import make_app, store, wait_for  # noqa: F401  (the fixture)

SIZE = (80, 24)
PEERS: list[Peer] = []
# Words for a player to move: a watcher must never read them.
PLAYER_WORDS = re.compile(r"\b(you|your|yours)\b", re.I)
WATCHER_WORDS = ("You are watching table", "A card you cannot see")


@pytest.fixture
def tables(tmp_path, monkeypatch):
    host = TableHost(tmp_path / "host")
    (tmp_path / "host").mkdir(exist_ok=True)
    monkeypatch.setattr(host, "new_code", lambda: "ABCD")
    monkeypatch.setenv("HOUSES_TABLES", str(host.socket_path))
    monkeypatch.setenv("HOUSES_TABLE_TOKEN", host.token_for("alice"))
    return host


def texts(screen) -> list[str]:
    from textual.widgets import Static

    return [str(w.render()) for w in screen.query(Static) if w.display]


def keys_to_try(screen) -> list[str]:
    """Every key the game binds (but escape and q, which leave), and the keys that
    move and choose in its widgets."""
    keys = {"up", "down", "left", "right", "enter", "space", "tab", "1", "2", "3"}
    for cls in type(screen).__mro__:
        for binding in cls.__dict__.get("BINDINGS", ()):
            keys.update(k.strip() for k in binding.key.split(","))
    return sorted(keys - {"escape", "q", "ctrl+q", "ctrl+c", "ctrl+p", "question_mark", "G", "g", "home", "end"})


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_watcher_is_spoken_to_as_a_watcher_and_sees_the_last_move(store, tables, game_id):
    from textual.widgets._footer import FooterKey

    game = GAMES[game_id]
    options = game.options_to_builtins(game.Options())
    seats = [saves.Seat(name="bob", kind="human"), saves.Seat(name="carol", kind="human")]
    seed = next(s for s in range(4242, 4300) if saves.replay(saves.new_save(game_id, seats, options, s)).to_move == 0)
    await tables.start()
    try:
        bob = await Peer.connect(tables, "bob")
        carol = await Peer.connect(tables, "carol")
        PEERS.extend([bob, carol])
        bob.send(op="open", game=game_id, seed=seed, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
        await bob.get("table")
        carol.send(op="join", code="ABCD")
        await carol.get("table")
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            from tui.tables.screens import get_client

            client = get_client(app)
            assert await client.connect()
            client.watch("ABCD")
            await wait_for(pilot, lambda: getattr(app.screen, "code", None) == "ABCD" and app.screen.is_mounted,
                           timeout=10)
            screen = app.screen
            assert screen.watching()
            # bob moves: the watcher's board marks it, when it hides nothing from them.
            state = tables.tables["ABCD"].state
            action = state.legal_actions()[0]
            bob.send(op="act", code="ABCD", cursor=0, action=game.action_to_builtins(action))
            await wait_for(pilot, lambda: screen.save.cursor == 1, timeout=10)
            public = None not in tables.tables["ABCD"].last["hidden"]
            if public:
                assert screen.last_action == action and screen.last_seat == 0
            else:
                assert screen.last_action is None
            if game_id in ("house-rules", "dash"):
                assert public  # a pawn's move, a card laid: seen by all
            # The screen says they are watching; the footer has only a watcher's keys.
            await pilot.pause()
            status = str(screen.query_one("#status").render())
            assert status.startswith("Watching table ABCD"), status
            shown = {key.action for key in screen.query(FooterKey)}
            assert "stop_watching" in shown and shown <= {"stop_watching", "zone(1)", "help", "command_palette"}, shown
            # Every key of the game and its widgets: never a player's words.
            for key in keys_to_try(screen):
                for _ in range(2):
                    await pilot.press(key)
                    assert app.screen is screen, key
                    for text in texts(screen):
                        if not text.startswith(WATCHER_WORDS):
                            assert not PLAYER_WORDS.search(text), f"after {key}: {text!r}"
            await pilot.press("q")
            await wait_for(pilot, lambda: app.screen is not screen, timeout=10)
    finally:
        await tables.stop()
