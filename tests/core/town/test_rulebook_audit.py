"""TOWN 77: an independent audit of the engine against the original rulebook
(seeds/001, in Vietnamese), /work/shared/rulings.md and docs/rules/town.md.

Every test goes through the public notation (`GAME.from_text`, `to_text`) and the
Action structs only. The rule each test checks is quoted (translated) above it.
At the end: a separate, deliberately naive placement generator compared with
`legal_actions()` on thousands of random positions, and random games with
invariants of our own (tiles conserved, hands never grow, turn order, replay).
"""

from __future__ import annotations

import random

import pytest

from core.engine import IllegalAction
from core.town import GAME, ChooseStack, Exchange, GiveBack, Keep, Leave, Place
from core.town.tiles import TILES

EMPTY = ".. .. .. .. .. .. .."
COLS = "abcdefg"


# -- building positions in the notation ----------------------------------------------------

def pos(rows: list[str], racks: list[tuple[int, str]], bag: str | None = None, turn: int = 1,
        phase: str = "turn", left: str = "", exchanges: int = 0, max_exchanges: int = 7,
        seed: int = 11) -> object:
    """A 2-5 player position; the bag defaults to every tile not placed or held."""
    used = {t for r in rows for t in r.split() if t != ".."}
    for _, r in racks:
        used.update(r.split())
    if bag is None:
        bag = " ".join(t for t in TILES if t not in used)
    rows = rows + [EMPTY] * (7 - len(rows))
    lines = ["TOWN 77", f"seats: {len(racks)}", f"seed: {seed}", "chance: 0",
             f"max-exchanges: {max_exchanges}", f"phase: {phase}", f"turn: {turn}",
             f"exchanges: {exchanges}", "view: full", "town:  a  b  c  d  e  f  g"]
    lines += [f"row {i + 1}: {r}" for i, r in enumerate(rows)]
    lines += [f"rack {i + 1}: limit {lim}: {r}" for i, (lim, r) in enumerate(racks)]
    lines += [f"bag: {len(bag.split())}: {bag}", f"left: {left}"]
    return GAME.from_text("\n".join(lines))


def solo(rows: list[str], stacks: list[str], phase: str = "solo-choose", revealed: str = "-"):
    rows = rows + [EMPTY] * (7 - len(rows))
    lines = ["TOWN 77", "seats: 1", "seed: 5", "chance: 1", "max-exchanges: 7",
             f"phase: {phase}", "turn: 1", "exchanges: 0", "view: full",
             "town:  a  b  c  d  e  f  g"]
    lines += [f"row {i + 1}: {r}" for i, r in enumerate(rows)]
    lines += [f"stack {i + 1}: {s}" for i, s in enumerate(stacks)]
    lines.append(f"revealed: {revealed}")
    return GAME.from_text("\n".join(lines))


def refused(st, action) -> str:
    """The reason `action` is refused; also checks that refusing changes nothing."""
    before = st.to_text()
    reason = st.check(action)
    assert reason, f"{action} should be refused"
    with pytest.raises(IllegalAction):
        st.apply(action)
    assert st.to_text() == before
    return reason


def places(st) -> set[tuple[str, str]]:
    return {(a.tile, a.cell) for a in st.legal_actions() if isinstance(a, Place)}


def all_tiles(st) -> list[str]:
    out = [t for t in st.cells if t is not None]
    for r in st.racks:
        out += r
    out += st.bag
    for s in st.stacks:
        out += s
    if st.revealed is not None:
        out.append(st.revealed)
    return out


# -- Setup ---------------------------------------------------------------------------------
# "Put all 49 house tiles in the bag ... each player draws 4 ... Take a random tile from
#  the bag and place it face up in the top-left position."

