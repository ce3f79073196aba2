"""Issue 16's community features over the real table protocol (no SSH): watching a
table, ratings when a table ends, leaderboards, the deals of the day's results."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import date, timedelta

import pytest

import saves
from core import GAMES
from host import community
from host.privacy import hidden_from
from host.tables import TableHost

from peer import Peer


@pytest.fixture
async def host(tmp_path):
    h = TableHost(tmp_path)
    h.log = lambda text: None
    await h.start()
    yield h
    await h.stop()


class Watcher(Peer):
    """A peer that keeps every line it receives, raw, to look for leaks in."""

    lines: list[bytes]

    async def get(self, op: str | None = None) -> dict:
        while True:
            line = await asyncio.wait_for(self.reader.readline(), 10)
            self.lines.append(line)
            msg = json.loads(line)
            if op is None or msg["op"] == op:
                return msg


async def seated_pair(host, game_id: str, seed: int):
    """alice and bob at a new table: their peers, the code, and the last message each has."""
    alice = await Peer.connect(host, "alice")
    alice.send(op="open", game=game_id, seed=seed, options={}, seats=[{"kind": "human"}, {"kind": "human"}])
    code = (await alice.get("table"))["code"]
    bob = await Peer.connect(host, "bob")
    bob.send(op="join", code=code)
    seen = [None, await bob.get("table")]
    seen[0] = await alice.get("table")
    return alice, bob, code, seen


async def latest(peer: Peer, cursor: int) -> dict:
    while (msg := await peer.get("table"))["cursor"] != cursor:
        pass
    return msg


async def play_to_the_end(host, game_id, code, players, start, seed=1) -> int:
    """Both seats play random legal moves from their own views (`start`: the last
    message each has) to the end; the final cursor."""
    rng = random.Random(seed)
    game = GAMES[game_id]
    cursor = start[0]["cursor"]
    while True:
        msgs = start or [await latest(peer, cursor) for peer in players]
        start = None
        views = [game.from_text(msg["view"]) for msg in msgs]
        if views[0].over:
            return cursor
        seat = views[0].to_move
        action = rng.choice(views[seat].legal_actions())
        players[seat].send(op="act", code=code, cursor=cursor, action=game.action_to_builtins(action))
        cursor += 1


async def test_a_watcher_never_receives_a_hidden_tile_through_a_whole_game(host):
    """Every message the watcher gets is the public view (view(None)) of the game at
    that move, without seed, last move or save; and no line that only a seat's own view
    holds (a hand, a hidden tile) is anywhere in what the watcher receives."""
    game_id = "town"
    alice, bob, code, _ = await seated_pair(host, game_id, 31)
    table = host.tables[code]
    reader, writer = await asyncio.open_unix_connection(str(host.socket_path))
    carol = Watcher(reader, writer)
    carol.lines = []
    carol.send(op="hello", token=host.token_for("carol"))
    await carol.get("welcome")
    carol.send(op="watch", code=code)
    first = await carol.get("table")
    assert first["seat"] is None and first["watchers"] == ["carol"]
    # The seated players see carol watching.
    seen = [await alice.get("table"), await bob.get("table")]
    assert [m["watchers"] for m in seen] == [["carol"], ["carol"]]
    # The watcher cannot act (not even the move of the seat to move).
    to_move = GAMES[game_id].from_text(seen[0]["view"]).to_move
    state = GAMES[game_id].from_text(seen[to_move]["view"])
    carol.send(op="act", code=code, cursor=0, action=GAMES[game_id].action_to_builtins(state.legal_actions()[0]))
    err = await carol.get("error")
    assert err["message"] == "You have no seat at this table." and err["kind"] == "not-your-turn"

    final = await play_to_the_end(host, game_id, code, [alice, bob], seen)
    assert final > 10
    while (await carol.get("table"))["cursor"] != final:
        pass
    messages = [json.loads(line) for line in carol.lines if json.loads(line)["op"] == "table"]
    assert {m["cursor"] for m in messages} == set(range(final + 1))  # every move reached the watcher
    hidden_seen = last_moves = 0
    for msg, line in zip(messages, [l for l in carol.lines if json.loads(l)["op"] == "table"]):
        full = saves.replay(table.save, upto=msg["cursor"])
        public = full.view(None).to_text()
        assert msg["view"] == public
        assert msg["seat"] is None and msg["seed"] == 0 and "save" not in msg
        if msg["last"] is not None:  # the last move's marks, only where it hides nothing (host/privacy.py)
            n = msg["cursor"]
            assert msg["last"]["cursor"] == n
            before = saves.replay(table.save, upto=n - 1)
            action = GAMES[game_id].action_from_builtins(msg["last"]["action"])
            assert action == before.legal_actions()[before.legal_actions().index(action)]
            assert None not in hidden_from(before, action, msg["last"]["seat"])  # the engine tells watchers it
            last_moves += 1
        public_lines = set(public.splitlines())
        for seat in range(2):
            for secret in set(full.view(seat).to_text().splitlines()) - public_lines:
                if len(secret.strip()) > 8:  # a line with content (not "view: 1")
                    hidden_seen += 1
                    assert secret.strip() not in line.decode(), secret
    assert hidden_seen > 0  # the seats' views did hold something the watcher must not see
    assert last_moves > 0  # and the watcher was shown the moves that hide nothing
    for peer in (alice, bob, carol):
        peer.close()


async def test_the_watchers_leave_and_the_seated_players_see_it(host):
    alice, bob, code, _ = await seated_pair(host, "house-rules", 7)
    carol = await Peer.connect(host, "carol")
    carol.send(op="list")
    assert [t["code"] for t in (await carol.get("tables"))["tables"]] == [code]  # a full table, to watch
    carol.send(op="watch", code=code.lower())
    await carol.get("table")
    assert (await alice.get("table"))["watchers"] == ["carol"]
    carol.send(op="leave", code=code)
    assert (await alice.get("table")).get("watchers", []) == []
    carol.send(op="watch", code=code)
    await carol.get("table")
    assert (await bob.get("table"))["watchers"] == ["carol"]
    carol.close()  # dropping the connection is leaving too
    assert (await bob.get("table")).get("watchers", []) == []
    # A seated player asking to watch gets their seat back.
    alice.send(op="watch", code=code)
    assert (await alice.get("table"))["seat"] == 0
    carol = await Peer.connect(host, "carol")
    carol.send(op="watch", code="ZZZZ")
    assert "no table ZZZZ" in (await carol.get("error"))["message"]
    for peer in (alice, bob, carol):
        peer.close()


async def test_a_finished_table_rates_its_players_once_and_the_leaderboard_shows_them(host):
    alice, bob, code, seen = await seated_pair(host, "town", 31)
    table = host.tables[code]
    await play_to_the_end(host, "town", code, [alice, bob], seen, seed=3)
    winners = table.state.outcome.winners
    alice.send(op="get-ratings")
    mine = (await alice.get("ratings"))["rows"]
    assert [(r["game"], r["games"]) for r in mine] == [("town", 1)]
    bob.send(op="get-leaderboard", game="town")
    board = await bob.get("leaderboard")
    assert {r["name"] for r in board["rows"]} == {"alice", "bob"} and board["me"]["name"] == "bob"
    assert len(winners) == 1  # the winner is first
    assert board["rows"][0]["name"] == ["alice", "bob"][winners[0]]
    assert board["rows"][0]["rating"] > board["rows"][1]["rating"]
    # Closing again (a host restarted before it archived the table) rates nobody again.
    community.rate_closed(host, table)
    alice.send(op="get-ratings")
    assert (await alice.get("ratings"))["rows"][0]["games"] == 1
    bob.send(op="get-leaderboard", game="nope")
    assert "no game" in (await bob.get("error"))["message"]
    for peer in (alice, bob):
        peer.close()


def day_game(game_id: str, day: date, pick: int = 0, upto: int | None = None) -> tuple[list, object]:
    """A game of the day's deal, played by always taking legal move number `pick`
    (to its end, or `upto` moves): its actions as the app sends them, and its end."""
    game = GAMES[game_id]
    state = game.new(1, game.daily_seed(day), game.daily_options())
    actions: list = []
    while not state.over and (upto is None or len(actions) < upto):
        legal = state.legal_actions()
        action = legal[pick % len(legal)]
        state.apply(action)
        actions.append(game.action_to_builtins(action))
    return actions, state


def daily(game_id: str, day: date, actions: list, **claims) -> dict:
    """A daily-result message of today's app: the moves, and its own (unused) count."""
    return dict(op="daily-result", game=game_id, day=day.isoformat(), version=2,
                seed=GAMES[game_id].daily_seed(day), actions=actions,
                **({"won": False, "moves": len(actions), "hints": 0} | claims))


