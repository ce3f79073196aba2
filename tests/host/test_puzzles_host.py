"""Puzzles on a host (issue 24, part 4; host/puzzles.py, host/storage/puzzles.py):
attempts counted once in the host's database (SQLite and a throwaway PostgreSQL),
the first attempt at a puzzle moving the player's and the puzzle's Glicko-2 ratings
as the app's own records do, the puzzle boards, the puzzle of the day's tries and
time, a forged solve refused, an attempt through the table protocol landing on the
boards, and attempts kept through a PostgreSQL outage and counted once it is back."""

from __future__ import annotations

import threading
from datetime import date, timedelta

import pytest

import toygame
from core.puzzles import Rating, daily, load
from host import protocol as p
from host import puzzles as hp
from host.storage import open_storage
from saves.puzzles import PUZZLE_RD, rate_attempt

from peer import Peer
from waits import until_async
from test_storage import store, url  # noqa: F401  (the fixtures: SQLite and PostgreSQL)

TODAY = date(2026, 12, 5)


@pytest.fixture(autouse=True)
def toy():
    with toygame.registered():
        yield


def a_puzzle(moves: int = 1):
    return next(z for z in load(toygame.ID) if z.moves == moves)


def test_the_first_attempt_moves_both_ratings_as_the_apps_records_do_and_counts_once(store):
    puzzle = a_puzzle()
    counted = store.record_puzzle_attempt("ann", toygame.ID, puzzle.id, puzzle.rating, True, "k1")
    mine, theirs = rate_attempt(Rating(), Rating(puzzle.rating, PUZZLE_RD), True)
    assert counted.first and counted.rating.rating == pytest.approx(mine.rating)
    assert counted.change == pytest.approx(mine.rating - 1500)
    assert store.puzzle_of_host(puzzle.id)[:3] == pytest.approx((theirs.rating, theirs.rd, 1))
    # The same attempt sent again (its answer lost in an outage): counted once.
    assert store.record_puzzle_attempt("ann", toygame.ID, puzzle.id, puzzle.rating, True, "k1") is None
    # Another attempt at the same puzzle: no second chance, nothing moves.
    again = store.record_puzzle_attempt("ann", toygame.ID, puzzle.id, puzzle.rating, False, "k2")
    assert not again.first and again.change == 0 and again.rating == counted.rating
    assert store.puzzle_of_host(puzzle.id)[2:] == (1, 1)
    assert (store.puzzle_rating(toygame.ID, "ann").tried, store.puzzle_rating(toygame.ID, "ann").solved) == (1, 1)
    assert store.puzzle_rating(toygame.ID, "bob") is None


def test_the_puzzle_board_puts_sure_ratings_before_provisional_ones(store):
    puzzles = load(toygame.ID)
    with store._tx() as tx:  # cid: many puzzles solved here, a sure rating
        tx.run("INSERT INTO puzzle_ratings VALUES (?, 'cid', 1560.0, 60.0, 0.06, 40, 30)", (toygame.ID,))
    store.record_puzzle_attempt("ann", toygame.ID, puzzles[0].id, puzzles[0].rating, True, "a0")
    store.record_puzzle_attempt("bob", toygame.ID, puzzles[0].id, puzzles[0].rating, False, "b0")
    cid = store.puzzle_rating(toygame.ID, "cid")
    ann = store.puzzle_rating(toygame.ID, "ann")
    assert cid.rd < hp.PROVISIONAL_RD <= ann.rd and ann.rating > cid.rating  # ann is higher, unsure
    board = hp.board(store, toygame.ID, "bob", limit=2)
    assert [(row.rank, row.name, row.provisional) for row in board.rows] == [(1, "cid", False), (2, "ann", True)]
    assert board.me is not None and board.me.name == "bob" and board.me.rank == 0 and board.me.tried == 1


