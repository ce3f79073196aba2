"""ISMCTSBot on the hidden-hand Tricks game (2-4 players), tic-tac-toe, Nim and
two-step Nim (one seat acts twice in a row)."""

import random
import time

import msgspec
import pytest
from aitoys import (
    Card,
    Mark,
    NimGame,
    NimState,
    Pick,
    Take,
    TricksGame,
    TTTGame,
    TTTState,
    TwoStepNimState,
)

from core.ai.arena import tournament
from core.ai.basic import RandomBot, epsilon_greedy_policy
from core.ai.ismcts import ISMCTSBot


def test_returns_only_legal_actions_for_two_to_four_players():
    for seats, (deck, hand) in ((2, (9, 3)), (3, (13, 4)), (4, (16, 4))):
        for seed in range(3):
            state = TricksGame(deck, hand).new(seats, seed)
            bot = ISMCTSBot(random.Random(seed), max_iterations=60)
            while not state.over:
                action = bot.choose(state.view(state.to_move), 5.0)
                assert state.check(action) is None
                state.apply(action)


def test_beats_random_clearly_two_players():
    res = tournament(
        TricksGame(13, 5),
        lambda rng: ISMCTSBot(rng, max_iterations=100),
        lambda rng: RandomBot(rng),
        games=40,
        seats=2,
        budget_s=30.0,
    )
    assert res.wins >= 24, res.line()  # random against random: about 20


def test_takes_more_tricks_than_random_with_the_same_cards_three_players():
    # Tricks is mostly luck of the deal, so compare like with like: each deal is
    # played twice, once with ISMCTS in seat a and once with a random bot there
    # (same opponents), and we count seat a's tricks.
    seats, better, worse, gain = 3, 0, 0, 0
    for i in range(30):
        a = i % seats
        got = []
        for smart in (True, False):
            state = TricksGame(13, 4).new(seats, i)
            bots = [RandomBot(random.Random(f"{i}/{s}")) for s in range(seats)]
            if smart:
                bots[a] = ISMCTSBot(random.Random(i), max_iterations=100)
            while not state.over:
                state.apply(bots[state.to_move].choose(state.view(state.to_move), 30.0))
            got.append(state.tricks[a])
        gain += got[0] - got[1]
        better += got[0] > got[1]
        worse += got[0] < got[1]
    assert better >= 2 * worse and gain >= 5, (better, worse, gain)


def test_uses_determinizations_cheapest_winning_card():
    # Two cards each, 2 players, deck 1..13. Seat 0 led the 7; seat 1 holds 8 and 12.
    # Playing the 8 wins this trick and keeps the 12 to win the next one unless
    # the leader holds the 13; playing the 12 leaves the 8, beaten by any card > 8.
    state = TricksGame(13, 2).new(2, 0)
    state.hands = [[7, 2], [8, 12]]
    state.rest = [c for c in range(1, 14) if c not in (7, 2, 8, 12)]
    state.play(Card(7))
    view = state.view(1)
    assert view.hands[0] == [0]  # the leader's last card is hidden from seat 1
    calls = []
    orig = type(view).determinize

    class Spy(type(view)):
        def determinize(self, rng):
            calls.append(1)
            return orig(self, rng)

    spy = Spy.__new__(Spy)
    spy.__dict__.update(view.clone().__dict__)
    bot = ISMCTSBot(random.Random(1), max_iterations=400)
    assert bot.choose(spy, 30.0) == Card(8)
    assert len(calls) == 400 == bot.stats["iterations"]


def test_takes_an_immediate_win_and_blocks_in_perfect_information():
    win = TTTState([0, 0, None, 1, 1, None, None, None, None], 0)
    assert ISMCTSBot(random.Random(0), max_iterations=500).choose(win, 30.0) == Mark(2)
    block = TTTState([0, 0, None, None, 1, None, None, None, None], 1)
    assert ISMCTSBot(random.Random(0), max_iterations=1500).choose(block, 30.0) == Mark(2)


def test_finds_the_nim_winning_move():
    for seed in range(3):
        bot = ISMCTSBot(random.Random(seed), max_iterations=3000)
        assert bot.choose(NimState([1, 2, 4]), 30.0).heap == 2


def test_credits_the_chooser_when_a_seat_acts_twice_in_a_row():
    # Pick then Take by the same seat: the right heap is the one with 4.
    for seed in range(3):
        bot = ISMCTSBot(random.Random(seed), max_iterations=3000)
        assert bot.choose(TwoStepNimState([1, 2, 4]), 30.0) == Pick(2)


