"""Flat Monte Carlo (core.ai.flat): a search one move deep over determinizations."""

from __future__ import annotations

import random
import time

import pytest

from aitoys import NimState, Take, TricksGame

from core.ai.flat import FlatMonteCarloBot


def test_takes_the_last_objects_when_it_can():
    # heaps 0, 3: taking all three wins at once; one or two lets the rival win
    # sometimes in random play-outs
    for seed in range(3):
        bot = FlatMonteCarloBot(random.Random(seed), max_iterations=300)
        assert bot.choose(NimState([0, 3]), 60.0) == Take(1, 3)


def test_root_actions_limit_the_choice_and_the_cap_makes_it_reproducible():
    st = NimState([3, 4, 5])
    only = [Take(0, 1), Take(1, 1)]
    a = FlatMonteCarloBot(random.Random(5), max_iterations=50).choose(st, 60.0, root_actions=only)
    b = FlatMonteCarloBot(random.Random(5), max_iterations=50).choose(st, 60.0, root_actions=only)
    assert a == b and a in only


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_keeps_to_its_budget_on_hidden_information():
    game = TricksGame()
    st = game.new(3, 4)
    bot = FlatMonteCarloBot(random.Random(1))
    start = time.perf_counter()
    action = bot.choose(st.view(st.to_move), 0.2)
    assert action in st.legal_actions()
    assert 0.2 <= time.perf_counter() - start < 0.4
    assert bot.stats["iterations"] > 1
