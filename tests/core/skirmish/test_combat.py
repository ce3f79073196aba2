"""Combat: targets, blockers, damage, the House Traits in battle, poison."""

from __future__ import annotations

from core.skirmish import actions as A
from core.skirmish.cards import card as C
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY
from core.skirmish.units import Unit, token


def toks(s, seat, rank="front"):
    return [token(u) for u in getattr(s, rank)[seat]]


def fight(make, **kw):
    kw.setdefault("phase", "combat")
    return make(**kw)


def run(s, *acts):
    for a in acts:
        s.apply(a)
    return s


def combat(s, attacks=(), blocks=(), then=()):
    """Declare `attacks` (with any second targets), finish declaring if the game did
    not already, apply `blocks`, finish blocking, then apply `then`."""
    run(s, *attacks)
    if s.phase == ATTACK and not s.pending:
        s.apply(A.Done())
    run(s, *blocks)
    while s.phase == BLOCK and not s.pending:
        s.apply(A.Done())
    return run(s, *then)


def test_rule_seed_example_attacking_and_blocking(make):
    """The rulebook's diagram: a 5/2 bond and a 3 attack the player, a 9 and a 4 the
    King; the 10 blocks the bond and the 6/4 bond blocks the 9."""
    s = fight(make, front={1: "5D+2D 3H 9S 4S", 2: "10D 6H+4H"}, rear={1: "KS", 2: "KC"})
    run(s, A.Attack(0, 1, -1), A.Attack(1, 1, -1), A.Attack(2, 1, 4), A.Done(),
        A.Attack(3, 1, 4), A.Done())     # the last possible attacker ends the declaring
    assert s.to_move == 1 and s.prompt.startswith("Choose a blocker")
    combat(s, [], [A.Block(0, 0), A.Block(1, 2)])
    # Player 1 loses the 5/2 bond and the 9; Player 2 takes 3 and loses the 6.
    assert toks(s, 0) == ["3H/x", "4S/x"]
    assert s.life == [40, 37]
    assert toks(s, 1) == ["10D", "4H"]
    assert toks(s, 1, "rear") == ["KC"]
    assert sorted(s.up[-4:]) == sorted([C("5D"), C("2D"), C("9S"), C("6H")])


def test_rule_attackers_must_be_ready(make):
    s = fight(make, front={1: "7C/x 8C", 2: "9H"})
    acts = s.legal_actions()
    assert not any(isinstance(a, A.Attack) and a.pos == 0 for a in acts)
    assert "exhausted" in s.check(A.Attack(0, 1, -1))


def test_rule_front_attackers_target_player_or_front_ranks(make):
    s = fight(make, front={1: "8C", 2: "9H"}, rear={2: "KD"})
    acts = [a for a in s.legal_actions() if isinstance(a, A.Attack)]
    assert acts == [A.Attack(0, 1, -1), A.Attack(0, 1, 0)]
    assert "front ranks" in s.check(A.Attack(0, 1, 4))


def test_rule_attacking_exhausts(make):
    s = fight(make, front={1: "8C 5C", 2: "-"})
    s.apply(A.Attack(0, 1, -1))
    assert toks(s, 0)[0] == "8C/x"


def test_rule_several_attackers_on_one_target(make):
    s = fight(make, front={1: "8C 5H", 2: "10S/x"})
    combat(s, [A.Attack(0, 1, 0), A.Attack(1, 1, 0)])
    assert toks(s, 1) == []                 # 13 damage on a 10


def test_rule_defender_blocks_one_attacker(make):
    s = fight(make, front={1: "3D 4H", 2: "10S 9S"})
    run(s, A.Attack(0, 1, -1), A.Attack(1, 1, -1))
    s.apply(A.Block(0, 0))
    assert [a for a in s.legal_actions() if isinstance(a, A.Block)] == [A.Block(1, 1)]
    assert "already blocking" in s.check(A.Block(0, 1))
    s.apply(A.Done())
    assert s.life == [40, 36]


def test_rule_blocked_attacker_and_blocker_damage_each_other(make):
    s = fight(make, front={1: "7H", 2: "9D"})
    combat(s, [A.Attack(0, 1, -1)], [A.Block(0, 0)])
    assert toks(s, 0) == [] and toks(s, 1) == ["9D"] and s.life == [40, 40]


def test_ruling_blocked_attacker_deals_nothing_to_its_target(make):
    s = fight(make, front={1: "9H", 2: "3S 8D"})
    combat(s, [A.Attack(0, 1, 0)], [A.Block(1, 0)])
    assert toks(s, 1) == ["3S"]              # the blocker falls; the 3 targeted is untouched
    assert toks(s, 0) == ["9H/x"]

