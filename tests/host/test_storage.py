"""The storage contract (host/storage): every method, on both engines (SQLite and a
throwaway PostgreSQL, tests/host/pg.py)."""

from __future__ import annotations

import threading

import pytest

import saves
from host.storage import StaleCursor, StorageError, open_storage
from host.storage.sql import SCHEMA_VERSION


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "houses.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def store(url):
    storage = open_storage(url)
    yield storage
    storage.close()


def new_table_save(code: str = "ABCD") -> saves.SaveFile:
    save = saves.new_save("dash", [saves.Seat("alice"), saves.Seat("", "human")], {}, 7)
    save.id = f"table-{code}"
    return save


def test_the_schema_is_made_once_and_has_a_version(url):
    first = open_storage(url)
    first.add_player("alice")
    first.close()
    again = open_storage(url)  # migrating again keeps what is there
    assert again.schema_version() == SCHEMA_VERSION and again.players() == ["alice"]
    again.close()


def test_a_database_from_a_newer_houses_is_refused_and_left_alone(url):
    storage = open_storage(url)
    with storage._tx() as tx:
        tx.run("UPDATE schema_version SET version = 99")
    storage.close()
    with pytest.raises(StorageError, match="newer Houses"):
        open_storage(url)


def test_players_and_their_keys(store):
    assert store.add_player("alice") and not store.add_player("alice")
    assert store.add_key("bob", "ssh-ed25519 AAAA bob@laptop")
    assert not store.add_key("bob", "ssh-ed25519 AAAA bob@laptop")
    store.add_key("bob", "ssh-ed25519 BBBB")
    assert store.players() == ["alice", "bob"]
    assert store.keys() == {"bob": ["ssh-ed25519 AAAA bob@laptop", "ssh-ed25519 BBBB"]}


def test_a_players_documents(store):
    assert store.read_doc("alice", "settings") is None
    store.write_doc("alice", "settings", "", b'{"theme": "x"}')
    store.write_doc("alice", "settings", "", b'{"theme": "y"}')
    assert store.read_doc("alice", "settings") == b'{"theme": "y"}'
    store.write_doc("alice", "save", "b", b"\x00not json")  # bytes kept as they are
    store.write_doc("alice", "save", "a", b"{}")
    store.write_doc("bob", "save", "c", b"{}")
    assert store.docs("alice", "save") == [("a", b"{}"), ("b", b"\x00not json")]
    store.delete_doc("alice", "save", "a")
    store.delete_doc("alice", "save", "missing")
    assert [n for n, _ in store.docs("alice", "save")] == ["b"]


def test_a_table_is_created_loaded_and_moved_one_action_at_a_time(store):
    save = new_table_save()
    store.create_table("ABCD", save, now=100.0)
    with pytest.raises(StorageError, match="already"):
        store.create_table("ABCD", save, now=100.0)
    save.seats[1].name = "bob"
    store.update_table("ABCD", save, now=101.0)
    save.actions.append({"type": "x", "n": 1})
    save.cursor = 1
    store.append_action("ABCD", 0, {"type": "x", "n": 1}, save, now=102.0)
    got = store.load_table("ABCD")
    assert got.save.actions == [{"type": "x", "n": 1}] and got.save.cursor == 1
    assert [s.name for s in got.save.seats] == ["alice", "bob"] and got.last_active == 102.0
    assert [t.code for t in store.open_tables()] == ["ABCD"]
    store.close_table("ABCD", now=103.0)
    assert store.open_tables() == [] and store.load_table("ABCD").closed
    assert store.table_codes() == {"ABCD"}
    assert store.load_table("NONE") is None


def test_the_optimistic_cursor_check_refuses_a_stale_action(store):
    save = new_table_save()
    store.create_table("ABCD", save, now=1.0)
    store.append_action("ABCD", 0, {"n": 1}, save, now=2.0)
    with pytest.raises(StaleCursor):
        store.append_action("ABCD", 0, {"n": "stale"}, save, now=3.0)
    assert store.load_table("ABCD").save.actions == [{"n": 1}]


def test_a_failure_between_the_writes_of_a_move_leaves_no_half_move(store):
    save = new_table_save()
    store.create_table("ABCD", save, now=1.0)
    with store._tx() as tx:  # a stray row where the move goes: its insert fails after the cursor moved
        tx.run("INSERT INTO table_actions (code, n, action) VALUES (?, ?, ?)", ("ABCD", 0, '"stray"'))
    with pytest.raises(StorageError):
        store.append_action("ABCD", 0, {"n": 1}, save, now=2.0)
    with store._tx() as tx:
        assert tx.run("SELECT cursor FROM tables WHERE code = ?", ("ABCD",)) == [(0,)]
    assert store.load_table("ABCD").save.cursor == 0
    with store._tx() as tx:
        tx.run("DELETE FROM table_actions WHERE code = ?", ("ABCD",))
    store.append_action("ABCD", 0, {"n": 1}, save, now=2.0)  # the same move, whole this time
    assert store.load_table("ABCD").save.actions == [{"n": 1}]


