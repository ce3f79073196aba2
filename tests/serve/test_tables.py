"""Shared tables over SSH: two players open and join a HOUSE RULES table, play it to
the end from the list of moves (m), one of them drops mid-game and comes back to
their seat, and the finished table lands in both players' saves and stats, and in
nobody else's."""

from __future__ import annotations

import json
import re
import time

import pytest

from sshkit import Client, HostProcess, make_key, need_ssh, until

CODE = re.compile(r"Table ([A-Z]{4}):")


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    need_ssh()
    folder = tmp_path_factory.mktemp("keys")
    return {name: make_key(folder, name) for name in ("alice", "bob", "carol")}


@pytest.fixture(scope="module")
def host(tmp_path_factory, keys):
    h = HostProcess(tmp_path_factory.mktemp("host"), "--idle-timeout", "0")
    for name in keys:
        h.add_key(name, keys[name])
    yield h
    h.stop()


def status(c: Client) -> str:
    return c.screen.display[-2].strip()


def to_tables(c: Client) -> None:
    # A frame can reach the pty in several reads: wait for the whole menu, not just the
    # banner, before counting its rows (on a busy machine the banner came alone).
    c.wait_for("H O U S E S", "Tables:", "Statistics", "Quit")
    rows = c.text().splitlines()
    menu = [r for r in rows if "│" in r and r.strip("│ ╭╮╰╯─")]
    index = next(i for i, r in enumerate(menu) if "Tables:" in r)
    c.press(*["down"] * index, "enter")
    c.wait_for("Tables on this host")


def my_turn(c: Client) -> bool:
    line = status(c)
    return line.startswith("Table ") and "waiting" not in line and "thinking" not in line and "over" not in line


def play_one(c: Client) -> bool:
    """Play the last move of the list; False if the list did not open (the turn had
    passed: a status line can be a moment ahead of the host's news)."""
    before = status(c)
    c.press("m", gap=0.02)
    try:
        c.wait_for("Your moves", timeout=2)
    except AssertionError:
        return False
    c.press("end", gap=0.1)  # the last move of the list: a shorter game than the first
    c.press("enter", gap=0.05)
    c.until(lambda: "Game over" in c.text() or (status(c) not in (before, "") and "Your moves" not in c.text()),
            timeout=10, what="the move made: the list closed and the status line moved on")
    return True


def play_to_the_end(players: dict[str, Client], seconds: float, interlude=None) -> int:
    """The players at one table play (each the last move of their list, on their turn)
    until every screen says the game is over; the number of moves. `interlude(moves)`,
    asked between moves, may do something else (drop a player) and says whether it did."""
    moves = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for c in players.values():
            c.settle(0.05)
        if all("Game over" in c.text() or "game over" in status(c) for c in players.values()):
            return moves
        if interlude is not None and interlude(moves):
            continue
        for c in players.values():
            if my_turn(c) and play_one(c):
                moves += 1
                break
    raise AssertionError("the game did not end in time:\n" + "\n".join(c.text() for c in players.values()))


def open_house_rules_form(c: Client) -> None:
    c.press("o")
    c.wait_for("Open a table")
    for attempt in range(4):
        c.settle(0.5)
        c.press("enter", gap=0.4)  # the game list opens
        c.press("down", "enter", gap=0.4)
        try:
            c.wait_for("First player", timeout=3)  # the form has been rebuilt for HOUSE RULES
            break
        except AssertionError:
            c.press("escape") if "Icehouse Dash" not in status(c) else None
    else:
        raise AssertionError("the form never showed HOUSE RULES' options:\n" + c.text())
    c.settle(1.0)


def test_two_players_play_a_whole_house_rules_game_at_one_table(host, keys):
    alice = Client(host, "alice", keys["alice"])
    bob = Client(host, "bob", keys["bob"])
    to_tables(alice)
    open_house_rules_form(alice)
    alice.press("tab", "tab", "tab", "enter", gap=0.4)  # seat 2's list: its first entry is Person
    alice.press("home", "enter", gap=0.4)
    alice.press("tab", "tab", "enter", gap=0.4)  # the Cards list: hands, none, random
    alice.press("home", "down", "enter", gap=0.4)
    alice.until(lambda: re.search(r"Seat 2\s+Person", alice.text()) and re.search(r"Cards\s+none", alice.text()),
                what="the form showing seat 2 a person and no cards")
    screen = alice.text()
    assert re.search(r"Seat 2\s+Person", screen), screen
    assert re.search(r"Cards\s+none", screen), screen  # no cards: a short game
    alice.press("ctrl+s")
    until(lambda: alice.pump(0.1) or CODE.search(alice.text()), timeout=20, what="the table's code on screen")
    code = CODE.search(alice.text()).group(1)

    to_tables(bob)
    bob.wait_for(code)  # the open table is in bob's list
    bob.press("j")
    bob.press(*code.lower(), "enter")
    bob.wait_for(f"Table {code}")
    assert "bob" in alice.wait_for("bob")

    players = {"alice": alice, "bob": bob}

    def drop_bob(moves: int) -> bool:
        """At move 6 bob's connection drops; alice sees him away; he comes back to his seat."""
        if moves != 6 or players["bob"] is not bob:
            return False
        bob.kill()
        alice.wait_for("bob is away")
        again = players["bob"] = Client(host, "bob", keys["bob"])
        to_tables(again)
        again.wait_for(f"* {code}")
        again.press("enter")
        again.wait_for(f"Table {code}")
        alice.wait_for("bob is back")
        return True

    moves = play_to_the_end(players, 120, drop_bob)
    assert moves > 10 and players["bob"] is not bob
    assert "Game over" in alice.text() or "game over" in status(alice)

    # Each player's copy and stats are in the host's database, written by their own app.
    from host.storage import open_storage

    storage = open_storage(host.data / "houses.db")
    for name in ("alice", "bob"):
        until(lambda: storage.read_doc(name, "save", f"house-rules-table-{code}") is not None,
              what=f"{name}'s copy of the table")
        save = json.loads(storage.read_doc(name, "save", f"house-rules-table-{code}"))
        assert save["over"] and [s["name"] for s in save["seats"]] == ["alice", "bob"]
        until(lambda: b"house-rules" in (storage.read_doc(name, "stats") or b""), what=f"{name}'s stats")
        stats = json.loads(storage.read_doc(name, "stats"))
        assert stats["games"]["house-rules"]["played"] == 1
    table = storage.load_table(code)  # archived
    assert table.closed and table.save.over and len(table.save.actions) == moves

    # A third player sees neither the table (it is over) nor their saves.
    carol = Client(host, "carol", keys["carol"])
    to_tables(carol)
    assert code not in carol.wait_for("No open tables yet")
    carol.press("escape")
    carol.press("ctrl+q")
    carol.wait_exit()
    assert storage.docs("carol", "save") == []
    storage.close()
    for c in players.values():
        c.press("q", "ctrl+q")
        c.wait_exit()