@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_setup_four_tiles_each_and_first_tile_from_the_bag_in_a1(seats):
    st = GAME.new(seats, 123)
    assert [len(r) for r in st.racks] == [4] * seats
    assert st.grid[0][0] is not None and st.placed == 1
    assert len(st.bag) == 49 - 4 * seats - 1
    assert sorted(all_tiles(st)) == sorted(TILES)
    assert st.to_move == 0  # "Choose a first player": our ruling, seat 1


@pytest.mark.parametrize("seats", [0, 6, 7])
def test_setup_player_count_out_of_range_is_refused(seats):
    with pytest.raises(ValueError):
        GAME.new(seats, 1)


# -- Condition 1: "At least one side must touch a side of another tile. Touching at a
#    corner is not allowed." -------------------------------------------------------------

def test_condition_1_corner_only_touch_is_refused():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pm Ws Wc Wt")])
    assert "b2" not in {c for _, c in places(st)}
    reason = refused(st, Place("Ot", "b2"))
    assert "touch" in reason


def test_condition_1_far_cell_is_refused_and_side_neighbours_allowed():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pm Ws Wc Wt")])
    assert {c for t, c in places(st) if t == "Ot"} == {"b1", "a2"}
    refused(st, Place("Ot", "g7"))


def test_condition_1_board_edge_cells_have_no_wraparound_neighbours():
    # a tile in g1 does not touch a2 (the next row's first cell) in our 7x7 square
    st = pos([".. .. .. .. .. .. Rc"], [(4, "Ot Yd Gg Bf"), (4, "Pm Ws Wc Wt")])
    assert {c for t, c in places(st) if t == "Ot"} == {"f1", "g2"}
    refused(st, Place("Ot", "a2"))


# -- Condition 2: "colour/house type not already present in the row and the column" -----

def test_condition_2_same_colour_far_along_the_row_is_refused():
    st = pos(["Rc Od Yg Gt Bf .. .."],
             [(4, "Rs Pm Ws Wc"), (4, "Pt Pd Pg Pf")])
    # f1 touches Bf; Rs repeats Red (a1) five cells away
    assert "Red" in refused(st, Place("Rs", "f1"))
    assert st.check(Place("Pm", "f1")) is None


def test_condition_2_same_style_in_the_column_is_refused():
    st = pos(["Rc .. .. .. .. .. ..", "Od .. .. .. .. .. ..", "Yg .. .. .. .. .. .."],
             [(4, "Wc Ws Pm Bt"), (4, "Pt Pd Pg Pf")])
    assert "Cottage" in refused(st, Place("Wc", "a4"))
    assert st.check(Place("Ws", "a4")) is None


def test_condition_2_example_purple_triangle_twice_in_a_line_is_refused():
    # The rulebook's example: a row holding a purple/triangle tile refuses another one.
    # We have no two identical tiles, so the example is checked both ways: neither the
    # colour nor the style may repeat (rulings.md, TOWN 77 "Placement").
    st = pos(["Pg Rc .. .. .. .. .."], [(4, "Pm Og Wt Bd"), (4, "Yt Yd Yf Ym")])
    assert "Purple" in refused(st, Place("Pm", "c1"))
    assert "Gable" in refused(st, Place("Og", "c1"))
    assert st.check(Place("Wt", "c1")) is None


def test_condition_2_colour_in_the_cells_own_column_but_other_row():
    st = pos(["Rc Od .. .. .. .. ..", ".. .. .. .. .. .. ..", ".. .. .. .. .. .. .."],
             [(4, "Yt Ot Gs Bm"), (4, "Pt Pd Pg Pf")])
    # b2 touches Od (b1): Orange is in column b
    assert "Orange" in refused(st, Place("Ot", "b2"))


# -- Condition 3: "at most 7 tiles in a row and a column" --------------------------------

def test_condition_3_a_full_row_of_seven_has_no_eighth_cell():
    row = "Rc Od Yg Gt Bf Pm Ws"
    st = pos([row], [(4, "Oc Yt Gd Bg"), (4, "Pt Pd Pg Pf")])
    for a in st.legal_actions():
        if isinstance(a, Place):
            assert a.cell[1] == "2"  # only row 2 is open; nothing beyond g
    assert "not a cell" in refused(st, Place("Oc", "h1"))


