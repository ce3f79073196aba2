"""Where our Skirmish rules depart from an explicit sentence of the rulebook (seeds/004,
sections 1-7), each pinned: docs/rules/skirmish.md, "Departures from the rulebook",
quotes the sentence and says why."""

from __future__ import annotations

from core.skirmish import actions as A
from core.skirmish.cards import card as C
from skirmish_helpers import run, toks


def test_departure_one_redeploy_a_turn_covers_returns_splits_and_bonds(make):
    """Section 6C: "Split or form any Blood Bonds": one redeploy a turn, so a DEPLOY
    cannot split and rejoin for ever."""
    s = make(front={1: "5D+4D 3C 7C"})
    run(s, A.Split(0, C("5D")))
    acts = s.legal_actions()
    assert not any(isinstance(a, (A.Split, A.Bond, A.Return)) for a in acts)
    assert "once a turn" in s.check(A.Bond(1, 2))


def test_departure_aces_strike_only_opposing_units(make):
    """Section 4: "Aces can target any Unit on the Battlefield"; section 7 names the
    opponent's ranks: never your own unit."""
    s = make(phase="combat", front={1: "9D", 2: "4H"}, rear={1: "AC"})
    assert {(a.seat, a.tpos) for a in s.legal_actions() if isinstance(a, A.Attack) and a.pos == 4} \
        == {(1, -1), (1, 0)}
    assert s.check(A.Attack(4, 0, 0))
    d = make(hands={1: "AD"}, front={1: "9D", 2: "4H"})
    d.apply(A.Deploy(C("AD")))
    assert [(a.seat, a.pos) for a in d.legal_actions()] == [(1, 0)]


def test_departure_jack_of_spades_takes_only_opposing_units(make):
    """Section 4: "gain ownership and move into your Ranks, any unit on the
    Battlefield": your own are already yours."""
    s = make(hands={1: "JS"}, front={1: "6C", 2: "8H"})
    s.apply(A.Deploy(C("JS")))
    assert [(a.seat, a.pos) for a in s.legal_actions()] == [(1, 0)]


def test_departure_enhanced_hearts_always_return_to_the_hand(make):
    """Section 4: a Hearts blocker with its King "may block the damage and return to
    their owner's hand": always taken, as the hand is never worse than the Barrows."""
    s = make(phase="combat", front={1: "9D", 2: "5H"}, rear={2: "KH"})
    run(s, A.Attack(0, 1, -1), A.Block(0, 0))
    assert toks(s, 1) == [] and C("5H") in s.hands[1] and C("5H") not in s.up


def test_departure_enhanced_diamonds_always_strike_first(make):
    """Section 4: Diamonds blockers with their King "may deliver damage first":
    always, as striking first never costs the blocker."""
    s = make(phase="combat", front={1: "7C", 2: "7D"}, rear={2: "KD"})
    run(s, A.Attack(0, 1, -1), A.Block(0, 0))
    assert toks(s, 0) == [] and toks(s, 1) == ["7D"]   # the 7 of Clubs never struck back


def test_departure_zero_attack_rear_units_never_strike(make):
    """Section 7 lists Jokers, Queens and Kings among rear-rank attackers; with no
    attack they are never offered a strike (a Doppelganger as a Queen neither)."""
    s = make(phase="combat", front={2: "9H"}, rear={1: "KD BJ(QC) RJ(spirit)"})
    assert not any(isinstance(a, A.Attack) for a in s.legal_actions())
    assert "no attack value" in s.check(A.Attack(5, 1, -1))
