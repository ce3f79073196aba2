"""The table host's protocol, without SSH: apps are plain socket clients here."""

from __future__ import annotations

import asyncio
import json

import pytest

from core import GAMES
from host.storage import open_storage
from host.tables import TableHost

from peer import Peer
from waits import until_async


def player_store(storage, name):
    """A player's saves and stats as the host keeps them (in its database)."""
    from saves.db import DbStore

    return DbStore(storage, name)


async def play_to_the_end(peer: Peer, game) -> dict:
    """`peer` plays its seat's first legal move until the table's last message (the one
    with its save); fails if no end comes in 400 messages."""
    msg = await peer.get("table")
    for _ in range(400):
        if "save" in msg:
            return msg
        state = game.from_text(msg["view"])
        if state.to_move == msg["seat"]:
            peer.send(op="act", code=msg["code"], cursor=msg["cursor"],
                      action=game.action_to_builtins(state.legal_actions()[0]))
        msg = await peer.get("table")
    raise AssertionError("the game did not end in 400 messages")


@pytest.fixture
async def host(tmp_path):
    h = TableHost(tmp_path)
    await h.start()
    yield h
    await h.stop()


async def test_a_stranger_without_a_token_is_turned_away(host):
    reader, writer = await asyncio.open_unix_connection(str(host.socket_path))
    writer.write(b'{"op": "hello", "token": "guess"}\n')
    msg = json.loads(await asyncio.wait_for(reader.readline(), 5))
    assert msg["op"] == "error"
    assert await asyncio.wait_for(reader.readline(), 5) == b""
    writer.close()


async def test_open_join_play_refuse_and_come_back(host, tmp_path):
    game = GAMES["house-rules"]
    alice = await Peer.connect(host, "alice")
    alice.send(op="open", game="house-rules", seed=7, options={},
               seats=[{"kind": "human"}, {"kind": "human"}])
    first = await alice.get("table")
    code = first["code"]
    assert first["seat"] == 0 and [s["name"] for s in first["seats"]] == ["alice", ""]

    bob = await Peer.connect(host, "bob")
    bob.send(op="list")
    listing = (await bob.get("tables"))["tables"]
    assert [t["code"] for t in listing] == [code] and listing[0]["free"]
    bob.send(op="join", code=code.lower())
    joined = await bob.get("table")
    assert joined["seat"] == 1 and (await alice.get("table"))["seats"][1]["name"] == "bob"

    # Each sees their own view, as text the game reads back.
    state = game.from_text(joined["view"])
    assert state.to_move == 0
    # Not bob's turn: refused with the reason.
    move = game.action_to_builtins(state.legal_actions()[0])
    bob.send(op="act", code=code, cursor=0, action=move)
    err = await bob.get("error")
    assert err["message"] == "It is not your turn." and err["kind"] == "not-your-turn"
    # An illegal move: refused with the rules' own reason and its kind, nothing changes.
    alice.send(op="act", code=code, cursor=0, action={"type": "move", "src": "a1", "dst": "a5"})
    err = await alice.get("error")
    assert err["code"] == code and err["message"] and err["kind"] == "not-legal"
    # Not a move of this game at all: malformed.
    alice.send(op="act", code=code, cursor=0, action={"type": "fly", "to": "the moon"})
    err = await alice.get("error")
    assert err["code"] == code and err["kind"] == "malformed"
    # A legal one reaches both, with the move that was made.
    alice.send(op="act", code=code, cursor=0, action=move)
    for app in (alice, bob):
        update = await app.get("table")
        assert update["cursor"] == 1 and update["last"]["seat"] == 0 and update["last"]["text"]
    await host.flush()
    saved = host.storage.load_table(code).save  # each move in the host's database as it is made
    assert saved.cursor == 1 and len(saved.actions) == 1

    # bob drops: alice sees him away; he comes back to the same seat.
    bob.close()
    assert (await alice.get("table"))["away"] == [1]
    bob = await Peer.connect(host, "bob")
    bob.send(op="join", code=code)
    back = await bob.get("table")
    assert back["seat"] == 1 and back["cursor"] == 1 and back["away"] == []
    # carol cannot take a seat at a full table.
    carol = await Peer.connect(host, "carol")
    carol.send(op="join", code=code)
    assert "full" in (await carol.get("error"))["message"]
    for app in (alice, bob, carol):
        app.close()


async def test_tables_survive_a_restart_of_the_host(tmp_path):
    h = TableHost(tmp_path)
    await h.start()
    alice = await Peer.connect(h, "alice")
    alice.send(op="open", game="dash", seed=3, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await alice.get("table"))["code"]
    alice.close()
    await h.stop()
    again = TableHost(tmp_path)
    await again.start()
    try:
        alice = await Peer.connect(again, "alice")
        alice.send(op="join", code=code)
        msg = await alice.get("table")
        assert msg["seat"] == 0 and msg["game"] == "dash"
        alice.close()
    finally:
        await again.stop()