# -- Step 1: exchange -----------------------------------------------------------------------
# "If you have 3 or more tiles of the same shape or colour in hand you may exchange them
#  (it is fine not to) ... reveal 3, put them into the bag, shuffle, draw 3. If you have
#  4, choose any 3. If after exchanging you again have 3 or 4 alike you may exchange
#  again."

def test_exchange_three_of_one_colour_is_legal_and_keeps_the_hand_size():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Og Ws"), (4, "Pt Pd Pg Pf")])
    ex = Exchange(("Ot", "Od", "Og"))
    assert ex in st.legal_actions()
    bag_before = len(st.bag)
    st.apply(ex)
    assert len(st.racks[0]) == 4 and "Ws" in st.racks[0]
    assert len(st.bag) == bag_before
    assert st.to_move == 0 and st.phase == "turn"  # still step 1/2 of the same turn
    assert sorted(all_tiles(st)) == sorted(TILES)


def test_exchange_three_of_one_style_across_colours():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yt Gt Ws"), (4, "Pc Pd Pg Pf")])
    assert Exchange(("Gt", "Ot", "Yt")) in st.legal_actions()


def test_exchange_two_alike_is_refused():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Yg Ws"), (4, "Pc Pd Pg Pf")])
    assert not [a for a in st.legal_actions() if isinstance(a, Exchange)]
    refused(st, Exchange(("Ot", "Od", "Yg")))


def test_exchange_mixed_colour_and_style_is_refused():
    # Ot, Od share Orange; Od, Yd share Dome: no colour or style common to all three
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Yd Ws"), (4, "Pc Pd Pg Pf")])
    assert "share" in refused(st, Exchange(("Ot", "Od", "Yd")))


def test_exchange_with_four_alike_any_three_of_them():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Og Of"), (4, "Pc Pd Pg Pf")])
    exs = {a.tiles for a in st.legal_actions() if isinstance(a, Exchange)}
    assert len(exs) == 4  # C(4,3)
    refused(st, Exchange(("Ot", "Od", "Og", "Of")))  # four at once is not an exchange


def test_exchange_of_tiles_not_held_is_refused():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Og Ws"), (4, "Pc Pd Pg Pf")])
    refused(st, Exchange(("Ot", "Od", "Om")))


def test_exchange_is_repeatable_until_the_turn_limit():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Og Of"), (4, "Pc Pd Pg Pf")],
             exchanges=7)
    assert not [a for a in st.legal_actions() if isinstance(a, Exchange)]
    assert "limit" in refused(st, Exchange(("Ot", "Od", "Og")))
    st2 = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Og Of"), (4, "Pc Pd Pg Pf")],
              exchanges=6)
    assert st2.check(Exchange(("Ot", "Od", "Og"))) is None


def test_exchange_after_placing_is_refused():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Og Ws"), (4, "Pc Pd Pg Pf")],
             phase="give-back")
    refused(st, Exchange(("Ot", "Od", "Og")))


def test_exchange_from_an_empty_bag_is_refused():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Og Ws"), (4, "Pc Pd Pg Pf")], bag="")
    assert "empty" in refused(st, Exchange(("Ot", "Od", "Og")))


def test_exchange_with_one_tile_in_the_bag_is_allowed():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Od Og Ws"), (4, "Pc Pd Pg Pf")], bag="Ym")
    st.apply(Exchange(("Ot", "Od", "Og")))
    assert len(st.racks[0]) == 4 and len(st.bag) == 1
    assert sorted(st.racks[0] + st.bag) == sorted(["Ot", "Od", "Og", "Ws", "Ym"])


# -- Step 2, 3, 4: place, draw, give back ----------------------------------------------------

