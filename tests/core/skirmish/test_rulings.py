"""The project's rulings on points the rulebook leaves open (docs/rules/skirmish.md)."""

from __future__ import annotations

from core.skirmish import actions as A
from core.skirmish.cards import card as C
from core.skirmish.phases import BLOCK, RESPONSE
from skirmish_helpers import run, toks


def finish_turn(s):
    t = s.turn
    while s.turn == t and not s.over:
        s.apply(A.Done())
    return s


def test_ruling_jacks_and_queens_act_at_once_and_never_stay(make):
    s = make(hands={1: "JC"}, front={1: "3D"}, rear={1: "AS AC AH KS"})
    s.apply(A.Deploy(C("JC")))                 # full rear ranks do not matter
    assert C("JC") in s.up and toks(s, 0, "rear") == ["AS", "AC", "AH", "KS"]
    t = make(hands={2: "QC"}, front={1: "9D", 2: "3H"})
    t.apply(A.Done())
    assert t.phase == RESPONSE
    run(t, A.Deploy(C("QC")), A.Target(0, 0), A.Target(1, 0))
    assert not t.front[0] and not t.front[1]


def test_ruling_response_window_asks_every_opponent_with_cards(make):
    s = make(seats=4, hands={2: "3H", 3: "-", 4: "5D"})
    s.apply(A.Done())
    assert s.to_move == 1 and s.legal_actions() == [A.Done()]   # asked, though nothing to play
    s.apply(A.Done())
    assert s.to_move == 3                      # Player 3 holds no card: not asked


def test_ruling_automatic_steps_skip_only_public_decisions(make):
    s = make(front={1: "5D/x"}, hands={2: "4C"})
    s.apply(A.Done())
    assert s.phase == RESPONSE                 # a hand is hidden: the opponent is asked
    s.apply(A.Done())
    assert s.cur == 1                          # nobody could attack: combat was skipped


def test_ruling_taken_unit_keeps_its_state(make):
    s = make(hands={2: "JS"}, front={1: "9D/x 4C"})
    s.apply(A.Done())
    run(s, A.Deploy(C("JS")), A.Target(0, 0))
    assert toks(s, 1) == ["9D/x"]


def test_ruling_blocked_spades_attacker_spares_both_targets(make):
    s = make(phase="combat", front={1: "8S", 2: "3H 4H 9D"})
    run(s, A.Attack(0, 1, 0), A.Target(1, 1), A.Block(2, 0), A.Done())
    assert toks(s, 1) == ["3H", "4H", "9D"] and toks(s, 0) == []


def test_ruling_spades_attacking_a_player_has_one_target(make):
    s = make(phase="combat", front={1: "8S 3D/x", 2: "4H"})
    s.apply(A.Attack(0, 1, -1))
    assert s.phase == BLOCK and not s.pending


def test_ruling_excess_damage_counts_the_blockers_full_defence(make):
    s = make(phase="combat", front={1: "9C", 2: "4H 5S"}, hands={2: "JH"})
    t = s.clone()
    run(t, A.Attack(0, 1, -1), A.Block(0, 0))
    assert t.pending[-1][:1] == ("excess",) and t.pending[-1][3] == 5
    # the blocker protected by the Jack of Hearts takes nothing, but 5 still spills over
    u = s.front[1][0]
    u.flags |= 128
    run(s, A.Attack(0, 1, -1), A.Block(0, 0), A.Target(1, 1))
    assert toks(s, 1)[0] == "4H" and len(s.front[1]) == 1


def test_ruling_one_blocker_per_attacker(make):
    s = make(phase="combat", front={1: "9D", 2: "4H 6S"})
    run(s, A.Attack(0, 1, -1), A.Block(0, 0))
    assert s.phase != BLOCK or A.Block(1, 0) not in s.legal_actions()


def test_ruling_blocking_does_not_exhaust(make):
    s = make(phase="combat", front={1: "3D", 2: "9H"})
    run(s, A.Attack(0, 1, -1), A.Block(0, 0))
    assert toks(s, 1) == ["9H"]


def test_ruling_exhausted_units_cannot_block(make):
    s = make(phase="combat", front={1: "3D", 2: "9S/x"})
    s.apply(A.Attack(0, 1, -1))
    assert s.life == [40, 37]                  # no blocker could be asked


