"""The issue 17 yardstick and harness: the textbook SO-ISMCTS in bench/ plays
TOWN 77 and Skirmish through the engine protocol alone, and the arena measures
both sides of a series (time, iterations, the score's Wilson interval)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from aitoys import NimGame, NimState, Take, TTTGame

from core import GAMES
from core.ai.arena import Timed, tournament, wilson
from core.ai.basic import RandomBot

BENCH = Path(__file__).resolve().parents[3] / "bench"


def _bench(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


textbook = _bench("textbook_ismcts")


def test_textbook_search_plays_town_and_skirmish_legally_to_the_end():
    for game_id, seats, its in (("town", 2, 8), ("town", 4, 4), ("skirmish", 2, 3)):
        game = GAMES[game_id]
        bots = [textbook.TextbookISMCTS(random.Random(s), iterations=its) for s in range(seats)]
        st = game.new(seats, 3)
        moves = 0
        while not st.over and moves < 400:
            a = bots[st.to_move].choose(st.view(st.to_move), 60.0)
            st.apply(a)  # checked: an illegal action raises
            moves += 1
        assert st.over or moves == 400


def test_textbook_search_is_reproducible_with_an_iteration_cap():
    st = GAMES["town"].new(3, 9)
    view = st.view(0)
    a1 = textbook.TextbookISMCTS(random.Random(4), iterations=60).choose(view, 60.0)
    a2 = textbook.TextbookISMCTS(random.Random(4), iterations=60).choose(view, 60.0)
    assert a1 == a2


def test_textbook_search_finds_the_winning_nim_move_and_beats_random_at_tic_tac_toe():
    # heaps 1, 2, 4: the only winning move takes 1 from the heap of 4 (nim sum 0)
    bot = textbook.TextbookISMCTS(random.Random(1), iterations=3000)
    assert bot.choose(NimState([1, 2, 4]), 60.0) == Take(2, 1)
    res = tournament(TTTGame(), lambda r: textbook.TextbookISMCTS(r, iterations=150),
                     lambda r: RandomBot(r), games=10, seed=2)
    assert res.wins >= 7 and res.losses == 0, res.line()


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_textbook_search_keeps_to_its_time_budget():
    import time

    st = GAMES["town"].new(2, 5)
    bot = textbook.TextbookISMCTS(random.Random(1))
    start = time.perf_counter()
    bot.choose(st.view(0), 0.2)
    took = time.perf_counter() - start
    assert 0.2 <= took < 0.4 and bot.stats["iterations"] > 1


def test_wilson_interval():
    lo, hi = wilson(0.5, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(1.0, 10)[1] == 1.0 and wilson(1.0, 10)[0] > 0.69
    assert wilson(0.0, 0) == (0.0, 1.0)


def test_a_series_measures_time_and_iterations_of_both_sides():
    res = tournament(NimGame(), lambda r: textbook.TextbookISMCTS(r, iterations=30),
                     lambda r: RandomBot(r), games=4, seed=1)
    assert res.times_a and res.times_b
    assert set(res.iterations_a) == {30} and not res.iterations_b  # random bot: no search
    row = res.report("tb", "random")
    assert "4 games" in row and "[" in row and "30 it" in row


def test_timed_counts_only_decisions_with_a_choice():
    times, its = [], []
    bot = Timed(RandomBot(random.Random(1)), times, its)
    st = TTTGame().new(2, 0)
    bot.choose(st, 1.0)
    assert len(times) == 1


def test_forked_jobs_play_the_same_series():
    def mk(r):
        return textbook.TextbookISMCTS(r, iterations=20)

    one = tournament(NimGame(), mk, mk, games=4, seed=5)
    two = tournament(NimGame(), mk, mk, games=4, seed=5, jobs=2)
    assert one.records == two.records and one.iterations_a == two.iterations_a


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_the_benches_cpu_clock_counts_a_budget_in_cpu_seconds(monkeypatch):
    import time

    clock = _bench("_clock")
    monkeypatch.setattr(time, "perf_counter", time.perf_counter)  # restored after the test
    clock.use_cpu_clock()
    before = time.perf_counter()
    time.sleep(0.2)  # waiting costs no CPU, so a CPU budget does not run down
    assert time.perf_counter() - before < 0.1
    st = GAMES["town"].new(2, 5)
    bot = textbook.TextbookISMCTS(random.Random(1))
    cpu = time.process_time()
    bot.choose(st.view(0), 0.1)
    assert 0.1 <= time.process_time() - cpu < 0.3 and bot.stats["iterations"] > 1
