"""A seat at a shared table and a watcher, in the player's app (tui/tables/seat.py,
tui/tables/watch.py), on the toy game of this folder's conftest: they read the host's
typed `Table` message (host/protocol.py), never a dict; an open seat is the host's
word (an empty name), not a name that starts with "open seat"; a watcher has no seat
(None), not a made-up seat number."""

from __future__ import annotations

import msgspec
import pytest

from host import protocol as p
from saves import Next, Played, Seat, TableMatch, Turn, new_save, replay
from tui.tables.seat import SeatMatch
from tui.tables.watch import WatchMatch


def _table_message(state, seat, cursor, **extra) -> p.Table:
    """A Table message as the app decodes it from the host's line of JSON."""
    wire = {"op": "table", "code": "ABCD", "game": "toy", "seat": seat, "seed": 1, "options": {"target": 5},
            "view": state.to_text(), "log": list(state.log), "cursor": cursor, "last": None,
            "seats": [{"name": "ann", "kind": "human", "level": None}, {"name": "", "kind": "human", "level": None}],
            "away": [], "id": "table-ABCD", "created": ""} | extra
    return p.decode(msgspec.json.encode(wire))


@pytest.fixture
def toy_from_text(games, toy, monkeypatch):
    """The toy game read back from its text, as a seat at a table receives it."""
    def from_text(text):
        _, seats, seed, counter, target, total, to_move = text.split()
        state = toy.TOY.new(int(seats), int(seed), toy.ToyOptions(int(target)))
        state.counter, state.total = int(counter), int(total)
        state.to_move = None if to_move == "None" else int(to_move)
        return state

    monkeypatch.setattr(toy.TOY, "from_text", from_text, raising=False)
    return toy


def test_a_seat_at_a_table_sends_its_moves_and_takes_the_hosts_news(toy_from_text):
    toy = toy_from_text
    save = new_save("toy", [Seat("ann"), Seat("")], {"target": 5}, 1)
    host = TableMatch(save, replay(save))
    sent = []
    msg = _table_message(host.state, 1, 0)
    assert isinstance(msg, p.Table) and isinstance(msg.seats[0], p.SeatInfo)
    seat = SeatMatch.from_message(msg, send=lambda c, a: sent.append((c, a)))
    assert seat.save.seats[1].name == "open seat 2" and seat.mine() == [1]
    assert seat.waiting() and seat.next(1).kind is Turn.WAIT
    assert seat.check(toy.Add(1)) == "Not your turn: waiting for ann."
    assert seat.status() == "Table ABCD: waiting for ann."
    played = host.play(toy.Add(2))
    last = {"seat": played.seat, "action": {"type": "add", "n": 2}, "text": played.text, "cursor": played.cursor}
    news = seat.update(_table_message(host.state, 1, 1, last=last, away=[0]))
    assert news.played == Played(0, toy.Add(2), "add 2", 1) and news.gone == [0] and news.back == []
    assert not seat.waiting() and seat.next(1) == Next(Turn.HUMAN, 1) and seat.save.cursor == 1
    assert seat.play(toy.Add(3)) is None and sent == [(1, toy.Add(3))]
    assert seat.state.total == 2  # nothing changes here until the host says so


def test_a_seat_at_a_table_counts_nothing_and_wins_with_its_own_seat(toy_from_text):
    toy = toy_from_text
    save = new_save("toy", [Seat("ann"), Seat("bob")], {"target": 3}, 1)
    host = TableMatch(save, replay(save))
    host.play(toy.Add(3))  # ann wins
    seat = SeatMatch.from_message(_table_message(replay(save, upto=0), 1, 0))
    seat.update(_table_message(host.state, 1, 1, view="toy 2 1 0 3 3 None"))
    seat.state.over, seat.state.outcome = True, host.state.outcome  # the toy's text keeps no outcome
    assert seat.won() is False and seat.next(1).kind is Turn.OVER
    assert seat.result() is None  # the host's copy is the one counted


def test_an_open_seat_is_the_hosts_empty_name_not_a_name_that_looks_like_one(toy_from_text):
    """The table waits for a player to join while the host says the seat is open; a
    player whose name reads like the label of an open seat is a player."""
    save = new_save("toy", [Seat("ann"), Seat("")], {"target": 5}, 1)
    state = replay(save)
    state.to_move = 1
    open_seat = SeatMatch.from_message(_table_message(state, 0, 0))
    assert open_seat.status() == "Table ABCD: waiting for a player to join with code ABCD."
    taken = {"name": "open seat 2", "kind": "human", "level": None}  # a player so named
    open_seat.update(_table_message(state, 0, 0, seats=[{"name": "ann", "kind": "human"}, taken]))
    assert open_seat.status() == "Table ABCD: waiting for open seat 2."


def test_a_watcher_has_no_seat_is_never_to_move_and_is_refused_in_words(toy_from_text):
    toy = toy_from_text
    save = new_save("toy", [Seat("ann"), Seat("bob")], {"target": 5}, 1)
    host = TableMatch(save, replay(save))
    watcher = WatchMatch.from_message(_table_message(host.state, None, 0, watchers=["cy"]))
    assert watcher.seated is None and watcher.at_table and watcher.mine() == []
    for to_move in (0, 1, None):  # whoever is to move, even nobody, it is not the watcher
        watcher.state.to_move = to_move
        assert watcher.waiting() and watcher.next(None).kind is Turn.WAIT
    assert watcher.check(toy.Add(1)) == "You are watching table ABCD: only its players move. q leaves."
    assert watcher.play(toy.Add(1)) is None
    watcher.state.to_move = 0
    assert watcher.status() == "Watching table ABCD (q leaves): ann to move."


def test_the_watchers_are_said_on_a_seats_status_line(toy_from_text):
    save = new_save("toy", [Seat("ann"), Seat("bob")], {"target": 5}, 1)
    host = TableMatch(save, replay(save))
    seat = SeatMatch.from_message(_table_message(host.state, 1, 0, watchers=["cy"]))
    assert seat.status() == "Table ABCD: waiting for ann. (watching: cy)"
    seat.update(_table_message(host.state, 1, 0, watchers=["cy", "dee"]))
    assert seat.watchers == ["cy", "dee"] and seat.status().endswith("(watching: cy, dee)")