def test_step_3_place_then_draw_one_then_give_back_question():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pc Pd Pg Pf")])
    st.apply(Place("Ot", "b1"))
    assert len(st.racks[0]) == 4 and st.phase == "give-back" and st.to_move == 0
    assert set(st.legal_actions()) == {Keep()} | {GiveBack(t) for t in st.racks[0]}
    st.apply(Keep())
    assert st.to_move == 1 and st.phase == "turn" and st.limits[0] == 4


def test_step_3_empty_bag_no_draw_and_no_step_4():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pc Pd Pg Pf")], bag="")
    st.apply(Place("Ot", "b1"))
    assert len(st.racks[0]) == 3
    assert st.to_move == 1 and st.phase == "turn"
    refused(st, GiveBack("Pc"))


def test_step_3_drawing_the_last_tile_still_allows_giving_one_back():
    # "If there is no tile in the bag you cannot draw, and skip step 4": with one tile
    # left you do draw it, so step 4 happens.
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pc Pd Pg Pf")], bag="Wm")
    st.apply(Place("Ot", "b1"))
    assert st.bag == [] and "Wm" in st.racks[0] and st.phase == "give-back"
    st.apply(GiveBack("Wm"))
    assert st.bag == ["Wm"] and st.limits[0] == 3 and len(st.racks[0]) == 3


def test_step_4_give_back_shrinks_the_hand_for_good():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pc Pd Pg Pf")])
    st.apply(Place("Ot", "b1"))
    st.apply(GiveBack("Yd"))
    assert len(st.racks[0]) == 3 and st.limits[0] == 3
    assert st.to_move == 1
    # the next time it is seat 1's turn, placing and drawing keeps it at 3
    st.apply(Place("Pd", "a2"))
    st.apply(Keep())
    before = len(st.racks[0])
    a = next(a for a in st.legal_actions() if isinstance(a, Place))
    st.apply(a)
    assert len(st.racks[0]) == before == 3


def test_step_4_at_most_one_tile_a_turn():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pc Pd Pg Pf")])
    st.apply(Place("Ot", "b1"))
    st.apply(GiveBack("Yd"))
    assert st.to_move == 1  # the turn passed: no second give-back
    refused(st, GiveBack("Gg"))


def test_step_4_give_back_of_a_tile_not_held_is_refused():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pc Pd Pg Pf")])
    st.apply(Place("Ot", "b1"))
    refused(st, GiveBack("Pc"))


def test_give_back_is_hidden_from_the_others():
    # "put it into the bag without showing anyone which one"
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pc Pd Pg Pf")])
    st.apply(Place("Ot", "b1"))
    drawn = [t for t in st.racks[0] if t not in ("Yd", "Gg", "Bf")][0]
    st.apply(GiveBack("Yd"))
    v = st.view(1)
    assert "Yd" not in v.to_text() and not any("Yell" in line and "Dome" in line for line in v.log)
    assert drawn not in v.to_text() or drawn in st.cells


# -- Placing is compulsory; out of turn; wrong phase ------------------------------------------

def test_place_a_tile_not_in_your_rack_is_refused():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pt Pd Pg Pf")])
    assert "hold" in refused(st, Place("Pt", "b1"))  # seat 2's tile, seat 1's turn


def test_place_on_a_taken_cell_is_refused():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pt Pd Pg Pf")])
    refused(st, Place("Ot", "a1"))


def test_no_keep_or_give_back_before_placing():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pt Pd Pg Pf")])
    refused(st, Keep())
    refused(st, GiveBack("Ot"))


def test_solo_actions_are_refused_in_a_multiplayer_game():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pt Pd Pg Pf")])
    refused(st, ChooseStack(0))


# -- Leaving ---------------------------------------------------------------------------------
# "If a player cannot place any tile or has placed all their tiles, they leave the game
#  after step 2."