async def test_daily_results_a_days_leaderboard_and_a_streak(host, monkeypatch):
    today = date(2026, 12, 1)
    monkeypatch.setattr(host, "today", lambda: today)
    alice = await Peer.connect(host, "alice")
    bob = await Peer.connect(host, "bob")
    for back in (2, 1):  # alice won the two days before
        day = (today - timedelta(days=back)).isoformat()
        host.storage.record_daily("alice", "dash", day, True, 20, 0, None)
    alice.send(op="get-daily", game="dash")
    before = await alice.get("daily")
    assert before["day"] == "2026-12-01" and before["rows"] == [] and before["streak"] == 2  # alive till tonight
    lost, end = day_game("dash", today)
    bob.send(**daily("dash", today, lost, hints=2))
    await bob.get("daily")
    alice.send(**daily("dash", today, lost))
    board = await alice.get("daily")
    assert [(r["place"], r["name"]) for r in board["rows"]] == [(1, "alice"), (2, "bob")]  # fewer hints first
    assert board["rows"][0]["moves"] == end.turns and not board["rows"][0]["won"]
    assert board["streak"] == 0 and board["played"]  # lost today
    # The first finish of the day counts: a replay of the deal changes nothing.
    alice.send(**daily("dash", today, day_game("dash", today, pick=1)[0]))
    again = await alice.get("daily")
    assert again["rows"] == board["rows"]
    # TOWN 77: more tiles placed is better; its rank is the host's count.
    short, long = sorted((day_game("town", today, pick=k) for k in range(4)), key=lambda g: g[1].placed)[::3]
    assert short[1].placed < long[1].placed
    alice.send(**daily("town", today, short[0], rank="Mayor"))
    bob.send(**daily("town", today, long[0]))
    await alice.get("daily")
    bob_board = await bob.get("daily")
    from core.town.words import level_for

    assert [(r["name"], r["moves"], r["rank"]) for r in bob_board["rows"]] == [
        ("bob", long[1].placed, level_for(long[1].placed)), ("alice", short[1].placed, level_for(short[1].placed))]
    assert bob_board["streak"] == 0
    # Refused in words: a day long gone, a game without a deal of the day.
    gone = today - timedelta(days=30)
    alice.send(**daily("dash", gone, day_game("dash", gone)[0]))
    assert "not today's" in (await alice.get("error"))["message"]
    alice.send(**daily("skirmish", today, []) | {"seed": 1})
    assert "no deal of the day" in (await alice.get("error"))["message"]
    for peer in (alice, bob):
        peer.close()


