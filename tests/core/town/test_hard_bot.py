"""TOWN 77 hard bot (issue 17): it remembers tiles shown in exchanges, it thinks
for the whole budget it is given, and a cap on iterations makes it reproducible."""

from __future__ import annotations

import random
import time

import pytest

from core.town import GAME
from core.town.actions import Exchange, Place
from core.town.bots import (
    SHORTLIST, WIDEN_STEP, HardBot, determinize_remembering, make_bot, ranked_placements,
    shown_in_exchanges, widened,
)
from core.town.tiles import TILE_CS


def _after_an_exchange():
    """A 2-player game (seed 4) where seat 0's first action is an exchange; then
    seat 0 places, and it is seat 1's turn with the three tiles accounted for."""
    st = GAME.new(2, 4)
    ex = [a for a in st.legal_actions() if isinstance(a, Exchange)]
    assert ex, "seed 4 deals seat 0 an exchange"
    st.apply(ex[0])
    while st.current == 0 and not st.over:
        st.apply(make_bot("normal", random.Random(1)).choose(st.view(0), 1.0))
    return st, ex[0]


def test_hard_remembers_tiles_shown_in_an_exchange_in_the_bag():
    # docs/rules/town.md: an exchange shows three tiles and puts them into the bag;
    # the exchanger then draws three, and places and draws one: four draws since.
    st, ex = _after_an_exchange()
    view = st.view(1)
    shown = shown_in_exchanges(view)
    assert set(shown) == set(ex.tiles)
    assert all(0.8 < p < 1.0 for p in shown.values()), shown
    rng = random.Random(3)
    remembered = plain = 0
    for _ in range(300):
        d = determinize_remembering(view, rng, shown)
        remembered += sum(t in d.bag for t in shown)
        plain += sum(t in view.determinize(rng).bag for t in shown)
        # what everybody sees is kept: the colours on every rack, the tiles in play
        for seat in range(2):
            assert sorted(TILE_CS[t][0] for t in d.racks[seat]) == sorted(
                TILE_CS[t][0] for t in st.racks[seat])
        assert sorted(d.bag + d.racks[0]) == sorted(st.bag + st.racks[0])
        assert d.racks[1] == st.racks[1]
    assert remembered >= 0.8 * 3 * 300, remembered
    assert plain < remembered - 60, (plain, remembered)  # the plain fill forgets them


def test_a_shown_tile_in_the_town_or_in_my_rack_is_not_guessed_about():
    st, ex = _after_an_exchange()
    mine = st.view(0)  # seat 0 exchanged and drew some of them back
    shown = shown_in_exchanges(mine)
    assert not set(shown) & set(st.racks[0])
    assert set(shown) == set(ex.tiles) - set(st.racks[0]) - {t for t in st.cells if t}


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_the_hard_bot_uses_its_budget_and_keeps_to_it():
    st = GAME.new(2, 11)
    rng = random.Random(5)
    for _ in range(6):
        st.play(rng.choice(st.legal_actions()))
    while len(st.legal_actions()) < 3:
        st.play(st.legal_actions()[0])
    view = st.view(st.current)
    bot = make_bot("hard", random.Random(2))
    budget = 0.5
    start = time.perf_counter()
    action = bot.choose(view, budget)
    took = time.perf_counter() - start
    assert st.check(action) is None
    # wall time, as the app counts it: room for the other test worker taking the core
    assert 0.6 * budget <= took <= budget + 0.45, took


def test_an_iteration_cap_gives_the_same_game_for_a_seed():
    def game():
        bots = [make_bot("hard", random.Random(10 + s), iterations=15) for s in range(2)]
        st = GAME.new(2, 8)
        out = []
        while not st.over:
            a = bots[st.current].choose(st.view(st.current), 1e6)
            out.append(a)
            st.apply(a)
        return out

    assert game() == game()


