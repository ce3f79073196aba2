"""Coming back to a table mid-game: the seat's app has the view and the log, not the
moves (the host keeps them, and no seed), so the screen marks nothing "since you
last decided" and opens without an error."""

from __future__ import annotations

import random

import pytest

from core import GAMES
from peer import Peer
from test_table_screens import PEERS, join, to_tables
from test_table_screens import tables  # noqa: F401  (the fixture)
from tui_support import make_app, settle, store  # noqa: F401  (the fixture)


async def play_some(peers: list[Peer], game_id: str, moves: int) -> None:
    """bob and alice (raw peers) make `moves` random legal moves at table ABCD."""
    game, rng = GAMES[game_id], random.Random(3)
    msgs = [await peer.get("table") for peer in peers]
    for cursor in range(moves):
        while any(msg["cursor"] != cursor for msg in msgs):
            msgs = [msg if msg["cursor"] == cursor else await peer.get("table") for peer, msg in zip(peers, msgs)]
        views = [game.from_text(msg["view"]) for msg in msgs]
        seat = views[0].to_move
        action = rng.choice(views[seat].legal_actions())
        peers[seat].send(op="act", code="ABCD", cursor=cursor, action=game.action_to_builtins(action))
    while any(msg["cursor"] != moves for msg in msgs):
        msgs = [msg if msg["cursor"] == moves else await peer.get("table") for peer, msg in zip(peers, msgs)]


@pytest.mark.parametrize("game_id", ["skirmish", "town"])
async def test_back_at_a_table_mid_game_the_screen_opens(store, tables, game_id):  # noqa: F811
    await tables.start()
    try:
        bob = await Peer.connect(tables, "bob")
        PEERS.append(bob)
        bob.send(op="open", game=game_id, seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
        await bob.get("table")
        alice = await Peer.connect(tables, "alice")  # alice's seat, taken from another app first
        PEERS.append(alice)
        alice.send(op="join", code="ABCD")
        await play_some([bob, alice], game_id, 4)
        app = make_app(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_tables(pilot)
            screen = await join(pilot)
            await settle(pilot)  # the screen opened and drew without an error
            assert screen.seat == 1 and screen.save.cursor == 4
            assert screen.save.seed == 0  # the game goes on: no seed
    finally:
        await tables.stop()
