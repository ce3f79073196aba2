"""Issue 25: the Doppelganger may imitate Jacks and Queens, Aces may strike the
opponent directly (rulings.md section 4), the Jack of Diamonds in DEPLOY too, and
what the bots make of the new options. Rulings in docs/rules/skirmish.md."""

from __future__ import annotations

import random

from core.skirmish import actions as A
from core.skirmish.bots import make_bot, search_actions
from core.skirmish.cards import card as C
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY
from core.skirmish.tactician import Tactician
from skirmish_helpers import run, toks


def as_doppelganger(s):
    return run(s, A.Deploy(C("BJ")), A.Variant("doppelganger"))


# -- the Doppelganger as a Jack or a Queen --------------------------------------------------


def test_doppelganger_may_imitate_a_queen_and_uses_her_power_from_the_rear(make):
    s = as_doppelganger(make(hands={1: "BJ"}, front={2: "9H 7S"}))
    assert A.CopyRank(12) in s.legal_actions()
    run(s, A.CopyRank(12), A.CopySuit(1))                # the Queen of Clubs
    assert toks(s, 0, "rear") == ["BJ(QC)/x"]           # it stands in the rear ranks
    assert "Queen of Clubs" in s.log[-1] or "Queen of Clubs" in " ".join(s.log[-3:])
    run(s, A.Target(1, 0), A.Target(1, 1))              # and sends two units away
    assert toks(s, 1) == [] and {C("9H"), C("7S")} <= set(s.up)
    assert toks(s, 0, "rear") == ["BJ(QC)/x"]           # it stays: 0/12, no attack


def test_doppelganger_may_imitate_a_jack_of_spades_and_takes_a_unit(make):
    s = as_doppelganger(make(hands={1: "BJ"}, rear={2: "KH"}))
    run(s, A.CopyRank(11), A.CopySuit(3), A.Target(1, 4))
    assert toks(s, 0, "rear") == ["BJ(JS)/x", "KH"] and toks(s, 1, "rear") == []


def test_doppelganger_as_queen_of_hearts_resurrects(make):
    s = as_doppelganger(make(hands={1: "BJ"}, up="8C"))
    run(s, A.CopyRank(12), A.CopySuit(2), A.Pick(C("8C")))
    assert toks(s, 0) == ["8C*/x"] and toks(s, 0, "rear") == ["BJ(QH)/x"]


def test_doppelganger_as_queen_of_diamonds_gives_the_extra_turn(make):
    s = as_doppelganger(make(hands={1: "BJ"}))
    run(s, A.CopyRank(12), A.CopySuit(0))
    assert s.extra == [(0, s.turns_taken[0] + 1)]


def test_doppelganger_as_jack_of_clubs_doubles_a_unit(make):
    s = as_doppelganger(make(hands={1: "BJ"}, front={1: "6D"}))
    run(s, A.CopyRank(11), A.CopySuit(1), A.Target(0, 0), A.Done(), A.Attack(0, 1, -1))
    assert s.life == [40, 28]


def test_doppelganger_as_jack_of_diamonds_ends_the_turn_and_is_the_last_card_played(make):
    """The Doppelganger is the last card its player played: the Jack of Diamonds'
    power ends the turn and sends it to the Barrows."""
    s = as_doppelganger(make(hands={1: "BJ 4H"}, front={1: "8D"}))
    run(s, A.CopyRank(11), A.CopySuit(0))
    assert s.cur == 1 and s.phase == DEPLOY             # no combat: Player 2's turn
    assert toks(s, 0, "rear") == [] and C("BJ") in s.up and toks(s, 0) == ["8D"]


def test_doppelganger_as_jack_or_queen_needs_a_rear_space(make):
    s = as_doppelganger(make(hands={1: "BJ"}, rear={1: "KS"}, front={2: "3H"}))
    assert {11, 12} <= {a.rank for a in s.legal_actions()}
    full = make(hands={1: "BJ"}, rear={1: "KS AC AH AS"}, front={2: "3H"})
    as_doppelganger(full)
    ranks = {a.rank for a in full.legal_actions()}
    assert 11 not in ranks and 12 not in ranks and 2 in ranks
    assert "rear space" in full.check(A.CopyRank(12))


