"""Two real SSH hosts (`houses serve ssh --db postgresql://...`) on one throwaway
PostgreSQL, two real OpenSSH clients at one HOUSE RULES table, one through each
host: moves seen across hosts; bob's host killed (SIGKILL) mid-game: alice sees him
away, no move is lost, bob comes back through alice's host to his seat, and the game
is played to its end."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "serve"))
from sshkit import Client, HostProcess, make_key, need_ssh, until  # noqa: E402
from test_tables import play_to_the_end, to_tables  # noqa: E402

CODE = "HRTW"


def open_table(url: str) -> None:
    """The table, kept in the database before the hosts start: alice's and bob's."""
    import saves
    from host.storage import open_storage

    storage = open_storage(url)
    seats = [saves.Seat(name="alice", kind="human"), saves.Seat(name="bob", kind="human")]
    save = saves.new_save("house-rules", seats, {"cards": "none"}, seed=11)
    save.id, save.summary = f"table-{CODE}", f"HOUSE RULES at table {CODE}"
    storage.create_table(CODE, save, time.time())
    storage.close()


def add_key(host: HostProcess, url: str, name: str, key: Path) -> None:
    subprocess.run([sys.executable, "-m", "houses", "serve", "add-key", name, str(key) + ".pub", "--data",
                    str(host.data), "--db", url], check=True, capture_output=True)


def sit_down(client: Client) -> None:
    to_tables(client)
    client.wait_for(f"* {CODE}")
    client.press("enter")
    client.wait_for(f"Table {CODE}")


@pytest.fixture
def ssh_hosts(tmp_path, pg_url):
    """Two real SSH hosts, a and b, on one PostgreSQL that holds table CODE (alice's and
    bob's) and their keys: (host a, host b, keys by name). Both stopped at the end."""
    need_ssh()
    keys = {name: make_key(tmp_path, name) for name in ("alice", "bob")}
    open_table(pg_url)
    hosts = []
    try:
        for name in ("a", "b"):
            (tmp_path / name).mkdir()
            hosts.append(HostProcess(tmp_path / name, "--idle-timeout", "0", "--db", pg_url))
        for name, key in keys.items():
            add_key(hosts[0], pg_url, name, key)  # one database: keys added through one host are known to both
        yield hosts[0], hosts[1], keys
    finally:
        for host in hosts:
            host.stop()


def test_two_hosts_one_table_one_host_killed_mid_game(ssh_hosts, pg_url):
    host_a, host_b, keys = ssh_hosts
    alice = Client(host_a, "alice", keys["alice"])
    bob = Client(host_b, "bob", keys["bob"])
    sit_down(alice)
    sit_down(bob)
    players = {"alice": alice, "bob": bob}

    def kill_bobs_host(moves: int) -> bool:
        """At move 4, once alice has seen every move, bob's host is killed: alice sees him
        away; he comes back through her host, to his seat."""
        if moves != 4 or players["bob"] is not bob:
            return False
        until(lambda: alice.pump(0.1) or sum(alice.text().count(f"{c}: ") for c in ("White", "Black")) >= 4,
              what="every move so far seen across the hosts")
        host_b.proc.send_signal(signal.SIGKILL)
        host_b.proc.wait(10)
        bob.kill()
        alice.wait_for("bob is away")
        again = players["bob"] = Client(host_a, "bob", keys["bob"])  # through the other host
        sit_down(again)
        alice.wait_for("bob is back")
        return True

    moves = play_to_the_end(players, 90, kill_bobs_host)
    killed = players["bob"] is not bob
    assert killed and moves > 4
    from host.storage import open_storage

    storage = open_storage(pg_url)
    until(lambda: storage.load_table(CODE).closed, what="the finished table archived in the database")
    stored = storage.load_table(CODE)
    storage.close()
    assert stored.closed and stored.save.over  # finished and archived: no move was lost
    assert stored.save.cursor == moves == len(stored.save.actions)
    assert msgspec.to_builtins(stored.save.seats)[1]["name"] == "bob"
