"""One test per rule and per ruling of HOUSE RULES (docs/rules/house-rules.md)."""

from __future__ import annotations

import pytest

from core.engine import IllegalAction
from core.house_rules import GAME, EndTurn, Move, Options, Pass, PlaceMarker, PlayCard, Revive, TakeBonus

# Pawns far from the action that keep both totals clear of the end lines (7 each).
PAD = {"a1": "W4", "b1": "W3", "a6": "B4", "b6": "B3"}
WHITE_ARMY = {"a1": "W1", "b1": "W2", "c1": "W3", "d1": "W4", "e1": "W3", "f1": "W2", "g1": "W1"}

# -- board and setup ---------------------------------------------------------------


def test_rule_board_is_6_rows_by_7_files():
    s = GAME.new(2, 1)
    assert len(s.board) == 42
    assert s.pawn_at("g6") is not None and s.pawn_at("a1") is not None
    with pytest.raises(ValueError):
        s.pawn_at("h1")
    with pytest.raises(ValueError):
        s.pawn_at("a7")


def test_rule_white_home_corners_are_black_cells():
    s = GAME.new(2, 1)
    assert s.cell_colour("a1") == "black" and s.cell_colour("g1") == "black"
    assert s.cell_colour("a6") == "white" and s.cell_colour("g6") == "white"
    assert s.cell_colour("b1") == "white" and s.cell_colour("d4") == "black"


def test_rule_setup_from_a_corner_1_2_3_4_3_2_1():
    s = GAME.new(2, 1)
    white = [s.pawn_at(f + "1") for f in "abcdefg"]
    black = [s.pawn_at(f + "6") for f in "abcdefg"]
    assert [p.value for p in white] == [1, 2, 3, 4, 3, 2, 1]
    assert [p.kind for p in white] == ["line", "square", "cube", "tesseract", "cube", "square", "line"]
    assert [p.kind for p in black] == ["line", "triangle", "tetrahedron", "hypertetrahedron",
                                       "tetrahedron", "triangle", "line"]
    assert all(p.colour == 0 for p in white) and all(p.colour == 1 for p in black)
    assert s.totals() == (16, 16)
    assert all(s.pawn_at(f"{f}{r}") is None for f in "abcdefg" for r in range(2, 6))


def test_rule_white_moves_first():
    s = GAME.new(2, 1)
    assert s.to_move == 0
    assert "White" in s.prompt


def test_ruling_first_option_lets_black_start():
    s = GAME.new(2, 1, Options(first="black"))
    assert s.to_move == 1
    assert all(a.src.endswith("6") for a in s.legal_actions() if type(a) is Move)


# -- movement and capture ----------------------------------------------------------


def test_rule_pawns_step_one_cell_orthogonally(pos):
    s = pos({"d3": "W2", "a6": "B4", "g6": "B3+"})
    assert sorted(a.dst for a in s.moves_from("d3")) == ["c3", "d2", "d4", "e3"]
    reason = s.check(Move("d3", "e4"))
    assert reason is not None and "diagonal" in reason
    assert s.check(Move("d3", "d5")) is not None


def test_rule_cannot_move_onto_own_pawn(pos):
    s = pos({"d3": "W2", "d4": "W1", "a6": "B4"})
    assert "own" in s.check(Move("d3", "d4"))
    assert "d4" not in [a.dst for a in s.moves_from("d3")]


def test_rule_only_your_own_pawns_move(pos):
    s = pos({"d3": "W2", "a6": "B4"})
    assert "not yours" in s.check(Move("a6", "a5"))
    assert "no pawn" in s.check(Move("e3", "e4")).lower()


def test_rule_seed_example_triangle_captures_cube_on_black_cell(pos):
    # d4 is a black cell: the triangle gets +1 (3) and captures the cube (3).
    s = pos({"d4": "W3", "d5": "B2", "a1": "W4", "b1": "W3+", "g6": "B4", "f6": "B3+"}, side="Black")
    assert s.cell_colour("d4") == "black"
    att, dfn, text = s.capture_preview("d5", "d4")
    assert (att, dfn) == (3, 3)
    assert "black cell +1" in text
    s.apply(Move("d5", "d4"))
    assert s.pawn_at("d4").kind == "triangle"
    assert [p.kind for p in s.captured("white")] == ["cube"]


def test_rule_cell_colour_bonus_goes_to_defender_too(pos):
    # c4 is a white cell: the cube defends with 3 + 1 = 4 against the triangle's 2.
    s = pos({"c4": "W3", "c5": "B2", "a1": "W4", "g6": "B4"}, side="Black")
    assert s.capture_preview("c5", "c4")[:2] == (2, 4)
    assert Move("c5", "c4") not in s.legal_actions()


def test_rule_failed_capture_is_not_a_legal_move_and_check_gives_both_strengths(pos):
    s = pos({"c4": "W3", "c5": "B2", "a1": "W4", "g6": "B4"}, side="Black")
    reason = s.check(Move("c5", "c4"))
    assert reason is not None and "strength 2 vs 4" in reason
    before = s.to_text()
    with pytest.raises(IllegalAction) as err:
        s.apply(Move("c5", "c4"))
    assert "2 vs 4" in err.value.reason
    assert s.to_text() == before