def test_rule_damage_cleared_at_end_of_turn(make):
    s = fight(make, front={1: "4H", 2: "9D"}, rear={})
    combat(s, [A.Attack(0, 1, 0)])
    assert s.phase == DEPLOY and s.cur == 1
    assert toks(s, 1) == ["9D"]               # took 4, cleared at the end of the turn


def test_ruling_zero_attack_rear_units_cannot_attack(make):
    s = fight(make, front={2: "5C"}, rear={1: "KS BJ(necromancer) RJ(spirit) AH/g"})
    assert s.legal_actions() == [A.Done()]


def test_trait_diamonds_normal_enter_ready(make):
    s = make(hands={1: "7D 7C"})
    run(s, A.Deploy(C("7D")), A.Deploy(C("7C")))
    assert toks(s, 0) == ["7D", "7C/x"]


def test_trait_diamonds_enhanced_blocker_strikes_first(make):
    s = fight(make, front={1: "9C", 2: "9D"}, rear={2: "KD"})
    combat(s, [A.Attack(0, 1, -1)], [A.Block(0, 0)])
    assert toks(s, 0) == [] and toks(s, 1) == ["9D"]
    t = fight(make, front={1: "9C", 2: "9D"}, rear={2: "KC"})     # without the King: a trade
    combat(t, [A.Attack(0, 1, -1)], [A.Block(0, 0)])
    assert toks(t, 0) == [] and toks(t, 1) == []


def test_trait_clubs_normal_excess_damage_to_player_or_front_unit(make):
    s = fight(make, front={1: "10C", 2: "3H 5S"})
    combat(s, [A.Attack(0, 1, -1)], [A.Block(0, 0)])
    assert s.to_move == 0 and "excess" in s.prompt
    assert s.legal_actions() == [A.Target(1, -1), A.Target(1, 1)]
    s.apply(A.Target(1, 1))                   # 7 excess onto the 5
    assert toks(s, 1) == [] and s.life == [40, 40]
    t = fight(make, front={1: "10C", 2: "3H 5S"})
    combat(t, [A.Attack(0, 1, -1)], [A.Block(0, 0)], [A.Target(1, -1)])
    assert t.life == [40, 33] and toks(t, 1) == ["5S"]


def test_trait_clubs_enhanced_last_strike_when_defeated(make):
    s = fight(make, front={1: "4C", 2: "9H 8S"}, rear={1: "KC", 2: "AH/g"})
    combat(s, [A.Attack(0, 1, -1)], [A.Block(0, 0)])
    assert "last strike" in s.prompt
    assert A.Target(1, 4) in s.legal_actions()        # any rank
    s.apply(A.Target(1, 1))
    assert toks(s, 1) == ["9H", "8S"] and toks(s, 0) == []    # 4 on the 8: survives
    t = fight(make, front={1: "4C", 2: "9H"}, rear={1: "KC"})
    combat(t, [A.Attack(0, 1, -1)], [A.Block(0, 0)], [A.Target(1, -1)])
    assert t.life == [40, 36]


def test_trait_hearts_normal_block_while_exhausted_without_damage(make):
    s = fight(make, front={1: "5C", 2: "6H/x 7S/x"})
    run(s, A.Attack(0, 1, -1))
    assert s.legal_actions() == [A.Block(0, 0), A.Done()]   # the exhausted 7S cannot
    combat(s, [], [A.Block(0, 0)])
    # nobody took damage (the exhausted 6 dealt none); Player 2's READY then straightens them
    assert toks(s, 0) == ["5C/x"] and toks(s, 1) == ["6H", "7S"] and s.life == [40, 40]


def test_trait_hearts_enhanced_defeated_blocker_returns_to_hand(make):
    s = fight(make, front={1: "9D", 2: "5H"}, rear={2: "KH"})
    combat(s, [A.Attack(0, 1, -1)], [A.Block(0, 0)])
    assert toks(s, 1) == [] and C("5H") in s.hands[1] and C("5H") not in s.up


def test_ruling_poisoned_hearts_go_to_the_barrows(make):
    s = fight(make, front={1: "9D", 2: "5H"}, rear={1: "AS", 2: "KH"})
    combat(s, [A.Attack(4, 1, 0), A.Attack(0, 1, -1)], [A.Block(0, 0)])
    assert C("5H") not in s.hands[1] and C("5H") in s.up


def test_trait_spades_normal_two_front_targets(make):
    s = fight(make, front={1: "6S", 2: "5H 4D"}, rear={2: "KD"})
    s.apply(A.Attack(0, 1, 0))
    assert s.legal_actions() == [A.Target(1, 1), A.Done()]      # not the rear rank
    combat(s, [A.Target(1, 1)])
    assert toks(s, 1) == []


