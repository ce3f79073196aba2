"""AlphaBetaBot on Nim, two-step Nim (a seat acts twice in a row) and tic-tac-toe."""

import random
import time
from functools import reduce

import pytest

from aitoys import (
    Mark,
    NimState,
    Pick,
    Take,
    TTTGame,
    TTTState,
    TwoStepNimState,
    nim_eval,
    ttt_eval,
)

from core.ai.alphabeta import WIN_THRESHOLD, AlphaBetaBot
from core.ai.arena import tournament
from core.ai.basic import RandomBot
from core.ai.common import WIN_SCORE


def nim_key(state):
    return (state.to_move, getattr(state, "picked", None), tuple(state.heaps))


def ttt_key(state):
    return (state.to_move, tuple(state.board))


def solve_ttt(state, seat, memo=None):
    """Exact game value for seat: 1 win, 0 draw, -1 loss."""
    memo = {} if memo is None else memo
    k = (tuple(state.board), state.to_move)
    if k in memo:
        return memo[k]
    if state.over:
        w = state.outcome.winners
        v = 0 if not w else (1 if seat in w else -1)
    else:
        vals = []
        for a in state.legal_actions():
            c = state.clone()
            c.play(a)
            vals.append(solve_ttt(c, seat, memo))
        v = max(vals) if state.to_move == seat else min(vals)
    memo[k] = v
    return v


def test_finds_the_nim_winning_move():
    for heaps in ([1, 2, 4], [3, 4, 6], [2, 5, 6], [1, 1, 3]):
        state = NimState(heaps)
        bot = AlphaBetaBot(nim_eval, random.Random(0), key=nim_key)
        action = bot.choose(state, 5.0)
        after = list(heaps)
        after[action.heap] -= action.n
        assert reduce(lambda a, b: a ^ b, after) == 0
        assert bot.stats["value"] >= WIN_THRESHOLD


def test_mate_in_n_prefers_the_fastest_win():
    # X (seat 0): X at 0 and 4, O at 1 and 8. X wins at once? no: 0-4-8 is blocked.
    # X to move at 6 makes a fork (0-3-6 and 2-4-6): a forced win in 3 plies.
    state = TTTState([0, 1, None, None, 0, None, None, None, 1], 0)
    bot = AlphaBetaBot(ttt_eval, random.Random(1), key=ttt_key)
    action = bot.choose(state, 5.0)
    after = state.clone()
    after.play(action)
    assert solve_ttt(after, 0) == 1
    assert bot.stats["value"] == WIN_SCORE - 3
    # With an immediate win on the board, it takes that (mate in 1).
    state = TTTState([0, 0, None, 1, 1, None, None, None, None], 0)
    bot = AlphaBetaBot(ttt_eval, random.Random(1), key=ttt_key)
    assert bot.choose(state, 5.0) == Mark(2)
    assert bot.stats["value"] == WIN_SCORE - 1


def test_defends_against_a_threat_as_minimiser():
    # O (seat 1) to move must block X's 0-1-2 at cell 2.
    state = TTTState([0, 0, None, None, 1, None, None, None, None], 1)
    assert AlphaBetaBot(ttt_eval, random.Random(2), key=ttt_key).choose(state, 5.0) == Mark(2)


def test_two_actions_in_a_row_are_searched_as_plies():
    # A turn is Pick then Take by the same seat; the winner must pick the right heap
    # and then take the right number.
    state = TwoStepNimState([1, 2, 4], 0)
    bot = AlphaBetaBot(nim_eval, random.Random(0), key=nim_key)
    pick = bot.choose(state, 5.0)
    assert isinstance(pick, Pick) and pick.heap == 2
    state.play(pick)
    assert bot.choose(state, 5.0) == Take(2, 1)
    assert bot.stats["value"] >= WIN_THRESHOLD


def test_two_step_nim_winner_always_wins_against_random():
    for seed in range(6):
        state = TwoStepNimState([1, 3, 5], 0)  # 1^3^5 = 7: the first player wins
        ab = AlphaBetaBot(nim_eval, random.Random(seed), key=nim_key)
        rnd = RandomBot(random.Random(seed))
        while not state.over:
            bot = ab if state.to_move == 0 else rnd
            action = bot.choose(state.view(state.to_move), 2.0)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.outcome.winners == (0,)


