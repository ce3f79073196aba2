"""Two hosts on one real PostgreSQL that is stopped (`pg_ctl stop -m immediate`)
mid-game and started again (host/relay.py, host/outage.py): every move pressed in
the outage is kept, its player told at once, and it reaches the database and the
other host once it is back, in order, exactly once; a kept move the database
refuses then is undone and its player told; each host's log says the outage in one
line when it goes and one when it is back."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from core import GAMES
from host.outage import REPORT_S, Outage
from host.relay import KEPT, SENT, SWEEP_S, SharedTableHost
from host.storage import open_storage

from peer import Peer
from relay_support import join, open_table
from tui_support import store  # noqa: F401  (the fixture)
from waits import until_async as until

GAME = GAMES["house-rules"]


@pytest.fixture
async def hosts(hosts, pg_cluster):
    """conftest.py's two hosts, and what each one's log said by name; a test that failed
    mid-outage leaves PostgreSQL up for the next (before the hosts stop)."""
    a, b = hosts
    try:
        yield hosts, {"a": a.said, "b": b.said}
    finally:
        if pg_cluster.run(str(pg_cluster.bin / "pg_ctl"), "-D", str(pg_cluster.data), "status",
                          check=False).returncode != 0:
            pg_cluster.restart()


async def told(peer: Peer, cursor: int) -> tuple[dict, dict]:
    """What the player is told after a move: the notice, and the board at `cursor`."""
    notice = board = None
    while notice is None or board is None:
        msg = await peer.get()
        if msg["op"] == "notice":
            notice = msg
        elif msg["op"] == "table" and msg["cursor"] == cursor:
            board = msg
    return notice, board


async def press(peer: Peer, msg: dict) -> dict:
    """The player presses a move (the first legal one) on the board `msg` showed."""
    state = GAME.from_text(msg["view"])
    action = GAME.action_to_builtins(state.legal_actions()[0])
    peer.send(op="act", code=msg["code"], cursor=msg["cursor"], action=action)
    return action


def stored_actions(storage, code: str) -> list:
    return storage.load_table(code).save.actions


async def test_moves_pressed_while_postgresql_is_stopped_are_kept_told_and_sent_once(hosts, pg_cluster, caplog):
    (a, b), said = hosts
    caplog.set_level(logging.DEBUG)
    # Table one: alice through host a, bob through host b.
    alice, first = await open_table(a, also_on=b)
    one = first["code"]
    bob = await join(b, "bob", one)
    await bob.until(lambda m: m["away"] == [], what="nobody away at table one, on bob's side")
    # Table two: carol and dave, both through host a (their game goes on in the outage).
    carol, first = await open_table(a, "carol", seed=9)
    two = first["code"]
    dave = await join(a, "dave", two)
    boards = {"carol": await carol.until(lambda m: m["seats"][1]["name"] == "dave", what="dave seated at two"),
              "dave": await dave.get("table")}
    await until(lambda: two in b.tables and b.tables[two].save.seats[1].name == "dave",
                what="table two with dave seated, on host b")
    peers = {0: alice, 1: bob}
    board = await alice.until(lambda m: m["seats"][1]["name"] == "bob", what="bob seated at one, on alice's side")
    await a.flush()
    await b.flush()

    pg_cluster.stop("immediate")
    pressed: dict[str, list] = {one: [], two: []}
    # Table one: the player to move presses a move (alice on a, or bob on b).
    seat = GAME.from_text(board["view"]).to_move
    mover_peer, mover_host = peers[seat], (a if seat == 0 else b)
    if seat == 1:
        board = await bob.until(lambda m: m["cursor"] == board["cursor"], what="bob's board at alice's")
    started = time.monotonic()
    pressed[one].append(await press(mover_peer, board))
    note, shown = await told(mover_peer, board["cursor"] + 1)
    assert note["message"] == KEPT and note["code"] == one
    assert time.monotonic() - started < SWEEP_S + 1.0, "not told at once"
    assert shown["held"] == 1
    # Table two: three moves in a row, each told at once, the board moving on here.
    names, by_name = ["carol", "dave"], {"carol": carol, "dave": dave}
    cursor = base_two = boards["carol"]["cursor"]
    for n in range(3):
        name = names[GAME.from_text(boards["carol"]["view"]).to_move]
        pressed[two].append(await press(by_name[name], boards[name]))
        cursor += 1
        note, boards[name] = await told(by_name[name], cursor)
        assert note["message"] == KEPT and boards[name]["held"] == n + 1
        other = names[1 - names.index(name)]
        boards[other] = await by_name[other].until(lambda m: m["cursor"] == cursor, what=f"move {cursor} at {other}'s")
        assert boards[other]["held"] == n + 1  # the other player there sees it too, as kept
    assert a.outage.away and mover_host.outage.away
    # A move pressed on a board the kept moves have moved past: refused in words, not kept.
    now = names[a.tables[two].state.to_move]
    by_name[now].send(op="act", code=two, cursor=base_two,
                      action=GAME.action_to_builtins(a.tables[two].state.legal_actions()[0]))
    refused = await by_name[now].get("error")
    assert "position changed" in refused["message"] and len(a.tables[two].outbox) == 3
    # Time itself is tested: the outage goes on, and the log says nothing more meanwhile.
    await asyncio.sleep(1.5)

    pg_cluster.restart()
    back = time.monotonic()
    # Every pressed move in the database once, in order; the other host has them too.
    other = b if mover_host is a else a
    base_one = board["cursor"]

    def arrived() -> bool:
        return (one in other.tables and other.tables[one].save.cursor == base_one + 1
                and two in b.tables and b.tables[two].save.cursor == base_two + 3)

    took = await until(arrived, timeout=20, what="every pressed move on the other host")
    sent = await mover_peer.get("notice")
    assert sent["message"] == SENT
    print(f"recovery: {time.monotonic() - back:.2f} s from PostgreSQL back to the other host seeing every move "
          f"({took:.2f} s in the wait)")
    for code, base in ((one, base_one), (two, base_two)):
        actions = stored_actions(a.storage, code)
        assert actions[base:] == pressed[code]  # each pressed move once, in order
        assert actions == a.tables[code].save.actions == b.tables[code].save.actions
        assert not a.tables[code].outbox and not b.tables[code].outbox
    # The player at the other host sees the move arrive on his board.
    watcher = peers[1 - seat]
    seen = await watcher.until(lambda m: m["cursor"] == base_one + 1, what="the kept move on the other player's board")
    assert seen.get("held", 0) == 0 and seen["last"]["seat"] == seat
    # The log: one line when the database went, one when it came back, on each host.
    await until(lambda: all(len(lines) >= 2 for lines in said.values()), what="two log lines on each host")
    for name, lines in said.items():
        assert len(lines) == 2, (name, lines)
        assert lines[0].startswith("the database is away (") and "\n" not in lines[0], lines
        assert lines[1].startswith("the database is back after "), lines
    assert not [r for r in caplog.records if r.name.startswith("psycopg")]  # the driver's own lines: none
    for peer in (alice, bob, carol, dave):
        peer.close()


async def test_a_kept_move_refused_once_the_database_is_back_is_undone_and_its_player_told(hosts, pg_cluster):
    """The same player through both hosts presses two different moves at one position
    while the database is away: one goes in once it is back, the other is refused
    in words; both hosts end with the table as the database has it."""
    (a, b), _ = hosts
    alice, first = await open_table(a, also_on=b)
    code = first["code"]
    alice_b = await join(b, "alice", code)
    await alice_b.get("table")
    await a.flush()
    await b.flush()
    moves = GAME.from_text(first["view"]).legal_actions()
    assert len(moves) > 1 and GAME.from_text(first["view"]).to_move == 0

    pg_cluster.stop("immediate")
    alice.send(op="act", code=code, cursor=0, action=GAME.action_to_builtins(moves[0]))
    alice_b.send(op="act", code=code, cursor=0, action=GAME.action_to_builtins(moves[-1]))
    assert (await alice.get("notice"))["message"] == KEPT
    assert (await alice_b.get("notice"))["message"] == KEPT
    pg_cluster.restart()

    got: dict[str, dict] = {}

    async def outcome(name: str, peer: Peer) -> None:
        while True:
            msg = await peer.get()
            if msg["op"] in ("error", "notice") and msg.get("code") == code:
                got[name] = msg
                return

    await asyncio.wait_for(asyncio.gather(outcome("a", alice), outcome("b", alice_b)), 30)
    kinds = sorted(m["op"] for m in got.values())
    assert kinds == ["error", "notice"], got  # one sent, one refused: told, not lost in silence
    refused = next(m for m in got.values() if m["op"] == "error")
    assert "another host moved first" in refused["message"] and "not made" in refused["message"]
    stored = stored_actions(a.storage, code)
    assert len(stored) == 1  # exactly one of the two at that position
    await until(lambda: a.tables[code].save.actions == stored == b.tables[code].save.actions,
                what="both hosts holding the table as the database has it")
    alice.close()
    alice_b.close()


def test_the_outage_log_says_it_once_then_counts_at_most_once_a_minute():
    now = [0.0]
    lines: list[str] = []
    outage = Outage(lines.append, clock=lambda: now[0])
    outage.ok()
    assert lines == []  # no outage, nothing said
    for _ in range(7 * 150):  # seven failures a second for 150 s
        outage.failed(OSError("connection to server failed: Connection refused\n\tIs the server running?"))
        now[0] += 1 / 7
    assert lines[0] == ("the database is away (connection to server failed: Connection refused); "
                        "moves are kept here and sent when it is back")
    counts = lines[1:]
    assert len(counts) == 2 and all(line.startswith("the database is still away after ") for line in counts)
    assert "attempts to reach it failed in the last 60 s" in counts[0]
    outage.ok()
    assert lines[-1].startswith("the database is back after 150.0 s (1050 failed attempts)")
    assert len(lines) == 4 and not outage.away and REPORT_S == 60


async def test_a_player_who_presses_a_move_while_postgresql_is_stopped_reads_that_it_is_kept(
        tmp_path, pg_cluster, pg_url, store, monkeypatch):  # noqa: F811  (store: the fixture)
    """The app at 80x24, alice pressing keys: her move's place on the status line
    says it is kept while the database is away, and that it was sent once it is back."""
    from test_table_screens import join as join_by_keys, to_tables
    from tui_support import make_app

    (tmp_path / "host").mkdir()
    host = SharedTableHost(tmp_path / "host", storage=open_storage(pg_url))
    host.log = lambda text: None
    monkeypatch.setattr(host, "new_code", lambda: "ABCD")
    monkeypatch.setenv("HOUSES_TABLES", str(host.socket_path))
    monkeypatch.setenv("HOUSES_TABLE_TOKEN", host.token_for("alice"))
    await host.start()
    stopped = False
    try:
        bob = await Peer.connect(host, "bob")
        bob.send(op="open", game="dash", seed=4242, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
        opened = await bob.get("table")
        dash = GAMES["dash"]
        bob.send(op="act", code="ABCD", cursor=0,
                 action=dash.action_to_builtins(dash.from_text(opened["view"]).legal_actions()[0]))
        app = make_app(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_tables(pilot)
            screen = await join_by_keys(pilot)  # ABCD, seat 2
            await until(lambda: screen.save.cursor == 1, what="bob's move on alice's screen")
            await host.flush()

            def status() -> str:
                return str(screen.query_one("#status").render())

            pg_cluster.stop("immediate")
            stopped = True
            await pilot.press("m")
            await until(lambda: app.screen is not screen, what="the list of moves")
            await pilot.press("enter")  # alice's move, from the list
            await until(lambda: "database is away" in status(), timeout=SWEEP_S + 1.5, what="'database is away' said")
            assert "your move is kept and will be sent" in status()
            assert screen.save.cursor == 2  # the board shows it; bob, at this host, plays on from it
            assert screen.match.held == 1
            pg_cluster.restart()
            stopped = False
            await until(lambda: screen.match.held == 0, timeout=20, what="the kept move sent")
            assert host.storage.load_table("ABCD").save.cursor == 2
            # The word comes after the commit is seen: wait for it rather than race it.
            await until(lambda: any("was sent" in str(n.message) for n in app._notifications), timeout=10,
                        what="'was sent' told")
        bob.close()
    finally:
        if stopped:
            pg_cluster.restart()
        await host.stop()
        host.storage.close()


async def test_nobody_is_shown_away_when_postgresql_comes_back(hosts, pg_cluster):
    """Across a restart each host's id changes (its lease connection's pid): the hosts
    seat their players again, and meanwhile nobody flickers away and back."""
    from host.relay import REJOIN_S

    (a, b), said = hosts
    alice, first = await open_table(a, also_on=b)
    code = first["code"]
    bob = await join(b, "bob", code)
    await bob.until(lambda m: m["away"] == [], what="nobody away, on bob's side")
    await alice.until(lambda m: m["away"] == [] and m["seats"][1]["name"] == "bob", what="bob seated, on alice's side")
    await until(lambda: a.tables[code].elsewhere == {1} and b.tables[code].elsewhere == {0},
                what="each host knowing the other's player")
    pg_cluster.stop("immediate")
    await until(lambda: a.outage.away and b.outage.away, what="both hosts seeing the outage")
    pg_cluster.restart()
    await until(lambda: all(len(lines) == 2 for lines in said.values()), what="both hosts saying it is back")
    seen: list[dict] = []

    async def watch(peer: Peer) -> None:
        while True:
            seen.append(await peer.get("table"))

    tasks = [asyncio.create_task(watch(p)) for p in (alice, bob)]
    # Time itself is tested: nobody shown away through the rejoin grace and the sweep after it.
    await asyncio.sleep(REJOIN_S + 2 * 0.5 + 0.5)
    for task in tasks:
        task.cancel()
    assert all(m["away"] == [] for m in seen), [m["away"] for m in seen]
    assert a.tables[code].elsewhere == {1} and b.tables[code].elsewhere == {0}
    alice.close()
    bob.close()


async def test_a_host_stopped_while_it_keeps_moves_says_which_are_lost_and_the_table_goes_on(hosts, pg_cluster):
    """What docs/hosting.md promises when a host ends during an outage: the moves it
    kept are lost, its log names the tables, and the table goes on, on the other host,
    from its last committed move."""
    (a, b), said = hosts
    alice, first = await open_table(a, also_on=b)
    code = first["code"]
    await a.flush()
    pg_cluster.stop("immediate")
    try:
        await press(alice, first)
        assert (await alice.get("notice"))["message"] == KEPT
        await a.stop()  # the database still away: the kept move cannot be sent
    finally:
        pg_cluster.restart()
    assert any(line.startswith("stopping with moves the database never took") and f"table {code}: 1" in line
               for line in said["a"]), said["a"]
    assert stored_actions(b.storage, code) == []  # the table as last committed
    bob = await join(b, "bob", code)
    board = await bob.until(lambda m: m["cursor"] == 0, what="the table at move 0")  # through the other host, it goes on from there
    assert GAME.from_text(board["view"]).to_move == 0
    alice.close()
    bob.close()


def test_only_a_database_out_of_reach_is_an_outage():
    """A lost connection or a server shutting down is an outage (moves kept, said once);
    a deadlock, a refused move or a cancelled query is the database answering."""
    import psycopg
    import psycopg.errors as errors

    from host.outage import is_outage
    from host.storage.base import StaleCursor, StorageError

    def as_storage_error(cause: Exception) -> StorageError:
        try:
            raise StorageError(f"the database failed: {cause}") from cause
        except StorageError as exc:
            return exc

    for down in (psycopg.OperationalError("connection failed: Connection refused"), errors.AdminShutdown("bye"),
                 OSError("unreachable")):
        assert is_outage(as_storage_error(down)) and is_outage(down)
    for answer in (errors.DeadlockDetected("deadlock"), errors.QueryCanceled("cancelled"),
                   errors.UniqueViolation("taken")):
        assert not is_outage(as_storage_error(answer))
    assert not is_outage(StaleCursor("moved on")) and not is_outage(StorageError("no such table"))
    # The host's own pool, closed by its stop, is no outage (PoolClosed is an OperationalError).
    import psycopg_pool

    closed = psycopg_pool.PoolClosed("the pool 'pool-1' is already closed")
    assert isinstance(closed, psycopg.OperationalError)
    assert not is_outage(as_storage_error(closed)) and not is_outage(closed)