def test_rule_attacker_wins_ties(pos):
    # d4 is black: the line defends with 1 + 1 = 2, the square attacks with 2.
    s = pos({"d3": "W2", "d4": "B1", "a1": "W4", "a6": "B4", "b6": "B3+"})
    assert s.capture_preview("d3", "d4")[:2] == (2, 2)
    assert s.check(Move("d3", "d4")) is None
    s.apply(Move("d3", "d4"))
    assert s.pawn_at("d4").kind == "square"


def test_rule_captured_pawns_leave_the_board(pos):
    s = pos({"d3": "W4", "d4": "B2", "a1": "W3+", "a6": "B4", "b6": "B3+"})
    s.apply(Move("d3", "d4"))
    assert s.pawn_at("d3") is None
    assert [p.base for p in s.captured("black")] == [2]
    assert s.totals() == (8, 8)


# -- upgrades ------------------------------------------------------------------------


def test_rule_upgrade_plus_one_on_entering_the_far_row(pos):
    s = pos({"c5": "W3", "a1": "W4", "a6": "B4", "b5": "B3+"})
    s.apply(Move("c5", "c6"))
    p = s.pawn_at("c6")
    assert p.kind == "cube" and p.value == 4 and p.upgrade == "+1"
    assert s.totals()[0] == 8


def test_rule_black_upgrades_on_row_1(pos):
    s = pos({"c2": "B2", "g1": "W4", "g2": "W3+", "a6": "B4", "b6": "B3"}, side="Black")
    s.apply(Move("c2", "c1"))
    assert s.pawn_at("c1").value == 3


def test_rule_only_one_upgrade_a_pawn(pos):
    s = pos({"c6": "W3+", "a1": "W4", "a6": "B3+", "g5": "B4"})
    s.apply(Move("c6", "c5"))
    s.apply(Move("g5", "g4"))
    s.apply(Move("c5", "c6"))
    assert s.pawn_at("c6").value == 4


def test_rule_value4_brings_back_a_captured_pawn_owners_choice(pos):
    s = pos({"d5": "W4", "a2": "W3", "a6": "B4", "g5": "B3+"}, captured=((2, 3), ()))
    s.apply(Move("d5", "d6"))
    assert s.phase == "upgrade" and s.to_move == 0
    acts = s.legal_actions()
    assert TakeBonus() not in acts
    assert set(acts) == {Revive(2, "b1"), Revive(2, "f1"), Revive(3, "c1"), Revive(3, "e1")}
    s.apply(Revive(3, "e1"))
    assert s.pawn_at("e1").kind == "cube"
    assert s.pawn_at("d6").upgrade == "spent" and s.pawn_at("d6").value == 4
    assert [p.base for p in s.captured("white")] == [2]
    assert s.to_move == 1


def test_ruling_revived_pawn_goes_to_a_free_starting_cell_else_any_free_home_cell(pos):
    s = pos({"d5": "W4", "b1": "W1", "f1": "B1", "a6": "B4", "g5": "B3+", "a3": "W3", "b3": "W3"},
            captured=((2,), ()))
    s.apply(Move("d5", "d6"))
    cells = sorted(a.cell for a in s.legal_actions())
    assert cells == ["a1", "c1", "d1", "e1", "g1"]
    assert "must come back on a1 or c1" in s.check(Revive(2, "b1"))
    s2 = pos({"d5": "W4", "b1": "W1", "a6": "B4", "g5": "B3+", "a3": "W3", "b3": "W3", "f6": "B3"},
             captured=((2,), ()))
    s2.apply(Move("d5", "d6"))
    assert [a.cell for a in s2.legal_actions()] == ["f1"]
    assert "f1" in s2.check(Revive(2, "a1"))


def test_ruling_revived_pawn_has_no_upgrade(pos):
    s = pos({"d5": "W4", "a6": "B4", "g5": "B3+", "a3": "W3", "b3": "W2"}, captured=((3,), ()))
    s.apply(Move("d5", "d6"))
    s.apply(Revive(3, "c1"))
    assert s.pawn_at("c1").upgrade == "" and s.pawn_at("c1").value == 3


def test_ruling_value4_with_nothing_captured_stays_eligible(pos):
    s = pos({"d5": "W4", "a3": "W3", "a6": "B4", "g5": "B3+", "g1": "B1"})
    s.apply(Move("d5", "d6"))
    assert s.pawn_at("d6").upgrade == "" and s.to_move == 1
    s.apply(Move("g1", "f1"))  # nothing captured yet
    s.apply(Move("a3", "a4"))
    s.apply(Move("f1", "e1"))
    s.captured_bases[0].append(2)  # now a white square has been captured
    s.apply(Move("d6", "d5"))
    s.apply(Move("e1", "f1"))
    s.apply(Move("d5", "d6"))
    assert s.phase == "upgrade"


def test_ruling_moving_along_the_far_row_counts_as_entering_it(pos):
    s = pos({"d6": "W4", "a6": "B4", "g4": "B3+", "a3": "W3", "b3": "W3"}, captured=((1,), ()))
    s.apply(Move("d6", "e6"))
    assert s.phase == "upgrade"
    assert set(s.legal_actions()) == {Revive(1, "a1"), Revive(1, "g1")}