async def test_a_bot_seat_plays_by_itself_and_a_finished_table_is_handed_out(host, monkeypatch):
    import host.tables as tables

    monkeypatch.setattr(tables, "BOT_PAUSE_S", 0.0)
    monkeypatch.setattr(tables, "BOT_BUDGET_S", 0.05)
    game = GAMES["town"]
    alice = await Peer.connect(host, "alice")
    alice.send(op="open", game="dash", seed=11, options={}, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    assert "no computer players" in (await alice.get("error"))["message"]
    alice.send(op="open", game="town", seed=11, options={}, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    msg = await play_to_the_end(alice, game)
    copy = msg["save"]
    assert copy["id"] == f"town-table-{msg['code']}" and copy["over"] and copy["my_seat"] == 0
    # The table's line in the lists names the players, not "Player N".
    assert "Player" not in copy["summary"] and ("alice" in copy["summary"] or "bot" in copy["summary"]), copy["summary"]
    assert any(update for update in [msg["last"]]) and msg["seats"][1]["kind"] == "bot"
    # A finished table is archived: no longer open, its file moved aside.
    code = msg["code"]
    assert (await alice.get("finished"))["save"]["id"] == copy["id"]
    assert code not in host.tables
    await host.flush()
    assert host.storage.load_table(code).closed  # archived in the database
    assert code not in [t.code for t in host.storage.open_tables()]
    alice.send(op="join", code=code)
    assert "no table" in (await alice.get("error"))["message"]
    alice.close()


async def test_a_table_abandoned_by_all_its_players_is_closed_into_their_saves(tmp_path):

    host = TableHost(tmp_path, table_timeout=0.5)
    await host.start()
    try:
        alice = await Peer.connect(host, "alice")
        alice.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
        code = (await alice.get("table"))["code"]
        bob = await Peer.connect(host, "bob")
        bob.send(op="join", code=code)
        await bob.get("table")
        # Time itself is tested here: past the idle timeout (and a sweep), a table with
        # a player present stays (tests/serve/test_waits.py lists this sleep).
        await asyncio.sleep(host.table_timeout * 1.5)
        assert code in host.tables  # both still there: kept however long
        alice.close()
        await asyncio.sleep(host.table_timeout * 1.5)
        assert code in host.tables  # bob is still there
        bob.close()
        await until_async(lambda: code not in host.tables, timeout=5, what="the table everybody left, closed")
        await host.flush()
        assert host.storage.load_table(code).closed
        for name, seat in (("alice", 0), ("bob", 1)):
            store = player_store(host.storage, name)
            save = store.load(f"house-rules-table-{code}")
            assert save.seats[seat].name == name and not save.over
            assert store.load_stats().games == {}  # unfinished: not counted
    finally:
        await host.stop()


async def test_the_operator_lists_and_closes_tables_of_a_running_host(host, tmp_path):
    from host.tables import close_table, list_tables

    alice = await Peer.connect(host, "alice")
    alice.send(op="open", game="dash", seed=3, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await alice.get("table"))["code"]
    rows = await asyncio.to_thread(list_tables, tmp_path)
    assert [(r["code"], r["players"], r["present"]) for r in rows] == [(code, ["alice", "(open seat)"], True)]
    said = await asyncio.to_thread(close_table, tmp_path, code.lower())
    assert f"Table {code} closed" in said
    assert "closed" in (await alice.get("error"))["message"]  # told at the table
    assert code not in host.tables
    await host.flush()
    assert player_store(host.storage, "alice").load(f"dash-table-{code}").seats[0].name == "alice"
    with pytest.raises(ValueError, match="no open table"):
        await asyncio.to_thread(close_table, tmp_path, code)
    alice.close()


async def test_the_operator_closes_a_table_when_no_host_runs(tmp_path):
    from host.tables import close_table, list_tables

    h = TableHost(tmp_path)
    await h.start()
    alice = await Peer.connect(h, "alice")
    alice.send(op="open", game="dash", seed=3, options={}, seats=[{"kind": "human"}])
    code = (await alice.get("table"))["code"]
    alice.close()
    await h.stop()
    assert [r["code"] for r in list_tables(tmp_path)] == [code]
    close_table(tmp_path, code)
    assert list_tables(tmp_path) == []
    assert player_store(open_storage(tmp_path / "houses.db"), "alice").load(f"dash-table-{code}")


def test_houses_serve_tables_and_close_on_the_command_line(tmp_path):
    import subprocess
    import sys

    from tui.tables.screens import table_row

    async def open_one() -> tuple[str, dict]:
        h = TableHost(tmp_path)
        await h.start()
        alice = await Peer.connect(h, "alice")
        alice.send(op="open", game="house-rules", seed=3, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
        table = await alice.get("table")
        state = GAMES["house-rules"].from_text(table["view"])
        move = GAMES["house-rules"].action_to_builtins(state.legal_actions()[0])
        alice.send(op="act", code=table["code"], cursor=0, action=move)  # one move played
        assert (await alice.get("table"))["cursor"] == 1
        alice.send(op="list")
        row = (await alice.get("tables"))["tables"][0]
        alice.close()
        await h.stop()
        return table["code"], row

    code, row = asyncio.run(open_one())

    def houses(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "houses", "serve", *args, "--data", str(tmp_path)],
                              capture_output=True, text=True, timeout=60)

    listed = houses("tables")
    assert listed.returncode == 0 and code in listed.stdout and "HOUSE RULES" in listed.stdout.upper()
    assert "alice, (open seat)" in listed.stdout
    assert table_row(row).endswith("move 2") and " move 2 " in listed.stdout  # the app and the list agree
    closed = houses("close", code)
    assert closed.returncode == 0 and f"Table {code} closed" in closed.stdout
    assert "No open tables" in houses("tables").stdout
    again = houses("close", code)
    assert again.returncode == 2 and "no open table" in again.stderr  # one line, in words


async def test_a_finished_table_reaches_a_player_who_was_away(tmp_path, monkeypatch):
    """A host stopped before it could close a finished table closes it on its next
    start: into the players' saves and stats, by the host (no app of theirs is there)."""
    import host.tables as tables

    monkeypatch.setattr(tables, "BOT_PAUSE_S", 0.0)
    monkeypatch.setattr(tables, "BOT_BUDGET_S", 0.05)
    game = GAMES["town"]
    first = TableHost(tmp_path)
    first.close = lambda table, why: None  # the host "stops" before closing it
    await first.start()
    alice = await Peer.connect(first, "alice")
    alice.send(op="open", game="town", seed=11, options={}, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    msg = await play_to_the_end(alice, game)
    alice.close()
    await first.stop()
    code = msg["code"]
    store = player_store(open_storage(tmp_path / "houses.db"), "alice")
    assert not store.path(f"town-table-{code}").exists()  # alice's app did not keep it (a peer, not an app)
    again = TableHost(tmp_path)
    again.load()
    again.flush_now()
    assert code not in again.tables
    assert store.load(f"town-table-{code}").over
    assert store.load_stats().games["town"].played == 1
    assert again.storage.load_table(code).closed


async def test_a_town_table_sends_its_log_as_lines_the_client_names(host):
    """The log's Lines go over the wire as [template, seats, words] (msgspec encodes
    no str subclass) and come back as Lines the client draws with its seats' names."""
    from core.engine import Line, lines_from_wire

    game = GAMES["town"]
    alice = await Peer.connect(host, "alice")
    alice.send(op="open", game="town", seed=4, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await alice.get("table"))["code"]
    bob = await Peer.connect(host, "bob")
    bob.send(op="join", code=code)
    await bob.get("table")
    state = game.from_text((await alice.get("table"))["view"])  # alice's own rack
    move = game.action_to_builtins(next(a for a in state.legal_actions() if type(a).__name__ == "Place"))
    alice.send(op="act", code=code, cursor=0, action=move)
    msg = await alice.get("table")
    log = lines_from_wire(msg["log"])
    placed = [line for line in log if isinstance(line, Line) and "places the" in line]
    assert placed and placed[0].text(["You", "bob"]).startswith("You place the ")


async def test_a_table_bot_is_seeded_by_position_like_the_apps_bots(host, monkeypatch):
    """A table's easy bot (it draws noise) answers a position as the app's bot does for
    the same save and cursor (`BotTurn.seed`): the same question, the same answer."""
    import host.tables as tables
    import saves
    from core.ai import bot

    monkeypatch.setattr(tables, "BOT_PAUSE_S", 0.0)
    game = GAMES["town"]
    alice = await Peer.connect(host, "alice")
    for seed in (3, 5, 8, 13):
        alice.send(op="open", game="town", seed=seed, options={},
                   seats=[{"kind": "bot", "level": "easy"}, {"kind": "human"}])
        msg = await alice.get("table")
        while msg["cursor"] != 0:  # the last moves of the table before
            msg = await alice.get("table")
        code = msg["code"]
        while msg["code"] != code or msg["cursor"] == 0:  # the bot (the first seat) moves first
            msg = await alice.get("table")
        assert msg["cursor"] == 1 and msg["last"]["seat"] == 0
        local = saves.new_save("town", [saves.Seat(name="Easy bot 1", kind="bot", level="easy"),
                                        saves.Seat(name="alice", kind="human")], {}, seed)
        turn = saves.LocalMatch(local, saves.replay(local)).bot_turn()
        expected = bot("town", "easy", turn.seed).choose(turn.view, tables.BOT_BUDGET_S)
        assert msg["last"]["action"] == game.action_to_builtins(expected), f"seed {seed}"
    alice.close()
