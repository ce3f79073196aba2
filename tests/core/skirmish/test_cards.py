"""Every card's own power: Scouts, Jacks, Queens, Kings, Aces and the Jokers."""

from __future__ import annotations

from core.skirmish import actions as A
from core.skirmish.battlefield import king_suit
from core.skirmish.cards import card as C
from core.skirmish.phases import ATTACK, DEPLOY, RESPONSE
from core.skirmish.units import Unit, token


def toks(s, seat, rank="front"):
    return [token(u) for u in getattr(s, rank)[seat]]


def finish_turn(s):
    """Pass everything until the next turn begins."""
    t = s.turn
    while s.turn == t:
        s.apply(A.Done())
    return s


def run(s, *acts):
    for a in acts:
        s.apply(a)
    return s


# -- Scouts (the 2s) ----------------------------------------------------------------


def test_card_two_deploys_as_a_plain_soldier(make):
    s = make(hands={1: "2C", 2: "5H"})
    assert A.Deploy(C("2C")) in s.legal_actions()
    s.apply(A.Deploy(C("2C")))
    assert toks(s, 0) == ["2C/x"]


def test_card_scout_diamonds_reveals_two_random_cards(make):
    s = make(hands={1: "2D", 2: "5H 6H 7H"})
    s.apply(A.Scout(C("2D"), 1))
    revealed = [c for c in s.hands[1] if s.known[c] == 0b11]
    assert len(revealed) == 2 and len(s.hands[1]) == 3
    assert s.up[-1] == C("2D") and not s.front[0]


def test_card_scout_clubs_sends_a_random_card_to_the_barrows(make):
    s = make(hands={1: "2C", 2: "5H 6H 7H"})
    s.apply(A.Scout(C("2C"), 1))
    assert len(s.hands[1]) == 2 and s.up[-2] in (C("5H"), C("6H"), C("7H"))
    assert s.up[-1] == C("2C")


def test_card_scout_hearts_reveals_one_and_stays_as_soldier(make):
    s = make(hands={1: "2H", 2: "5H 6H 7H"})
    s.apply(A.Scout(C("2H"), 1))
    assert sum(s.known[c] == 0b11 for c in s.hands[1]) == 1
    assert toks(s, 0) == ["2H/x"]


def test_card_scout_spades_takes_a_random_card(make):
    s = make(hands={1: "2S", 2: "5H 6H"})
    s.apply(A.Scout(C("2S"), 1))
    assert len(s.hands[1]) == 1 and len(s.hands[0]) == 1
    taken = s.hands[0][0]
    assert taken in (C("5H"), C("6H")) and s.known[taken] == 0b11
    assert s.up[-1] == C("2S")


def test_rule_random_pick_is_fixed_by_the_seed(make):
    a = make(hands={1: "2C", 2: "5H 6H 7H 8H"}, seed=3)
    b = make(hands={1: "2C", 2: "5H 6H 7H 8H"}, seed=3)
    a.apply(A.Scout(C("2C"), 1))
    b.apply(A.Scout(C("2C"), 1))
    assert a.hands == b.hands
    picks = set()
    for seed in range(20):
        c = make(hands={1: "2C", 2: "5H 6H 7H 8H"}, seed=seed)
        c.apply(A.Scout(C("2C"), 1))
        picks.add(c.up[-2])
    assert len(picks) > 1


# -- Jacks ---------------------------------------------------------------------------------


def respond_state(make, **kw):
    """Player 1 has ended deployment; Player 2 may respond."""
    s = make(**kw)
    s.apply(A.Done())
    assert s.phase == RESPONSE and s.to_move == 1
    return s


def test_card_jack_of_diamonds_ends_turn_and_last_card_to_barrows(make):
    s = make(hands={1: "9D 5C", 2: "JD"}, front={1: "8D"})
    run(s, A.Deploy(C("5C")), A.Deploy(C("9D")), A.Done())
    assert A.Deploy(C("JD")) in s.legal_actions()
    s.apply(A.Deploy(C("JD")))
    assert s.cur == 1 and s.phase == DEPLOY       # no combat: Player 2's turn begins
    assert toks(s, 0) == ["8D", "5C/x"] and C("9D") in s.up