def test_ruling_revival_needs_a_free_home_row_cell(pos):
    full = {"a1": "W1", "b1": "W1", "c1": "B1", "d1": "B1", "e1": "B2", "f1": "B2", "g1": "B3"}
    s = pos({**full, "d5": "W4", "a6": "B4", "g5": "B3+", "a3": "W3", "b3": "W3"}, captured=((2,), ()))
    s.apply(Move("d5", "d6"))
    assert s.phase != "upgrade" and s.to_move == 1
    assert s.pawn_at("d6").upgrade == ""  # still eligible later


# -- end of the game ---------------------------------------------------------------


def test_ruling_total_of_6_loses_not_only_less_than_6(pos):
    # Black has 4 + 2 + 1 = 7; losing the line leaves 6: Black loses.
    s = pos({"a5": "W4", "b1": "W3", "c1": "W3", "d6": "B4", "f6": "B2", "a6": "B1"})
    s.apply(Move("a5", "a6"))
    assert s.over and s.outcome.winners == (0,)
    assert "6 or less" in s.outcome.reason
    assert s.to_move is None and s.legal_actions() == []
    assert s.outcome.scores == (1.0, 0.0)


def test_rule_total_above_6_plays_on(pos):
    s = pos({"a5": "W4", "b1": "W3", "c1": "W3", "d6": "B4", "f6": "B3", "a6": "B1"})
    s.apply(Move("a5", "a6"))
    assert not s.over and s.totals() == (10, 7)


def test_rule_a_difference_of_8_wins(pos):
    # White 16, Black 9: taking Black's line makes it 16 to 8.
    s = pos({**WHITE_ARMY, "d2": "B1", "d6": "B4", "c6": "B3+"})
    s.apply(Move("d1", "d2"))
    assert s.over and s.outcome.winners == (0,)
    assert "lead of 8" in s.outcome.reason


def test_rule_difference_of_7_plays_on(pos):
    s = pos({**WHITE_ARMY, "d2": "B1", "d6": "B4", "c6": "B3+", "a6": "B1"})
    s.apply(Move("d1", "d2"))
    assert not s.over and s.totals() == (16, 9)


def test_rule_totals_count_upgrades_but_no_cell_or_team_support(pos):
    s = pos({"d4": "W3+", "c4": "W1", "d5": "B2", "a6": "B4"}, in_force=("team-support",))
    assert s.totals() == (5, 6)
    s2 = pos({"d4": "W3+", "c4": "W1", "d5": "B2", "a6": "B4"})
    assert s2.totals() == s.totals()


# -- passes and draws ----------------------------------------------------------------


def test_rule_pass_only_when_no_move(pos):
    s = pos({"a1": "W1", "a2": "B3", "b1": "B3", "g6": "B4", "g2": "B1"})
    assert s.legal_actions() == [Pass()]
    assert "pass" in s.prompt
    assert "strength 2 vs 3" in s.check(Move("a1", "a2"))
    s2 = GAME.new(2, 1)
    assert "only when no move" in s2.check(Pass())


def test_rule_two_passes_in_a_row_draw(pos):
    s = pos({"a1": "W1", "a2": "B3", "b1": "B3", "g6": "B4", "g2": "B1"}, passes=1)
    s.apply(Pass())
    assert s.over and s.outcome.winners == () and "passed" in s.outcome.reason
    assert s.outcome.scores == (0.5, 0.5)


def test_rule_a_single_pass_plays_on(pos):
    s = pos({"a1": "W1", "a2": "B3", "b1": "B3", "g6": "B4", "g2": "B1"})
    s.apply(Pass())
    assert not s.over and s.to_move == 1 and s.passes == 1
    s.apply(Move("g2", "g3"))
    assert s.passes == 0


def test_rule_third_repetition_is_a_draw():
    s = GAME.new(2, 1, Options(cards="none"))
    cycle = [Move("a1", "a2"), Move("a6", "a5"), Move("a2", "a1"), Move("a5", "a6")]
    for a in cycle * 2:
        assert not s.over
        s.apply(a)
    assert s.over and s.outcome.winners == () and "third time" in s.outcome.reason


def test_rule_second_repetition_plays_on():
    s = GAME.new(2, 1, Options(cards="none"))
    cycle = [Move("a1", "a2"), Move("a6", "a5"), Move("a2", "a1"), Move("a5", "a6")]
    for a in cycle + cycle[:3]:
        s.apply(a)
    assert not s.over


def test_rule_100_moves_each_without_capture_is_a_draw(pos):
    s = pos({"d3": "W4", "a1": "W3", "g6": "B4", "g5": "B3"}, quiet=199)
    s.apply(Move("d3", "d4"))
    assert s.over and "100 moves" in s.outcome.reason


def test_rule_a_capture_resets_the_100_move_count(pos):
    s = pos({"d3": "W4", "d4": "B1", "a1": "W3", "g6": "B4", "g5": "B3"}, quiet=199)
    s.apply(Move("d3", "d4"))
    assert not s.over and s.quiet == 0


# -- cards: how they are played ----------------------------------------------------


def test_rule_each_player_holds_the_five_cards_of_their_colour():
    s = GAME.new(2, 1)
    assert s.hands[0] == ["team-support", "diagonal-step", "change", "sprint", "stalwart"]
    assert s.hands[1] == ["fortress", "homecoming", "regroup", "colour-blind", "last-stand"]
    assert s.cards_in_force == []