def test_doppelganger_as_jack_or_queen_only_where_the_power_has_something_to_do(make):
    """No opposing unit to take and no Barrows card: no Jack of Spades, no Queen of
    Hearts; the others always act (on the Doppelganger itself, if nothing else)."""
    s = as_doppelganger(make(hands={1: "BJ"}, deck="3C 4C"))
    s.apply(A.CopyRank(11))
    assert [a.suit for a in s.legal_actions()] == [0, 1, 2]
    t = as_doppelganger(make(hands={1: "BJ"}, deck="3C 4C"))
    t.apply(A.CopyRank(12))
    assert [a.suit for a in t.legal_actions()] == [0, 1, 3]
    assert t.check(A.CopySuit(2))


def test_doppelganger_as_a_jack_is_written_and_read_in_the_notation(make):
    s = as_doppelganger(make(hands={1: "BJ"}, front={1: "6D"}))
    run(s, A.CopyRank(11), A.CopySuit(2), A.Target(0, 0))
    text = s.to_text()
    assert "rear 1: BJ(JH)/x" in text
    from core.skirmish import GAME
    assert GAME.from_text(text).to_text() == text


# -- Aces strike the opponent directly ---------------------------------------------------


def test_ace_may_strike_the_opponent_directly(make):
    s = make(phase="combat", front={2: "9H"}, rear={1: "AS"})
    assert A.Attack(4, 1, -1) in s.legal_actions()
    run(s, A.Attack(4, 1, -1))
    assert s.phase != BLOCK or s.to_move != 1           # nobody is asked to block an Ace
    while s.phase in (ATTACK, BLOCK) and s.cur == 0:
        s.apply(A.Done())
    assert s.life == [40, 39]                           # its attack, 1
    assert toks(s, 0, "rear") == [] and C("AS") in s.up  # then the Ace goes to the Barrows
    assert toks(s, 1) == ["9H"]                         # no poison anywhere


def test_ace_may_strike_the_opponent_directly_with_no_unit_on_their_side(make):
    s = make(phase="combat", rear={1: "AC"}, hands={2: "5H 6H"})
    assert s.phase == ATTACK and A.Attack(4, 1, -1) in s.legal_actions()
    run(s, A.Attack(4, 1, -1))
    assert s.life == [40, 39]
    assert {C("5H"), C("6H")} <= set(s.hands[1])         # the Ace of Clubs: no discard


def test_ace_striking_the_opponent_directly_is_never_blocked(make):
    s = make(phase="combat", front={2: "9D 8D"}, rear={1: "AD"})
    run(s, A.Attack(4, 1, -1))
    assert s.phase != BLOCK and s.life == [40, 39]


def test_ace_striking_the_opponent_directly_is_doubled_by_the_jack_of_clubs(make):
    s = make(hands={1: "JC"}, rear={1: "AS"})
    run(s, A.Deploy(C("JC")), A.Target(0, 4), A.Done(), A.Attack(4, 1, -1))
    assert s.life == [40, 38]


def test_ace_of_hearts_striking_the_opponent_directly_cannot_stay_as_a_guard(make):
    """Section 4: it may stay "after its target has been defeated"; a player struck
    for 1 is not."""
    s = make(phase="combat", rear={1: "AH"})
    run(s, A.Attack(4, 1, -1))
    assert not s.pending and s.life == [40, 39] and toks(s, 0, "rear") == []


def test_ace_striking_the_opponent_directly_can_knock_them_out(make):
    s = make(phase="combat", rear={1: "AS"}, life=[40, 1])
    run(s, A.Attack(4, 1, -1))
    assert s.over and s.outcome.winners == (0,)


def test_ace_of_diamonds_strikes_units_only(make):
    """Its instant strike "immediately" moves its target to the Barrows: a unit."""
    s = make(hands={1: "AD"})
    assert A.Deploy(C("AD")) not in s.legal_actions()
    t = make(hands={1: "AD"}, front={2: "4C"})
    run(t, A.Deploy(C("AD")))
    assert all(a.pos >= 0 for a in t.legal_actions())


# -- the bots consider the new options ------------------------------------------------------


def test_tactician_strikes_the_opponent_directly_with_an_ace_to_knock_them_out(make):
    s = make(phase="combat", front={2: "9H"}, rear={1: "AS"}, life=[40, 1])
    assert Tactician(0.0).act(s, random.Random(0)) == A.Attack(4, 1, -1)


