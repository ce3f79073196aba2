"""Icehouse Dash: the solver, hints, winnable-only deals and the daily deal."""

from __future__ import annotations

import datetime
import random
import time

import pytest

import core.dash as dash
from core.dash import GAME, Options, daily_seed, derived_seed
from core.dash.solver import hint, search, solve
from core.dash.state import deal


def replay_wins(state, line) -> bool:
    s = state.clone()
    for a in line:
        s.apply(a)  # checked: every play of the line is legal
    return s.over and s.outcome.winners == tuple(range(s.seats))


def test_solver_line_really_wins_when_replayed():
    for seats in range(1, 5):
        for seed in range(3):
            s = GAME.new(seats, 40 + seed)
            line = solve(s, 20_000)
            assert line is not None, (seats, seed)
            assert replay_wins(s, line)


def test_solver_is_deterministic_and_counts_nodes_not_time():
    s = GAME.new(1, 12)
    a, b = search(s, 20_000), search(s.clone(), 20_000)
    assert a.line == b.line and a.nodes == b.nodes and a.decided and a.line


def test_solver_starts_from_the_middle_of_a_game():
    s = GAME.new(2, 31)
    line = solve(s, 20_000)
    for a in line[:4]:
        s.apply(a)
    rest = solve(s, 20_000)
    assert rest is not None and replay_wins(s, rest)


def test_solver_gives_up_within_its_node_limit():
    s = deal(1, 394, Options(), 394)
    r = search(s, 3)
    assert r.line is None and not r.decided and r.nodes <= 4


def test_solver_proves_a_lost_position():
    # Five trees need at least ten plays; with the pile laid aside only six cards are left.
    s = GAME.new(1, 3)
    s.played["N"].extend(s.pile)
    s.pile.clear()
    r = search(s, 1000)
    assert r.line is None and r.decided


def test_solver_refuses_a_view():
    s = GAME.new(1, 2)
    with pytest.raises(ValueError):
        solve(s.view(0), 100)


def test_hint_is_the_next_play_of_a_winning_line():
    s = GAME.new(1, 5)
    line = solve(s, 20_000)
    assert hint(s, 20_000) == line[0]


def test_hint_without_a_line_is_still_a_legal_play():
    s = GAME.new(3, 8)
    h = hint(s, 1)
    assert h is not None and s.check(h) is None
    assert hint(s.clone(), 1) == h
    done = s.clone()
    for a in solve(done, 20_000):
        done.apply(a)
    assert hint(done, 10) is None


def test_ruling_winnable_deals_are_winnable():
    for seats in (1, 2, 4):
        for seed in range(2):
            s = GAME.new(seats, seed, Options(winnable=True))
            assert s.options.winnable and s.seed == seed
            line = solve(s, dash.WINNABLE_NODE_LIMIT)
            assert line is not None and replay_wins(s, line)


def test_ruling_winnable_walks_derived_seeds_and_replays_exactly(monkeypatch):
    monkeypatch.setattr(dash, "WINNABLE_NODE_LIMIT", 25)  # so most first deals fail
    walked = None
    for seed in range(20):
        s = GAME.new(1, seed, Options(winnable=True))
        assert solve(s, 25) is not None
        if s.deal_seed != seed:
            walked = s
            break
    assert walked is not None
    k = next(k for k in range(1, 400) if derived_seed(walked.seed, k) == walked.deal_seed)
    for j in range(k):
        assert solve(deal(1, walked.seed, walked.options, derived_seed(walked.seed, j)), 25) is None
    again = GAME.new(1, walked.seed, Options(winnable=True))
    assert again.to_text() == walked.to_text()
    assert GAME.from_text(walked.to_text()).to_text() == walked.to_text()


def test_daily_seed_is_the_same_for_a_date_and_differs_between_dates():
    d = datetime.date(2026, 3, 14)
    assert daily_seed(d) == daily_seed(datetime.date(2026, 3, 14))
    seeds = {daily_seed(d + datetime.timedelta(days=i)) for i in range(365)}
    assert len(seeds) == 365
    assert str(daily_seed(d)).startswith("20260314")


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_daily_deal_is_quick():
    worst = 0.0
    for i in range(0, 730, 73):
        d = datetime.date(2026, 1, 1) + datetime.timedelta(days=i)
        t = time.perf_counter()
        s = GAME.new(1, daily_seed(d), Options(winnable=True))
        worst = max(worst, time.perf_counter() - t)
        assert not s.over
    assert worst < 3.0  # the figure on a quiet machine is in docs/performance.md


def test_ruling_finished_tree_not_frozen_solver_takes_a_tree_apart_to_win():
    # Only the red small (a1, on its tree) can spend the 8s: it must leave, then come back.
    from core.dash.state import DashState

    s = DashState()
    s.stacks = {"a1": [("R", 3), ("R", 2), ("R", 1)], "d4": [("Y", 3), ("Y", 2), ("Y", 1)],
                "e4": [("G", 3), ("G", 2), ("G", 1)], "d5": [("B", 3), ("B", 2), ("B", 1)],
                "e5": [("K", 3), ("K", 2)], "e7": [("K", 1)]}
    s.hands, s.pile, s.to_move = [["8C", "8H"]], ["3S"], 0
    s.trees, s.tree_squares = ["R", "Y", "G", "B"], {"R": "a1", "Y": "d4", "G": "e4", "B": "d5"}
    r = search(s, 1000)
    assert r.decided and r.line is not None and len(r.line) == 3
    assert replay_wins(s, r.line)
    assert hint(s, 1000) == r.line[0]


def test_ruling_winnable_deals_keep_the_deal_they_always_had():
    # Winnable deals are chosen by the search that keeps trees standing (the one used
    # before trees could be taken apart), so saved games and daily deals replay the
    # same deal. These two once moved on to their next deal with the wider search.
    for seed in (202606183971, 202704052218):
        s = GAME.new(1, seed, Options(winnable=True))
        assert s.deal_seed == seed
    # and deals the earlier search chose, pinned:
    assert [GAME.new(n, 10_000 + i, Options(winnable=True)).deal_seed for n in (2, 4) for i in range(3)] == [
        10000, 10001, 10002, 10000, 68154894441883, 10002]


def test_solver_keep_trees_never_takes_a_tree_apart():
    s = GAME.new(1, 1)
    line = solve(s, 20_000, keep_trees=True)
    t = s.clone()
    for a in line:
        standing = dict(t.tree_squares)
        assert all(a.src != sq for sq in standing.values())
        t.apply(a)
    assert t.over and t.outcome.winners == (0,)