def test_beats_random_at_tic_tac_toe():
    res = tournament(
        TTTGame(),
        lambda rng: ISMCTSBot(rng, max_iterations=200),
        lambda rng: RandomBot(rng),
        games=10,
        budget_s=30.0,
    )
    assert res.losses == 0 and res.wins >= 8, res.line()


def test_deterministic_for_seed_and_iteration_cap():
    state = TricksGame(13, 4).new(3, 9)
    view = state.view(0)
    picks = []
    visits = []
    for _ in range(3):
        bot = ISMCTSBot(random.Random(42), max_iterations=300)
        picks.append(bot.choose(view, 60.0))
        visits.append(bot.stats["visits"])
    assert picks[0] == picks[1] == picks[2]
    assert visits[0] == visits[1] == visits[2]


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_budget_respected():
    state = TricksGame(13, 5).new(2, 3)
    bot = ISMCTSBot(random.Random(0))
    t0 = time.perf_counter()
    action = bot.choose(state.view(0), 0.25)
    assert time.perf_counter() - t0 < 0.25 + 0.2
    assert action in state.legal_actions()
    assert bot.stats["iterations"] > 10


def test_single_legal_action_returned_at_once():
    state = NimState([0, 3, 0])
    state.heaps = [0, 1, 0]
    bot = ISMCTSBot(random.Random(0), max_iterations=10_000)
    assert bot.choose(state, 60.0) == state.legal_actions()[0]
    assert bot.stats["iterations"] == 0


def test_rollout_depth_cut_is_scored_by_evaluate():
    calls = []

    def evaluate(state):
        calls.append(1)
        total = sum(state.tricks) or 1
        return tuple(t / total for t in state.tricks)

    state = TricksGame(13, 5).new(2, 4)
    bot = ISMCTSBot(random.Random(0), max_iterations=100, rollout_depth=2, evaluate=evaluate)
    assert bot.choose(state.view(0), 30.0) in state.legal_actions()
    assert calls


def test_rollout_policy_is_used():
    used = []
    greedy = epsilon_greedy_policy(lambda s, seat: float(s.tricks[seat]), 0.2)

    def policy(state, rng):
        used.append(1)
        return greedy(state, rng)

    state = TricksGame(13, 5).new(2, 4)
    bot = ISMCTSBot(random.Random(0), max_iterations=50, rollout_policy=policy)
    assert bot.choose(state.view(0), 30.0) in state.legal_actions()
    assert used


class Loose(msgspec.Struct, tag="loose"):  # not frozen: does not hash
    n: int


class LooseNim(NimState):
    def legal_actions(self):
        return [Loose(n) for n in range(1, min(3, self.heaps[0]) + 1)] if not self.over else []

    def play(self, action):
        NimState.play(self, type("T", (), {"heap": 0, "n": action.n})())

    def clone(self):
        s = LooseNim.__new__(LooseNim)
        s.__dict__.update(NimState.clone(self).__dict__)
        return s


def test_unhashable_actions_are_keyed_by_json():
    # Take 1-3 from one heap of 5: taking 1 leaves 4, a loss for the other side.
    bot = ISMCTSBot(random.Random(0), max_iterations=2000)
    assert bot.choose(LooseNim([5]), 30.0) == Loose(1)


def test_custom_outcome_reward():
    # A reward that pays seat 0 for losing makes the bot avoid the win.
    def upside_down(outcome, seats):
        return tuple(0.0 if s in outcome.winners else 1.0 for s in range(seats))

    win = TTTState([0, 0, None, 1, 1, None, None, None, None], 0)
    bot = ISMCTSBot(random.Random(0), max_iterations=500, outcome_reward=upside_down)
    assert bot.choose(win, 30.0) != Mark(2)


def test_game_over_raises():
    with pytest.raises(ValueError):
        ISMCTSBot(random.Random(0)).choose(NimState([0]), 1.0)


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_stop_from_another_thread_ends_the_search():
    import threading

    state = TricksGame(13, 5).new(2, 3)
    bot = ISMCTSBot(random.Random(0))
    result = []
    worker = threading.Thread(target=lambda: result.append(bot.choose(state.view(0), 30.0)))
    t0 = time.perf_counter()
    worker.start()
    time.sleep(0.1)
    bot.stop()
    worker.join(5.0)
    assert time.perf_counter() - t0 < 2.0
    assert result and result[0] in state.legal_actions()