def test_the_puzzle_of_the_day_counts_tries_and_time_until_solved(store):
    day = TODAY.isoformat()
    puzzle = daily(toygame.ID, TODAY)
    for key, solved, seconds in (("1", False, 10.0), ("2", True, 25.5), ("3", False, 4.0)):  # the third: after
        store.record_puzzle_attempt("ann", toygame.ID, puzzle.id, puzzle.rating, solved, key, day, seconds)
    store.record_puzzle_attempt("bob", toygame.ID, puzzle.id, puzzle.rating, True, "1", day, 50.0)
    store.record_puzzle_attempt("cid", toygame.ID, puzzle.id, puzzle.rating, False, "1", day, 5.0)
    result = hp.daily_board(store, toygame.ID, day, "ann")
    assert result.puzzle == puzzle.id and result.played
    assert [(r.place, r.name, r.solved, r.tries, r.seconds) for r in result.rows] == [
        (1, "bob", True, 1, 50.0), (2, "ann", True, 2, 35.5), (3, "cid", False, 1, 5.0)]
    assert result.streak == 1
    nobody = hp.daily_board(store, toygame.ID, (TODAY + timedelta(days=1)).isoformat(), "ann")
    assert nobody.rows == [] and nobody.streak == 1  # tomorrow's not tried: the streak is alive


def test_a_database_of_schema_1_is_brought_up_to_date_and_keeps_its_data(url):
    from host.storage.sql import MIGRATIONS, SCHEMA_VERSION

    storage = open_storage(url)
    with storage._tx() as tx:  # back to schema 1: a database from before the puzzles, with a rating
        for table in ("puzzle_ratings", "puzzle_stats", "puzzle_attempts", "daily_puzzles"):
            tx.run(f"DROP TABLE {table}")
        tx.run("UPDATE schema_version SET version = 1")
    storage.set_ratings("town", "t1", {"ann": (30.0, 2.0)})
    storage.close()
    storage = open_storage(url)
    try:
        assert storage.schema_version() == SCHEMA_VERSION == len(MIGRATIONS) == 2
        assert storage.rating("town", "ann") == (30.0, 2.0, 1)
        puzzle = a_puzzle()
        assert storage.record_puzzle_attempt("ann", toygame.ID, puzzle.id, puzzle.rating, True, "k").first
    finally:
        storage.close()


def test_two_hosts_counting_at_once_lose_no_update_of_a_puzzles_rating(pg_url):
    """Eight players' first attempts at one puzzle, from eight threads on one
    PostgreSQL: each one moves the puzzle (its rows are locked in turn)."""
    puzzle = a_puzzle()
    storage = open_storage(pg_url)
    try:
        names = [f"p{i}" for i in range(8)]
        start = threading.Barrier(len(names))

        def attempt(name: str) -> None:
            start.wait()
            storage.record_puzzle_attempt(name, toygame.ID, puzzle.id, puzzle.rating, name in ("p0", "p1"), "k")

        threads = [threading.Thread(target=attempt, args=(n,)) for n in names]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        rating, rd, tried, solved = storage.puzzle_of_host(puzzle.id)
        assert (tried, solved) == (8, 2)
        assert rd < PUZZLE_RD - 50  # eight updates, not one
    finally:
        storage.close()


# -- checking what an app sends ------------------------------------------------------------

def attempt(puzzle, solved=True, actions=None, **more) -> p.PuzzleAttempt:
    line = puzzle.solution if actions is None else actions
    return p.PuzzleAttempt(game=puzzle.game, puzzle=puzzle.id, solved=solved, attempt="k", actions=line, **more)


