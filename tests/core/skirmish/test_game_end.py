"""The end of the game: life, elimination, sudden death when the deck runs out."""

from __future__ import annotations

from core.skirmish import actions as A
from core.skirmish.cards import card as C


def finish_turn(s):
    t = s.turn
    while s.turn == t and not s.over:
        s.apply(A.Done())
    return s


def test_rule_sudden_death_when_the_last_card_is_drawn(make):
    s = make(deck="5C", life=[30, 35], hands={1: "3H"})
    finish_turn(s)                         # Player 2 draws the last card
    assert s.deck == [] and s.final == [0] and s.cur == 1
    assert not s.over
    finish_turn(s)                         # Player 2's turn was its final one
    assert s.cur == 0 and not s.over       # Player 1 takes one more turn
    finish_turn(s)
    assert s.over and s.outcome.winners == (1,)
    assert "Sudden death" in s.outcome.reason


def test_ruling_sudden_death_equal_highest_life_share_the_win(make):
    s = make(seats=3, deck="5C", life=[30, 30, 12], cur=3)
    for _ in range(4):
        finish_turn(s)
    assert s.over and s.outcome.winners == (0, 1)


def test_ruling_no_extra_turn_in_sudden_death(make):
    s = make(deck="5C", hands={1: "QD"}, extra="-")
    s.apply(A.Deploy(C("QD")))
    finish_turn(s)                         # Player 2 draws the last card
    finish_turn(s)                         # Player 2's final turn
    assert s.cur == 0
    finish_turn(s)                         # Player 1's final turn: no extra turn follows
    assert s.over


def test_ruling_queen_of_spades_taking_the_last_card_starts_sudden_death(make):
    s = make(deck="5C", hands={1: "QS"})
    run = [A.Deploy(C("QS")), A.Pick(C("5C"))]
    for a in run:
        s.apply(a)
    assert s.final == [1]                  # the current turn is Player 1's final one


def test_rule_a_game_always_ends():
    """The deck only shrinks: every turn but the very first draws a card."""
    import random
    from core.skirmish import GAME
    for seed in range(30):
        s = GAME.new(2, seed)
        rng = random.Random(seed)
        deck = len(s.deck)
        steps = 0
        while not s.over:
            s.play(rng.choice(s.legal_actions()))
            assert len(s.deck) <= deck
            deck = len(s.deck)
            steps += 1
        assert s.turn <= 60 and steps < 3000


def test_ruling_every_knockout_of_a_resolution_is_carried_out_before_the_game_ends(make):
    # Lives 40/5/5: two unblocked hits knock out both others in one resolution.
    from core.skirmish.phases import ATTACK, BLOCK

    s = make(seats=3, phase="combat", life=[40, 5, 5], front={1: "10C 9C", 2: "4D", 3: "5D"},
             hands={2: "3H 7S", 3: "6H"})
    s.apply(A.Attack(0, 1, -1))
    s.apply(A.Attack(1, 2, -1))
    while (s.phase in (ATTACK, BLOCK)) and not s.over:
        s.apply(A.Done())
    assert s.over and s.outcome.winners == (0,)
    for q in (1, 2):  # both players out hold nothing and field nothing
        assert s.life[q] <= 0 and s.hands[q] == [] and s.front[q] == [] and s.rear[q] == []
    for name in ("3H", "7S", "6H", "4D", "5D"):
        assert C(name) in s.up
    assert s.outcome.reason.count("last one standing") == 1 and s.log.count(s.outcome.reason) == 1
