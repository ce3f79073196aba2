"""Ratings (host/ratings.py, host/community.py): OpenSkill's Plackett-Luce model for
2-5 player free-for-all tables; bots have fixed ratings; a table is rated once."""

from __future__ import annotations

import pytest

import saves
from core.engine import Outcome
from host import community
from host import ratings as r


def human(name):
    return (name, "human", None)


def test_a_win_raises_the_winner_and_lowers_the_loser():
    new = r.rate("house-rules", [human("ann"), human("bob")], [1, 2], {})
    assert new["ann"].mu > r.MU > new["bob"].mu
    assert r.displayed(new["ann"]) > r.displayed(r.NEW) > r.displayed(new["bob"])


def test_a_bots_rating_never_changes_and_beating_a_harder_bot_is_worth_more():
    before = r.bot_rating("town", "easy"), r.bot_rating("town", "hard")
    beat_easy = r.rate("town", [human("ann"), ("Easy bot 2", "bot", "easy")], [1, 2], {})
    beat_hard = r.rate("town", [human("ann"), ("Hard bot 2", "bot", "hard")], [1, 2], {})
    assert set(beat_easy) == {"ann"}  # the bot is not rated
    assert (r.bot_rating("town", "easy"), r.bot_rating("town", "hard")) == before
    assert beat_hard["ann"].mu > beat_easy["ann"].mu > r.MU
    # Losing to the hard bot costs less than losing to the easy one.
    lost_hard = r.rate("town", [human("ann"), ("Hard bot 2", "bot", "hard")], [2, 1], {})
    lost_easy = r.rate("town", [human("ann"), ("Easy bot 2", "bot", "easy")], [2, 1], {})
    assert lost_easy["ann"].mu < lost_hard["ann"].mu < r.MU


def test_a_tie_between_equals_moves_neither_mu_and_makes_both_surer():
    new = r.rate("skirmish", [human("ann"), human("bob")], [1, 1], {})
    assert new["ann"].mu == pytest.approx(r.MU) and new["bob"].mu == pytest.approx(r.MU)
    assert new["ann"].sigma < r.SIGMA


def test_five_players_the_winner_climbs_and_the_others_share_second():
    seats = [human(n) for n in ("ann", "bob", "cid", "dee")] + [("Hard bot 5", "bot", "hard")]
    outcome = Outcome(winners=(2,), reason="cid won", scores=(0, 0, 0, 0, 0))
    ranks = r.ranks_of(outcome, 5)
    assert ranks == [1 if i == 2 else 2 for i in range(5)]
    new = r.rate("town", seats, ranks, {})
    assert set(new) == {"ann", "bob", "cid", "dee"}
    assert new["cid"].mu > r.MU
    assert all(new[n].mu < r.MU for n in ("ann", "bob", "dee"))
    assert new["ann"].mu == pytest.approx(new["bob"].mu)  # tied second


def test_a_nobody_wins_outcome_ties_everybody():
    assert r.ranks_of(Outcome(winners=(), reason="draw", scores=(0, 0, 0)), 3) == [1, 1, 1]


def test_a_stronger_players_win_moves_less_than_an_upset():
    strong, weak = r.Rating(35, 3), r.Rating(20, 3)
    expected = r.rate("house-rules", [human("s"), human("w")], [1, 2], {"s": strong, "w": weak})
    upset = r.rate("house-rules", [human("s"), human("w")], [2, 1], {"s": strong, "w": weak})
    assert 0 < expected["s"].mu - strong.mu < upset["w"].mu - weak.mu


def finished_table(game_id="house-rules", names=("ann", "bob")):
    seats = [saves.Seat(name=n, kind="human") for n in names]
    save = saves.new_save(game_id, seats, {}, 7)
    save.created = "2026-12-01T10:00:00"

    class Over:
        over = True
        outcome = Outcome(winners=(0,), reason="ann won", scores=(1, 0))

    return save, Over()


@pytest.fixture
def records(tmp_path):
    from host.storage import open_storage

    storage = open_storage(tmp_path / "houses.db")
    yield storage
    storage.close()


def test_the_same_table_rated_twice_counts_once(records):
    save, state = finished_table()
    first = community.rate_table(records, "ABCD 2026-12-01T10:00:00", save, state)
    assert first["ann"].mu > r.MU
    again = community.rate_table(records, "ABCD 2026-12-01T10:00:00", save, state)
    assert again == {}
    assert records.rating("house-rules", "ann") == (first["ann"].mu, first["ann"].sigma, 1)
    # Another table (the same code, opened later) counts.
    community.rate_table(records, "ABCD 2026-12-02T10:00:00", save, state)
    assert records.rating("house-rules", "ann")[2] == 2


def test_a_cooperative_game_is_not_rated(records):
    save, state = finished_table("dash")
    assert community.rate_table(records, "ABCD x", save, state) == {}
    assert records.rating("dash", "ann") is None


def test_the_leaderboard_orders_by_the_conservative_rating_and_finds_my_row(records):
    records.set_ratings("town", "t1", {"ann": (30.0, 2.0), "bob": (40.0, 8.0), "cid": (26.0, 1.0)})
    board = community.leaderboard(records, "town", "bob", limit=2)
    assert [(row.rank, row.name) for row in board.rows] == [(1, "ann"), (2, "cid")]  # 24 and 23 beat bob's 16
    assert board.me is not None and board.me.name == "bob" and board.me.rank == 0 and board.me.games == 1
    assert board.me.rating == pytest.approx(16.0)