def test_rule_a_card_may_be_played_before_the_move():
    s = GAME.new(2, 1)
    s.apply(PlayCard("sprint"))
    assert s.cards_in_force == ["sprint"] and s.phase == "before" and s.to_move == 0
    assert Move("d1", "d3") in s.legal_actions()


def test_rule_a_card_may_be_played_after_the_move():
    s = GAME.new(2, 1)
    s.apply(Move("d1", "d2"))
    assert s.phase == "after" and s.to_move == 0
    assert PlayCard("stalwart") in s.legal_actions() and EndTurn() in s.legal_actions()
    s.apply(PlayCard("stalwart"))
    assert s.to_move == 1 and s.phase == "before"  # nothing else to do: the turn ended


def test_rule_at_most_one_card_a_turn():
    s = GAME.new(2, 1)
    s.apply(PlayCard("sprint"))
    assert not any(type(a) is PlayCard for a in s.legal_actions())
    assert "one card a turn" in s.check(PlayCard("stalwart"))
    s.apply(Move("d1", "d2"))
    assert s.to_move == 1  # no after-move decision left: the turn ended by itself


def test_rule_a_card_is_only_played_from_your_own_hand():
    s = GAME.new(2, 1)
    assert "not in White's hand" in s.check(PlayCard("fortress"))
    assert "no House Rules card" in s.check(PlayCard("joker"))


def test_rule_a_played_card_binds_both_players_until_the_end():
    s = GAME.new(2, 1)
    s.apply(PlayCard("diagonal-step"))
    s.apply(Move("a1", "a2"))  # one card a turn: nothing left to decide, the turn ends
    assert s.to_move == 1
    assert Move("b6", "c5") in s.legal_actions()  # Black moves diagonally too
    assert "already in force" in s.check(PlayCard("diagonal-step"))


def test_ruling_end_turn_declines_the_after_move_card():
    s = GAME.new(2, 1)
    s.apply(Move("a1", "a2"))
    s.apply(EndTurn())
    assert s.to_move == 1 and len(s.hands[0]) == 5
    assert "Move first" in s.check(EndTurn())


def test_ruling_after_move_decision_skipped_when_nothing_is_possible():
    s = GAME.new(2, 1, Options(cards="none"))
    s.apply(Move("a1", "a2"))
    assert s.to_move == 1 and s.phase == "before"


def test_rule_variant_1_no_cards():
    s = GAME.new(2, 1, Options(cards="none"))
    assert s.hands == [[], []] and s.cards_in_force == []
    assert not any(type(a) is PlayCard for a in s.legal_actions())
    assert "not held in hand" in s.check(PlayCard("sprint"))


def test_rule_variant_2_random_cards_in_force_from_the_first_move():
    s = GAME.new(2, 5, Options(cards="random", random_cards=4))
    assert len(s.cards_in_force) == 4 and s.hands == [[], []]
    assert not any(type(a) is PlayCard for a in s.legal_actions())
    again = GAME.new(2, 5, Options(cards="random", random_cards=4))
    assert again.cards_in_force == s.cards_in_force
    draws = {tuple(GAME.new(2, seed, Options(cards="random")).cards_in_force) for seed in range(20)}
    assert len(draws) > 5
    assert len(GAME.new(2, 3, Options(cards="random", random_cards=10)).cards_in_force) == 10


def test_ruling_random_cards_option_is_2_to_10():
    for bad in (1, 11):
        with pytest.raises(ValueError):
            GAME.new(2, 1, Options(cards="random", random_cards=bad))
    with pytest.raises(ValueError):
        GAME.new(2, 1, Options(cards="some"))
    with pytest.raises(ValueError):
        GAME.new(3, 1)


# -- the ten cards -------------------------------------------------------------------


def test_card_team_support_adds_adjacent_friends(pos):
    base = {"d3": "W2", "d4": "B1", "c4": "W1", "e4": "B1", "d5": "B2", "a1": "W4", "a6": "B4"}
    s = pos(base, in_force=("team-support",))
    att, dfn, text = s.capture_preview("d3", "d4")
    assert (att, dfn) == (3, 4)  # square 2 + c4; line 1 + black cell + e4 + d5
    assert "team support" in text
    assert "strength 3 vs 4" in s.check(Move("d3", "d4"))
    assert pos(base).capture_preview("d3", "d4")[:2] == (2, 2)


def test_card_team_support_counts_at_most_2_and_never_the_attacker(pos):
    s = pos({"d3": "W2", "d4": "B1", "c4": "B2", "e4": "B2", "d5": "B1", "a1": "W4"},
            in_force=("team-support",))
    assert s.capture_preview("d3", "d4")[:2] == (2, 4)  # attacker on d3 does not support itself


def test_card_diagonal_step(pos):
    s = pos({"d3": "W2", "e4": "B1", "a6": "B4", "a1": "W4"}, in_force=("diagonal-step",))
    assert sorted(a.dst for a in s.moves_from("d3")) == ["c2", "c3", "c4", "d2", "d4", "e2", "e3", "e4"]
    s.apply(Move("d3", "e4"))  # e4 is white: 2 + 1 vs 1
    assert s.pawn_at("e4").kind == "square"


