"""A slow or down database never stalls the table host: every storage call made
during play goes to the host's writer thread (host/tables.py), so while the
database does not answer, the other players' moves and messages still flow."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from core import GAMES
from host.storage import open_storage
from host.storage.base import StorageError
from host.tables import TableHost

from peer import Peer

pytestmark = pytest.mark.serial  # within_a_second times the host on the wall clock

STALL_S = 4.0  # how long a call waits for the "down" database before it gives up


class DownDatabase:
    """A real SQLite storage whose every call waits while it is "down" (as a pool
    waits for a PostgreSQL that stopped), then fails in words."""

    def __init__(self, storage) -> None:
        self.storage = storage
        self.up = threading.Event()
        self.up.set()

    def __getattr__(self, name: str):
        found = getattr(self.storage, name)
        if not callable(found):
            return found

        def call(*args, **kwargs):
            if not self.up.wait(STALL_S):
                raise StorageError("the database does not answer")
            return found(*args, **kwargs)
        return call


async def within_a_second(coro):
    """The answer, and that it came within 1 s. (Host and players share one event loop
    here: a host that blocks it delays the answer, which wait_for alone would not see.)"""
    started = time.monotonic()
    answer = await asyncio.wait_for(coro, STALL_S * 2)
    assert time.monotonic() - started < 1.0, "the host stalled"
    return answer


async def seated_pair(host: TableHost, first: str, second: str) -> dict:
    a = await Peer.connect(host, first)
    a.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await a.get("table"))["code"]
    b = await Peer.connect(host, second)
    b.send(op="join", code=code)
    return {"code": code, first: (a, await a.get("table")), second: (b, await b.get("table"))}


async def test_a_down_database_never_stalls_the_other_players_moves_and_messages(tmp_path):
    db = DownDatabase(open_storage(tmp_path / "houses.db"))
    host = TableHost(tmp_path, storage=db)
    said: list[str] = []
    host.log = said.append
    await host.start()
    try:
        one = await seated_pair(host, "alice", "bob")
        two = await seated_pair(host, "carol", "dave")
        await host.flush()
        db.up.clear()  # the database stops answering
        one["bob"][0].close()  # bob's connection drops: his seat is away, in the storage too
        alice = one["alice"][0]
        msg = await within_a_second(alice.get("table"))
        assert msg["away"] == [1]
        # Another table plays on: a move made and seen by the other player, a request answered.
        mover, other = ("carol", "dave") if GAMES["house-rules"].from_text(two["carol"][1]["view"]).to_move == 0 \
            else ("dave", "carol")
        peer, seen = two[mover]
        state = GAMES["house-rules"].from_text(seen["view"])
        peer.send(op="act", code=two["code"], cursor=seen["cursor"],
                  action=GAMES["house-rules"].action_to_builtins(state.legal_actions()[0]))
        assert (await within_a_second(two[other][0].get("table")))["cursor"] == 1
        alice.send(op="list")
        assert [t["code"] for t in (await within_a_second(alice.get("tables")))["tables"]]
        db.up.set()  # back: what was held is written, in order
        await host.flush()
        assert db.storage.load_table(two["code"]).save.cursor == 1
        assert not any("not saved" in line for line in said), said
        for name in ("alice", "carol", "dave"):
            (one.get(name) or two.get(name))[0].close()
    finally:
        db.up.set()
        await host.stop()
        db.storage.close()
