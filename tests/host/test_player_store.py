"""A player's saves, settings and stats in the host's database (saves/db.py DbStore),
as the app run by the host keeps them: on both engines, with Store's checks."""

from __future__ import annotations

import socket

import pytest

import saves
from host.storage import open_storage
from host.storage.connect import open_documents
from saves.db import DbStore


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "houses.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def host_storage(url):
    storage = open_storage(url)  # the host makes the schema
    yield storage
    storage.close()


@pytest.fixture
def store(url, host_storage, tmp_path) -> DbStore:
    """The app's side: its own connection from the URL, as HOUSES_STORE gives it."""
    return DbStore(open_documents(url), "alice", tmp_path)


def finished_dash(seed: int = 5) -> saves.SaveFile:
    save = saves.new_save("dash", [saves.Seat("alice")], None, seed=seed)
    save.over = True
    return save


def test_saves_are_written_listed_loaded_and_deleted(store, host_storage):
    save = saves.new_save("dash", [saves.Seat("alice")], None, seed=3)
    store.write(save)
    assert store.path(save.id).exists() and save.id in str(store.path(save.id))
    assert [s.id for s in store.list()] == [save.id]
    assert store.load(save.id).seed == 3 and store.newest_unfinished().id == save.id
    assert host_storage.docs("bob", "save") == []  # only alice's
    store.delete(save.id)
    assert store.list() == [] and not store.path(save.id).exists()
    with pytest.raises(saves.SaveError, match="no save"):
        store.load(save.id)


def test_a_damaged_save_is_listed_as_unreadable_and_never_written_over(store, host_storage):
    host_storage.write_doc("alice", "save", "dash-broken", b'{"format": 1, "game": "da')
    good, bad = store.scan()
    assert good == [] and [u.id for u in bad] == ["dash-broken"] and "cut short" in bad[0].message
    save = saves.new_save("dash", [saves.Seat("alice")], None, seed=3)
    save.id = "dash-broken"
    with pytest.raises(saves.SaveError, match="Did not save over"):
        store.write(save)
    assert host_storage.read_doc("alice", "save", "dash-broken") == b'{"format": 1, "game": "da'


def test_a_save_of_another_game_is_not_written_over(store):
    first = saves.new_save("dash", [saves.Seat("alice")], None, seed=3)
    store.write(first)
    other = saves.new_save("dash", [saves.Seat("alice")], None, seed=4)
    other.id, other.created = first.id, "2000-01-01T00:00:00+00:00"
    with pytest.raises(saves.SaveError, match="another game"):
        store.write(other)
    assert store.load(first.id).seed == 3


def test_settings_and_stats(store, host_storage):
    assert store.load_settings() == saves.Settings() and store.settings_problem is None
    store.save_settings(saves.Settings(theme="nord", player_name="Alice"))
    assert store.load_settings().theme == "nord"
    save = finished_dash()
    store.write(save)
    assert store.record_result(save, True).counted
    assert not store.record_result(save, True).counted  # once per save
    assert store.load_stats().games["dash"].won == 1


def test_unreadable_stats_are_kept_aside_before_a_game_is_counted(store, host_storage):
    host_storage.write_doc("alice", "stats", "", b"not json")
    stats, problem = store.read_stats()
    assert stats == saves.Stats() and "cannot be read" in problem
    save = finished_dash()
    store.write(save)
    store.record_result(save, False)
    assert [data for _, data in host_storage.docs("alice", "stats-unreadable")] == [b"not json"]
    assert store.load_stats().games["dash"].lost == 1


def test_a_database_that_does_not_answer_is_said_and_the_save_is_kept_in_memory(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    store = DbStore(open_documents(f"postgresql://alice:pw@127.0.0.1:{port}/houses"), "alice", tmp_path)
    save = saves.new_save("dash", [saves.Seat("alice")], None, seed=3)
    before = save.updated
    with pytest.raises(saves.SaveError, match="Could not save") as err:
        store.write(save)
    assert "pw" not in str(err.value) and save.updated == before
    assert store.list() == [] and "cannot be read" in store.list_problems()[0].message
    settings, problem = store.read_settings()
    assert settings == saves.Settings() and "using the defaults" in problem


def test_the_app_picks_the_database_only_when_the_host_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("HOUSES_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("HOUSES_STORE", raising=False)
    monkeypatch.delenv("HOUSES_PLAYER", raising=False)
    assert type(saves.open_store()) is saves.Store  # a person's own machine: the folder
    open_storage(tmp_path / "houses.db").close()
    monkeypatch.setenv("HOUSES_STORE", str(tmp_path / "houses.db"))
    monkeypatch.setenv("HOUSES_PLAYER", "alice")
    store = saves.open_store(open_documents)  # the host's documents, as houses/cli.py gives them
    assert isinstance(store, DbStore) and store.player == "alice" and store.root == tmp_path / "home"
    with pytest.raises(saves.SaveError, match="without the host's storage"):
        saves.open_store()  # saves has no database of its own: said in words, never the folder instead


def test_a_write_that_keeps_updated_keeps_last_played(store):
    """A review kept in a finished game is no play: the game keeps its "last
    played" (and its place in the saves browser), as in Store (tests/saves/test_write.py)."""
    save = finished_dash()
    store.write(save)
    on_db = store.load(save.id).updated
    save.updated = "2000-01-01T00:00:00"  # a copy in memory older than the database's
    save.review = {"summary": "No mistakes."}
    store.write(save, keep_updated=True)
    loaded = store.load(save.id)
    assert loaded.updated == on_db and loaded.review == {"summary": "No mistakes."}
    store.write(save)
    assert store.load(save.id).updated >= on_db