def test_trait_spades_enhanced_targets_rear_ranks(make):
    s = fight(make, front={1: "9S"}, rear={1: "KS", 2: "AH/g QS(x)" if False else "KD"})
    acts = s.legal_actions()
    assert A.Attack(0, 1, 4) in acts
    combat(s, [A.Attack(0, 1, 4)])
    assert toks(s, 1, "rear") == ["KD"]     # 9 < 13


def test_rule_unblocked_attackers_damage_the_player(make):
    s = fight(make, front={1: "9S 3D"}, rear={})
    combat(s, [A.Attack(0, 1, -1), A.Attack(1, 1, -1)])
    assert s.life == [40, 28]


def test_rule_poisoned_units_go_to_the_barrows_at_end_of_turn(make):
    s = fight(make, front={2: "10H"}, rear={1: "AC"}, hands={2: "3C"})
    s.apply(A.Attack(4, 1, 0))
    s.apply(A.Done())
    assert toks(s, 1) == [] and C("10H") in s.up and C("AC") in s.up


def test_card_ace_of_clubs_owner_discards_a_random_card(make):
    s = fight(make, front={2: "10H"}, rear={1: "AC"}, hands={2: "3C 4D"})
    combat(s, [A.Attack(4, 1, 0)])
    assert len(s.hands[1]) == 2        # discarded one, then drew one at the start of turn
    assert (C("3C") in s.up) != (C("4D") in s.up)


def test_rule_aces_strike_units_or_the_player_and_cannot_be_blocked(make):
    s = fight(make, front={2: "10H 3S"}, rear={1: "AD/x AH"})
    acts = s.legal_actions()
    assert {a.tpos for a in acts if isinstance(a, A.Attack)} == {-1, 0, 1}
    combat(s, [A.Attack(5, 1, 1)])
    assert s.prompt.startswith("Keep the Ace")     # no blockers were asked for


def test_card_ace_of_hearts_guard_blocks_and_poisons(make):
    s = fight(make, front={2: "10H"}, rear={1: "AH"})
    combat(s, [A.Attack(4, 1, 0)], [], [A.Guard(True)])
    assert toks(s, 0, "rear") == ["AH/xg"]
    assert toks(s, 1) == []
    # Player 2 attacks; the guard is still exhausted until Player 1's READY, so next turn:
    u = s.rear[0][0]
    u.flags &= ~1
    s.front[1] = [Unit(C("9D"))]
    s.phase = ATTACK
    combat(s, [A.Attack(0, 0, -1)], [A.Block(4, 0)])
    assert toks(s, 0, "rear") == [] and toks(s, 1) == []       # guard falls; the 9 is poisoned
    assert s.life[0] == 40


def test_card_ace_of_spades_poisons_a_second_front_unit(make):
    s = fight(make, front={2: "10H 3S"}, rear={1: "AS", 2: "KD"})
    s.apply(A.Attack(4, 1, 0))
    assert s.legal_actions() == [A.Target(1, 1), A.Done()]
    combat(s, [A.Target(1, 1)])
    assert toks(s, 1) == [] and toks(s, 1, "rear") == ["KD"]


def test_rule_player_at_zero_life_is_out_last_one_standing_wins(make):
    s = fight(make, front={1: "10C 9C"}, life=[40, 19], hands={2: "5H"})
    combat(s, [A.Attack(0, 1, -1), A.Attack(1, 1, -1)])
    assert s.over and s.outcome.winners == (0,)
    assert C("5H") in s.up


def test_rule_three_players_eliminated_player_leaves(make):
    s = fight(make, seats=3, front={1: "10C 9C", 3: "4D"}, life=[40, 19, 40])
    combat(s, [A.Attack(0, 1, -1), A.Attack(1, 1, -1)])
    assert not s.over and s.cur == 2      # Player 2 is skipped


def test_log_a_blood_bond_takes_a_plural_verb(make):
    # "The 8 of Hearts and the 7 of Hearts block ...", "... attack Player 2."
    s = fight(make, front={1: "10D+2D", 2: "8H+7H"})
    s.apply(A.Attack(0, 1, -1))
    assert "The 10 of Diamonds and the 2 of Diamonds attack Player 2." in s.log
    assert s.describe(A.Block(0, 0)).startswith("The 8 of Hearts and the 7 of Hearts block ")
    s.apply(A.Block(0, 0))
    text = "\n".join(s.log)
    assert "The 8 of Hearts and the 7 of Hearts block the 10 of Diamonds" in text
    assert " blocks the 10" not in text and " attacks Player" not in text
    single = fight(make, front={1: "9D", 2: "5H"})
    single.apply(A.Attack(0, 1, -1))
    assert "The 9 of Diamonds attacks Player 2." in single.log