def test_hard_searches_every_legal_action_when_asked():
    st = GAME.new(2, 2)
    bot = HardBot(random.Random(1), iterations=30, shortlist=0)
    view = st.view(0)
    bot.choose(view, 10.0)
    searched = {a for a, _ in bot.search.stats["visits"]}
    assert searched == set(view.legal_actions())


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_leaving_stops_a_thinking_bot_at_once():
    # The app calls stop() when the player leaves: the searching levels now think
    # for their whole budget, so they must answer at once when asked.
    import threading

    st = GAME.new(2, 11)
    view = st.view(0)
    for level in ("normal", "hard"):
        bot = make_bot(level, random.Random(1))
        answer = []
        thread = threading.Thread(target=lambda b=bot: answer.append(b.choose(view, 20.0)))
        start = time.perf_counter()
        thread.start()
        time.sleep(0.1)
        bot.stop()
        thread.join(5.0)
        assert answer and time.perf_counter() - start < 1.5, level
        assert st.check(answer[0]) is None


def test_hard_searches_only_its_shortlist_below_the_root_too():
    # Issue 17: below the root every seat, the bot and the rivals it models, plays
    # one of the normal judgement's best placements (or an exchange/leave): three
    # while a node is young, more as it earns visits (progressive widening).
    st = GAME.new(3, 6)
    while st.placed < 6 or st.phase != "turn":
        st.apply(make_bot("easy", random.Random(2)).choose(st.view(st.to_move), 1.0))
    me = st.current
    bot = HardBot(random.Random(1), iterations=3000)
    seen = []

    def recording(state, visits):
        found = bot._tree_actions(state, visits)
        seen.append((state.hidden, state.current, visits, found))
        return found

    assert bot.search.tree_actions == bot._tree_actions  # the hard level searches this way
    bot.search.tree_actions = recording
    bot.choose(st.view(st.to_move), 60.0)
    below = [(seat, visits, found) for hidden, seat, visits, found in seen if not hidden]
    seats = {seat for seat, _, _ in below}
    assert me in seats and len(seats) >= 2  # its own later turns and a rival's
    for _, visits, found in below:
        places = [a for a in found if isinstance(a, Place)]
        assert len(places) <= widened(SHORTLIST, visits, WIDEN_STEP)
        if visits < WIDEN_STEP:
            assert len(places) <= SHORTLIST
    # Some node earned a wider look, and the widening adds the next best ones.
    wide = [found for _, visits, found in below if visits >= WIDEN_STEP]
    assert wide and max(sum(isinstance(a, Place) for a in f) for f in wide) > SHORTLIST


def test_widening_grows_with_the_square_root_of_visits():
    assert [widened(3, v, 400) for v in (0, 399, 400, 1599, 1600, 3600)] == [3, 3, 4, 4, 5, 6]
    assert widened(3, 10_000, None) == 3


def test_a_node_widens_to_the_next_best_placements_of_the_same_ranking():
    st = GAME.new(2, 4)
    bot = HardBot(random.Random(1))
    young = [a for a in bot._tree_actions(st, 0) if isinstance(a, Place)]
    older = [a for a in bot._tree_actions(st, 4 * WIDEN_STEP) if isinstance(a, Place)]
    assert young == ranked_placements(st)[:SHORTLIST]
    assert older[:SHORTLIST] == young and len(older) == SHORTLIST + 2


def test_a_shortlist_kept_for_a_decision_knows_whether_an_exchange_is_open():
    st = GAME.new(2, 4)  # seat 0 may exchange
    shut = st.clone()
    shut.bag = []  # same town and rack, nothing to draw: no exchange
    bot = HardBot(random.Random(1))
    opened = bot._tree_actions(st)
    assert any(isinstance(a, Exchange) for a in opened)
    assert not any(isinstance(a, Exchange) for a in bot._tree_actions(shut))
    assert len(bot._tree_cache) == 2
    assert bot._tree_actions(st) == opened  # kept, not worked out again
    assert len(bot._tree_cache) == 2