def test_ruling_jack_of_diamonds_in_deploy_or_response(make):
    """Section 4: Jacks "may be activated during the DEPLOY or RESPONSE Phases".
    In your own DEPLOY the Jack is the last card you played (it is not on the
    battlefield): your turn ends at once, with no combat, and nothing else goes."""
    s = make(hands={1: "5C JD", 2: "4H"}, front={1: "8D"})
    run(s, A.Deploy(C("5C")))
    assert A.Deploy(C("JD")) in s.legal_actions() and s.check(A.Deploy(C("JD"))) is None
    s.apply(A.Deploy(C("JD")))
    assert s.cur == 1 and s.phase == DEPLOY          # Player 2's turn: no response, no combat
    assert toks(s, 0) == ["8D", "5C/x"] and C("JD") in s.up


def test_ruling_jack_of_diamonds_last_card_from_a_bond(make):
    s = make(hands={1: "9D", 2: "JD"}, front={1: "8D"})
    run(s, A.Deploy(C("9D"), 0, False), A.Done(), A.Deploy(C("JD")))
    assert toks(s, 0) == ["8D"] and C("9D") in s.up


def test_card_jack_of_clubs_doubles_a_units_damage(make):
    s = make(hands={1: "JC"}, front={1: "6D"})
    run(s, A.Deploy(C("JC")), A.Target(0, 0), A.Done())
    assert s.phase == ATTACK or s.cur == 1
    s2 = make(hands={1: "JC"}, front={1: "6D"})
    run(s2, A.Deploy(C("JC")), A.Target(0, 0), A.Done(), A.Attack(0, 1, -1))
    assert s2.life == [40, 28]


def test_card_jack_of_clubs_in_response_doubles_a_blocker(make):
    s = respond_state(make, front={1: "8D", 2: "5H"}, hands={2: "JC"})
    run(s, A.Deploy(C("JC")), A.Target(1, 0), A.Done(), A.Attack(0, 1, -1), A.Block(0, 0))
    assert toks(s, 0) == [] and toks(s, 1) == []       # 10 kills the 8, the 8 kills the 5


def test_card_jack_of_hearts_protects_a_unit_from_all_damage(make):
    s = respond_state(make, front={1: "9D", 2: "5H"}, hands={2: "JH"})
    run(s, A.Deploy(C("JH")), A.Target(1, 0), A.Done(), A.Attack(0, 1, 0), A.Done())
    assert toks(s, 1) == ["5H"]


def test_card_jack_of_spades_takes_any_unit(make):
    s = respond_state(make, front={1: "9D 4C"}, rear={1: "KC"}, hands={2: "JS"})
    s.apply(A.Deploy(C("JS")))
    assert s.legal_actions() == [A.Target(0, 0), A.Target(0, 1), A.Target(0, 4)]
    s.apply(A.Target(0, 0))
    assert toks(s, 1) == ["9D"] and toks(s, 0) == ["4C"]


def test_ruling_jack_of_spades_needs_space(make):
    s = respond_state(make, front={1: "9D", 2: "2H 3H 4H 5H"}, rear={1: "KC", 2: "KS"},
                      hands={2: "JS"})
    assert A.Deploy(C("JS")) not in s.legal_actions()      # no front room, and a King already
    t = respond_state(make, front={1: "9D", 2: "2H 3H 4H 5H"}, rear={1: "KC"}, hands={2: "JS"})
    t.apply(A.Deploy(C("JS")))
    assert t.legal_actions() == [A.Target(0, 4)]


# -- Queens ------------------------------------------------------------------------------------


def test_card_queen_of_diamonds_extra_turn_after_the_next(make):
    s = make(hands={1: "QD"}, turns=[3, 3])
    s.apply(A.Deploy(C("QD")))
    finish_turn(s)
    assert s.cur == 1                          # this turn ends normally
    finish_turn(s)
    assert s.cur == 0                          # Player 1's next turn ...
    finish_turn(s)
    assert s.cur == 0 and s.turns_taken[0] == 5    # ... and one more right after it
    finish_turn(s)
    assert s.cur == 1


def test_ruling_queen_of_diamonds_in_response_extra_turn(make):
    s = respond_state(make, hands={2: "QD"})
    s.apply(A.Deploy(C("QD")))
    finish_turn(s)
    assert s.cur == 1
    finish_turn(s)
    assert s.cur == 1                          # Player 2's next turn is followed by another
    finish_turn(s)
    assert s.cur == 0


def test_card_queen_of_clubs_sends_two_units_to_the_barrows(make):
    s = make(hands={1: "QC"}, front={1: "3D", 2: "9H 5S"}, rear={2: "KH"})
    s.apply(A.Deploy(C("QC")))
    assert A.Target(0, 0) in s.legal_actions()          # any unit on the battlefield
    run(s, A.Target(1, 4), A.Target(1, 0))
    assert toks(s, 1) == ["5S"] and not s.rear[1]
    assert C("KH") in s.up and C("9H") in s.up