def test_card_change_marker_flips_a_cell_colour(pos):
    s = pos({"d3": "W2", **PAD}, in_force=("change",))
    s.apply(Move("d3", "d2"))
    assert s.phase == "after"
    assert s.cell_colour("d4") == "black"
    s.apply(PlaceMarker("d4"))
    assert s.cell_colour("d4") == "white" and s.markers == ["d4"] and s.markers_left == 3
    assert s.to_move == 1  # placing the marker ends the turn


def test_card_change_marker_changes_capture_strength(pos):
    s = pos({"d3": "W2", "d4": "B2", **PAD}, in_force=("change",), markers=("d4",))
    assert s.capture_preview("d3", "d4")[:2] == (3, 2)  # d4 now counts as white
    s.apply(Move("d3", "d4"))  # a pawn may stand on a marked cell; the marker stays
    assert s.pawn_at("d4").kind == "square" and s.markers == ["d4"] and s.cell_colour("d4") == "white"


def test_card_change_markers_are_4_and_shared(pos):
    s = pos({"d3": "W2", **PAD}, in_force=("change",), markers=("a3", "b3", "c3", "e3"))
    s.apply(Move("d3", "d2"))
    assert s.to_move == 1  # no marker left, no card in hand: no after-move decision
    s2 = pos({"d3": "W2", **PAD}, in_force=("change",), markers=("a3", "b3", "c3"), phase="after")
    assert "All four" not in (s2.check(PlaceMarker("g3")) or "")
    s2.apply(PlaceMarker("g3"))
    assert s2.markers_left == 0
    s2.apply(Move("a6", "a5"))
    assert PlaceMarker("g4") not in s2.legal_actions()
    assert s2.to_move == 0


def test_card_change_marker_needs_an_empty_cell_without_a_marker(pos):
    s = pos({"d3": "W2", "a6": "B4", "a1": "W4"}, in_force=("change",), markers=("c3",), phase="after")
    assert "empty cell" in s.check(PlaceMarker("a1"))
    assert "already has" in s.check(PlaceMarker("c3"))
    assert PlaceMarker("c3") not in s.legal_actions() and PlaceMarker("b3") in s.legal_actions()
    s2 = pos({"d3": "W2", "a6": "B4", "a1": "W4"}, phase="after")
    assert "Change card" in s2.check(PlaceMarker("b3"))


def test_ruling_a_marker_may_be_placed_in_the_turn_change_is_played():
    s = GAME.new(2, 1)
    s.apply(Move("d1", "d2"))
    s.apply(PlayCard("change"))
    assert s.phase == "after" and s.to_move == 0
    assert PlaceMarker("d4") in s.legal_actions() and EndTurn() in s.legal_actions()


def test_ruling_a_marker_is_placed_only_after_the_move(pos):
    s = pos({"d3": "W2", "a6": "B4", "a1": "W4"}, in_force=("change",))
    assert "end of your turn" in s.check(PlaceMarker("b3"))


def test_card_sprint_two_cells_in_a_line(pos):
    s = pos({"d2": "W2", "d4": "B1", "a6": "B4", "a1": "W4"}, in_force=("sprint",))
    assert Move("d2", "d4") in s.legal_actions()  # a sprint capture: 2 vs 1 + 1
    assert Move("d2", "f2") in s.legal_actions()
    s.apply(Move("d2", "d4"))
    assert s.pawn_at("d4").kind == "square"


def test_card_sprint_needs_the_cell_between_empty(pos):
    s = pos({"d2": "W2", "d3": "B1", "a6": "B4", "a1": "W4"}, in_force=("sprint",))
    assert Move("d2", "d4") not in s.legal_actions()
    assert "between" in s.check(Move("d2", "d4"))
    s2 = pos({"d2": "W2", "a6": "B4", "a1": "W4"})
    assert "Sprint" in s2.check(Move("d2", "d4"))


def test_card_stalwart_ties_favour_the_defender(pos):
    s = pos({"d3": "W2", "d4": "B1", "a1": "W4", "a6": "B4"}, in_force=("stalwart",))
    assert Move("d3", "d4") not in s.legal_actions()
    assert "Stalwart" in s.check(Move("d3", "d4"))


def test_card_fortress_protects_a_pawn_with_two_friends_beside_it(pos):
    s = pos({"d3": "W4", "d4": "B1", "c4": "B2", "e4": "B1", "a1": "W3+"}, in_force=("fortress",))
    assert Move("d3", "d4") not in s.legal_actions()
    assert "Fortress" in s.check(Move("d3", "d4"))
    s2 = pos({"d3": "W4", "d4": "B1", "c4": "B1", "a1": "W3+", "a6": "B4"}, in_force=("fortress",))
    assert Move("d3", "d4") in s2.legal_actions()  # only one friend beside it


def test_card_homecoming_lets_a_small_pawn_bring_one_back(pos):
    s = pos({"c5": "W2", "g5": "B3+", **PAD}, in_force=("homecoming",), captured=((3,), ()))
    s.apply(Move("c5", "c6"))
    assert s.phase == "upgrade"
    assert set(s.legal_actions()) == {TakeBonus(), Revive(3, "c1"), Revive(3, "e1")}
    s.apply(Revive(3, "c1"))
    assert s.pawn_at("c6").value == 2 and s.pawn_at("c6").upgrade == "spent"
    assert s.pawn_at("c1").kind == "cube"


