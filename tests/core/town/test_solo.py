"""TOWN 77 solo: the level table, the daily seed, the strong strategy and its hint."""

from __future__ import annotations

import datetime as dt
import random

from core.town import GAME, ChooseStack, Place
from core.town.solo import SoloBot, daily_seed, solo_hint
from core.town.words import LEVELS, level_for


def test_ruling_solo_level_table():
    lows = [low for low, _ in LEVELS]
    assert lows == sorted(lows) and lows[0] == 0 and lows[-1] == 49
    assert len({name for _, name in LEVELS}) == len(LEVELS)
    assert level_for(49) == LEVELS[-1][1]
    assert level_for(48) != LEVELS[-1][1]
    assert level_for(1) == LEVELS[0][1]
    for low, name in LEVELS:
        assert level_for(low) == name
        if low:
            assert level_for(low - 1) != name


def test_ruling_solo_game_ends_with_the_rank_in_the_reason():
    st = GAME.new(1, 4)
    bot = SoloBot()
    while not st.over:
        st.apply(bot.choose(st.view(0)))
    assert level_for(st.placed) in st.outcome.reason
    assert st.outcome.scores == (float(st.placed),)


def test_daily_seed_is_the_same_for_everyone_on_a_date():
    d = dt.date(2026, 11, 29)
    assert daily_seed(d) == daily_seed("2026-11-29") == daily_seed(dt.date(2026, 11, 29))
    assert daily_seed(d) != daily_seed(dt.date(2026, 11, 30))
    assert daily_seed(d) == 23139629  # fixed for ever: everybody's puzzle of the day
    assert isinstance(daily_seed(), int)


def test_solo_hint_is_legal_and_uses_only_the_view():
    rng = random.Random(1)
    for seed in range(6):
        st = GAME.new(1, seed)
        while not st.over:
            hint = solo_hint(st)
            assert st.check(hint) is None
            assert isinstance(hint, (ChooseStack, Place))
            # the hint is the same whatever the hidden styles are
            v = st.view(0)
            other = v.determinize(rng)
            other_hint = solo_hint(other)
            assert other_hint == hint
            st.apply(hint if rng.random() < 0.8 else rng.choice(st.legal_actions()))


def test_solo_strategy_beats_random_play():
    rng = random.Random(2)
    bot = SoloBot()
    strong = random_total = 0
    for seed in range(12):
        st = GAME.new(1, 900 + seed)
        while not st.over:
            st.apply(bot.choose(st.view(0)))
        strong += st.placed
        st = GAME.new(1, 900 + seed)
        while not st.over:
            st.apply(rng.choice(st.legal_actions()))
        random_total += st.placed
    assert strong > 1.5 * random_total