def test_tactician_keeps_an_ace_for_a_unit_rather_than_strike_for_one(make):
    s = make(phase="combat", rear={1: "AS"})
    assert Tactician(0.0).act(s, random.Random(0)) == A.Done()


def test_tactician_doppelganger_takes_the_queen_of_clubs_against_two_big_units(make):
    s = as_doppelganger(make(hands={1: "BJ"}, front={1: "2C 3C 4C 5C", 2: "10H 10S"}))
    bot = Tactician(0.0)
    a = bot.act(s, random.Random(0))
    assert a == A.CopyRank(12)
    s.apply(a)
    assert bot.act(s, random.Random(0)) == A.CopySuit(1)


def test_tactician_never_plays_the_jack_of_diamonds_in_its_own_deploy(make):
    s = make(hands={1: "JD"}, front={1: "8D"})
    assert Tactician(0.0).act(s, random.Random(0)) == A.Done()


def test_hard_bot_search_considers_the_new_options(make):
    s = as_doppelganger(make(hands={1: "BJ"}, front={2: "9H"}))
    assert {A.CopyRank(11), A.CopyRank(12)} <= set(search_actions(s, 0))
    f = make(phase="combat", rear={1: "AS"}, front={2: "9H"})
    assert A.Attack(4, 1, -1) in search_actions(f, 0)
    k = make(phase="combat", front={2: "9H"}, rear={1: "AS"}, life=[40, 1])
    assert make_bot("hard", random.Random(1), iterations=40).choose(k, 5.0) == A.Attack(4, 1, -1)


# -- the Jacks of Clubs and Hearts: "a unit of choice" ---------------------------------------


def test_jack_of_clubs_may_double_any_unit_on_the_battlefield(make):
    """Section 4: "A unit of choice will deal double damage this turn": anybody's."""
    s = make(seats=3, hands={1: "JC"}, front={1: "6D", 2: "5H", 3: "4S"})
    s.apply(A.Deploy(C("JC")))
    assert {(a.seat, a.pos) for a in s.legal_actions()} == {(0, 0), (1, 0), (2, 0)}
    s.apply(A.Target(2, 0))
    assert toks(s, 2) == ["4S/2"]


def test_jack_of_hearts_may_protect_any_unit_on_the_battlefield(make):
    s = make(hands={1: "JH"}, front={2: "5H"})
    assert A.Deploy(C("JH")) in s.legal_actions()       # no unit of your own needed
    run(s, A.Deploy(C("JH")), A.Target(1, 0))
    assert toks(s, 1) == ["5H/h"]


def test_tactician_doubles_its_own_unit_not_an_opponents(make):
    s = make(hands={1: "JC"}, front={1: "6D", 2: "9H"})
    s.apply(A.Deploy(C("JC")))
    assert Tactician(0.0).act(s, random.Random(0)) == A.Target(0, 0)


# -- the coach says why, in words ----------------------------------------------------------------


def _reason(s, action):
    from core.skirmish.coach import analyse, reason
    view = s.view(s.to_move)
    from core.ai.coach import REASON_MAX
    text = str(reason(view, action, analyse(view, 5.0, random.Random(3), include=(action,), effort=20)))
    assert len(text) <= REASON_MAX, text  # a reason fits the status line whole (issue 26)
    return text


def test_coach_explains_an_aces_strike_at_the_opponent(make):
    s = make(phase="combat", front={2: "9H"}, rear={1: "AS"})
    why = _reason(s, A.Attack(4, 1, -1))
    assert "no one can block it" in why and "Player 2 has 40 life left" in why


def test_coach_explains_the_doppelganger_as_a_jack_or_queen(make):
    s = as_doppelganger(make(hands={1: "BJ"}, front={2: "9H 7S"}))
    assert "uses that card's power once" in _reason(s, A.CopyRank(12))
    s.apply(A.CopyRank(12))
    assert "sends two units to the Barrows" in _reason(s, A.CopySuit(1))


def test_coach_warns_the_jack_of_diamonds_ends_your_own_turn(make):
    s = make(hands={1: "JD 5C"}, front={1: "8D"})
    assert "ends that turn at once" in _reason(s, A.Deploy(C("JD")))


def test_coach_warns_a_jack_helps_another_players_unit(make):
    s = make(hands={1: "JC"}, front={1: "6D", 2: "9H"})
    s.apply(A.Deploy(C("JC")))
    assert "helps a unit of Player 2" in _reason(s, A.Target(1, 0))
