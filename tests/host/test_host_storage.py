"""The host on its storage: tables played through PostgreSQL, a database that goes
down mid-game (reported, play goes on, nothing lost once it is back), and the
command line's --db (a bad one: a clear message and exit code 2)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from core import GAMES
from host.storage import open_storage
from host.tables import TableHost

from peer import Peer


def houses(*args: str, home, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "houses", "serve", *args], capture_output=True, text=True,
                          input=stdin, timeout=60, env={"HOUSES_HOME": str(home), "PATH": "/usr/bin:/bin"})


async def first_move(peer: Peer, msg: dict) -> dict:
    game = GAMES[msg["game"]]
    state = game.from_text(msg["view"])
    peer.send(op="act", code=msg["code"], cursor=msg["cursor"],
              action=game.action_to_builtins(state.legal_actions()[0]))
    return await peer.get("table")


async def test_a_table_on_postgresql_survives_the_database_going_down_mid_game(tmp_path, pg_cluster, pg_url,
                                                                               monkeypatch):
    import psycopg_pool

    from host.storage.postgres import PostgresStorage

    # The pool's waits between attempts to reconnect (1, 2, 4... s) shortened, so the
    # outage below outlasts the wait after it (as it did on a loaded machine: the move
    # after the restart was refused, the pool not yet trying again): the host must not
    # depend on that timing (host/storage/postgres.py `_tx`).
    monkeypatch.setattr(psycopg_pool.base.AttemptWithBackoff, "INITIAL_DELAY", 0.25)
    storage = PostgresStorage(pg_url, timeout=1.0)  # a down database is given up on quickly
    host = TableHost(tmp_path, storage=storage)
    said: list[str] = []
    host.log = said.append
    await host.start()
    try:
        alice = await Peer.connect(host, "alice")
        alice.send(op="open", game="house-rules", seed=7, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
        msg = await alice.get("table")
        code = msg["code"]
        bob = await Peer.connect(host, "bob")
        bob.send(op="join", code=code)
        msgs = {"alice": await alice.get("table"), "bob": await bob.get("table")}
        peers = {"alice": alice, "bob": bob}

        async def move() -> None:
            mover = next(n for n, m in msgs.items() if GAMES["house-rules"].from_text(m["view"]).to_move == m["seat"])
            msgs[mover] = await first_move(peers[mover], msgs[mover])
            other = "bob" if mover == "alice" else "alice"
            msgs[other] = await peers[other].get("table")

        await move()
        await host.flush()
        assert storage.load_table(code).save.cursor == 1
        pg_cluster.stop("immediate")  # the database goes away
        try:
            await move()  # play goes on: both see the move
            await move()
            assert msgs["alice"]["cursor"] == msgs["bob"]["cursor"] == 3
            await host.flush()
            assert [line for line in said if line.startswith("the database is away (")] == said, said
        finally:
            pg_cluster.restart()
        await move()  # back: this move and the two it missed are written
        await host.flush()
        stored = storage.load_table(code).save
        assert stored.cursor == 4, said
        assert stored.actions == host.tables[code].save.actions
        assert len(said) == 2 and said[1].startswith("the database is back after "), said  # one line each
        alice.close()
        bob.close()
    finally:
        await host.stop()
        storage.close()


async def test_a_table_played_to_the_end_on_postgresql_is_kept_whole_and_archived(tmp_path, pg_url, monkeypatch):
    import host.tables as tables

    monkeypatch.setattr(tables, "BOT_PAUSE_S", 0.0)
    monkeypatch.setattr(tables, "BOT_BUDGET_S", 0.05)
    storage = open_storage(pg_url)
    host = TableHost(tmp_path, storage=storage)
    await host.start()
    try:
        alice = await Peer.connect(host, "alice")
        alice.send(op="open", game="town", seed=11, options={}, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
        msg = await alice.get("table")
        for _ in range(400):
            if "save" in msg:
                break
            if GAMES["town"].from_text(msg["view"]).to_move == msg["seat"]:
                msg = await first_move(alice, msg)
            else:
                msg = await alice.get("table")
        assert "save" in msg, "the game did not end"
        alice.close()
        await host.flush()
        assert storage.load_table(msg["code"]).closed
    finally:
        await host.stop()
    assert len(storage.load_table(msg["code"]).save.actions) == msg["cursor"]
    storage.close()


@pytest.mark.parametrize("args", [
    ["tables", "--db", "mysql://x@y/z"],
    ["close", "ABCD", "--db", "postgresql://nobody:pw@127.0.0.1:9/none"],
    ["ssh", "--port", "0", "--db", "postgresql://nobody:pw@127.0.0.1:9/none"],
])
def test_a_bad_database_is_said_in_words_with_exit_code_2(tmp_path, args):
    (tmp_path / "host").mkdir()  # (tables and close need the host's folder first)
    result = houses(*args, home=tmp_path)
    assert result.returncode == 2, result
    assert f"houses serve {args[0]}: cannot use the host's database:" in result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    assert "pw@" not in result.stderr


def test_add_key_and_tables_on_postgresql(tmp_path, pg_url):
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
    result = houses("add-key", "alice", "-", "--db", pg_url, home=tmp_path, stdin=key)
    assert result.returncode == 0, result.stderr
    storage = open_storage(pg_url)
    assert list(storage.keys()) == ["alice"] and storage.keys()["alice"][0].split()[1] == key.split()[1]
    storage.close()
    listed = houses("tables", "--db", pg_url, home=tmp_path)
    assert listed.returncode == 0 and "No open tables" in listed.stdout


async def test_a_new_table_never_takes_the_code_of_an_archived_one(tmp_path, monkeypatch):
    import saves

    host = TableHost(tmp_path)
    old = saves.new_save("dash", [saves.Seat("alice")], {}, seed=1)
    host.storage.create_table("AAAA", old, now=1.0)
    host.storage.close_table("AAAA", now=2.0)
    letters = iter("AAAABBBB")  # the first code drawn is the archived table's
    monkeypatch.setattr("secrets.choice", lambda choices: next(letters))
    host.load()
    assert host.new_code() == "BBBB"