def test_ruling_bonding_on_deploy_is_not_a_redeploy(make):
    s = make(hands={1: "5D"}, front={1: "3D 9H"})
    s.apply(A.Deploy(C("5D"), 0, False))
    assert A.Return(1) in s.legal_actions()


def test_ruling_bond_takes_the_new_cards_entry_state(make):
    s = make(hands={1: "5C 6D"}, front={1: "3C 3D/x"})
    run(s, A.Deploy(C("5C"), 0, True), A.Deploy(C("6D"), 1, True))
    assert toks(s, 0) == ["5C+3C/x", "6D+3D/x"]


def test_ruling_enhanced_traits_add_to_the_normal_trait(make):
    s = make(hands={1: "7D"}, rear={1: "KD"})
    s.apply(A.Deploy(C("7D")))
    assert toks(s, 0) == ["7D"]                # still enters ready with its King


def test_ruling_enhanced_clubs_strikes_again_only_when_the_whole_unit_falls(make):
    s = make(phase="combat", front={1: "8C+3C", 2: "9H"}, rear={1: "KC"})
    run(s, A.Attack(0, 1, -1), A.Block(0, 0))
    assert s.pending and s.pending[-1][0] == "excess"   # 11 vs 9: 2 excess, no last strike
    s.apply(A.Target(1, -1))
    assert toks(s, 0) == ["3C/x"] and s.life == [40, 38]


def test_ruling_diamonds_first_strike_leaves_a_bond_its_surviving_card(make):
    s = make(phase="combat", front={1: "5H+6H", 2: "7D"}, rear={2: "KD"})
    run(s, A.Attack(0, 1, -1), A.Block(0, 0))
    # the 7 strikes first: the 5 falls, 2 more on the 6; the 6 then strikes for 6 (< 7)
    assert toks(s, 0) == ["6H/x"] and toks(s, 1) == ["7D"]


def test_ruling_ace_of_hearts_as_a_defender(make):
    s = make(phase="combat", front={1: "9D"}, rear={2: "AH/g"})
    run(s, A.Attack(0, 1, -1), A.Block(4, 0))
    assert toks(s, 1, "rear") == [] and toks(s, 0) == []   # guard falls; 9 poisoned, gone at END
    t = make(phase="combat", front={1: "9D"}, rear={2: "AH/gx"})
    t.apply(A.Attack(0, 1, -1))
    assert t.life == [40, 31]                  # an exhausted guard cannot block


def test_ruling_jack_of_hearts_does_not_stop_poison(make):
    s = make(phase="combat", front={2: "9H/h"}, rear={1: "AC"})
    run(s, A.Attack(4, 1, 0))
    assert not s.front[1]


def test_ruling_ace_of_diamonds_needs_a_target_not_a_space(make):
    s = make(hands={1: "AD"}, rear={1: "AS AC AH KS"})
    assert A.Deploy(C("AD")) not in s.legal_actions()
    assert "strike" in s.check(A.Deploy(C("AD")))
    t = make(hands={1: "AD"}, rear={1: "AS AC AH KS"}, front={2: "4C"})
    assert A.Deploy(C("AD")) in t.legal_actions()


def test_ruling_doppelganger_as_ace_of_diamonds_strikes_then_leaves(make):
    s = make(hands={1: "BJ"}, front={2: "10C"})
    run(s, A.Deploy(C("BJ")), A.Variant("doppelganger"), A.CopyRank(1), A.CopySuit(0),
        A.Target(1, 0))
    assert not s.front[1] and C("BJ") in s.up and not s.rear[0]


def test_ruling_doppelganger_as_a_two_is_a_soldier(make):
    s = make(hands={1: "BJ"}, front={2: "10C"}, rear={2: "-"})
    run(s, A.Deploy(C("BJ")), A.Variant("doppelganger"), A.CopyRank(2), A.CopySuit(3))
    assert toks(s, 0) == ["BJ(2S)/x"] and not s.pending