def test_stuck_player_with_no_exchange_leaves_at_once_when_the_turn_comes():
    # The town: a full first row and first column.
    rows = ["Rc Od Yg Gt Bf Pm Ws", "Ot .. .. .. .. .. ..", "Yd .. .. .. .. .. ..",
            "Gg .. .. .. .. .. ..", "Bm .. .. .. .. .. ..", "Ps .. .. .. .. .. ..",
            "Wf .. .. .. .. .. .."]
    # Free frontier: b2..g2 and b3..b7. Orange is in row 2 (a2) and column b (b1), so
    # an Orange tile fits nowhere on that frontier.
    st = pos(rows, [(4, "Wc Rd Gd Bd"), (3, "Oc Of Og")], bag="")
    # seat 1 places in b2 (which opens c2 and b3, both closed to Orange); the bag is
    # empty; the turn passes to seat 2, who is stuck and cannot exchange: seat 2
    # leaves without being asked, and the turn comes back to seat 1.
    st.apply(Place("Wc", "b2"))
    assert st.left_order == [1]
    assert st.to_move == 0 and st.phase == "turn"


def test_stuck_player_who_may_exchange_chooses_exchange_or_leave():
    rows = ["Rc Od Yg Gt Bf Pm Ws", "Ot .. .. .. .. .. ..", "Yd .. .. .. .. .. ..",
            "Gg .. .. .. .. .. ..", "Bm .. .. .. .. .. ..", "Ps .. .. .. .. .. ..",
            "Wf .. .. .. .. .. .."]
    st = pos(rows, [(3, "Oc Of Og"), (4, "Rd Gd Bd Pd")])
    acts = st.legal_actions()
    assert Leave() in acts and Exchange(("Oc", "Of", "Og")) in acts
    assert not [a for a in acts if isinstance(a, Place)]
    st.apply(Leave())
    assert st.left_order == [0] and st.to_move == 1


def test_leave_is_refused_while_a_tile_fits():
    st = pos(["Rc " + " ".join([".."] * 6)], [(4, "Ot Yd Gg Bf"), (4, "Pt Pd Pg Pf")])
    assert "still" in refused(st, Leave())


def test_placing_the_last_tile_leaves_before_drawing():
    st = pos(["Rc " + " ".join([".."] * 6)], [(1, "Ot"), (4, "Pt Pd Pg Pf")])
    bag = len(st.bag)
    st.apply(Place("Ot", "b1"))
    assert st.racks[0] == [] and st.left_order == [0] and len(st.bag) == bag
    assert st.to_move == 1


def test_turn_order_skips_players_who_left():
    st = pos(["Rc " + " ".join([".."] * 6)],
             [(4, "Ot Yd Gg Bf"), (4, "Pt Pd Pg Pf"), (4, "Wt Wd Wg Wf")], left="2")
    st.apply(Place("Ot", "b1"))
    st.apply(Keep())
    assert st.to_move == 2


# -- The end and the winner ------------------------------------------------------------------
# "When everybody has left, the player holding the fewest tiles wins. On a tie, the player
#  who finished their turn later wins."

def _end_with(racks: list[tuple[int, str]], left: str):
    rows = ["Rc Od Yg Gt Bf Pm Ws", "Ot .. .. .. .. .. ..", "Yd .. .. .. .. .. ..",
            "Gg .. .. .. .. .. ..", "Bm .. .. .. .. .. ..", "Ps .. .. .. .. .. ..",
            "Wf .. .. .. .. .. .."]
    return pos(rows, racks, left=left, bag="", turn=2)


def test_end_fewest_tiles_wins():
    st = _end_with([(2, "Rd Gd"), (3, "Oc Of Og"), (1, "Bd")], left="1 3")
    # seat 2 is stuck (Orange fits nowhere) and may not exchange (empty bag)
    st.apply(Leave())
    assert st.over and st.outcome.winners == (2,)
    assert st.outcome.scores == (2.0, 3.0, 1.0)
    assert st.legal_actions() == [] and st.to_move is None
    assert st.check(Leave()) == "The game is over."