def test_values_with_and_without_table_agree_with_exact_solution():
    rng = random.Random(5)
    for _ in range(12):
        state = TTTState()
        for _ in range(rng.randrange(1, 5)):
            state.play(rng.choice(state.legal_actions()))
        if state.over:
            continue
        seat = state.to_move
        exact = solve_ttt(state, seat)
        for key in (ttt_key, False):
            bot = AlphaBetaBot(ttt_eval, random.Random(0), key=key)
            action = bot.choose(state, 10.0)
            if len(state.legal_actions()) == 1:
                continue
            v = bot.stats["value"]
            got = 0 if abs(v) < WIN_THRESHOLD else (1 if v > 0 else -1)
            assert got == exact
            after = state.clone()
            after.play(action)
            assert solve_ttt(after, seat) == exact


def test_never_loses_tic_tac_toe_against_random():
    res = tournament(
        TTTGame(),
        lambda rng: AlphaBetaBot(ttt_eval, rng, key=ttt_key),
        lambda rng: RandomBot(rng),
        games=10,
        budget_s=5.0,
    )
    assert res.losses == 0 and res.wins >= 7


def test_default_key_uses_to_text():
    state = NimState([1, 2, 4])
    bot = AlphaBetaBot(nim_eval, random.Random(0))
    action = bot.choose(state, 5.0)
    assert action == Take(2, 1)


def test_move_order_hook_is_used():
    calls = []

    def order(state, actions):
        calls.append(len(actions))
        return sorted(actions, key=lambda a: -a.n)

    AlphaBetaBot(nim_eval, random.Random(0), key=nim_key, move_order=order).choose(NimState([2, 3]), 5.0)
    assert calls


def test_deterministic_for_seed_and_node_cap():
    state = NimState([5, 6, 7, 9])
    runs = [
        AlphaBetaBot(nim_eval, random.Random(11), key=nim_key, max_nodes=3000).choose(state, 60.0)
        for _ in range(3)
    ]
    assert runs[0] == runs[1] == runs[2]
    assert runs[0] in state.legal_actions()


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_budget_respected_and_last_completed_depth_returned():
    state = NimState([7, 8, 9, 10, 11])

    def slow_eval(s, seat):
        return float(sum(s.heaps) % 3)

    bot = AlphaBetaBot(slow_eval, random.Random(3), key=nim_key)
    t0 = time.perf_counter()
    action = bot.choose(state, 0.3)
    assert time.perf_counter() - t0 < 0.3 + 0.2
    assert action in state.legal_actions()
    done = bot.stats["depth"]
    assert done >= 1
    # The same search capped at that depth (no timeout) picks the same action.
    capped = AlphaBetaBot(slow_eval, random.Random(3), key=nim_key, max_depth=done)
    assert capped.choose(state, 60.0) == action
    assert capped.stats["depth"] == done


def test_tiny_budget_still_returns_a_legal_action():
    state = NimState([9, 9, 9, 9, 9, 9])
    action = AlphaBetaBot(nim_eval, random.Random(0), key=nim_key).choose(state, 0.0)
    assert action in state.legal_actions()


def test_max_depth_caps_the_search():
    bot = AlphaBetaBot(ttt_eval, random.Random(0), key=ttt_key, max_depth=2)
    bot.choose(TTTState(), 10.0)
    assert bot.stats["depth"] == 2


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_stop_from_another_thread_ends_the_search():
    import threading

    state = NimState([7, 8, 9, 10, 11, 12])
    bot = AlphaBetaBot(lambda s, seat: float(sum(s.heaps) % 3), random.Random(0), key=nim_key)
    result = []
    worker = threading.Thread(target=lambda: result.append(bot.choose(state, 30.0)))
    t0 = time.perf_counter()
    worker.start()
    time.sleep(0.1)
    bot.stop()
    worker.join(5.0)
    assert time.perf_counter() - t0 < 2.0
    assert result and result[0] in state.legal_actions()
