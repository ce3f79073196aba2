"""Two table hosts on one PostgreSQL (host/relay.py), as raw protocol: moves made
through one host reach the players of the other; two hosts racing at one cursor:
one wins, the other's player is told; a host that stops: its players away on the
other, its table's bots taken over."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from core import GAMES
from host.relay import SharedTableHost, table_host_class
from host.storage import open_storage
from host.tables import TableHost

sys.path.insert(0, str(Path(__file__).parent.parent / "serve"))
from peer import Peer  # noqa: E402


@pytest.fixture
async def hosts(tmp_path, pg_url):
    made = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        h = SharedTableHost(tmp_path / name, storage=open_storage(pg_url))
        h.log = lambda text, name=name: print(f"host {name}: {text}")
        await h.start()
        made.append(h)
    yield made
    for h in made:
        await h.stop()
    for h in made:
        h.storage.close()


async def until(condition, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "not in time"
        await asyncio.sleep(0.02)


async def until_cursor(peer: Peer, cursor: int) -> dict:
    got = await peer.get("table")
    while got["cursor"] != cursor:
        got = await peer.get("table")
    return got


def test_sqlite_stays_single_host(tmp_path):
    storage = open_storage(tmp_path / "houses.db")
    assert table_host_class(storage) is TableHost
    storage.close()


async def test_a_move_made_through_one_host_reaches_the_players_of_the_other(hosts):
    a, b = hosts
    game = GAMES["house-rules"]
    alice = await Peer.connect(a, "alice")
    alice.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await alice.get("table"))["code"]
    await until(lambda: code in b.tables)  # the new table reached the other host
    bob = await Peer.connect(b, "bob")
    bob.send(op="join", code=code)
    joined = await bob.get("table")
    while joined["away"] != []:  # alice is there, through host a (that news may come a moment later)
        joined = await bob.get("table")
    assert joined["seat"] == 1
    seen = await alice.get("table")
    while seen["seats"][1]["name"] != "bob":
        seen = await alice.get("table")
    move = game.action_to_builtins(game.from_text(joined["view"]).legal_actions()[0])
    alice.send(op="act", code=code, cursor=0, action=move)
    update = await bob.get("table")
    while update["cursor"] != 1:
        update = await bob.get("table")
    assert update["last"]["seat"] == 0 and update["last"]["text"]
    assert a.storage.load_table(code).save.cursor == 1  # committed before bob was told
    # Play on, each move through its player's host, until bob (host b) has moved.
    peers = {0: alice, 1: bob}
    cursor, state = 1, game.from_text(update["view"])
    while state.to_move != 1:
        alice.send(op="act", code=code, cursor=cursor, action=game.action_to_builtins(state.legal_actions()[0]))
        cursor += 1
        state = game.from_text((await until_cursor(bob, cursor))["view"])
    bob.send(op="act", code=code, cursor=cursor, action=game.action_to_builtins(state.legal_actions()[0]))
    got = await until_cursor(alice, cursor + 1)
    assert got["last"]["seat"] == 1 and peers
    # bob's connection drops: alice, on the other host, sees him away.
    bob.close()
    got = await alice.get("table")
    while got["away"] != [1]:
        got = await alice.get("table")
    alice.close()


async def test_two_hosts_racing_at_one_cursor_one_wins_and_the_other_is_told(hosts):
    a, b = hosts
    game = GAMES["house-rules"]
    alice = await Peer.connect(a, "alice")
    alice.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    first = await alice.get("table")
    code = first["code"]
    await until(lambda: code in b.tables)
    b.relay.on_news = lambda payload: None  # host b hears nothing: its copy stays at move 0
    alice_b = await Peer.connect(b, "alice")  # alice, a second time, through host b
    alice_b.send(op="join", code=code)
    await alice_b.get("table")
    moves = game.from_text(first["view"]).legal_actions()
    alice.send(op="act", code=code, cursor=0, action=game.action_to_builtins(moves[0]))
    while (await alice.get("table"))["cursor"] != 1:
        pass
    alice_b.send(op="act", code=code, cursor=0, action=game.action_to_builtins(moves[-1]))
    err = await alice_b.get("error")
    assert "another host moved first" in err["message"] and err["code"] == code
    fixed = await alice_b.get("table")  # host b took the table as the database has it
    assert fixed["cursor"] == 1 and b.tables[code].save.actions == a.storage.load_table(code).save.actions
    assert a.storage.load_table(code).save.actions[0] == game.action_to_builtins(moves[0])
    alice.close()
    alice_b.close()


async def test_one_host_runs_a_tables_bots_and_another_takes_over_when_it_stops(hosts, monkeypatch):
    import host.tables

    monkeypatch.setattr(host.tables, "BOT_PAUSE_S", 0.0)
    monkeypatch.setattr(host.tables, "BOT_BUDGET_S", 0.01)
    a, b = hosts
    alice = await Peer.connect(a, "alice")
    alice.send(op="open", game="skirmish", seed=3, options={}, seats=[{"kind": "human"}, {"kind": "bot"}])
    code = (await alice.get("table"))["code"]
    await until(lambda: code in b.tables)
    await until(lambda: code in a.leased or code in b.leased)
    assert not (code in a.leased and code in b.leased)  # exactly one host runs its bots
    runner, other = (a, b) if code in a.leased else (b, a)
    # The runner stops without a word (its connections gone): the other takes the lease
    # and runs the bots: alice, through that host, moves, and the bot answers.
    runner.keeper.cancel()
    await runner.relay.stop()
    runner.leased.clear()
    game = GAMES["skirmish"]
    again = await Peer.connect(other, "alice")
    again.send(op="join", code=code)
    # alice plays on until the bot answers her: a Skirmish turn may take her several
    # actions (a deploy, then done), so one move of hers need not hand the bot the turn.
    asked = None  # the cursor of alice's latest move, sent
    while True:
        seen = await again.get("table")
        if asked is not None and seen["cursor"] > asked + 1:
            break  # a move after alice's latest: the bot's, made by the other host
        state = game.from_text(seen["view"])
        if state.to_move == 0 and not state.over and (asked is None or seen["cursor"] > asked):
            again.send(op="act", code=code, cursor=seen["cursor"],
                       action=game.action_to_builtins(state.legal_actions()[0]))
            asked = seen["cursor"]
    assert code in other.leased and code not in runner.leased
    assert not runner.outage.away  # its own connections, closed by itself: no outage said
    assert other.storage.load_table(code).save.cursor == seen["cursor"]
    again.close()
    alice.close()


async def test_a_seat_is_away_when_the_host_it_came_through_dies(hosts):
    a, b = hosts
    alice = await Peer.connect(a, "alice")
    alice.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await alice.get("table"))["code"]
    await until(lambda: code in b.tables)
    bob = await Peer.connect(b, "bob")
    bob.send(op="join", code=code)
    await bob.get("table")
    await until(lambda: a.tables[code].away() == [] and b.tables[code].away() == [])
    await b.relay.stop()  # host b's connections go, as when it is killed: bob's seat is away on a
    b.keeper.cancel()
    await until(lambda: a.tables[code].away() == [1], timeout=5)
    bob.close()
    alice.close()


async def test_a_game_played_across_two_hosts_ends_once_each_player_gets_it(hosts):
    """The host that makes the last move closes the table (archived, rated once); the
    player seated through the other host gets the finished table from that host."""
    a, b = hosts
    game = GAMES["house-rules"]
    alice = await Peer.connect(a, "alice")
    alice.send(op="open", game="house-rules", seed=5, options={"cards": "none"},
               seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await alice.get("table"))["code"]
    await until(lambda: code in b.tables)
    bob = await Peer.connect(b, "bob")
    bob.send(op="join", code=code)
    peers, finished = {0: alice, 1: bob}, {}

    async def seat(n: int) -> None:
        while True:
            msg = await peers[n].get()
            if msg["op"] == "finished":
                finished[n] = msg["save"]
                return
            if msg["op"] != "table" or msg["seats"][1]["name"] != "bob":
                continue
            state = game.from_text(msg["view"])
            if not state.over and state.to_move == n:
                peers[n].send(op="act", code=code, cursor=msg["cursor"],
                              action=game.action_to_builtins(state.legal_actions()[-1]))

    await asyncio.wait_for(asyncio.gather(seat(0), seat(1)), 30)
    assert finished[0]["actions"] == finished[1]["actions"] and finished[1]["my_seat"] == 1
    await a.flush()
    await b.flush()
    stored = a.storage.load_table(code)
    assert stored.closed and stored.save.actions == finished[0]["actions"]  # every move kept
    assert code not in a.tables and code not in b.tables
    assert a.storage.rating("house-rules", "alice")[2] == 1  # rated once, not once a host
    assert a.storage.rating("house-rules", "bob")[2] == 1
    from saves.db import DbStore

    # Both players' apps keep and count it (they were told): no host wrote it for them too.
    assert [DbStore(a.storage, name).list() for name in ("alice", "bob")] == [[], []]
    alice.close()
    bob.close()


async def test_a_host_whose_database_connections_break_catches_up_and_seats_its_players_again(hosts):
    """Host b's own connections (LISTEN, leases) are cut by the server: it listens
    again, reads the moves it missed, and its player is seated again under its new id."""
    import psycopg

    a, b = hosts
    game = GAMES["house-rules"]
    alice = await Peer.connect(a, "alice")
    alice.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    first = await alice.get("table")
    code = first["code"]
    await until(lambda: code in b.tables)
    bob = await Peer.connect(b, "bob")
    bob.send(op="join", code=code)
    await bob.get("table")
    await until(lambda: a.tables[code].away() == [])
    pids = [b.relay.listener.info.backend_pid, b.relay.leases.info.backend_pid]
    with psycopg.connect(a.storage.conninfo, autocommit=True) as conn:
        for pid in pids:
            conn.execute("SELECT pg_terminate_backend(%s)", (pid,))
    alice.send(op="act", code=code, cursor=0,
               action=game.action_to_builtins(game.from_text(first["view"]).legal_actions()[0]))
    await until_cursor(bob, 1)  # missed while b was away, or heard after: bob sees it
    await until(lambda: b.relay.leases.info.backend_pid not in pids and a.tables[code].away() == [], timeout=10)
    alice.close()
    bob.close()


async def test_a_table_the_operator_closes_on_one_host_closes_on_all_into_every_players_saves(hosts):
    from saves.db import DbStore

    a, b = hosts
    alice = await Peer.connect(a, "alice")
    alice.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await alice.get("table"))["code"]
    await until(lambda: code in b.tables)
    bob = await Peer.connect(b, "bob")
    bob.send(op="join", code=code)
    await bob.get("table")
    await until(lambda: a.tables[code].elsewhere == {1} and a.tables[code].save.seats[1].name == "bob")
    a.close(a.tables[code], "closed by the operator")
    err = await bob.get("error")  # told through his own host
    assert "closed table" in err["message"] and err["code"] == code
    await until(lambda: code not in b.tables)
    await a.flush()
    for name in ("alice", "bob"):  # an unfinished table goes into each player's saves
        assert [s.id for s in DbStore(a.storage, name).list()] == [f"house-rules-table-{code}"]
    alice.close()
    bob.close()


async def test_a_move_the_database_refuses_is_taken_back_and_the_player_told(hosts, monkeypatch):
    from host.storage import StorageError

    a, b = hosts
    game = GAMES["house-rules"]
    alice = await Peer.connect(a, "alice")
    alice.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    first = await alice.get("table")
    code = first["code"]

    def down(*args, **kwargs):
        raise StorageError("the database is down")

    monkeypatch.setattr(a.storage, "append_action", down)
    move = game.action_to_builtins(game.from_text(first["view"]).legal_actions()[0])
    alice.send(op="act", code=code, cursor=0, action=move)
    err = await alice.get("error")
    assert "was not saved" in err["message"] and "not made" in err["message"]
    assert (await alice.get("table"))["cursor"] == 0 and a.tables[code].save.cursor == 0
    monkeypatch.undo()
    alice.send(op="act", code=code, cursor=0, action=move)  # once it is back: the same move goes in
    assert (await until_cursor(alice, 1))["last"]["seat"] == 0
    await until(lambda: code in b.tables and b.tables[code].save.cursor == 1)
    alice.close()


async def test_a_watcher_through_one_host_is_listed_on_both(hosts):
    a, b = hosts
    alice = await Peer.connect(a, "alice")
    alice.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await alice.get("table"))["code"]
    await until(lambda: code in b.tables)
    carol = await Peer.connect(b, "carol")  # watches through host b
    carol.send(op="watch", code=code)
    assert (await carol.get("table"))["watchers"] == ["carol"]
    seen = await alice.get("table")  # alice, seated through host a, sees carol listed
    while seen["watchers"] != ["carol"]:
        seen = await alice.get("table")
    alice.send(op="list")
    assert [t["watchers"] for t in (await alice.get("tables"))["tables"] if t["code"] == code] == [["carol"]]
    dave = await Peer.connect(a, "dave")  # and one through host a: both listed on both
    dave.send(op="watch", code=code)
    while (await carol.get("table"))["watchers"] != ["carol", "dave"]:
        pass
    carol.close()  # carol goes: no longer listed on host a
    seen = await alice.get("table")
    while seen["watchers"] != ["dave"]:
        seen = await alice.get("table")
    alice.close()
    dave.close()