def test_end_tie_goes_to_the_later_leaver():
    st = _end_with([(2, "Rd Gd"), (3, "Oc Of Og"), (2, "Bd Pd")], left="3 1")
    st.apply(Leave())
    # seats 1 and 3 both hold 2; seat 1 left after seat 3
    assert st.outcome.winners == (0,)


def test_end_zero_tiles_beats_everybody_even_if_left_first():
    st = _end_with([(0, ""), (3, "Oc Of Og"), (1, "Bd")], left="1 3")
    st.apply(Leave())
    assert st.outcome.winners == (0,)


def test_end_hands_are_shown_to_everybody():
    st = _end_with([(2, "Rd Gd"), (3, "Oc Of Og"), (1, "Bd")], left="1 3")
    st.apply(Leave())
    v = st.view(0)
    assert sorted(v.racks[1]) == ["Oc", "Of", "Og"]


def test_notation_round_trip_of_a_finished_game():
    st = _end_with([(2, "Rd Gd"), (3, "Oc Of Og"), (1, "Bd")], left="1 3")
    st.apply(Leave())
    again = GAME.from_text(st.to_text())
    assert again.over and again.outcome.winners == st.outcome.winners
    assert again.to_text() == st.to_text()


# -- What a player sees ---------------------------------------------------------------------
# "place them on the rack so that the other players only see the back" (the colour is on
#  the back: rulings.md)

def test_view_shows_other_racks_colours_only_and_hides_the_bag_and_seed():
    st = GAME.new(3, 99)
    v = st.view(1)
    text = v.to_text()
    for s in (0, 2):
        assert all(t.endswith("?") and t[0] == real[0] for t, real in
                   zip(sorted(v.racks[s]), sorted(st.racks[s])))
    assert v.racks[1] == st.racks[1]
    assert all(t == "??" for t in v.bag) and len(v.bag) == len(st.bag)
    assert "seed: hidden" in text
    for t in st.bag:
        assert t not in text.split("bag:")[1]


def test_view_keeps_the_same_legal_moves_for_its_own_seat():
    st = GAME.new(2, 4)
    v = st.view(0)
    assert places(v) == places(st)


# -- Solo -----------------------------------------------------------------------------------
# "Shuffle the 49 tiles into 3 face-down stacks of about the same size ... take the top
#  tile of one stack and place it face up top-left ... each turn choose the top tile of a
#  stack and place it ... once chosen you cannot change it ... the game ends when you
#  cannot place any tile [our ruling: the revealed one] or have placed every tile."

def test_solo_three_stacks_nearly_equal_and_a1_from_the_chosen_stack():
    st = GAME.new(1, 8)
    assert sorted(len(s) for s in st.stacks) == [16, 16, 17]
    top = st.stacks[2][-1]
    st.apply(ChooseStack(2))
    assert st.grid[0][0] == top and st.phase == "solo-choose"


def test_solo_revealed_tile_cannot_be_swapped_for_another():
    st = solo(["Rc " + " ".join([".."] * 6)], ["Ot Yd", "Gg", "Bf"])
    st.apply(ChooseStack(0))
    assert st.revealed == "Ot"
    refused(st, ChooseStack(1))
    refused(st, Place("Gg", "b1"))
    assert {(a.tile, a.cell) for a in st.legal_actions()} == {("Ot", "b1"), ("Ot", "a2")}


def test_solo_empty_stack_cannot_be_chosen():
    st = solo(["Rc " + " ".join([".."] * 6)], ["Ot", "", "Bf"])
    assert ChooseStack(1) not in st.legal_actions()
    assert "empty" in refused(st, ChooseStack(1))
    refused(st, ChooseStack(3))
    refused(st, ChooseStack(-1))


def test_solo_game_ends_when_the_revealed_tile_fits_nowhere():
    st = solo(["Rc " + " ".join([".."] * 6)], ["Rt Yd", "Gg", "Bf"])
    st.apply(ChooseStack(0))  # Red again: fits neither b1 (row 1) nor a2 (column a)
    assert st.over and st.outcome.scores == (1.0,) and st.outcome.winners == ()
    assert st.legal_actions() == []