async def test_a_forged_daily_result_is_recorded_as_its_moves_say(host, monkeypatch):
    today = date(2026, 12, 1)
    monkeypatch.setattr(host, "today", lambda: today)
    mallory = await Peer.connect(host, "mallory")
    lost, end = day_game("dash", today)
    assert not end.outcome.winners
    mallory.send(**daily("dash", today, lost, won=True, moves=1))
    row = (await mallory.get("daily"))["rows"][0]
    assert (row["won"], row["moves"]) == (False, end.turns)
    assert host.storage.daily_results("dash", today.isoformat())[0].won is False
    mallory.close()


async def test_a_daily_result_that_is_not_the_days_finished_game_is_refused_in_words(host, monkeypatch):
    today = date(2026, 12, 1)
    monkeypatch.setattr(host, "today", lambda: today)
    eve = await Peer.connect(host, "eve")
    unfinished = day_game("dash", today, upto=3)[0]
    eve.send(**daily("dash", today, unfinished, won=True))
    assert "not over" in (await eve.get("error"))["message"]
    other_day = day_game("dash", today + timedelta(days=5))[0]
    eve.send(**daily("dash", today, other_day) | {"seed": GAMES["dash"].daily_seed(today + timedelta(days=5))})
    assert "not the deal of 2026-12-01" in (await eve.get("error"))["message"]
    eve.send(**daily("dash", today, other_day))  # the day's seed claimed, another deal's moves
    assert "does not replay" in (await eve.get("error"))["message"]
    eve.send(**daily("dash", today, [{"nonsense": 1}]))
    assert "does not replay" in (await eve.get("error"))["message"]
    # An older app (version 1: its own count, no moves) is told why, and nothing is kept.
    eve.send(op="daily-result", game="dash", day="2026-12-01", won=True, moves=18, hints=0)
    assert "older than this host" in (await eve.get("error"))["message"]
    eve.send(op="get-daily", game="dash")
    assert (await eve.get("daily"))["rows"] == []
    eve.close()


def test_a_streak_counts_days_won_in_a_row():
    from host.community import streak

    day = date(2026, 12, 10)
    won = [("2026-12-08", True), ("2026-12-09", True)]
    assert streak(won, day) == 2  # today not played yet: alive
    assert streak(won + [("2026-12-10", False)], day) == 0  # lost today
    assert streak(won + [("2026-12-10", True)], day) == 3
    assert streak([("2026-12-07", True), ("2026-12-09", True)], day) == 1  # a day missed breaks it
