"""Ranks, deployment, exhaustion, redeploying and Blood Bonds."""

from __future__ import annotations

from core.skirmish import actions as A
from core.skirmish.cards import card as C
from core.skirmish.units import Unit, token


def toks(s, seat, rank="front"):
    return [token(u) for u in getattr(s, rank)[seat]]


def test_rule_soldiers_deploy_to_front_ranks_exhausted(make):
    s = make(hands={1: "7C"})
    s.apply(A.Deploy(C("7C")))
    assert toks(s, 0) == ["7C/x"]


def test_rule_front_ranks_hold_at_most_four_units(make):
    s = make(hands={1: "7C 8H"}, front={1: "3S 4S 5S 6S"})
    assert A.Deploy(C("7C")) not in s.legal_actions()
    assert "full" in s.check(A.Deploy(C("7C")))
    assert "full" in s.check(A.Deploy(C("8H")))


def test_rule_rear_ranks_hold_at_most_four_units(make):
    s = make(hands={1: "AC KS"}, rear={1: "AD AH AS BJ(necromancer)"})
    assert A.Deploy(C("AC")) not in s.legal_actions()
    assert A.Deploy(C("KS")) not in s.legal_actions()
    assert "rear ranks are full" in s.check(A.Deploy(C("KS")))


def test_rule_one_king_on_the_battlefield_per_player(make):
    s = make(hands={1: "KS"}, rear={1: "KD"})
    assert A.Deploy(C("KS")) not in s.legal_actions()
    assert "King" in s.check(A.Deploy(C("KS")))


def test_rule_ready_phase_straightens_units(make):
    s = make(front={1: "7C/x", 2: "9H/x"}, hands={})
    s.apply(A.Done())                       # end deploy; no response (empty hand)
    assert s.cur == 1
    assert toks(s, 1) == ["9H"] and toks(s, 0) == ["7C/x"]


def test_rule_bond_two_soldiers_of_one_house_single_unit(make):
    s = make(hands={1: "5D 9H"}, front={1: "2D"})
    acts = s.legal_actions()
    assert A.Deploy(C("5D"), 0, True) in acts and A.Deploy(C("5D"), 0, False) in acts
    assert A.Deploy(C("9H"), 0, False) not in acts
    assert "house" in s.check(A.Deploy(C("9H"), 0, False))
    s.apply(A.Deploy(C("5D"), 0, True))
    assert toks(s, 0) == ["5D+2D"]           # Diamonds enter ready: the unit stays ready


def test_rule_bond_at_most_two_cards(make):
    s = make(hands={1: "3D"}, front={1: "5D+2D"})
    assert A.Deploy(C("3D"), 0, False) not in s.legal_actions()
    assert "already a Blood Bond" in s.check(A.Deploy(C("3D"), 0, False))


def test_rule_bond_takes_exhaustion_of_new_card(make):
    s = make(hands={1: "5C"}, front={1: "2C"})
    s.apply(A.Deploy(C("5C"), 0, False))
    assert toks(s, 0) == ["2C+5C/x"]


def test_rule_form_bond_from_two_units_on_the_battlefield(make):
    s = make(front={1: "4H 6H 7C"})
    assert A.Bond(0, 2) not in s.legal_actions()
    s.apply(A.Bond(1, 0))
    assert toks(s, 0) == ["6H+4H", "7C"]


def test_rule_split_bond_into_free_space(make):
    s = make(front={1: "6H+4H"})
    s.apply(A.Split(0, C("4H")))
    assert toks(s, 0) == ["6H", "4H"]


def test_rule_split_without_space_sends_card_to_the_barrows(make):
    s = make(front={1: "6H+4H 3S 4S 5S"})
    s.apply(A.Split(0, C("6H")))
    assert toks(s, 0) == ["4H", "3S", "4S", "5S"]
    assert s.up[-1] == C("6H")


def test_rule_redeploy_once_per_turn(make):
    s = make(front={1: "6H+4H 3S 5S"})
    s.apply(A.Split(0, C("4H")))
    acts = s.legal_actions()
    assert not any(isinstance(a, (A.Return, A.Split, A.Bond)) for a in acts)
    assert "once a turn" in s.check(A.Return(1))


def test_rule_return_unit_to_hand_not_redeployed_this_turn(make):
    s = make(front={1: "6H+4H"}, rear={1: "KS"})
    s.apply(A.Return(0))
    assert s.hands[0] == [C("4H"), C("6H")] and not s.front[0]
    assert A.Deploy(C("6H")) not in s.legal_actions()
    assert "next turn" in s.check(A.Deploy(C("6H")))
    assert s.known[C("6H")] == 0b11           # everybody saw it go back


def test_rule_unit_defeated_when_damage_reaches_defence():
    from core.skirmish.units import defeated
    u = Unit(C("5D"), C("2D"))
    assert defeated(u, 4) == (False, False)
    assert defeated(u, 5) == (True, False)
    assert defeated(u, 7) == (True, True)


def test_rule_summoned_units_cannot_form_bonds(make):
    s = make(front={1: "5C/s 6C"}, hands={1: "7C"})
    acts = s.legal_actions()
    assert A.Bond(0, 1) not in acts and A.Bond(1, 0) not in acts
    assert A.Deploy(C("7C"), 0, True) not in acts
    assert A.Deploy(C("7C"), 1, True) in acts
