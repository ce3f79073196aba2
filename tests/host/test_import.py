"""A host folder of files from before the database (authorized_keys, players/<name>/
saves, settings, stats, tables/saves and tables/archive), made here by the code that
wrote them (saves.Store, host.accounts.add_key), is imported into the database on
first start; nothing is lost and the files stay as they were."""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from host.accounts import add_key, host_key
from host.storage import open_host_storage
from host.storage.importer import MARKER
from host.tables import TableHost
from saves.db import DbStore


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path) -> str | None:
    return None if request.param == "sqlite" else request.getfixturevalue("pg_url")


def old_host_folder(data: Path) -> dict:
    """A folder as the host wrote it before the database."""
    import asyncssh

    host_key(data)
    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
    add_key(data / "authorized_keys", "alice", key)
    (data / "authorized_keys").open("a").write("not a line of ours\n")
    alice = saves.Store(data / "players" / "alice")
    alice.save_settings(saves.Settings(player_name="alice", theme="nord"))
    mine = saves.new_save("dash", [saves.Seat("alice")], None, seed=4)
    alice.write(mine)
    done = saves.new_save("dash", [saves.Seat("alice")], None, seed=5)
    done.over = True
    alice.write(done)
    alice.record_result(done, True)
    (data / "players" / "alice" / "saves" / "dash-damaged.json").write_bytes(b'{"format": 1, "ga')
    tables = saves.Store(data / "tables")  # the host's tables were saves under tables/saves/
    open_one = saves.new_save("house-rules", [saves.Seat("alice"), saves.Seat("bob")], {}, seed=7)
    open_one.id = "table-ABCD"
    tables.write(open_one)
    closed = saves.new_save("dash", [saves.Seat("bob"), saves.Seat("alice")], {}, seed=8)
    closed.id = "table-WXYZ"
    tables.write(closed)
    (data / "tables" / "archive").mkdir()
    tables.path("table-WXYZ").rename(data / "tables" / "archive" / "table-WXYZ.json")
    return {"key": key.strip(), "mine": mine.id, "done": done.id}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_folder_of_files_is_imported_once_and_kept(tmp_path, db):
    data = tmp_path / "host"
    made = old_host_folder(data)
    before = snapshot(data)
    lines: list[str] = []
    storage = open_host_storage(data, db, log=lines.append)
    # Keys, players, each file as it was, tables open and archived.
    assert storage.keys() == {"alice": [made["key"]]}
    alice = DbStore(storage, "alice", data / "players" / "alice")
    assert alice.load_settings().theme == "nord"
    assert {s.id for s in alice.list()} == {made["mine"], made["done"]}
    assert [u.id for u in alice.list_problems()] == ["dash-damaged"]  # imported, still reported
    assert storage.read_doc("alice", "save", "dash-damaged") == b'{"format": 1, "ga'
    assert alice.load_stats().games["dash"].won == 1 and made["done"] in alice.load_stats().counted
    assert [t.code for t in storage.open_tables()] == ["ABCD"]
    assert storage.load_table("WXYZ").closed and storage.load_table("ABCD").save.seed == 7
    # The files stay; a marker says what was done.
    after = snapshot(data)
    assert {k: v for k, v in after.items() if k != MARKER and not k.startswith("houses.db")} == before
    assert "1 key(s), 1 player(s), 5 save/settings/stats file(s), 2 table(s)" in after[MARKER].decode()
    assert "authorized_keys:" in lines[1] and "not imported" in lines[1]
    # Not again: what was deleted in the database since stays deleted.
    alice.delete(made["mine"])
    storage.close()
    storage = open_host_storage(data, db, log=lines.append)
    assert storage.read_doc("alice", "save", made["mine"]) is None
    storage.close()


async def test_a_host_started_on_an_old_folder_has_its_tables(tmp_path):
    data = tmp_path / "host"
    old_host_folder(data)
    host = TableHost(data)
    host.load()
    assert list(host.tables) == ["ABCD"] and host.tables["ABCD"].save.seats[1].name == "bob"