def test_a_solve_is_checked_by_playing_its_line_and_a_forged_one_is_refused_in_words():
    puzzle = a_puzzle(moves=2)
    assert hp.check_attempt(attempt(puzzle), TODAY) is puzzle
    wrong = [{"type": "take", "count": 1 if puzzle.solution[0]["count"] != 1 else 2}] + puzzle.solution[1:]
    assert "does not solve" in hp.check_attempt(attempt(puzzle, actions=wrong), TODAY)
    assert "stops before" in hp.check_attempt(attempt(puzzle, actions=puzzle.solution[:1]), TODAY)
    assert "stops before" in hp.check_attempt(attempt(puzzle, actions=[]), TODAY)
    assert "does not play" in hp.check_attempt(attempt(puzzle, actions=[{"nonsense": 1}]), TODAY)
    assert hp.check_attempt(attempt(puzzle, solved=False, actions=[]), TODAY) is puzzle  # a failure: its own loss
    unknown = p.PuzzleAttempt(game=puzzle.game, puzzle="N-NOPE00", solved=False, attempt="k")
    assert "no puzzle" in hp.check_attempt(unknown, TODAY)
    today = daily(toygame.ID, TODAY)
    assert hp.check_attempt(attempt(today, day=TODAY.isoformat()), TODAY) is today
    other = next(z for z in load(toygame.ID) if z.id != today.id)
    assert "not the puzzle of the day" in hp.check_attempt(attempt(other, day=TODAY.isoformat()), TODAY)
    gone = (TODAY - timedelta(days=9)).isoformat()
    assert "not today's" in hp.check_attempt(attempt(daily(toygame.ID, TODAY - timedelta(days=9)), day=gone), TODAY)
    keyless = p.PuzzleAttempt(game=puzzle.game, puzzle=puzzle.id, solved=False, attempt="")
    assert "key" in hp.check_attempt(keyless, TODAY)


# -- through the table host ----------------------------------------------------------------

@pytest.fixture
async def host(tmp_path, url, monkeypatch):
    from host.tables import TableHost

    h = TableHost(tmp_path, storage=open_storage(url))
    h.said = []
    h.log = h.said.append
    monkeypatch.setattr(h, "today", lambda: TODAY)
    await h.start()
    yield h
    await h.stop()
    h.storage.close()


def sent(puzzle, solved=True, key="k1", day=True, seconds=12.0) -> dict:
    return dict(op="puzzle-attempt", game=puzzle.game, puzzle=puzzle.id, solved=solved, attempt=key,
                actions=puzzle.solution if solved else [], day=TODAY.isoformat() if day else None, seconds=seconds)


async def test_an_attempt_through_the_host_lands_on_the_puzzle_boards(host):
    today = daily(toygame.ID, TODAY)
    ann = await Peer.connect(host, "ann")
    bob = await Peer.connect(host, "bob")
    ann.send(**sent(today))
    rated = await ann.get("puzzle-rated")
    assert rated["first"] and rated["rating"] > 1500 and rated["change"] > 0 and not rated["kept"]
    assert (rated["place"], rated["players"]) == (1, 1)  # on the day's board
    assert (await ann.get("daily-puzzle"))["rows"][0]["name"] == "ann"
    bob.send(**sent(today, solved=False, seconds=3.0))
    assert (await bob.get("puzzle-rated"))["change"] < 0
    await bob.get("daily-puzzle")
    bob.send(**sent(today, key="k2", seconds=20.0))  # solved at the second try: the rating stays
    second = await bob.get("puzzle-rated")
    assert second["first"] is False and (second["place"], second["players"]) == (2, 2)
    day = await bob.get("daily-puzzle")
    assert [(r["name"], r["solved"], r["tries"], r["seconds"]) for r in day["rows"]] == [
        ("ann", True, 1, 12.0), ("bob", True, 2, 23.0)]
    bob.send(op="get-puzzle-board", game=toygame.ID)
    board = await bob.get("puzzle-board")
    assert [r["name"] for r in board["rows"]] == ["ann", "bob"] and board["me"]["name"] == "bob"
    ann.send(op="get-daily-puzzle", game=toygame.ID)
    assert (await ann.get("daily-puzzle"))["streak"] == 1
    # Refused in words, nothing counted: a forged solve, a game without puzzles.
    forged = sent(today, key="k9") | {"actions": []}
    ann.send(**forged)
    assert "solve was not counted" in (await ann.get("error"))["message"]
    from core import GAMES

    # A game without puzzles: one of the registry's while some has none, else a name no
    # game has (every game ships puzzles now).
    plain = next((info.id for info in GAMES.infos() if info.id not in hp.puzzle_games()), "no-such-game")
    ann.send(op="get-puzzle-board", game=plain)
    assert "no puzzles" in (await ann.get("error"))["message"]
    assert host.storage.puzzle_of_host(today.id)[2] == 2
    for peer in (ann, bob):
        peer.close()


