"""Two table hosts on one PostgreSQL (host/relay.py), as raw protocol: moves made
through one host reach the players of the other; two hosts racing at one cursor:
one wins, the other's player is told; a host that stops: its players away on the
other, its table's bots taken over."""

from __future__ import annotations

import asyncio

from core import GAMES
from host.relay import table_host_class
from host.storage import open_storage
from host.tables import TableHost

from peer import Peer
from relay_support import join, open_table
from waits import until_async as until


async def until_cursor(peer: Peer, cursor: int) -> dict:
    return await peer.until(lambda m: m["cursor"] == cursor, what=f"the table at move {cursor}")


def test_sqlite_stays_single_host(tmp_path):
    storage = open_storage(tmp_path / "houses.db")
    assert table_host_class(storage) is TableHost
    storage.close()


async def test_a_move_made_through_one_host_reaches_the_players_of_the_other(hosts):
    a, b = hosts
    game = GAMES["house-rules"]
    alice, first = await open_table(a, also_on=b)  # the new table reached the other host
    code = first["code"]
    bob = await join(b, "bob", code)
    # alice is there, through host a (that news may come a moment later)
    joined = await bob.until(lambda m: m["away"] == [], what="nobody away, on bob's side")
    assert joined["seat"] == 1
    await alice.until(lambda m: m["seats"][1]["name"] == "bob", what="bob seated, on alice's side")
    move = game.action_to_builtins(game.from_text(joined["view"]).legal_actions()[0])
    alice.send(op="act", code=code, cursor=0, action=move)
    update = await until_cursor(bob, 1)
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
    await alice.until(lambda m: m["away"] == [1], what="bob away, on alice's side")
    alice.close()


async def test_two_hosts_racing_at_one_cursor_one_wins_and_the_other_is_told(hosts):
    a, b = hosts
    game = GAMES["house-rules"]
    alice, first = await open_table(a, also_on=b)
    code = first["code"]
    b.relay.on_news = lambda payload: None  # host b hears nothing: its copy stays at move 0
    alice_b = await Peer.connect(b, "alice")  # alice, a second time, through host b
    alice_b.send(op="join", code=code)
    await alice_b.get("table")
    moves = game.from_text(first["view"]).legal_actions()
    alice.send(op="act", code=code, cursor=0, action=game.action_to_builtins(moves[0]))
    await until_cursor(alice, 1)
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
    await until(lambda: code in b.tables, what="the table on host b")
    await until(lambda: code in a.leased or code in b.leased, what="one host leasing the table's bots")
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
    alice, first = await open_table(a, also_on=b)
    code = first["code"]
    bob = await join(b, "bob", code)
    await bob.get("table")
    await until(lambda: a.tables[code].away() == [] and b.tables[code].away() == [], what="nobody away on either host")
    await b.relay.stop()  # host b's connections go, as when it is killed: bob's seat is away on a
    b.keeper.cancel()
    await until(lambda: a.tables[code].away() == [1], timeout=5, what="bob away on host a")
    bob.close()
    alice.close()


async def test_a_game_played_across_two_hosts_ends_once_each_player_gets_it(hosts):
    """The host that makes the last move closes the table (archived, rated once); the
    player seated through the other host gets the finished table from that host."""
    a, b = hosts
    game = GAMES["house-rules"]
    alice, first = await open_table(a, seed=5, options={"cards": "none"}, also_on=b)
    code = first["code"]
    bob = await join(b, "bob", code)
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
    alice, first = await open_table(a, also_on=b)
    code = first["code"]
    bob = await join(b, "bob", code)
    await bob.get("table")
    await until(lambda: a.tables[code].away() == [], what="nobody away on host a")
    pids = [b.relay.listener.info.backend_pid, b.relay.leases.info.backend_pid]
    with psycopg.connect(a.storage.conninfo, autocommit=True) as conn:
        for pid in pids:
            conn.execute("SELECT pg_terminate_backend(%s)", (pid,))
    alice.send(op="act", code=code, cursor=0,
               action=game.action_to_builtins(game.from_text(first["view"]).legal_actions()[0]))
    await until_cursor(bob, 1)  # missed while b was away, or heard after: bob sees it
    await until(lambda: b.relay.leases.info.backend_pid not in pids and a.tables[code].away() == [], timeout=10,
                what="host b connected again under a new id, bob seated")
    alice.close()
    bob.close()


async def test_a_table_the_operator_closes_on_one_host_closes_on_all_into_every_players_saves(hosts):
    from saves.db import DbStore

    a, b = hosts
    alice, first = await open_table(a, also_on=b)
    code = first["code"]
    bob = await join(b, "bob", code)
    await bob.get("table")
    await until(lambda: a.tables[code].elsewhere == {1} and a.tables[code].save.seats[1].name == "bob",
                what="bob seated through host b, as host a sees it")
    a.close(a.tables[code], "closed by the operator")
    err = await bob.get("error")  # told through his own host
    assert "closed table" in err["message"] and err["code"] == code
    await until(lambda: code not in b.tables, what="the table closed on host b")
    await a.flush()
    for name in ("alice", "bob"):  # an unfinished table goes into each player's saves
        assert [s.id for s in DbStore(a.storage, name).list()] == [f"house-rules-table-{code}"]
    alice.close()
    bob.close()


async def test_a_move_the_database_refuses_is_taken_back_and_the_player_told(hosts, monkeypatch):
    from host.storage import StorageError

    a, b = hosts
    game = GAMES["house-rules"]
    alice, first = await open_table(a)
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
    await until(lambda: code in b.tables and b.tables[code].save.cursor == 1, what="the move on host b")
    alice.close()


async def test_a_watcher_through_one_host_is_listed_on_both(hosts):
    a, b = hosts
    alice, first = await open_table(a, also_on=b)
    code = first["code"]
    carol = await join(b, "carol", code, op="watch")  # watches through host b
    assert (await carol.get("table"))["watchers"] == ["carol"]
    # alice, seated through host a, sees carol listed
    await alice.until(lambda m: m["watchers"] == ["carol"], what="carol listed on alice's side")
    alice.send(op="list")
    assert [t["watchers"] for t in (await alice.get("tables"))["tables"] if t["code"] == code] == [["carol"]]
    dave = await join(a, "dave", code, op="watch")  # and one through host a: both listed on both
    await carol.until(lambda m: m["watchers"] == ["carol", "dave"], what="carol and dave listed on carol's side")
    carol.close()  # carol goes: no longer listed on host a
    await alice.until(lambda m: m["watchers"] == ["dave"], what="only dave listed once carol went")
    alice.close()
    dave.close()
