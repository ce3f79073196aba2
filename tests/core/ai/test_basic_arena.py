"""RandomBot, GreedyBot, rollout policies and the arena, on toy games."""

import random

import pytest
from aitoys import Mark, NimState, TTTGame, TTTState, TricksGame, ttt_eval

from core.ai.arena import play_match, tournament
from core.ai.basic import (
    GreedyBot,
    RandomBot,
    epsilon_greedy_policy,
    greedy_policy,
    random_policy,
)
from core.ai.common import WIN_SCORE, action_key, outcome_rewards, outcome_score
from core.engine import Outcome


def test_random_bot_returns_only_legal_actions():
    bot = RandomBot(random.Random(1))
    for seed in range(20):
        state = TricksGame().new(3, seed)
        while not state.over:
            view = state.view(state.to_move)
            action = bot.choose(view, 0.1)
            assert state.check(action) is None
            state.apply(action)


def test_random_bot_is_deterministic_for_a_seed():
    state = TTTState()
    a = [RandomBot(random.Random(7)).choose(state, 0) for _ in range(5)]
    b = [RandomBot(random.Random(7)).choose(state, 0) for _ in range(5)]
    assert a == b


def test_single_legal_action_is_returned_at_once():
    state = NimState([0, 1, 0])

    class Boom:
        def __call__(self, *a):
            raise AssertionError("evaluate must not be called")

    assert GreedyBot(Boom(), random.Random(0)).choose(state, 1.0) == state.legal_actions()[0]
    assert RandomBot(random.Random(0)).choose(state, 1.0) == state.legal_actions()[0]


def test_choose_on_finished_game_raises():
    state = NimState([0, 0])
    with pytest.raises(ValueError):
        RandomBot(random.Random(0)).choose(state, 0.1)


def test_greedy_takes_immediate_win():
    # X to move (seat 0) can win at cell 2.
    state = TTTState([0, 0, None, 1, 1, None, None, None, None], 0)
    for seed in range(5):
        assert GreedyBot(ttt_eval, random.Random(seed)).choose(state, 1.0) == Mark(2)


def test_greedy_prefers_the_better_evaluation():
    # Empty board: the centre is on 4 lines, the best open-lines score.
    assert GreedyBot(ttt_eval, random.Random(0)).choose(TTTState(), 1.0) == Mark(4)


def test_greedy_ties_broken_by_rng():
    state = NimState([2, 2, 2])  # every action scores the same (0)
    seen = {GreedyBot(lambda s, p: 0.0, random.Random(seed)).choose(state, 1.0) for seed in range(30)}
    assert len(seen) > 2


def test_greedy_noise_makes_weaker_choices():
    state = TTTState()
    picks = {GreedyBot(ttt_eval, random.Random(s), noise=5.0).choose(state, 1.0) for s in range(40)}
    assert Mark(4) in picks and len(picks) > 1


def test_greedy_works_on_hidden_information_views():
    game = TricksGame()
    bot = GreedyBot(lambda s, seat: float(s.tricks[seat]), random.Random(3), samples=3)
    state = game.new(2, 5)
    while not state.over:
        action = bot.choose(state.view(state.to_move), 1.0)
        assert action in state.legal_actions()
        state.apply(action)


def test_outcome_rewards_winners_share_one_draw_is_fair_share():
    assert outcome_rewards(Outcome((1,), "", ()), 3) == (0.0, 1.0, 0.0)
    assert outcome_rewards(Outcome((0, 2), "", ()), 3) == (0.5, 0.0, 0.5)
    assert outcome_rewards(Outcome((), "", ()), 2) == (0.5, 0.5)


def test_outcome_score_scale():
    assert outcome_score(Outcome((0,), "", ()), 0, 2) == WIN_SCORE
    assert outcome_score(Outcome((0,), "", ()), 1, 2) == -WIN_SCORE
    assert outcome_score(Outcome((), "", ()), 1, 2) == 0.0
    assert outcome_score(Outcome((0, 1), "", ()), 1, 2) == 0.0
    assert 0 < outcome_score(Outcome((0, 1), "", ()), 1, 3) < WIN_SCORE


def test_action_key_hashes_unfrozen_structs_by_json():
    import msgspec

    class Loose(msgspec.Struct, tag="loose"):
        x: int

    assert action_key(Mark(3)) == Mark(3)
    assert action_key(Loose(1)) == action_key(Loose(1)) != action_key(Loose(2))


def test_rollout_policies_return_legal_actions():
    rng = random.Random(0)
    state = TTTState()
    for policy in (random_policy, greedy_policy(ttt_eval), epsilon_greedy_policy(ttt_eval, 0.3)):
        s = state.clone()
        while not s.over:
            a = policy(s, rng)
            assert a in s.legal_actions()
            s.play(a)
    # The greedy policy takes an immediate win.
    win = TTTState([0, 0, None, 1, 1, None, None, None, None], 0)
    assert greedy_policy(ttt_eval)(win, rng) == Mark(2)


def test_play_match_returns_outcome_and_rejects_illegal_bots():
    out = play_match(TTTGame(), [RandomBot(random.Random(1)), RandomBot(random.Random(2))], seed=0)
    assert out is not None

    class Cheat:
        def choose(self, view, budget_s):
            return Mark(99)

    from core.engine import IllegalAction

    with pytest.raises(IllegalAction):
        play_match(TTTGame(), [Cheat(), Cheat()], seed=0)


def test_tournament_rotates_seats_and_counts():
    res = tournament(
        TTTGame(),
        lambda rng: GreedyBot(ttt_eval, rng),
        lambda rng: RandomBot(rng),
        games=30,
        seats=2,
        seed=4,
    )
    assert res.games == 30 == res.wins + res.draws + res.losses
    assert {seat for _, seat, _ in res.records} == {0, 1}
    assert res.wins > 2 * res.losses  # greedy clearly beats random
    assert "in 30 games" in res.line("greedy", "random")
    again = tournament(
        TTTGame(), lambda rng: GreedyBot(ttt_eval, rng), lambda rng: RandomBot(rng), games=30, seed=4
    )
    assert again.records == res.records


def test_tournament_multiplayer_counts_a_against_b_copies():
    res = tournament(TricksGame(), lambda r: RandomBot(r), lambda r: RandomBot(r), games=12, seats=3)
    assert {seat for _, seat, _ in res.records} == {0, 1, 2}
    assert res.games == 12


def test_greedy_skips_actions_impossible_in_a_determinization():
    class Odd(NimState):
        """A 'view' whose determinizations never allow taking 2."""

        def determinize(self, rng):
            s = Odd.__new__(Odd)
            s.__dict__.update(NimState.clone(self).__dict__)
            s.legal_actions = lambda: [a for a in NimState.legal_actions(s) if a.n != 2]
            return s

    state = Odd([2])  # taking 2 would win at once, but no sample allows it
    bot = GreedyBot(lambda s, seat: 0.0, random.Random(0), samples=2)
    assert bot.choose(state, 1.0).n == 1