class _Together:
    """A cooperative toy: seat 0 chooses 'win' (both seats win) or 'lose' (nobody
    wins); seat 1 then has a dummy move."""

    def __init__(self, first=None, second=False):
        self.seats, self.first, self.second = 2, first, second
        self.over = first is not None and second
        self.to_move = None if self.over else (0 if first is None else 1)
        from core.engine import Outcome

        self.outcome = Outcome((0, 1) if first == "win" else (), "", ()) if self.over else None

    def legal_actions(self):
        if self.over:
            return []
        return ["win", "lose"] if self.first is None else ["ok", "fine"]

    def play(self, action):
        if self.first is None:
            self.__init__(action)
        else:
            self.__init__(self.first, True)

    def clone(self):
        return _Together(self.first, self.second)

    determinize = lambda self, rng: self.clone()  # noqa: E731


def test_ruling_cooperative_shared_win_beats_shared_loss():
    from core.ai.common import outcome_rewards
    from core.engine import Outcome

    assert outcome_rewards(Outcome((0, 1), "", ()), 2, cooperative=True) == (1.0, 1.0)
    assert outcome_rewards(Outcome((), "", ()), 2, cooperative=True) == (0.0, 0.0)
    # Not cooperative, an all-seat win and no winners are both the fair share.
    assert outcome_rewards(Outcome((0, 1), "", ()), 2) == outcome_rewards(Outcome((), "", ()), 2)
    for seed in range(4):
        bot = ISMCTSBot(random.Random(seed), max_iterations=60, cooperative=True)
        assert bot.choose(_Together(), 10.0) == "win"
    from core.ai.common import WIN_SCORE, outcome_score

    assert outcome_score(Outcome((0, 1), "", ()), 1, 2, cooperative=True) == WIN_SCORE
    assert outcome_score(Outcome((), "", ()), 1, 2, cooperative=True) == -WIN_SCORE


def test_root_actions_hook_limits_the_first_decision_only():
    """`root_actions` (TOWN 77's shortlist): only those are searched at the root; the
    answer is one of them, and the states themselves are left as they are."""
    state = NimState([1, 2, 4])
    only = [Take(0, 1), Take(1, 1)]
    bot = ISMCTSBot(random.Random(0), max_iterations=300)
    assert bot.choose(state, 30.0, root_actions=only) in only
    assert {a for a, _ in bot.stats["visits"]} == set(only)
    assert type(state) is NimState


def test_actions_hook_narrows_every_node_of_the_search():
    """`actions(state)` (Skirmish's shortlist and its model of the opponents): the
    search considers only those, at the root and below, and never swaps classes."""
    seen = []

    def heap_two_only(s):
        seen.append(type(s))
        legal = s.legal_actions()
        return [a for a in legal if a.heap == 2] or legal

    bot = ISMCTSBot(random.Random(0), max_iterations=300, actions=heap_two_only)
    assert bot.choose(NimState([1, 2, 4]), 30.0).heap == 2
    assert all(a.heap == 2 for a, _ in bot.stats["visits"])
    assert set(seen) == {NimState}


def test_tree_actions_hook_widens_a_node_as_it_earns_visits():
    """`tree_actions(state, visits)` (TOWN 77 hard's progressive widening): a node
    visited n times considers what the hook gives for n; the tree grows a child
    for an action only once the node has earned it."""
    calls = []

    def widening(s, visits):
        calls.append(visits)
        legal = s.legal_actions()
        return legal[:1 + visits // 50]

    state = NimState([3, 3, 3])
    bot = ISMCTSBot(random.Random(0), max_iterations=200, tree_actions=widening)
    bot.choose(state, 30.0)
    # The root was visited 0..199 times: it earned 1 + 199 // 50 = 4 actions.
    legal = state.legal_actions()
    assert [a for a, _ in bot.stats["visits"]] and {a for a, _ in bot.stats["visits"]} <= set(legal[:4])
    assert len(bot.stats["visits"]) == 4
    assert max(calls) == 199 and 0 in calls


def test_the_answer_is_one_of_the_root_actions_even_without_an_iteration():
    st = NimGame().new(2, 0)
    only = st.legal_actions()[-1]
    bot = ISMCTSBot(random.Random(1), max_iterations=0)
    for _ in range(5):
        assert bot.choose(st, 1.0, root_actions=[only]) == only