def test_card_homecoming_plus_one_stays_possible(pos):
    s = pos({"c5": "W2", "g5": "B3+", **PAD}, in_force=("homecoming",), captured=((3,), ()))
    s.apply(Move("c5", "c6"))
    s.apply(TakeBonus())
    assert s.pawn_at("c6").value == 3 and s.to_move == 1
    s2 = pos({"c5": "W2", "g5": "B3+", **PAD}, in_force=("homecoming",))
    s2.apply(Move("c5", "c6"))  # nothing to bring back: +1 without asking
    assert s2.pawn_at("c6").value == 3 and s2.to_move == 1


def test_card_regroup_swaps_two_adjacent_pawns(pos):
    from core.house_rules import Swap

    s = pos({"d3": "W2", "d4": "W4", "a1": "W1", "a6": "B4", "g6": "B3"}, in_force=("regroup",))
    assert Swap("d3", "d4") in s.legal_actions()
    s.apply(Swap("d3", "d4"))
    assert s.pawn_at("d3").value == 4 and s.pawn_at("d4").value == 2 and s.to_move == 1
    assert "Regroup card" in pos({"d3": "W2", "d4": "W4"}).check(Swap("d3", "d4"))


def test_ruling_regroup_swap_of_identical_pawns_is_not_allowed(pos):
    from core.house_rules import Swap

    s = pos({"d3": "W1", "d4": "W1", "a6": "B4", "a1": "W4"}, in_force=("regroup",))
    assert Swap("d3", "d4") not in s.legal_actions()
    assert "alike" in s.check(Swap("d3", "d4"))


def test_ruling_sprint_and_diagonal_step_into_the_far_row_are_entries(pos):
    s = pos({"c4": "W2", "a1": "W4", "b1": "W3", "a5": "B4", "g5": "B3+"}, in_force=("sprint",))
    s.apply(Move("c4", "c6"))  # two cells in a line, onto the far row
    assert s.pawn_at("c6").upgrade == "+1" and s.pawn_at("c6").value == 3
    s = pos({"c5": "W2", "a1": "W4", "b1": "W3", "a5": "B4", "g5": "B3+"}, in_force=("diagonal-step",))
    s.apply(Move("c5", "d6"))
    assert s.pawn_at("d6").upgrade == "+1" and s.pawn_at("d6").value == 3


def test_ruling_regroup_swap_is_a_pair_of_cells_whatever_the_order(pos):
    from core.house_rules import Swap

    s = pos({"d4": "W3", "d5": "W1", "a1": "W4", "a6": "B4", "g5": "B3+"}, in_force=("regroup",))
    assert Swap("d5", "d4") == Swap("d4", "d5") and Swap("d5", "d4").a == "d4"
    assert Swap("d5", "d4") in s.legal_actions() and s.check(Swap("d5", "d4")) is None
    assert GAME.action_from_builtins({"type": "swap", "a": "d5", "b": "d4"}) == Swap("d4", "d5")


def test_ruling_regroup_swap_into_the_far_row_is_an_entry_and_upgrades(pos):
    from core.house_rules import Swap

    s = pos({"d5": "W3", "d6": "W1+", "a1": "W4", "a5": "B4", "g5": "B3+"}, in_force=("regroup",))
    s.apply(Swap("d5", "d6"))
    p = s.pawn_at("d6")
    assert p.kind == "cube" and p.value == 4 and p.upgrade == "+1"
    assert s.pawn_at("d5").value == 2  # the pawn swapped out keeps what it had
    assert s.totals()[0] == 4 + 2 + 4 and s.to_move == 1


def test_ruling_regroup_swap_brings_a_value4_pawn_in_to_bring_one_back(pos):
    from core.house_rules import Swap

    s = pos({"d5": "W4", "d6": "W1+", "a6": "B4", "g5": "B3+", "a3": "W3"}, in_force=("regroup",),
            captured=((3,), ()))
    s.apply(Swap("d6", "d5"))
    assert s.phase == "upgrade" and s.to_move == 0
    assert Revive(3, "c1") in s.legal_actions()
    s.apply(Revive(3, "c1"))
    assert s.pawn_at("d6").upgrade == "spent" and s.pawn_at("c1").value == 3


def test_ruling_regroup_swap_along_the_far_row_is_an_entry_for_an_eligible_value4(pos):
    from core.house_rules import Swap

    # The value-4 pawn reached c6 with nothing to bring back; a swap to d6 enters a new cell.
    s = pos({"c6": "W4", "d6": "W2+", "a6": "B4", "g5": "B3+", "a3": "W3"}, in_force=("regroup",),
            captured=((1,), ()))
    s.apply(Swap("c6", "d6"))
    assert s.phase == "upgrade" and s.legal_actions() == [Revive(1, "a1"), Revive(1, "g1")]
    assert s.pawn_at("c6").value == 3  # the upgraded square is not upgraded again


def test_ruling_regroup_swap_into_the_far_row_with_homecoming_offers_the_choice(pos):
    from core.house_rules import Swap

    s = pos({"d5": "W2", "d6": "W3+", "a6": "B4", "g5": "B3+", "a3": "W4"}, in_force=("regroup", "homecoming"),
            captured=((1,), ()))
    s.apply(Swap("d5", "d6"))
    assert s.phase == "upgrade" and TakeBonus() in s.legal_actions() and Revive(1, "a1") in s.legal_actions()