def test_ruling_soul_burned_cards_go_face_down(make):
    s = make(hands={1: "QC"}, front={1: "4C*", 2: "5C/s"})
    run(s, A.Deploy(C("QC")), A.Target(0, 0), A.Target(1, 0))
    assert sorted(s.down) == sorted([C("4C"), C("5C")])
    t = make(front={1: "4C* 5C/s"})
    acts = t.legal_actions()
    assert A.Return(0) in acts and A.Return(1) not in acts   # a summoned unit never goes to hand
    t.apply(A.Return(0))
    assert C("4C") in t.hands[0]                             # back in hand, the mark is gone


def test_ruling_queen_of_hearts_resurrects_units_only(make):
    s = make(hands={1: "QH"}, up="JC QD KS AH 5D RJ", rear={1: "KC"})
    s.apply(A.Deploy(C("QH")))
    assert s.legal_actions() == [A.Pick(C("5D")), A.Pick(C("AH"))]   # a second King is not allowed
    s.apply(A.Pick(C("5D")))
    assert toks(s, 0) == ["5D*"]                                    # Diamonds ready


def test_ruling_queen_of_clubs_may_take_one_unit_when_alone(make):
    s = make(hands={1: "QC"}, front={2: "6S"})
    run(s, A.Deploy(C("QC")), A.Target(1, 0))
    assert not s.front[1] and not s.pending


def test_ruling_cross_house_bonds_stay_when_the_spirit_leaves(make):
    s = make(front={1: "9C+4H"}, rear={1: "RJ(spirit)"})
    s.apply(A.Return(4))
    assert toks(s, 0) == ["9C+4H"] and C("RJ") in s.hands[0]


def test_ruling_rank_slots_are_the_order_of_arrival(make):
    s = make(hands={1: "7H 8H"}, front={1: "3S 4S"}, redeployed=False)
    run(s, A.Return(0), A.Deploy(C("7H")))
    assert toks(s, 0) == ["4S", "7H/x"]


def test_ruling_advantage_only_tied_players_redraw():
    from core.skirmish import GAME
    for seed in range(400):
        s = GAME.new(4, seed)
        lines = [ln for ln in s.log if ln.startswith(("Advantage", "A tie"))]
        if any(ln.startswith("A tie") for ln in lines):
            i = next(i for i, ln in enumerate(lines) if ln.startswith("A tie"))
            tied = lines[i].count("Player")
            assert len(lines) - i - 1 >= tied and lines[i + tied].startswith("Advantage")
            return
    raise AssertionError("no tie found")


def test_ruling_outcome_scores_are_life(make):
    s = make(phase="combat", front={1: "10C"}, life=[33, 4])
    s.apply(A.Attack(0, 1, -1))
    assert s.over and s.outcome.scores == (33.0, 0.0) and s.outcome.winners == (0,)


def test_ruling_scout_needs_an_opponent_with_cards(make):
    s = make(seats=3, hands={1: "2D 2H", 3: "9C"}, front={1: "3S 4S 5S 6S"})
    acts = [a for a in s.legal_actions() if isinstance(a, A.Scout)]
    assert acts == [A.Scout(C("2D"), 2)]      # not Player 2 (no cards); 2H needs a front space
    assert "front ranks are full" in s.check(A.Scout(C("2H"), 2))
    assert "no cards" in s.check(A.Scout(C("2D"), 1))


def test_rules_doc_names_only_existing_tests():
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[3]
    doc = (root / "docs" / "rules" / "skirmish.md").read_text(encoding="utf-8")
    named = re.findall(r"`(test_\w+\.py)::(test_\w+)`", doc)
    assert len(named) >= 40
    for fname, test in named:
        src = (Path(__file__).parent / fname).read_text(encoding="utf-8")
        assert f"def {test}(" in src, f"{fname}::{test}"
    assert "## Rulings" in doc and "## Notation" in doc


def test_rules_doc_notation_example_round_trips():
    from pathlib import Path
    from core.skirmish import GAME
    root = Path(__file__).resolve().parents[3]
    doc = (root / "docs" / "rules" / "skirmish.md").read_text(encoding="utf-8")
    example = doc.split("## Notation", 1)[1].split("```\n")[1]
    s = GAME.from_text(example)
    assert s.to_text() == example and s.viewer == 0 and s.hands[1] == [-1]


