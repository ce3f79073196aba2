"""The tables' wire protocol (host/protocol.py): tagged msgspec Structs, one JSON line
each; a line that is none of them is refused in words, and the host goes on."""

from __future__ import annotations

import asyncio
import json

import msgspec
import pytest

from host import protocol as p
from host.tables import TableHost

EVERY_MESSAGE = [
    p.Hello("t0ken"), p.ListTables(), p.Join("ABCD"), p.Leave("ABCD"), p.Close("ABCD"),
    p.OpenTable(game="dash", seats=[p.SeatRequest("human"), p.SeatRequest("bot", "easy")], seed=3, options={}),
    p.Act(code="ABCD", action={"type": "move"}, cursor=4),
    p.Welcome("alice"), p.Tables([{"code": "ABCD"}]), p.Finished({"id": "x"}), p.Error("No.", code="ABCD"),
    p.Closed("ABCD"),
    # issue 16: watching, ratings, the deals of the day
    p.Watch("ABCD"), p.GetLeaderboard("town", 5), p.GetRatings(), p.GetDaily("dash", "2026-12-01"),
    p.DailyResult(game="town", day="2026-12-01", won=False, moves=30, hints=1, rank="Builder"),
    p.Table(code="ABCD", game="town", seat=None, seed=0, options={}, view="v", log=[], cursor=3, last=None,
            seats=[], away=[], id="table-ABCD", created="now", watchers=["bob"]),
    p.Leaderboard("town", [p.RatingRow("ann", 3.5, 2, 1, "town")], me=p.RatingRow("bob", 1.0, 1, game="town")),
    p.Ratings([p.RatingRow("bob", 1.0, 1, game="town")]),
    p.Daily("dash", "2026-12-01", [p.DailyRow("ann", True, 14, 1, None, 1)], streak=2, played=True),
    p.Table(code="ABCD", game="dash", seat=0, seed=1, options={}, view="v", log=["a"], cursor=0, last=None,
            seats=[p.SeatInfo("alice")], away=[], id="table-ABCD", created="now"),
    p.Table(code="ABCD", game="dash", seat=None, seed=0, options={}, view="v", log=[], cursor=1,
            last=p.LastMove(0, {"type": "draw"}, "Ann draws.", 1), seats=[p.SeatInfo(), p.SeatInfo("", "bot", "hard")],
            away=[], id="table-ABCD", created="now"),
]


@pytest.mark.parametrize("msg", EVERY_MESSAGE, ids=lambda m: type(m).__name__)
def test_every_message_is_one_json_line_tagged_by_op_and_decodes_back(msg):
    line = p.encode(msg)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line)["op"] == msg.__struct_config__.tag
    assert p.decode(line) == msg


def test_the_words_on_the_wire_are_the_old_ones():
    """Apps and hosts of the version before the Structs read each other."""
    assert json.loads(p.encode(p.Hello("T"))) == {"op": "hello", "token": "T"}
    assert json.loads(p.encode(p.ListTables())) == {"op": "list"}
    assert json.loads(p.encode(p.Act(code="C", action={"a": 1}, cursor=2))) == {
        "op": "act", "code": "C", "action": {"a": 1}, "cursor": 2}
    assert p.decode(b'{"op": "open", "game": "dash", "seats": [{"kind": "human"}]}') == p.OpenTable(
        game="dash", seats=[p.SeatRequest("human")])


def test_a_table_message_carries_a_save_only_once_over():
    table = EVERY_MESSAGE[-1]  # a seat's (the list's last)
    assert "save" not in json.loads(p.encode(table))
    assert json.loads(p.encode(msgspec.structs.replace(table, save={"id": "x"})))["save"] == {"id": "x"}


@pytest.mark.parametrize("line, words", [
    (b"garbage\n", "not JSON"),
    (b"[1, 2]\n", "not a message"),
    (b'{"token": "x"}\n', "op"),
    (b'{"op": "dance"}\n', "dance"),
    (b'{"op": "join", "code": 5}\n', "$.code"),
    (b'{"op": "act", "code": "A", "action": {}, "cursor": "one"}\n', "$.cursor"),
])
def test_a_line_that_is_no_message_is_refused_in_words(line, words):
    verdict = p.decode(line)
    assert isinstance(verdict, p.Refused) and not verdict.fatal
    assert words in verdict.reason