def test_card_queen_of_hearts_resurrects_and_soul_burns(make):
    s = make(hands={1: "QH"}, up="9C AS QD")
    s.apply(A.Deploy(C("QH")))
    assert s.legal_actions() == [A.Pick(C("9C")), A.Pick(C("AS"))]   # not the Queen
    s.apply(A.Pick(C("9C")))
    assert toks(s, 0) == ["9C*/x"]
    # defeated again, it is Soul Burned: face down in the Barrows
    s.front[0][0].flags &= ~1
    s.front[1] = [Unit(C("10D"))]
    run(s, A.Done(), A.Attack(0, 1, -1), A.Block(0, 0))
    assert C("9C") in s.down and C("9C") not in s.up


def test_card_queen_of_spades_keep_one_order_the_rest(make):
    s = make(hands={1: "QS"}, deck="3C 4C 5C 6C 7C 8C")
    s.apply(A.Deploy(C("QS")))
    assert s.legal_actions() == [A.Pick(C(x)) for x in ("5C", "6C", "7C", "8C")]
    run(s, A.Pick(C("6C")), A.Pick(C("8C")), A.Pick(C("5C")))
    assert C("6C") in s.hands[0]
    assert s.deck == [C(x) for x in ("3C", "4C", "8C", "5C", "7C")]   # 7C is the new top
    assert all(s.known[C(x)] & 1 for x in ("8C", "5C", "7C"))


# -- Kings and Aces --------------------------------------------------------------------------------


def test_card_king_enhances_only_its_own_house(make):
    s = make(phase="combat", front={1: "9C", 2: "9D 9H"}, rear={2: "KD"})
    run(s, A.Attack(0, 1, -1), A.Block(1, 0))
    assert toks(s, 0) == []                    # a trade: Hearts are not enhanced by the KD
    assert toks(s, 1) == ["9D"]


def test_card_ace_deploys_exhausted_to_the_rear(make):
    s = make(hands={1: "AC"}, front={2: "5H"})
    s.apply(A.Deploy(C("AC")))
    assert toks(s, 0, "rear") == ["AC/x"]


def test_card_ace_of_diamonds_strikes_at_once(make):
    s = make(hands={1: "AD"}, front={2: "10H"}, rear={2: "KH"})
    s.apply(A.Deploy(C("AD")))
    assert s.legal_actions() == [A.Target(1, 0), A.Target(1, 4)]
    s.apply(A.Target(1, 4))
    assert not s.rear[1] and C("KH") in s.up and C("AD") in s.up and not s.rear[0]


def test_card_ace_of_diamonds_in_response(make):
    s = respond_state(make, front={1: "10C"}, hands={2: "AD"})
    run(s, A.Deploy(C("AD")), A.Target(0, 0))
    assert not s.front[0]


# -- Jokers --------------------------------------------------------------------------------------------


def test_card_black_joker_doppelganger_as_a_soldier(make):
    s = make(hands={1: "BJ"})
    s.apply(A.Deploy(C("BJ")))
    assert s.legal_actions() == [A.Variant("doppelganger"), A.Variant("necromancer")]
    run(s, A.Variant("doppelganger"), A.CopyRank(9), A.CopySuit(0))
    assert toks(s, 0) == ["BJ(9D)"]            # a 9 of Diamonds: ready at once


def test_card_black_joker_doppelganger_as_a_king(make):
    s = make(hands={1: "BJ"}, front={1: "5H"})
    run(s, A.Deploy(C("BJ")), A.Variant("doppelganger"), A.CopyRank(13), A.CopySuit(2))
    assert toks(s, 0, "rear") == ["BJ(KH)/x"]
    assert king_suit(s, 0) == 2


def test_ruling_doppelganger_may_imitate_any_card_but_a_joker(make):
    """rulings.md 4: any non-Joker, Jacks and Queens included; never a second King."""
    s = make(hands={1: "BJ"}, rear={1: "KS"}, front={2: "3H"})
    run(s, A.Deploy(C("BJ")), A.Variant("doppelganger"))
    ranks = [a.rank for a in s.legal_actions()]
    assert ranks == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]   # no second King
    assert "King" not in " ".join(s.describe(a) for a in s.legal_actions())