def test_ruling_a_view_knows_no_play_of_a_hidden_card(make):
    # Player 2's view of Player 1's deployment: the hand shows as unknown cards, so
    # no deployment of them is listed, only what needs no card (Done).
    s = make(hands={1: "5H 6C", 2: "9D"}, front={1: "4S", 2: "3D"})
    v = s.view(1)
    assert v.hands[0] == [-1, -1]
    assert A.Deploy(C("5H")) in s.legal_actions()
    assert not any(isinstance(a, A.Deploy) for a in v.legal_actions())
    assert v.check(A.Deploy(C("5H"))) is not None
    assert s.view(0).legal_actions() == s.legal_actions()


def test_ruling_doppelganger_is_offered_exactly_when_one_of_its_forms_fits(make):
    full_front, full_rear = "3C/x 4H/x 5S/x 6D", "AH/x AS/x KD AC/x"
    # Both ranks full: only the Ace of Diamonds fits (no space, an opposing unit).
    s = make(hands={1: "BJ"}, front={1: full_front, 2: "9H"}, rear={1: full_rear})
    assert A.Deploy(C("BJ")) in s.legal_actions()
    s.apply(A.Deploy(C("BJ")))
    assert s.legal_actions() == [A.Variant("doppelganger")]
    s.apply(A.Variant("doppelganger"))
    assert s.legal_actions() == [A.CopyRank(1)]
    s.apply(A.CopyRank(1))
    assert s.legal_actions() == [A.CopySuit(0)]
    # Both ranks full and no opposing unit: no form fits, so the Joker stays in hand.
    s = make(hands={1: "BJ 7C"}, front={1: full_front}, rear={1: full_rear})
    assert A.Deploy(C("BJ")) not in s.legal_actions()
    # Front space only: soldiers and the Ace of Diamonds, never a rear card.
    s = make(hands={1: "BJ"}, front={1: "3C/x", 2: "9H"}, rear={1: full_rear})
    s.apply(A.Deploy(C("BJ")))
    s.apply(A.Variant("doppelganger"))
    assert [a.rank for a in s.legal_actions()] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def test_ruling_ace_of_spades_second_target_may_be_another_opponents_front_unit(make):
    # "an additional Front Rank unit may be targeted": any opponent's front ranks.
    s = make(seats=3, phase="combat", front={2: "5H", 3: "6D"}, rear={1: "AS"})
    s.apply(A.Attack(4, 1, 0))
    assert A.Target(2, 0) in s.legal_actions()
    s.apply(A.Target(2, 0))  # nothing left to decide: the turn runs to its end
    assert C("5H") in s.up and C("6D") in s.up  # both poisoned, gone at the end of the turn


def test_ruling_enhanced_clubs_last_strike_may_pick_the_blocker_already_falling(make):
    # "one additional target (player or any rank unit)": the attacker's choice, even the
    # blocker that is falling anyway (a wasted strike, but not forbidden).
    s = make(phase="combat", front={1: "4C", 2: "9H"}, rear={1: "KC"})
    run(s, A.Attack(0, 1, -1), A.Block(0, 0))
    assert "last strike" in s.prompt and A.Target(1, 0) in s.legal_actions()
    s.apply(A.Target(1, 0))
    assert s.life == [40, 40] and toks(s, 0) == []


def test_ruling_doppelganger_as_a_soldier_takes_a_front_space_and_bonds_only_by_redeploy(make):
    # It is "deployed to the appropriate rank": a new front unit, never straight into a
    # bond; the turn's one redeploy may then bond it with a single of the copied house.
    s = make(hands={1: "BJ"}, front={1: "5H"})
    run(s, A.Deploy(C("BJ")), A.Variant("doppelganger"), A.CopyRank(7), A.CopySuit(2))
    assert len(s.front[0]) == 2
    assert A.Bond(0, 1) in s.legal_actions()
    # with the front ranks full (of singles), no soldier form fits
    t = make(hands={1: "BJ"}, front={1: "5H 6H/x 7S/x 8C/x"}, rear={1: "AH/x AS/x KD AC/x"})
    assert A.Deploy(C("BJ")) not in t.legal_actions()
