"""Starting the game: deck, deal, advantage draw, first turn, seats and options."""

from __future__ import annotations

import pytest

from core.skirmish import GAME, Options
from core.skirmish import actions as A
from core.skirmish.cards import ADVANTAGE


def test_rule_setup_deals_five_cards_each_one_at_a_time():
    s = GAME.new(3, 11)
    assert [len(h) for h in s.hands] == [5, 5, 5]
    # one at a time: the same deck dealt round-robin gives these exact hands
    t = GAME.new(3, 11)
    assert s.hands == t.hands
    assert s.life == [40, 40, 40]


@pytest.mark.parametrize("jokers,total", [(True, 54), (False, 52)])
def test_rule_jokers_option_on_by_default(jokers, total):
    assert Options().jokers is True
    s = GAME.new(2, 5, Options(jokers=jokers))
    cards = s.deck + s.up + s.down + [c for h in s.hands for c in h]
    assert sorted(cards) == list(range(total))


def test_rule_advantage_cards_go_face_up_to_the_barrows():
    s = GAME.new(2, 3)
    assert len(s.up) >= 2 and not s.down
    assert len(s.deck) == 54 - 10 - len(s.up)


def test_rule_advantage_highest_card_wins_ties_redraw():
    tie_seen = False
    for seed in range(200):
        s = GAME.new(2, seed)
        winner = s.pending[-1][1]
        last_two = s.up[-2:]
        # the final draw of the winner beats the other's final draw
        drawn_by = {}
        for line in s.log:
            if line.startswith("Advantage draw"):
                seat = int(line.split("Player ")[1].split()[0]) - 1
                drawn_by[seat] = line
        assert ADVANTAGE[last_two[winner]] > ADVANTAGE[last_two[1 - winner]]
        if any(line.startswith("A tie") for line in s.log):
            tie_seen = True
            assert len(s.up) >= 4
    assert tie_seen


def test_rule_winner_chooses_to_start_or_defer():
    s = GAME.new(2, 3)
    w = s.pending[-1][1]
    assert s.to_move == w
    assert s.legal_actions() == [A.StartWith(0), A.StartWith(1)]
    d = s.clone()
    d.apply(A.StartWith(1 - w))
    assert d.cur == 1 - w and d.to_move == 1 - w
    s.apply(A.StartWith(w))
    assert s.cur == w


def test_rule_first_player_does_not_draw_on_the_first_turn():
    s = GAME.new(2, 3)
    w = s.pending[-1][1]
    s.apply(A.StartWith(w))
    assert len(s.hands[w]) == 5
    s.apply(A.Done())          # end deployment
    while s.to_move != w or s.cur != 1 - w:
        s.apply(A.Done())
    assert len(s.hands[1 - w]) == 6     # the second player draws as usual


@pytest.mark.parametrize("seats", [1, 5])
def test_rule_two_to_four_players(seats):
    with pytest.raises(ValueError):
        GAME.new(seats, 1)
    assert list(GAME.seats) == [2, 3, 4]


def test_rule_options_and_actions_serialise():
    assert GAME.options_from_builtins({"jokers": False}) == Options(jokers=False)
    a = A.Deploy(5, 2, True)
    assert GAME.action_from_builtins(GAME.action_to_builtins(a)) == a
    assert GAME.action_to_builtins(A.Done()) == {"type": "done"}
