"""The issue 17 yardstick for HOUSE RULES: the textbook UCT in bench/ (random
rollouts, apart from core/ai) plays legal moves, keeps to its budget and is
reproducible with an iteration cap."""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from pathlib import Path

import pytest

from core.house_rules import GAME

BENCH = Path(__file__).resolve().parents[3] / "bench"


def _bench(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


TextbookUCT = _bench("textbook_uct").TextbookUCT


def test_textbook_uct_is_reproducible_with_an_iteration_cap():
    s = GAME.new(2, 4)
    b1, b2 = TextbookUCT(random.Random(3), iterations=6), TextbookUCT(random.Random(3), iterations=6)
    a1, a2 = b1.choose(s.view(0), 60.0), b2.choose(s.view(0), 60.0)
    assert a1 == a2 and a1 in s.legal_actions()
    assert b1.stats["iterations"] == 6


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_textbook_uct_keeps_to_its_budget_and_plays_legally():
    s = GAME.new(2, 5)
    bot = TextbookUCT(random.Random(1))
    for _ in range(3):
        t = time.perf_counter()
        a = bot.choose(s.view(s.to_move), 0.1)
        assert time.perf_counter() - t < 0.1 + 0.2  # the budget, plus one random game
        assert s.check(a) is None
        s.apply(a)