def test_card_colour_blind_removes_the_cell_bonus(pos):
    s = pos({"d4": "W3", "d5": "B2", "a1": "W4", "b1": "W3+", "g6": "B4"}, side="Black",
            in_force=("colour-blind",))
    assert s.cell_colour("d4") is None
    assert s.capture_preview("d5", "d4")[:2] == (2, 3)
    assert "Colour Blind" in s.check(Move("d5", "d4"))


def test_card_last_stand_moves_the_end_lines(pos):
    # Black at 6 plays on under Last Stand; at 4 it loses.
    s = pos({"a5": "W4", "b1": "W3", "d6": "B4", "f6": "B1", "a6": "B1"}, in_force=("last-stand",))
    s.apply(Move("a5", "a6"))
    assert not s.over and s.totals() == (7, 5)
    s.apply(Move("f6", "f5"))
    s.apply(Move("a6", "b6"))
    s.apply(Move("f5", "g5"))
    s.apply(Move("b6", "c6"))
    s.apply(Move("g5", "g4"))
    assert not s.over
    s2 = pos({"a5": "W4", "b1": "W3", "d6": "B4", "a6": "B1"}, in_force=("last-stand",))
    s2.apply(Move("a5", "a6"))
    assert s2.over and s2.outcome.winners == (0,) and "4 or less" in s2.outcome.reason


def test_card_last_stand_needs_a_lead_of_10(pos):
    s = pos({**WHITE_ARMY, "d2": "B1", "d6": "B4", "c6": "B3+"}, in_force=("last-stand",))
    s.apply(Move("d1", "d2"))
    assert not s.over and s.totals() == (16, 8)


# -- card interactions -------------------------------------------------------------


def test_interaction_colour_blind_overrides_change_markers(pos):
    s = pos({"d3": "W2", "d4": "B2", "a6": "B4", "a1": "W4"}, in_force=("change", "colour-blind"),
            markers=("d4",))
    assert s.cell_colour("d4") is None
    assert s.capture_preview("d3", "d4")[:2] == (2, 2)
    s2 = pos({"d3": "W2", "d4": "B2", "a6": "B4", "a1": "W4"}, in_force=("change",), markers=("d4",))
    assert s2.capture_preview("d3", "d4")[:2] == (3, 2)


def test_interaction_stalwart_with_team_support(pos):
    tie = {"d3": "W2", "d4": "B1", "a1": "W4", "a6": "B4"}
    s = pos(tie, in_force=("stalwart", "team-support"))
    assert Move("d3", "d4") not in s.legal_actions()  # 2 vs 2, the defender holds
    s2 = pos({**tie, "c4": "W1"}, in_force=("stalwart", "team-support"))
    assert s2.capture_preview("d3", "d4")[:2] == (3, 2)
    assert Move("d3", "d4") in s2.legal_actions()


def test_interaction_last_stand_with_the_end_checks(pos):
    # Totals 16 to 8 in a position where Black is to move: any card played is followed by
    # the end check. Last Stand lifts the winning lead to 10, so the game goes on...
    white = {"a1": "W1", "b1": "W2", "c1": "W3", "d1": "W4", "e1": "W3", "f1": "W2", "g1": "W1"}
    black = {"d6": "B4", "c6": "B3+"}
    s = pos({**white, **black}, side="Black", hands=((), ("last-stand", "fortress")))
    s.apply(PlayCard("last-stand"))
    assert not s.over and s.totals() == (16, 8)
    # ... while any other card leaves the lead at 8: the check after the card ends the game.
    s2 = pos({**white, **black}, side="Black", hands=((), ("last-stand", "fortress")))
    s2.apply(PlayCard("fortress"))
    assert s2.over and s2.outcome.winners == (0,)


def test_ruling_the_end_is_checked_after_every_upgrade_choice(pos):
    # White 15 to Black 8 with Homecoming: the square entering f6 may take +1 or bring
    # the captured line back; either makes 16 to 8, a lead of 8, and ends the game at once.
    white = {"a1": "W1", "b1": "W2", "c1": "W3", "d1": "W4", "e1": "W3", "f5": "W2"}
    black = {"a6": "B4", "b6": "B3", "c6": "B1"}
    for choice in (TakeBonus(), Revive(1, "g1")):
        s = pos({**white, **black}, in_force=("homecoming",), captured=((1,), ()))
        s.apply(Move("f5", "f6"))
        assert s.phase == "upgrade" and s.totals() == (15, 8)
        s.apply(choice)
        assert s.totals() == (16, 8)
        assert s.over and s.outcome.winners == (0,), choice


def test_interaction_fortress_with_sprint(pos):
    guarded = {"d2": "W4", "d4": "B1", "c4": "B2", "e4": "B1", "a1": "W3+"}
    s = pos(guarded, in_force=("sprint", "fortress"))
    assert Move("d2", "d4") not in s.legal_actions()
    assert "Fortress" in s.check(Move("d2", "d4"))
    assert Move("d2", "d4") in pos(guarded, in_force=("sprint",)).legal_actions()


def test_interaction_fortress_with_diagonal_step(pos):
    guarded = {"c3": "W4", "d4": "B1", "c4": "B2", "e4": "B1", "a1": "W3+"}
    s = pos(guarded, in_force=("diagonal-step", "fortress"))
    assert Move("c3", "d4") not in s.legal_actions()
    assert "Fortress" in s.check(Move("c3", "d4"))
    assert Move("c3", "d4") in pos(guarded, in_force=("diagonal-step",)).legal_actions()