async def test_attempts_while_postgresql_is_stopped_are_kept_told_and_counted_once_when_back(
        tmp_path, pg_url, pg_cluster, monkeypatch):
    from host.tables import TableHost

    from host.storage.postgres import PostgresStorage

    monkeypatch.setattr(hp, "RETRY_S", 0.3)
    h = TableHost(tmp_path, storage=PostgresStorage(pg_url, timeout=1.0))  # the outage found in 1 s
    h.said = []
    h.log = h.said.append
    monkeypatch.setattr(h, "today", lambda: TODAY)
    await h.start()
    today = daily(toygame.ID, TODAY)
    other = next(z for z in load(toygame.ID) if z.id != today.id)
    try:
        ann = await Peer.connect(h, "ann")
        pg_cluster.stop("immediate")
        ann.send(**sent(today))
        ann.send(**sent(other, key="k2", day=False))
        kept = [await ann.get("puzzle-rated", timeout=30), await ann.get("puzzle-rated", timeout=30)]
        assert all(m["kept"] for m in kept) and [m["puzzle"] for m in kept] == [today.id, other.id]
        assert any("database is away" in line for line in h.said)
        assert any(line.startswith(("1 puzzle attempt kept", "2 puzzle attempts kept")) for line in h.said)
        pg_cluster.restart()
        counted = [await ann.get("puzzle-rated", timeout=30), await ann.get("puzzle-rated", timeout=30)]
        assert [(m["puzzle"], m["first"], m["kept"]) for m in counted] == [(today.id, True, False),
                                                                            (other.id, True, False)]
        assert any("database is back" in line for line in h.said)
        # The app sends one again (it never heard): the same attempt, counted once.
        ann.send(**sent(today))
        assert (await ann.get("puzzle-rated"))["first"] is False
        assert h.storage.puzzle_rating(toygame.ID, "ann").tried == 2
        assert h.storage.daily_puzzle_results(toygame.ID, TODAY.isoformat())[0].tries == 1
        ann.close()
    finally:
        if pg_cluster.run(str(pg_cluster.bin / "pg_ctl"), "-D", str(pg_cluster.data), "status",
                          check=False).returncode != 0:
            pg_cluster.restart()
        await h.stop()
        h.storage.close()


async def test_a_fault_counting_one_attempt_is_said_and_never_holds_up_the_next(tmp_path):
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    from types import SimpleNamespace

    from host.outage import Outage

    storage = open_storage(tmp_path / "houses.db")
    real = storage.record_puzzle_attempt

    def faulty(player, *args, **kwargs):
        if player == "ann":
            raise RuntimeError("a bug")
        return real(player, *args, **kwargs)

    storage.record_puzzle_attempt = faulty
    said: list[str] = []
    host = SimpleNamespace(storage=storage, writer=ThreadPoolExecutor(1), outage=Outage(said.append),
                           log=said.append, today=lambda: TODAY)
    keeper = hp.PuzzleKeeper(host)
    got: dict[str, list] = {"ann": [], "bob": []}
    puzzle = a_puzzle()
    try:
        for name in got:
            member = SimpleNamespace(name=name, send=got[name].append)
            keeper.serve(member, attempt(puzzle, solved=False, actions=[]))
        await asyncio.wrap_future(host.writer.submit(lambda: None))
        await until_async(lambda: got["ann"] and got["bob"], what="both members' answers")
        assert isinstance(got["ann"][0], p.Error) and "a fault of the host" in got["ann"][0].message
        assert isinstance(got["bob"][0], p.PuzzleRated) and got["bob"][0].first and not keeper.kept
        assert any("not counted (a fault)" in line for line in said)
    finally:
        host.writer.shutdown()
        storage.close()