def test_card_black_joker_necromancer_summons_and_soul_burns(make):
    s = make(hands={1: "BJ"}, up="7C QD", front={2: "3H"})
    run(s, A.Deploy(C("BJ")), A.Variant("necromancer"))
    acts = s.legal_actions()
    assert A.Summon(C("7C")) in acts and A.Summon(C("QD")) not in acts
    s.apply(A.Summon(C("7C")))
    assert toks(s, 0) == ["7C/s"]              # ready: it may attack this turn
    assert not any(isinstance(a, A.Summon) for a in s.legal_actions())   # once a turn
    run(s, A.Done(), A.Attack(0, 1, -1), A.Done())
    assert s.life == [40, 33]
    finish_turn(s)                             # Player 2's turn, then Player 1's READY
    assert s.cur == 0
    assert C("7C") in s.down and not s.front[0]


def test_card_red_joker_insane_wizard_splits_bonds_and_trims(make):
    s = make(hands={1: "RJ"}, front={2: "5S+4S 3S+2S 9H"})
    run(s, A.Deploy(C("RJ")), A.Variant("wizard"))
    assert s.to_move == 1 and "Wizard" in s.prompt
    assert len(s.front[1]) == 5
    s.apply(A.Pick(C("2S")))
    assert toks(s, 1) == ["5S", "4S", "3S", "9H"] and C("2S") in s.up
    assert s.to_move == 0


def test_card_red_joker_insane_wizard_takes_traits_and_bonds(make):
    s = make(phase="combat", front={1: "9S", 2: "5D 6D 7H/x"}, rear={1: "RJ(wizard)", 2: "KD"},
             hands={2: "4D"})
    t = s.clone()
    assert A.Block(2, 0) not in (run(t, A.Attack(0, 1, -1)).legal_actions())   # no Hearts trait
    run(s, A.Attack(0, 1, -1), A.Block(0, 0))
    assert toks(s, 1)[:1] == ["6D"]            # no first strike: the 5 fell
    # in Player 2's deploy: no bonds, and Diamonds enter exhausted
    acts = s.legal_actions()
    assert not any(isinstance(a, A.Bond) for a in acts)
    assert not any(isinstance(a, A.Deploy) and a.slot >= 0 for a in acts)
    s.apply(A.Deploy(C("4D")))
    assert toks(s, 1)[-1] == "4D/x"


def test_ruling_insane_wizard_on_bonded_units(make):
    s = make(hands={1: "RJ"}, front={2: "5S+4S*"})
    run(s, A.Deploy(C("RJ")), A.Variant("wizard"))
    assert toks(s, 1) == ["5S", "4S*"]         # the resurrected card stays Soul-Burn marked


def test_card_red_joker_binding_spirit_bonds_any_house(make):
    s = make(hands={1: "RJ 9C"}, front={1: "4H"})
    assert A.Deploy(C("9C"), 0, True) not in s.legal_actions()
    run(s, A.Deploy(C("RJ")), A.Variant("spirit"))
    s.apply(A.Deploy(C("9C"), 0, True))
    assert toks(s, 0) == ["9C+4H/x"]


def test_card_binding_spirit_leader_defines_the_trait(make):
    s = make(phase="combat", front={1: "9C+4H", 2: "5D"}, rear={1: "RJ(spirit)"})
    run(s, A.Attack(0, 1, -1), A.Block(0, 0))
    assert "excess" in s.prompt                # a Clubs leader: Raging Charge


# -- what each player knows ------------------------------------------------------------------


def test_rule_revealed_cards_stay_known_in_views(make):
    s = make(seats=3, hands={1: "2D", 2: "5H 6H 7H"})
    s.apply(A.Scout(C("2D"), 1))
    shown = sorted(c for c in s.hands[1] if s.known[c] == 0b111)
    for seat in (0, 2, None):
        v = s.view(seat)
        assert sorted(c for c in v.hands[1] if c >= 0) == shown
        assert v.hands[1].count(-1) == 1
    assert s.view(1).hands[1] == s.hands[1]


def test_rule_queen_of_spades_cards_known_only_to_her_player(make):
    s = make(hands={1: "QS", 2: "4D"}, deck="3C 4C 5C 6C 7C 8C")
    run(s, A.Deploy(C("QS")), A.Pick(C("8C")), A.Pick(C("5C")), A.Pick(C("6C")))
    mine, theirs = s.view(0), s.view(1)
    assert mine.deck == [-1, -1, C("5C"), C("6C"), C("7C")]
    assert theirs.deck == [-1] * 5 and C("8C") not in theirs.hands[0]
    assert theirs.hands[0].count(-1) == len(s.hands[0])
    assert s.view(None).deck == [-1] * 5
