"""A PostgreSQL outage as the players and the operator see it: two real hosts
(`houses serve ssh --db postgresql://...`), alice through one and bob through the
other with real OpenSSH clients at 80x24; PostgreSQL stopped (`-m immediate`), the
player to move presses a move: the screen says at once that it is kept; PostgreSQL
started again: the move reaches the database once and the other player's screen.
Each host's log says the outage in one line when it goes and one when it is back,
nothing from the driver, nothing indented (docs/hosting.md, "The database")."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "serve"))
from sshkit import Client, until  # noqa: E402
from test_tables import my_turn, status  # noqa: E402
from test_two_hosts_ssh import CODE, sit_down, ssh_hosts  # noqa: E402, F401  (the fixture)


def cursor(url: str) -> int:
    from host.storage import open_storage

    storage = open_storage(url)
    try:
        return storage.load_table(CODE).save.cursor
    finally:
        storage.close()


def press_a_move(c: Client) -> None:
    """The last move of the move list (m), as a player picks it."""
    c.press("m", gap=0.05)
    c.wait_for("Your moves", timeout=5)
    c.press("end", gap=0.1)
    c.press("enter", gap=0.05)


def test_a_move_pressed_while_postgresql_is_stopped_is_kept_shown_and_sent(ssh_hosts, pg_cluster, pg_url):
    host_a, host_b, keys = ssh_hosts
    stopped = False
    try:
        players = {"alice": Client(host_a, "alice", keys["alice"]), "bob": Client(host_b, "bob", keys["bob"])}
        for c in players.values():
            sit_down(c)
        until(lambda: any(c.pump(0.1) or my_turn(c) for c in players.values()), timeout=20,
              what="one player's turn")
        mover = next(name for name, c in players.items() if my_turn(c))
        other = players["bob" if mover == "alice" else "alice"]
        before = cursor(pg_url)
        logged = {h: len(h.log_text()) for h in (host_a, host_b)}

        pg_cluster.stop("immediate")
        stopped = True
        press_a_move(players[mover])
        pressed = time.monotonic()
        players[mover].wait_for("database is away", timeout=5)
        told_in = time.monotonic() - pressed
        assert told_in < 2.0, f"told after {told_in:.1f} s"
        # All of it, once a toast that may cover the line's end has gone; the outage goes on.
        players[mover].wait_for("The host's database is away; your move is kept and will be sent.", timeout=10)

        pg_cluster.restart()
        stopped = False
        back = time.monotonic()
        until(lambda: players[mover].pump(0.05) or other.pump(0.05) or my_turn(other), timeout=20,
              what="the move on the other player's screen")
        seen_in = time.monotonic() - back
        print(f"outage: told in {told_in:.2f} s; from PostgreSQL back to the other screen: {seen_in:.2f} s")
        players[mover].wait_for("was sent", timeout=10)  # the host's word (a toast: it may wrap)
        assert cursor(pg_url) == before + 1  # the pressed move, once
        assert "database is away" not in status(other)
        for h in (host_a, host_b):
            until(lambda h=h: "the database is back" in h.log_text(), timeout=10, what="the host's back line")
            lines = h.log_text()[logged[h]:].splitlines()
            said = [line for line in lines if "database" in line]
            assert len(said) == 2, lines
            assert "the database is away (" in said[0] and "the database is back after" in said[1], said
            assert not [line for line in lines if line[:1].isspace() or "psycopg" in line or "pool" in line], lines
            assert not [line for line in lines if "not saved" in line or "failed:" in line and line not in said], lines
        for c in players.values():
            c.kill()
    finally:
        if stopped:
            pg_cluster.restart()  # before the hosts stop (the fixture): they end with the database up
