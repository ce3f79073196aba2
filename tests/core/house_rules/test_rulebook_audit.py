"""Independent rules audit of HOUSE RULES against the seed rulebook
(/work/shared/seeds/000_f90b2a390023de20.txt), /work/shared/rulings.md section 1 and
docs/rules/house-rules.md.

Everything goes through the public surface an outside auditor uses: positions in the
game's text notation (`GAME.from_text`), the action structs, `legal_actions`, `check`,
`apply`, `to_text`, `view`. The move generator at the bottom (`ref_moves`) is written
from the rules alone and compared with `legal_actions()` on a few thousand seeded
positions, cards in force included.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.engine import IllegalAction
from core.house_rules import (
    GAME,
    EndTurn,
    Move,
    Options,
    Pass,
    PlaceMarker,
    PlayCard,
    Revive,
    Swap,
    TakeBonus,
)

FILES = "abcdefg"
ARMY = Counter([1, 1, 2, 2, 3, 3, 4])
CARD_IDS = ["team-support", "diagonal-step", "change", "sprint", "stalwart",
            "fortress", "homecoming", "regroup", "colour-blind", "last-stand"]
WHITE_CARDS, BLACK_CARDS = CARD_IDS[:5], CARD_IDS[5:]
PAD_CELLS = {"W": ("a1", "b1", "c1", "a2"), "B": ("a6", "b6", "c6", "a5")}


def padded(pawns: dict[str, str]) -> dict[str, str]:
    """`pawns` with, for each colour, the largest pawns left of its army added in its
    corner (a1, b1, c1 / a6, b6, c6) until its total is at least 7: clear of the end."""
    out = dict(pawns)
    for colour, cells in PAD_CELLS.items():
        mine = [t for t in pawns.values() if t[0] == colour]
        total = sum(int(t[1]) + t.endswith("+") for t in mine)
        left = sorted((ARMY - Counter(int(t[1]) for t in mine)).elements(), reverse=True)
        free = iter(c for c in cells if c not in out)
        while total < 7:
            base = left.pop(0)
            out[next(free)] = f"{colour}{base}"
            total += base
    return out


# -- a position builder written against the notation (docs/rules/house-rules.md) ------


def lst(xs) -> str:
    return " ".join(str(x) for x in xs) if xs else "-"


def hr(pawns: dict[str, str], side="White", phase="before", in_force=(), hands=((), ()),
       markers=(), captured=None, cards="hands", card_played=False, pending="-", quiet=0,
       passes=0, history=()):
    """A position with exactly `pawns` on the board ({"d4": "W3", "d5": "B2+"}). The
    captured lists default to what is missing from each army."""
    if captured is None:
        captured = []
        for colour in "WB":
            have = Counter(int(t[1]) for t in pawns.values() if t[0] == colour)
            captured.append(sorted((ARMY - have).elements()))
    rows = []
    for r in range(6, 0, -1):
        rows.append(f"{r}  " + " ".join(pawns.get(f"{f}{r}", ".").ljust(3) for f in FILES))
    text = "\n".join([
        "HOUSE RULES", *rows,
        f"Options: cards={cards} random_cards=3 first=white",
        "Turn: 10", f"To move: {side}", f"Phase: {phase}",
        f"Card played this turn: {'yes' if card_played else 'no'}",
        f"Pending upgrade: {pending}",
        f"Captured: White {lst(captured[0])}; Black {lst(captured[1])}",
        f"Hands: White {lst(hands[0])}; Black {lst(hands[1])}",
        f"In force: {lst(in_force)}", f"Markers: {lst(markers)}",
        f"Counters: quiet {quiet}, passes {passes}", f"History: {lst(history)}",
        "Chance: seed 7, counter 0", "Result: -",
    ])
    return GAME.from_text(text + "\n")


def cell(s, c) -> str:
    p = s.pawn_at(c)
    if p is None:
        return "."
    return "WB"[p.colour] + str(p.base) + {"": "", "+1": "+", "spent": "*"}[p.upgrade]


def _pawns(s, colour):
    return [p for p in (s.pawn_at(f"{f}{r}") for f in FILES for r in range(1, 7))
            if p is not None and p.colour == colour]


def refused(s, action, *words):
    """`action` is refused with a reason naming `words`, is not listed, changes nothing."""
    before = s.to_text()
    reason = s.check(action)
    assert reason, f"{action} should be refused"
    for w in words:
        assert w in reason, (w, reason)
    assert action not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert s.to_text() == before
    return reason


def go(s, *actions):
    for a in actions:
        s.apply(a)
    return s


# -- players, board, setup -------------------------------------------------------------


def test_rule_two_players_only():
    assert GAME.new(2, 1).seats == 2
    for n in (1, 3):
        with pytest.raises(ValueError):
            GAME.new(n, 1)


def test_rule_board_is_6_by_7_longest_side_in_front_of_the_players():
    s = GAME.new(2, 1)
    text = s.to_text().splitlines()
    assert text[1].split() == list(FILES) and [ln.split()[0] for ln in text[2:8]] == list("654321")
    assert sum(1 for f in FILES for r in range(1, 7) if s.pawn_at(f"{f}{r}")) == 14


def test_rule_white_has_black_cells_at_its_corners_black_has_white():
    s = GAME.new(2, 1)
    assert [s.cell_colour(c) for c in ("a1", "g1", "a6", "g6")] == ["black", "black", "white", "white"]
    # checkered: neighbours differ
    assert s.cell_colour("b1") == "white" and s.cell_colour("a2") == "white"


def test_rule_setup_line_2_3_4_3_2_line_on_each_first_row():
    s = GAME.new(2, 1)
    assert [cell(s, f + "1") for f in FILES] == ["W1", "W2", "W3", "W4", "W3", "W2", "W1"]
    assert [cell(s, f + "6") for f in FILES] == ["B1", "B2", "B3", "B4", "B3", "B2", "B1"]
    assert [s.pawn_at(f + "1").kind for f in "abcd"] == ["line", "square", "cube", "tesseract"]
    assert [s.pawn_at(f + "6").kind for f in "abcd"] == ["line", "triangle", "tetrahedron", "hypertetrahedron"]
    assert s.totals() == (16, 16)


def test_rule_each_player_gets_the_cards_of_their_colour():
    s = GAME.new(2, 1)
    assert "Hands: White " + " ".join(WHITE_CARDS) + "; Black " + " ".join(BLACK_CARDS) in s.to_text()
    assert "In force: -" in s.to_text()


def test_rule_players_alternate_white_first():
    s = GAME.new(2, 1, Options(cards="none"))
    sides = []
    for _ in range(6):
        sides.append(s.to_move)
        s.apply(next(a for a in s.legal_actions() if type(a) is Move))
    assert sides == [0, 1, 0, 1, 0, 1]


# -- movement --------------------------------------------------------------------------


def test_rule_move_one_cell_forward_back_left_right():
    s = hr(padded({"d3": "W2"}))
    dests = {a.dst for a in s.legal_actions() if type(a) is Move and a.src == "d3"}
    assert dests == {"d4", "d2", "c3", "e3"}


def test_rule_diagonal_movement_is_always_forbidden():
    s = hr(padded({"d3": "W2"}))
    refused(s, Move("d3", "e4"), "diagonal")


def test_rule_one_cell_only_no_two_cell_moves():
    s = hr(padded({"d3": "W2"}))
    refused(s, Move("d3", "d5"))


def test_rule_a_pawn_cannot_enter_its_own_pawns_cell():
    s = hr(padded({"d3": "W2", "d4": "W1"}))
    refused(s, Move("d3", "d4"), "your own")


def test_boundary_a_corner_pawn_has_two_moves_and_none_off_the_board():
    s = hr({"g1": "W1", "a3": "W4", "b3": "W3", "a6": "B4", "b6": "B3", "c6": "B2"})
    assert {a.dst for a in s.legal_actions() if type(a) is Move and a.src == "g1"} == {"f1", "g2"}
    refused(s, Move("g1", "h1"), "not a cell")


def test_rule_black_moves_the_same_way():
    s = hr(padded({"d4": "B2"}), side="Black")
    assert {a.dst for a in s.legal_actions() if type(a) is Move and a.src == "d4"} == {"d5", "d3", "c4", "e4"}


# -- values and capturing --------------------------------------------------------------


def test_rule_pawn_values_line_1_square_triangle_2_cube_tetrahedron_3_tesseract_hyper_4():
    s = GAME.new(2, 1)
    assert [s.pawn_at(f + "1").value for f in "abcd"] == [1, 2, 3, 4]
    assert [s.pawn_at(f + "6").value for f in "abcd"] == [1, 2, 3, 4]


def test_rulebook_example_triangle_captures_cube_on_a_black_cell():
    # d4 is black: the triangle gets +1 (3), the cube gets nothing (3): a tie, the attacker wins.
    s = hr(padded({"d4": "W3", "d5": "B2"}), side="Black")
    assert s.cell_colour("d4") == "black"
    assert s.capture_preview("d5", "d4")[:2] == (3, 3)
    go(s, Move("d5", "d4"))
    assert cell(s, "d4") == "B2" and s.pawn_at("d4").value == 2
    assert 3 in [p.base for p in s.captured("white")]


def test_rule_capture_with_a_higher_value():
    s = hr(padded({"d3": "W2", "d4": "B4", "e4": "B1"}), side="Black")  # d3 is white: 2+1 = 3
    go(s, Move("d4", "d3"))
    w, b = s.totals()
    assert cell(s, "d3") == "B4" and w == sum(p.value for p in _pawns(s, 0))


def test_rule_defender_gets_its_cell_bonus_and_the_attack_is_cancelled():
    # d3 is white: the white cube has 3 + 1 = 4, the black tetrahedron 3: not a capture.
    s = hr(padded({"d3": "W3", "d4": "B3"}), side="Black")
    reason = refused(s, Move("d4", "d3"), "3 vs 4")
    assert reason  # the attacker is not captured: another move must be made
    assert s.to_move == 1 and cell(s, "d4") == "B3" and cell(s, "d3") == "W3"


def test_rule_attacker_wins_a_tie_made_by_the_defender_bonus():
    # c3 is black: the black triangle has 2 + 1 = 3, the white cube 3: the cube captures.
    s = hr(padded({"c4": "W3", "c3": "B2"}), side="White")
    assert s.cell_colour("c3") == "black"
    go(s, Move("c4", "c3"))
    assert cell(s, "c3") == "W3"


def test_rule_lower_value_cannot_capture_even_with_its_bonus():
    # d3 white cell: the white line has 1 + 1 = 2 against a black tetrahedron's 3.
    s = hr(padded({"d2": "W1", "d3": "B3"}))
    refused(s, Move("d2", "d3"), "2 vs 3")


def test_rule_captured_pawns_leave_the_board_and_count_no_more():
    s = hr(padded({"d3": "W4", "d4": "B1"}))
    go(s, Move("d3", "d4"))
    assert cell(s, "d3") == "." and cell(s, "d4") == "W4"
    assert s.totals()[1] == sum(p.value for p in _pawns(s, 1))
    assert [p.base for p in s.captured("black")].count(1) == 2


# -- upgrades --------------------------------------------------------------------------


def test_rule_upgrade_plus_one_on_reaching_the_opponents_first_row_kind_unchanged():
    s = hr(padded({"d5": "W2"}), cards="none")
    go(s, Move("d5", "d6"))
    p = s.pawn_at("d6")
    assert p.kind == "square" and p.value == 3 and p.upgrade == "+1"
    assert s.totals()[0] == sum(q.value for q in _pawns(s, 0))


def test_rule_black_upgrades_on_whites_first_row():
    s = hr(padded({"e2": "B3"}), side="Black", cards="none")
    go(s, Move("e2", "e1"))
    assert cell(s, "e1") == "B3+" and s.pawn_at("e1").value == 4


def test_rule_no_pawn_gets_more_than_one_upgrade():
    s = hr(padded({"d6": "W2+", "a3": "B1"}), cards="none")
    go(s, Move("d6", "d5"), Move("a3", "a4"), Move("d5", "d6"))
    assert cell(s, "d6") == "W2+" and s.pawn_at("d6").value == 3


def test_rule_upgrade_by_capture_on_the_far_row():
    s = hr(padded({"d5": "W3", "d6": "B1", "a4": "B1"}), cards="none")
    go(s, Move("d5", "d6"))
    assert cell(s, "d6") == "W3+"


def test_rule_value4_brings_back_a_captured_pawn_to_its_starting_cell():
    s = hr({"d5": "W4", "b1": "W3", "c1": "W2", "e1": "W3", "a6": "B4", "b6": "B3", "c6": "B2"},
           cards="none")
    go(s, Move("d5", "d6"))
    acts = s.legal_actions()
    # captured: a line (2 starting cells a1, g1 free), a square (b1 taken, f1 free)
    assert set(acts) == {Revive(1, "a1"), Revive(1, "g1"), Revive(2, "f1")}
    assert TakeBonus() not in acts
    refused(s, TakeBonus(), "value-4")
    refused(s, Revive(1, "d1"), "a1 or g1")
    go(s, Revive(1, "g1"))
    assert cell(s, "g1") == "W1" and cell(s, "d6") == "W4*" and s.totals() == (13, 9)
    assert s.to_move == 1


def test_rule_value4_revival_goes_to_any_free_first_row_cell_when_its_cells_are_taken():
    s = hr({"d5": "W4", "a1": "W2", "g1": "W3", "b1": "W1", "a6": "B4", "b6": "B3", "c6": "B2"},
           cards="none", captured=([1, 2, 3], []))
    go(s, Move("d5", "d6"))
    lines = {a.cell for a in s.legal_actions() if type(a) is Revive and a.pawn == 1}
    assert lines == {"c1", "d1", "e1", "f1"}


def test_ruling_value4_with_nothing_captured_stays_eligible():
    s = hr({"d5": "W4", "a1": "W1", "b1": "W2", "c1": "W3", "e1": "W3", "f1": "W2", "g1": "W1",
            "a6": "B4", "b6": "B3", "c6": "B3", "a3": "B1"}, cards="none")
    go(s, Move("d5", "d6"))
    assert cell(s, "d6") == "W4" and s.to_move == 1  # nothing to bring back: no upgrade
    go(s, Move("a3", "a2"), Move("d6", "e6"))  # along the far row: still nothing captured
    assert cell(s, "e6") == "W4" and s.to_move == 1
    go(s, Move("a2", "a1"))  # the black line takes the white line (1 + 1 black cell vs 1)
    go(s, Move("e6", "f6"))  # the next entry brings it back; a1, g1 taken: any free cell
    assert s.phase == "upgrade" and set(s.legal_actions()) == {Revive(1, "d1")}
    go(s, Revive(1, "d1"))
    assert cell(s, "f6") == "W4*" and cell(s, "d1") == "W1"


def test_ruling_revived_pawn_has_no_upgrade():
    s = hr({"d5": "W4", "b1": "W3", "c1": "W2", "e1": "W3", "a6": "B4", "b6": "B3", "c6": "B2"},
           cards="none")
    go(s, Move("d5", "d6"), Revive(2, "f1"))
    assert cell(s, "f1") == "W2"


# -- the end ---------------------------------------------------------------------------


def test_rule_a_total_of_exactly_6_loses():
    # Black 7 (B4 B2 B1); White takes the line: Black 6.
    s = hr({"d3": "W3", "d4": "B1", "a6": "B4", "b6": "B2", "a1": "W4", "b1": "W3"}, cards="none")
    go(s, Move("d3", "d4"))
    assert s.over and s.outcome.winners == (0,) and "6" in s.outcome.reason
    assert s.legal_actions() == [] and s.check(EndTurn()) == "The game is over."


def test_boundary_a_total_of_7_goes_on():
    s = hr({"d3": "W3", "d4": "B1", "a6": "B4", "b6": "B3", "a1": "W4", "b1": "W3"}, cards="none")
    go(s, Move("d3", "d4"))
    assert not s.over and s.totals() == (10, 7)


def test_rule_a_difference_of_exactly_8_wins():
    # White 16, Black 9 -> White takes the line: 16 to 8.
    s = hr({"a1": "W1", "b1": "W2", "c1": "W3", "d3": "W4", "e1": "W3", "f1": "W2", "g1": "W1",
            "d4": "B1", "a6": "B4", "b6": "B2", "c6": "B2"}, cards="none")
    go(s, Move("d3", "d4"))
    assert s.over and s.outcome.winners == (0,) and "8" in s.outcome.reason


def test_boundary_a_difference_of_7_goes_on():
    s = hr({"a1": "W1", "b1": "W2", "c1": "W3", "d3": "W4", "e1": "W3", "f1": "W2",
            "d4": "B1", "a6": "B4", "b6": "B2", "c6": "B2"}, cards="none")
    go(s, Move("d3", "d4"))
    assert not s.over and s.totals() == (15, 8)


def test_rule_totals_count_upgrades():
    s = hr({"d5": "W2+", "a6": "B4", "b6": "B3", "a1": "W4"})
    assert s.totals() == (7, 7)


def test_rule_an_upgrade_that_makes_a_lead_of_8_ends_the_game():
    s = hr({"a1": "W1", "b1": "W2", "c1": "W3", "d1": "W4", "e1": "W3", "f5": "W2", "g1": "W1",
            "a6": "B4", "b6": "B3", "c6": "B1"}, cards="none")
    assert s.totals() == (16, 8)
    s = hr({"a1": "W1", "b1": "W2", "c1": "W3", "d1": "W4", "e1": "W3", "f5": "W2",
            "a6": "B4", "b6": "B3", "c6": "B1"}, cards="none")
    go(s, Move("f5", "f6"))  # 15 + 1 = 16 against 8
    assert s.over and s.outcome.winners == (0,)


def _homecoming_lead_position():
    # White 15 with a line captured, Black 8: the square entering f6 may take +1 (16)
    # or bring the line back (16).
    return hr({"a1": "W1", "b1": "W2", "c1": "W3", "d1": "W4", "e1": "W3", "f5": "W2",
               "a6": "B4", "b6": "B3", "c6": "B1"}, in_force=("homecoming",))


def test_rule_a_revival_that_makes_a_lead_of_8_ends_the_game():
    s = _homecoming_lead_position()
    go(s, Move("f5", "f6"))
    assert s.phase == "upgrade"
    go(s, Revive(1, "g1"))
    assert s.over and s.outcome.winners == (0,)


def test_rule_homecoming_plus_one_that_makes_a_lead_of_8_ends_the_game():
    s = _homecoming_lead_position()
    go(s, Move("f5", "f6"), TakeBonus())
    assert s.totals() == (16, 8)
    assert s.over and s.outcome.winners == (0,)


def test_ruling_a_capture_that_ends_the_game_ends_it_before_the_upgrade():
    s = hr({"d5": "W3", "d6": "B1", "a6": "B4", "b6": "B2", "a1": "W4", "b1": "W3"}, cards="none")
    go(s, Move("d5", "d6"))
    assert s.over and cell(s, "d6") == "W3"


def test_rule_totals_never_count_cell_bonus_or_team_support():
    s = hr(padded({"d4": "W3", "d3": "W1", "c4": "W1"}), in_force=("team-support",))
    assert s.totals() == (9, 7)  # W3 W1 W1 + W4; B4 B3


# -- cards -----------------------------------------------------------------------------


def test_rule_one_card_a_turn_before_the_move():
    s = GAME.new(2, 1)
    go(s, PlayCard("sprint"))
    refused(s, PlayCard("stalwart"), "already played")
    assert "In force: sprint" in s.to_text() and s.phase == "before"


def test_rule_a_card_may_be_played_after_the_move():
    s = GAME.new(2, 1)
    go(s, Move("d1", "d2"))
    assert s.phase == "after" and PlayCard("stalwart") in s.legal_actions()
    go(s, PlayCard("stalwart"))
    assert s.to_move == 1 and "In force: stalwart" in s.to_text()


def test_rule_a_played_card_binds_both_players_until_the_end():
    s = GAME.new(2, 1)
    go(s, PlayCard("diagonal-step"), Move("c1", "d2"))  # nothing left to do: the turn ends
    assert Move("c6", "d5") in s.legal_actions()  # Black steps diagonally with White's card
    refused(s, PlayCard("diagonal-step"), "already in force")


def test_rule_only_own_colour_cards_can_be_played():
    s = GAME.new(2, 1)
    refused(s, PlayCard("fortress"), "not in White's hand")


def test_variant_1_no_cards():
    s = GAME.new(2, 1, Options(cards="none"))
    assert "Hands: White -; Black -" in s.to_text()
    assert not any(type(a) is PlayCard for a in s.legal_actions())
    refused(s, PlayCard("sprint"), "not held in hand")


@pytest.mark.parametrize("n", [2, 3, 10])
def test_variant_2_random_cards_in_force_from_the_first_move(n):
    s = GAME.new(2, 5, Options(cards="random", random_cards=n))
    force = s.to_text().split("In force: ")[1].split("\n")[0].split()
    assert len(force) == n and len(set(force)) == n and set(force) <= set(CARD_IDS)
    assert "Hands: White -; Black -" in s.to_text()


@pytest.mark.parametrize("n", [1, 11])
def test_variant_2_needs_2_to_10_cards(n):
    with pytest.raises(ValueError):
        GAME.new(2, 5, Options(cards="random", random_cards=n))


def test_card_team_support_adds_neighbours_at_most_2_never_the_attacker():
    # d4 black cell. Black tetrahedron on d4 (3+1) with three black neighbours -> +2 = 6.
    pawns = padded({"d4": "B3", "c4": "B1", "e4": "B1", "d5": "B2", "d3": "W4", "c3": "W2", "e3": "W2"})
    s = hr(pawns, in_force=("team-support",))
    sa, sd, _ = s.capture_preview("d3", "d4")
    assert (sa, sd) == (4, 6)  # W4 alone: c3, e3 are not next to d4; the attacker itself not counted
    s2 = hr({**pawns, "c4": "W1", "e4": "W1"}, in_force=("team-support",))
    assert s2.capture_preview("d3", "d4")[:2] == (6, 5)


def test_card_diagonal_step_moves_and_captures_diagonally():
    s = hr(padded({"d3": "W3", "e4": "B1"}), in_force=("diagonal-step",))
    assert {a.dst for a in s.legal_actions() if type(a) is Move and a.src == "d3"} == \
        {"d4", "d2", "c3", "e3", "c4", "e4", "c2", "e2"}
    go(s, Move("d3", "e4"))
    assert cell(s, "e4") == "W3"


def test_card_sprint_two_cells_when_the_cell_between_is_empty_second_may_capture():
    s = hr(padded({"d2": "W3", "d4": "B1", "f2": "B1", "e2": "W1"}), in_force=("sprint",))
    acts = s.legal_actions()
    assert Move("d2", "d4") in acts  # a capture on the second cell
    refused(s, Move("d2", "f2"), "cell between")  # e2 holds a pawn
    refused(s, Move("d2", "d5"))  # never three
    go(s, Move("d2", "d4"))
    assert cell(s, "d4") == "W3"


def test_card_sprint_is_never_diagonal():
    s = hr(padded({"d2": "W3"}), in_force=("sprint", "diagonal-step"))
    assert Move("d2", "f4") not in s.legal_actions()


def test_card_stalwart_ties_go_to_the_defender():
    s = hr(padded({"d4": "W3", "d5": "B2"}), side="Black", in_force=("stalwart",))
    refused(s, Move("d5", "d4"), "3 vs 3")


def test_card_fortress_two_own_neighbours_make_a_pawn_uncapturable():
    s = hr(padded({"d4": "B1", "c4": "B1", "e4": "B2", "d3": "W4"}), in_force=("fortress",))
    refused(s, Move("d3", "d4"), "Fortress")
    s = hr(padded({"d4": "B1", "c4": "B1", "d3": "W4"}), in_force=("fortress",))
    assert Move("d3", "d4") in s.legal_actions()  # one neighbour is not enough


def test_card_homecoming_offers_plus_one_or_a_pawn_back():
    s = hr(padded({"d5": "W2"}), in_force=("homecoming",))
    go(s, Move("d5", "d6"))
    acts = set(s.legal_actions())
    assert TakeBonus() in acts and Revive(1, "f1") not in acts
    assert any(type(a) is Revive for a in acts)
    go(s, TakeBonus())
    assert cell(s, "d6") == "W2+"


def test_card_homecoming_with_nothing_to_bring_back_is_plain_plus_one():
    pawns = {"a1": "W1", "b1": "W2", "c1": "W3", "d1": "W4", "e1": "W3", "d5": "W2", "g1": "W1",
             "a6": "B1", "b6": "B2", "c6": "B3", "a4": "B4", "e6": "B3", "f6": "B2", "g6": "B1"}
    s = hr(pawns, in_force=("homecoming",), cards="none")
    go(s, Move("d5", "d6"))
    assert cell(s, "d6") == "W2+" and s.to_move == 1


def test_card_regroup_swaps_two_adjacent_own_pawns_instead_of_moving():
    s = hr(padded({"d3": "W1", "d4": "W3", "f4": "W2"}), in_force=("regroup",))
    assert Swap("d3", "d4") in s.legal_actions() and Swap("d4", "d3") in s.legal_actions()
    refused(s, Swap("d3", "f4"), "adjacent")
    refused(s, Swap("d4", "e4"), "own pawns")
    go(s, Swap("d4", "d3"))
    assert cell(s, "d3") == "W3" and cell(s, "d4") == "W1"


def test_card_regroup_swap_of_identical_pawns_is_refused():
    s = hr(padded({"d3": "W1", "d4": "W1"}), in_force=("regroup",))
    refused(s, Swap("d3", "d4"), "alike")


def test_card_regroup_swap_onto_the_far_row_upgrades():
    s = hr(padded({"d6": "W4*", "d5": "W2", "e6": "B1"}), in_force=("regroup",), cards="none")
    go(s, Swap("d5", "d6"))
    assert cell(s, "d6") == "W2+" and cell(s, "d5") == "W4*"


def test_card_colour_blind_removes_cell_bonus_seed_example_fails():
    s = hr(padded({"d4": "W3", "d5": "B2"}), side="Black", in_force=("colour-blind",))
    refused(s, Move("d5", "d4"), "2 vs 3")
    assert s.cell_colour("d4") is None


def test_card_change_marker_flips_the_cell_colour():
    s = hr(padded({"d4": "W3", "d5": "B2"}), side="Black", in_force=("change",), markers=("d4",))
    assert s.cell_colour("d4") == "white"
    refused(s, Move("d5", "d4"), "2 vs 4")


def test_card_change_a_marker_is_placed_after_the_move_on_an_empty_unmarked_cell():
    s = hr(padded({"d3": "W2"}), in_force=("change",), markers=("e5",))
    refused(s, PlaceMarker("c4"), "after your move")
    go(s, Move("d3", "d4"))
    assert s.phase == "after"
    refused(s, PlaceMarker("d4"), "empty")
    refused(s, PlaceMarker("e5"), "already")
    go(s, PlaceMarker("c4"))
    assert s.to_move == 1 and "Markers: c4 e5" in s.to_text()


def test_card_change_four_markers_shared_no_fifth():
    s = hr(padded({"d3": "W2"}), in_force=("change",), markers=("a3", "b3", "c3"))
    go(s, Move("d3", "d4"), PlaceMarker("e3"))
    s2 = hr(padded({"d3": "B2"}), side="Black", in_force=("change",), markers=("a3", "b3", "c3", "e3"))
    go(s2, Move("d3", "d2"))
    assert s2.to_move == 0  # nothing to decide after the move: the turn ended by itself
    s3 = hr(padded({"d3": "B2"}), side="Black", phase="after", in_force=("change",),
            markers=("a3", "b3", "c3", "e3"))
    refused(s3, PlaceMarker("f3"), "four")


def test_card_colour_blind_overrides_change_markers():
    s = hr(padded({"d4": "W3", "d5": "B2"}), side="Black", in_force=("change", "colour-blind"),
           markers=("d4",))
    assert s.capture_preview("d5", "d4")[:2] == (2, 3)


def test_card_last_stand_lose_at_4_lead_of_10():
    # Black 6 does not lose with Last Stand; White leads 16 to 6 -> 10: wins.
    base = {"a1": "W1", "b1": "W2", "c1": "W3", "d3": "W4", "e1": "W3", "f1": "W2", "g1": "W1"}
    s = hr({**base, "d4": "B1", "a6": "B4", "b6": "B2"}, in_force=("last-stand",))
    go(s, Move("d3", "d4"))
    assert s.over and s.outcome.winners == (0,) and "10" in s.outcome.reason
    s = hr({**{k: v for k, v in base.items() if k != "g1"}, "d4": "B1", "a6": "B4", "b6": "B2"},
           in_force=("last-stand",), cards="none")
    go(s, Move("d3", "d4"))  # 15 to 6: lead 9, total 6: the game goes on
    assert not s.over and s.totals() == (15, 6)
    s = hr({"a1": "W4", "b1": "W3", "d3": "W3+", "d4": "B1", "a6": "B4"}, in_force=("last-stand",))
    go(s, Move("d3", "d4"))  # Black 4: loses
    assert s.over and s.outcome.winners == (0,)



def test_interaction_stalwart_with_team_support_support_counts_then_ties_fail():
    # d4 black: black triangle 2 + 1 cell + 1 support (c4) = 4; white cube 3 + 1 (e4) = 4: a tie.
    pawns = padded({"d4": "B2", "c4": "B1", "d3": "W3", "e4": "W1"})
    s = hr(pawns, in_force=("team-support", "stalwart"))
    assert s.capture_preview("d3", "d4")[:2] == (4, 4)
    refused(s, Move("d3", "d4"), "4 vs 4")
    s = hr(pawns, in_force=("team-support",))
    assert Move("d3", "d4") in s.legal_actions()


def test_rule_a_sprint_or_a_diagonal_step_into_the_far_row_upgrades():
    s = hr(padded({"d4": "W2"}), in_force=("sprint",), cards="none")
    go(s, Move("d4", "d6"))
    assert cell(s, "d6") == "W2+"
    s = hr(padded({"d5": "W1"}), in_force=("diagonal-step",), cards="none")
    go(s, Move("d5", "e6"))
    assert cell(s, "e6") == "W1+"


def test_rule_a_revival_brings_back_one_pawn_only():
    s = hr({"d5": "W4", "c1": "W3", "e1": "W3", "b1": "W2", "a6": "B4", "b6": "B3", "c6": "B2"},
           cards="none")  # captured: both lines and a square
    go(s, Move("d5", "d6"), Revive(1, "a1"))
    assert [p.base for p in s.captured("white")] == [1, 2]
    assert cell(s, "a1") == "W1" and cell(s, "g1") == "."


# -- passes, repetition, the quiet limit ------------------------------------------------

# White's two pawns are boxed in by black pawns that Fortress protects.
BOXED = {"a1": "W4", "b1": "W3", "a2": "B1", "b2": "B1", "c1": "B2", "a3": "B2", "c2": "B3", "d1": "B3"}


def test_rule_a_player_with_no_move_passes_and_may_not_pass_otherwise():
    s = hr(BOXED, in_force=("fortress",))
    assert s.legal_actions() == [Pass()]
    go(s, Pass())
    assert s.to_move == 1 and not s.over
    refused(s, Pass(), "only when no move")


def test_rule_two_passes_in_a_row_draw():
    s = hr(BOXED, in_force=("fortress",), passes=1)
    go(s, Pass())
    assert s.over and s.outcome.winners == () and s.outcome.scores == (0.5, 0.5)


def test_rule_third_repetition_is_a_draw():
    s = GAME.new(2, 1, Options(cards="none"))
    cycle = [Move("b1", "b2"), Move("b6", "b5"), Move("b2", "b1"), Move("b5", "b6")]
    go(s, *cycle)
    assert not s.over
    go(s, *cycle[:3])
    assert not s.over
    go(s, cycle[3])
    assert s.over and "third" in s.outcome.reason


@pytest.mark.parametrize("quiet,over", [(198, False), (199, True)])
def test_rule_100_moves_each_without_capture_draw_exactly(quiet, over):
    s = hr(padded({"d3": "W2"}), cards="none", quiet=quiet)
    go(s, Move("d3", "d4"))
    assert s.over == over
    if over:
        assert "100 moves" in s.outcome.reason


def test_a_capture_resets_the_quiet_count():
    s = hr(padded({"d3": "W4", "d4": "B1"}), cards="none", quiet=199)
    go(s, Move("d3", "d4"))
    assert not s.over and "quiet 0" in s.to_text()


# -- views -----------------------------------------------------------------------------


def test_view_hides_only_the_seed_both_hands_are_open():
    s = GAME.new(2, 42)
    for seat in (0, 1, None):
        v = s.view(seat)
        assert "seed -" in v.to_text()
        assert v.to_text().replace("seed -", "seed 42") == s.to_text()
        assert v.legal_actions() == s.legal_actions()


# -- a move generator written from the rules alone --------------------------------------

ORTHO = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _at(f, r):
    return f"{FILES[f]}{r + 1}" if 0 <= f < 7 and 0 <= r < 6 else None


def ref_moves(board: dict[str, str], side: str, force: set[str], markers: set[str]) -> set:
    """Every Move and Swap of `side` ("W"/"B") on `board` (cell -> token "W2+")."""

    def value(tok):
        return int(tok[1]) + (1 if tok.endswith("+") else 0)

    def colour_of(c):  # "W"/"B" as the cell counts now
        f, r = FILES.index(c[0]), int(c[1]) - 1
        col = "B" if (f + r) % 2 == 0 else "W"
        if c in markers:
            col = "W" if col == "B" else "B"
        return col

    def neighbours(c):
        f, r = FILES.index(c[0]), int(c[1]) - 1
        return [n for n in (_at(f + df, r + dr) for df, dr in ORTHO) if n]

    def captures(src, dst):
        att, dfd = board[src], board[dst]
        if "fortress" in force and sum(1 for n in neighbours(dst) if board.get(n, "")[:1] == dfd[0]) >= 2:
            return False
        sa, sd = value(att), value(dfd)
        if "colour-blind" not in force:
            sa += colour_of(dst) == att[0]
            sd += colour_of(dst) == dfd[0]
        if "team-support" in force:
            sa += min(2, sum(1 for n in neighbours(dst) if n != src and board.get(n, "")[:1] == att[0]))
            sd += min(2, sum(1 for n in neighbours(dst) if board.get(n, "")[:1] == dfd[0]))
        return sa > sd if "stalwart" in force else sa >= sd

    def can_enter(src, dst):
        if dst is None:
            return False
        if dst not in board:
            return True
        return board[dst][0] != side and captures(src, dst)

    out = set()
    for src, tok in board.items():
        if tok[0] != side:
            continue
        f, r = FILES.index(src[0]), int(src[1]) - 1
        steps = list(ORTHO) + (list(DIAGS) if "diagonal-step" in force else [])
        for df, dr in steps:
            dst = _at(f + df, r + dr)
            if can_enter(src, dst):
                out.add(Move(src, dst))
        if "sprint" in force:
            for df, dr in ORTHO:
                mid, dst = _at(f + df, r + dr), _at(f + 2 * df, r + 2 * dr)
                if mid and mid not in board and can_enter(src, dst):
                    out.add(Move(src, dst))
        if "regroup" in force:
            for n in neighbours(src):
                if board.get(n, "")[:1] == side and board[n] != tok:
                    out.add(Swap(src, n))
    return out


def random_position(rng: random.Random):
    cells = [f"{f}{r}" for f in FILES for r in range(1, 7)]
    board = {}
    for colour in "WB":
        for base in rng.sample([1, 1, 2, 2, 3, 3, 4], rng.randint(2, 7)):
            c = rng.choice([c for c in cells if c not in board])
            mark = rng.choice(["", "", "+", "*"]) if base < 4 else rng.choice(["", "*"])
            board[c] = f"{colour}{base}{mark}"
    force = set(rng.sample(CARD_IDS, rng.randint(0, 6)))
    markers = set(rng.sample([c for c in cells if c not in board], rng.randint(0, 4))) if "change" in force else set()
    side = rng.choice("WB")
    return board, side, force, markers


def test_reference_moves_agree_with_legal_actions_on_random_positions():
    rng = random.Random(77)
    n = 0
    for _ in range(2500):
        board, side, force, markers = random_position(rng)
        s = hr(board, side={"W": "White", "B": "Black"}[side], in_force=sorted(force),
               markers=sorted(markers), cards="none", captured=([], []))
        got = {a for a in s.legal_actions() if type(a) in (Move, Swap)}
        want = ref_moves(board, side, force, markers)
        assert got == want, (s.to_text(), got ^ want)
        if not want:
            assert s.legal_actions() == [Pass()]
        n += 1
    for seed in range(25):  # and along real games with cards played
        s = GAME.new(2, seed)
        play = random.Random(seed)
        while not s.over and s.turn < 120:
            if s.phase == "before":
                board = {c: cell(s, c) for c in (f"{f}{r}" for f in FILES for r in range(1, 7)) if cell(s, c) != "."}
                force = set(s.to_text().split("In force: ")[1].split("\n")[0].split()) - {"-"}
                got = {a for a in s.legal_actions() if type(a) in (Move, Swap)}
                assert got == ref_moves(board, "WB"[s.to_move], force, set(s.markers)), s.to_text()
                n += 1
            s.apply(play.choice(s.legal_actions()))
    assert n > 3000


# -- random games with invariants of our own --------------------------------------------


def army(s, colour):
    on = Counter(p.base for c in (f"{f}{r}" for f in FILES for r in range(1, 7))
                 if (p := s.pawn_at(c)) is not None and p.colour == colour)
    return on + Counter(p.base for p in s.captured(colour))


@pytest.mark.parametrize("cards", ["hands", "none", "random"])
def test_random_games_keep_pawns_cards_totals_turn_order_and_replay(cards):
    rng = random.Random(hash(cards) % 1000)
    for seed in range(12):
        options = Options(cards=cards, random_cards=2 + seed % 9)
        s = GAME.new(2, seed, options)
        actions = []
        while not s.over and len(actions) < 400:
            a = rng.choice(s.legal_actions())
            before_side, before_turn = s.to_move, s.turn
            s.apply(a)
            actions.append(a)
            assert army(s, 0) == ARMY and army(s, 1) == ARMY
            values = [0, 0]
            for c in (f"{f}{r}" for f in FILES for r in range(1, 7)):
                p = s.pawn_at(c)
                if p:
                    values[p.colour] += p.value
            assert s.totals() == tuple(values)
            text = s.to_text()
            hands = text.split("Hands: ")[1].split("\n")[0].replace("White", "").replace("Black", "")
            force = text.split("In force: ")[1].split("\n")[0]
            held = [c for c in (hands.replace(";", " ") + " " + force).split() if c != "-"]
            if cards == "hands":
                assert sorted(held) == sorted(CARD_IDS)
            assert len(s.markers) <= 4 and len(set(s.markers)) == len(s.markers)
            if s.over:
                break
            # the side changes exactly when the turn number moves on
            assert (s.to_move != before_side) == (s.turn == before_turn + 1)
        if s.over:
            assert s.legal_actions() == [] and s.to_move is None
            w, b = s.totals()
            if s.outcome.winners:
                assert s.outcome.scores[s.outcome.winners[0]] == 1.0
        replay = GAME.new(2, seed, options)
        for a in actions:
            replay.apply(a)
        assert replay.to_text() == s.to_text()
        assert GAME.from_text(s.to_text()).to_text() == s.to_text()


def test_random_games_never_go_on_past_an_end_condition():
    rng = random.Random(5)
    for seed in range(40):
        s = GAME.new(2, seed, Options(cards="random", random_cards=2 + seed % 9))
        while not s.over and s.turn < 300:
            s.apply(rng.choice(s.legal_actions()))
            if s.over or s.phase == "upgrade":
                continue
            force = s.to_text().split("In force: ")[1].split("\n")[0]
            lose, lead = (4, 10) if "last-stand" in force else (6, 8)
            w, b = s.totals()
            assert w > lose and b > lose and abs(w - b) < lead, s.to_text()


# -- positions no game can reach: the notation should refuse them -----------------------

SMALL = {"a6": "B4", "b6": "B3", "a1": "W4", "b1": "W3"}
IMPOSSIBLE = {
    # a second hypertetrahedron: the army has one
    "two_value4_pawns": dict(pawns={**SMALL, "c6": "B4"}),
    # a value-4 pawn never takes +1 (it would be worth 5)
    "value4_with_plus_one": dict(pawns={**SMALL, "a1": "W4+"}),
    # an upgrade choice with no pawn waiting: TakeBonus then writes a bad code on g6
    # (board[-1]) and raises KeyError, the position half changed
    "upgrade_phase_without_pending_pawn": dict(pawns=SMALL, phase="upgrade"),
    "pending_upgrade_on_an_empty_cell": dict(pawns=SMALL, phase="upgrade", pending="d4"),
    # five markers: the game has four
    "five_change_markers": dict(pawns=SMALL, in_force=("change",), markers=("c3", "d3", "e3", "f3", "g3")),
    # one card in hand and in force at once
    "card_in_hand_and_in_force": dict(pawns=SMALL, in_force=("sprint",), hands=(("sprint",), ())),
    # a black card in White's hand
    "card_in_the_wrong_hand": dict(pawns=SMALL, hands=(("fortress",), ())),
    # captured pawns that are still on the board (two white value-4 pawns captured)
    "captured_list_not_matching_the_board": dict(pawns=SMALL, captured=([4, 4], [])),
}


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_notation_refuses_positions_no_game_can_reach(case):
    from core.house_rules import NotationError

    with pytest.raises(NotationError):
        hr(**IMPOSSIBLE[case])