def test_solo_placing_all_49_wins_with_score_49():
    from itertools import product
    grid = [[None] * 7 for _ in range(7)]
    letters_c, letters_s = "ROYGBPW", "ctdgfms"
    for r, c in product(range(7), range(7)):
        grid[r][c] = letters_c[(r + c) % 7] + letters_s[(r + 2 * c) % 7]
    last = grid[6][6]
    grid[6][6] = ".."
    rows = [" ".join(row) for row in grid]
    st = solo(rows, [last, "", ""])
    st.apply(ChooseStack(0))
    st.apply(Place(last, "g7"))
    assert st.over and st.outcome.scores == (49.0,) and st.outcome.winners == (0,)


def test_solo_view_shows_stack_top_colours_only():
    st = GAME.new(1, 3)
    v = st.view(0)
    for real, seen in zip(st.stacks, v.stacks):
        assert seen[-1] == real[-1][0] + "?"
        assert all(t == "??" for t in seen[:-1])


# -- A separate placement generator ---------------------------------------------------------

def naive_cells(grid: list[list[str | None]], tile: str) -> set[str]:
    """Every cell where `tile` may go, straight from the three conditions."""
    if all(grid[r][c] is None for r in range(7) for c in range(7)):
        return {"a1"}
    out = set()
    for r in range(7):
        for c in range(7):
            if grid[r][c] is not None:
                continue
            touches = any(0 <= r + dr < 7 and 0 <= c + dc < 7 and grid[r + dr][c + dc]
                          for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            if not touches:
                continue
            line = [grid[r][k] for k in range(7)] + [grid[k][c] for k in range(7)]
            line = [t for t in line if t]
            if any(t[0] == tile[0] or t[1] == tile[1] for t in line):
                continue
            out.add(COLS[c] + str(r + 1))
    return out


def random_town(rng: random.Random) -> list[list[str | None]]:
    """A random town grown by the rules themselves (naively), of random size."""
    grid: list[list[str | None]] = [[None] * 7 for _ in range(7)]
    tiles = list(TILES)
    rng.shuffle(tiles)
    target = rng.randint(1, 40)
    grid[0][0] = tiles.pop()
    placed = 1
    for t in tiles:
        if placed >= target:
            break
        cells = sorted(naive_cells(grid, t))
        if cells:
            cell = rng.choice(cells)
            grid[int(cell[1]) - 1][COLS.index(cell[0])] = t
            placed += 1
    return grid


def test_placements_agree_with_a_separate_generator_on_random_positions():
    rng = random.Random(2026)
    checked = 0
    for _ in range(1000):
        grid = random_town(rng)
        used = {t for row in grid for t in row if t}
        free = [t for t in TILES if t not in used]
        rng.shuffle(free)
        rack1, rack2 = free[:4], free[4:8]
        rows = [" ".join(t or ".." for t in row) for row in grid]
        st = pos(rows, [(4, " ".join(rack1)), (4, " ".join(rack2))])
        want = {(t, c) for t in rack1 for c in naive_cells(grid, t)}
        assert places(st) == want, (st.to_text(), want ^ places(st))
        leave = Leave() in st.legal_actions()
        assert leave == (not want)
        # and for a tile the seat does not hold, the engine's reason-giver agrees
        for t in free[8:10]:
            for cell in ("a1", "d4", "g7", "b2"):
                ok = cell in naive_cells(grid, t)
                assert (st.why_not(t, cell) is None) == ok
        checked += 1
    assert checked == 1000


# -- Random games with invariants of our own -------------------------------------------------

def _play_random(seats: int, seed: int, rng: random.Random):
    st = GAME.new(seats, seed)
    actions = []
    turn_seats = []
    max_seen = [len(r) for r in st.racks]
    while not st.over:
        acts = st.legal_actions()
        assert acts and st.to_move is not None
        assert st.to_move not in st.left_order
        for a in acts[:5]:
            assert st.check(a) is None
        a = rng.choice(acts)
        seat = st.to_move
        if isinstance(a, Place):
            turn_seats.append(seat)
            # the town stays a partial Graeco-Latin square
            assert a.cell in naive_cells(st.grid, a.tile)
        st.apply(a)
        actions.append(a)
        if not st.over and st.to_move != seat:
            # the bag passes to the next seat in order that has not left
            nxt = next((seat + k) % seats for k in range(1, seats + 1)
                       if (seat + k) % seats not in st.left_order)
            assert st.to_move == nxt
        assert sorted(all_tiles(st)) == sorted(TILES)
        for s in range(seats):
            assert len(st.racks[s]) <= max_seen[s]  # a hand never grows
            assert len(st.racks[s]) <= st.limits[s]
            max_seen[s] = len(st.racks[s])
        assert len(st.left_order) == len(set(st.left_order))
    return st, actions, turn_seats


def test_random_games_keep_the_invariants_and_replay_exactly():
    rng = random.Random(77)
    for g in range(60):
        seats = 2 + g % 4
        st, actions, turn_seats = _play_random(seats, 1000 + g, rng)
        # the end: everybody left, the winner has the fewest tiles, ties to the later
        assert sorted(st.left_order) == list(range(seats))
        counts = [len(st.racks[s]) for s in range(seats)]
        fewest = min(counts)
        later = [s for s in st.left_order if counts[s] == fewest][-1]
        assert st.outcome.winners == (later,)
        assert st.outcome.scores == tuple(float(c) for c in counts)
        assert st.legal_actions() == []
        # replay from the seed and the actions reproduces the position
        again = GAME.new(seats, 1000 + g)
        for a in actions:
            again.apply(a)
        assert again.to_text() == st.to_text()


def test_random_games_notation_round_trip_mid_game_continues_identically():
    rng = random.Random(5)
    for g in range(20):
        st = GAME.new(2 + g % 4, 500 + g)
        steps = 0
        while not st.over and steps < 400:
            copy = GAME.from_text(st.to_text())
            assert copy.to_text() == st.to_text()
            assert set(map(repr, copy.legal_actions())) == set(map(repr, st.legal_actions()))
            a = rng.choice(st.legal_actions())
            st.apply(a)
            copy.apply(a)
            assert copy.to_text() == st.to_text()
            steps += 1


def test_random_solo_games_score_is_tiles_in_town():
    rng = random.Random(9)
    for seed in range(80):
        st = GAME.new(1, seed)
        while not st.over:
            st.apply(rng.choice(st.legal_actions()))
            assert sorted(all_tiles(st)) == sorted(TILES)
        assert st.outcome.scores == (float(st.placed),)
        assert st.placed == sum(1 for t in st.cells if t)
        if st.placed < 49:
            assert st.revealed and not naive_cells(st.grid, st.revealed)


def test_view_notation_round_trip_and_determinize_keep_what_is_known():
    rng = random.Random(3)
    for seed in range(30):
        st = GAME.new(2 + seed % 4, seed)
        for _ in range(rng.randint(0, 30)):
            if st.over:
                break
            st.apply(rng.choice(st.legal_actions()))
        seat = seed % st.seats
        v = st.view(seat)
        assert GAME.from_text(v.to_text()).to_text() == v.to_text()
        d = v.determinize(random.Random(seed))
        assert sorted(all_tiles(d)) == sorted(TILES)  # a full, consistent position
        assert d.cells == st.cells and d.racks[seat] == st.racks[seat]
        for s in range(st.seats):  # the colours everybody saw are kept
            assert sorted(t[0] for t in d.racks[s]) == sorted(t[0] for t in st.racks[s])
        assert len(d.bag) == len(st.bag)