def test_concurrent_writers_at_one_table_make_exactly_one_move(url, store):
    store.create_table("ABCD", new_table_save(), now=1.0)
    others = [open_storage(url) for _ in range(4)]
    results: list[str] = []
    barrier = threading.Barrier(len(others))

    def move(storage, i):
        barrier.wait()
        try:
            storage.append_action("ABCD", 0, {"by": i}, new_table_save(), now=2.0)
            results.append("moved")
        except StaleCursor:
            results.append("stale")

    threads = [threading.Thread(target=move, args=(s, i)) for i, s in enumerate(others)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    for s in others:
        s.close()
    assert sorted(results) == ["moved", "stale", "stale", "stale"]
    assert len(store.load_table("ABCD").save.actions) == 1


def test_concurrent_writers_at_different_tables_all_move(url, store):
    codes = ["AAAA", "BBBB", "CCCC"]
    for code in codes:
        store.create_table(code, new_table_save(code), now=1.0)
    others = [open_storage(url) for _ in codes]

    def play(storage, code):
        for n in range(10):
            storage.append_action(code, n, {"n": n}, new_table_save(code), now=2.0)

    threads = [threading.Thread(target=play, args=pair) for pair in zip(others, codes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for s in others:
        s.close()
    assert [len(store.load_table(c).save.actions) for c in codes] == [10, 10, 10]


def test_away_and_watchers(store):
    store.create_table("ABCD", new_table_save(), now=1.0)
    store.set_away("ABCD", 1, True)
    store.set_away("ABCD", 1, True)
    store.set_away("ABCD", 0, True)
    store.set_away("ABCD", 0, False)
    assert store.away("ABCD") == {1}
    store.add_watcher("ABCD", "carol")
    store.add_watcher("ABCD", "carol")
    store.add_watcher("ABCD", "dave")
    store.remove_watcher("ABCD", "dave")
    assert store.watchers("ABCD") == ["carol"]
    store.close_table("ABCD", now=2.0)
    assert store.away("ABCD") == set() and store.watchers("ABCD") == []


def test_ratings_are_set_once_a_table_and_ranked(store):
    assert store.rating("dash", "alice") is None
    assert store.set_ratings("house-rules", "ABCD", {"alice": (27.0, 7.0), "bob": (23.0, 7.0)})
    assert not store.set_ratings("house-rules", "ABCD", {"alice": (99.0, 1.0)})  # rated before
    assert store.set_ratings("house-rules", "EFGH", {"alice": (28.0, 6.0), "carol": (30.0, 8.3)})
    assert store.rating("house-rules", "alice") == (28.0, 6.0, 2)
    board = store.leaderboard("house-rules", limit=2)
    assert [(r.player, r.games) for r in board] == [("alice", 2), ("carol", 1)]  # by mu - 3 sigma
    assert store.leaderboard("dash") == []


def test_daily_results_the_first_counts_ranked_and_a_history(store):
    assert store.record_daily("alice", "town", "2026-12-01", True, 40, 2, "Mayor")
    assert not store.record_daily("alice", "town", "2026-12-01", False, 10, 0, None)
    store.record_daily("bob", "town", "2026-12-01", True, 38, 0, "Mayor")
    store.record_daily("carol", "town", "2026-12-01", False, 20, 0, None)
    store.record_daily("alice", "town", "2026-11-30", True, 41, 0, None)
    assert [r.player for r in store.daily_results("town", "2026-12-01")] == ["bob", "alice", "carol"]
    first = store.daily_results("town", "2026-12-01")[1]
    assert (first.won, first.moves, first.hints, first.rank) == (True, 40, 2, "Mayor")
    assert [r.day for r in store.daily_history("alice", "town")] == ["2026-12-01", "2026-11-30"]


def test_meta(store):
    assert store.get_meta("imported") is None
    store.set_meta("imported", "a")
    store.set_meta("imported", "b")
    assert store.get_meta("imported") == "b"


def test_a_url_that_is_no_database_is_refused_in_words():
    with pytest.raises(StorageError, match="not a database this host speaks"):
        open_storage("mysql://x@y/z")


def test_a_postgresql_that_does_not_answer_is_reported_in_words():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StorageError, match="failed") as err:
        open_storage(f"postgresql://nobody:secret@127.0.0.1:{port}/x?connect_timeout=2")
    assert "secret" not in str(err.value)