# -- the flow of decisions ---------------------------------------------------------


def test_ruling_upgrade_choice_comes_before_anything_else(pos):
    s = pos({"d5": "W4", "g5": "B3+", "a1": "W3", "b1": "W2", "a6": "B4", "b6": "B3"},
            captured=((3,), ()), hands=(("sprint",), ()))
    s.apply(Move("d5", "d6"))
    assert "upgrade" in s.check(PlayCard("sprint"))
    assert "upgrade" in s.check(EndTurn()).lower()
    assert "brings back" in s.prompt


def test_ruling_a_pass_may_still_be_followed_by_a_card(pos):
    s = pos({"a1": "W1", "a2": "B3", "b1": "B3", "g6": "B4", "g2": "B1"}, hands=(("sprint",), ()))
    assert set(s.legal_actions()) == {PlayCard("sprint"), Pass()}
    s.apply(Pass())
    assert s.phase == "after" and PlayCard("sprint") in s.legal_actions()


def test_ruling_the_second_pass_may_still_be_followed_by_a_card_and_draws_anyway(pos):
    # The second pass in a row still leaves its player the after-move card; the draw
    # is settled when that turn ends, whatever the card (a card cannot undo the passes).
    # White (3 + 3 + 2 = 8) is walled in by Black (10): no capture is strong enough.
    walled = {"a1": "W3", "b1": "W3", "a2": "W2", "c1": "B3", "b2": "B4", "a3": "B3"}
    s = pos(walled, passes=1, hands=(("sprint",), ()))
    assert s.legal_actions() == [PlayCard("sprint"), Pass()]
    s.apply(Pass())
    assert not s.over and s.phase == "after" and PlayCard("sprint") in s.legal_actions()
    s.apply(PlayCard("sprint"))
    assert s.over and s.outcome.winners == () and "passed" in s.outcome.reason


def test_describe_and_log_say_what_happened():
    s = GAME.new(2, 1)
    assert s.describe(Move("b1", "b2")) == "square b1 to b2"
    s.apply(Move("b1", "b2"))
    s.apply(PlayCard("sprint"))
    assert s.log[-2] == "White: square b1 to b2."
    assert s.log[-1].startswith("White plays Sprint")


def test_ruling_a_capture_that_ends_the_game_ends_it_before_any_upgrade(pos):
    # The tesseract takes the line on d6 (Black's far row for White): Black drops to 6.
    s = pos({"d5": "W4", "a1": "W3", "b1": "W3", "d6": "B1", "a6": "B4", "g6": "B2"}, captured=((2,), ()))
    s.apply(Move("d5", "d6"))
    assert s.over and s.phase == "over" and s.outcome.winners == (0,)
    assert s.pawn_at("d6").upgrade == ""


def test_ruling_swaps_and_passes_count_towards_the_100_moves(pos):
    from core.house_rules import Swap

    s = pos({"d3": "W2", "d4": "W4", "a1": "W1", "a6": "B4", "g6": "B3"}, in_force=("regroup",), quiet=199)
    s.apply(Swap("d3", "d4"))
    assert s.over and "100 moves" in s.outcome.reason


def test_each_decision_has_its_own_prompt(pos):
    s = GAME.new(2, 1)
    assert s.prompt == "White: move a pawn (or play a card first)"
    s.apply(Move("d1", "d2"))
    assert s.prompt == "White: play a card, or end your turn"
    s.apply(PlayCard("change"))
    assert s.prompt == "White: place a change marker, or end your turn"
    up = pos({"c5": "W2", "g5": "B3+", **PAD}, in_force=("homecoming",), captured=((3,), ()))
    up.apply(Move("c5", "c6"))
    assert "take +1 or bring back" in up.prompt
    s.apply(EndTurn())
    assert s.prompt.startswith("Black: move a pawn")


def test_ruling_the_notation_refuses_positions_no_game_can_reach(pos):
    from core.house_rules import NotationError

    small = {"a6": "B4", "b6": "B3", "a1": "W4", "b1": "W3"}
    bad = {
        "more pawns of a value": dict(pawns={**small, "c6": "B4"}),
        "cannot have taken +1": dict(pawns={**small, "a1": "W4+"}),
        "Phase upgrade needs": dict(pawns=small, phase="upgrade"),
        "belongs to phase upgrade": dict(pawns=small, pending="a1"),
        "4 change markers": dict(pawns=small, in_force=("change",), markers=("c3", "d3", "e3", "f3", "g3")),
        "only with Change": dict(pawns=small, markers=("c3",)),
        "one place only": dict(pawns=small, in_force=("sprint",), hands=(("sprint",), ())),
        "not in White's hand": dict(pawns=small, hands=(("fortress",), ())),
        "captured": dict(pawns=small, captured=((4,), ())),
    }
    for words, kw in bad.items():
        with pytest.raises(NotationError) as e:
            pos(**kw)
        assert words.split()[-1] in str(e.value), (words, str(e.value))
    # what a real game reaches still reads back
    s = GAME.new(2, 1)
    assert GAME.from_text(s.to_text()).to_text() == s.to_text()