# -- the host, given such lines -------------------------------------------------------

@pytest.fixture
async def host(tmp_path):
    h = TableHost(tmp_path)
    h.log = lambda text: None
    await h.start()
    yield h
    await h.stop()


async def connect(host: TableHost, name: str = "alice"):
    reader, writer = await asyncio.open_unix_connection(str(host.socket_path), limit=4 * p.MAX_LINE)
    writer.write(json.dumps({"op": "hello", "token": host.token_for(name)}).encode() + b"\n")
    assert json.loads(await asyncio.wait_for(reader.readline(), 5))["op"] == "welcome"
    return reader, writer


async def answer(reader) -> dict:
    line = await asyncio.wait_for(reader.readline(), 5)
    assert line, "the host hung up"
    return json.loads(line)


@pytest.mark.parametrize("line", [
    b"garbage\n",                                      # not JSON
    b'{"op": "join", "code": 5}\n',                    # a field of the wrong type
    b'{"op": "act", "code": "A", "cursor": 0}\n',     # a field missing
    b'{"op": "dance"}\n',                              # an unknown tag
    b'{"op": "close", "code": "ABCD"}\n',              # the operator's word, from a player
    b'{"op": "welcome", "name": "operator"}\n',        # the host's word, from a player
], ids=["garbage", "wrong-type", "missing-field", "unknown-tag", "operator-only", "host-only"])
async def test_the_host_refuses_a_malformed_message_in_words_and_goes_on(host, line):
    reader, writer = await connect(host)
    writer.write(line)
    refusal = await answer(reader)
    assert refusal["op"] == "error" and refusal["message"].startswith(("The host refused", "Unknown request"))
    writer.write(b'{"op": "list"}\n')  # the same connection still works
    assert (await answer(reader)) == {"op": "tables", "tables": []}
    writer.close()


async def test_a_huge_line_is_refused_in_words_then_the_connection_closes(host):
    reader, writer = await connect(host)
    writer.write(b'{"op": "join", "code": "' + b"A" * (p.MAX_LINE + 10) + b'"}\n')
    refusal = await answer(reader)
    assert refusal["op"] == "error" and "over" in refusal["message"]
    assert await asyncio.wait_for(reader.readline(), 5) == b""
    writer.close()
    other, other_writer = await connect(host, "bob")  # the host itself goes on
    other_writer.write(b'{"op": "list"}\n')
    assert (await answer(other))["op"] == "tables"
    other_writer.close()


async def test_garbage_before_hello_is_turned_away_in_words(host):
    reader, writer = await asyncio.open_unix_connection(str(host.socket_path))
    writer.write(b"\xff\xfe not even text\n")
    assert (await answer(reader))["message"] == "Not a player of this host."
    assert await asyncio.wait_for(reader.readline(), 5) == b""
    writer.close()


# -- the app's side, given such lines ------------------------------------------------------

class FakeApp:
    def __init__(self) -> None:
        self.said: list[str] = []

    def notify(self, text: str, severity: str = "information") -> None:
        self.said.append(text)

    def call_later(self, callback, *args) -> bool:  # the app's queue: here, at once
        callback(*args)
        return True


async def test_the_app_says_what_it_could_not_read_and_reads_on():
    from tui.tables.client import TableClient

    app = FakeApp()
    shown: list[list[dict]] = []
    client = TableClient(app, "unused", "t", show_tables=shown.append, seat_screen=None)
    reader = asyncio.StreamReader(limit=p.MAX_LINE)
    reader.feed_data(b'{"op": "dance"}\nnot json\n' + p.encode(p.Welcome("alice"))
                     + p.encode(p.Tables([{"code": "ABCD"}])))
    reader.feed_eof()
    await client._read(reader)
    assert client.name == "alice" and shown == [[{"code": "ABCD"}]]
    assert sum("does not understand" in s for s in app.said) == 2
