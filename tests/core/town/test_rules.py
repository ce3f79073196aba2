"""TOWN 77: one test per rule and per ruling (docs/rules/town.md names them)."""

from __future__ import annotations


import pytest

from town_helpers import latin_tile, position, solo_position

from core.engine import IllegalAction
from core.town import GAME, ChooseStack, Exchange, GiveBack, Keep, Leave, Place
from core.town.state import GIVEBACK, SOLO_CHOOSE, SOLO_PLACE, SOLO_START, TURN
from core.town.tiles import COLOURS, STYLES, TILES, tile_name

EMPTY = ".. .. .. .. .. .. .."


# -- the tiles --------------------------------------------------------------------------

def test_rule_49_tiles_seven_colours_by_seven_styles():
    assert len(TILES) == 49 == len(set(TILES))
    assert len({c.letter for c in COLOURS}) == 7 and len({s.letter for s in STYLES}) == 7
    # every colour and style has a mark that is not colour alone, and an ASCII stand-in
    assert all(c.letter.isupper() and c.letter.isascii() for c in COLOURS)
    assert all(s.letter.islower() and s.ascii.isascii() and s.glyph for s in STYLES)
    assert tile_name("Rc") == "Red Cottage"


# -- setup -------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_rule_setup_racks_of_four_and_first_tile_in_a1(seats):
    st = GAME.new(seats, 11)
    assert all(len(r) == 4 for r in st.racks)
    assert st.cells[0] is not None and st.placed == 1
    assert st.bag_count == 49 - 4 * seats - 1
    assert st.to_move == 0


def test_rule_two_to_five_players_or_solo():
    for seats in (1, 2, 3, 4, 5):
        GAME.new(seats, 1)
    for seats in (0, 6):
        with pytest.raises(ValueError):
            GAME.new(seats, 1)


def test_rule_rack_colours_visible_styles_hidden():
    st = GAME.new(3, 5)
    v = st.view(1)
    assert v.racks[1] == st.racks[1]
    for s in (0, 2):
        assert [t[0] for t in v.racks[s]] == sorted([t[0] for t in st.racks[s]], key="ROYGBPW".index)
        assert all(t[1] == "?" for t in v.racks[s])
    assert v.bag_count == st.bag_count and all(t == "??" for t in v.bag)
    assert v.seed is None


def test_ruling_a_view_knows_no_play_of_a_hidden_rack():
    st = GAME.new(3, 5)
    other = st.view((st.current + 1) % 3)  # sees only the colours of the rack to move
    assert other.legal_actions() == []
    assert "hidden" in other.check(Leave())
    hidden = other.racks[st.current][0]
    assert "hidden" in other.check(Place(hidden, "a1"))
    assert st.view(st.current).legal_actions() == st.legal_actions()


def test_a_refusal_about_a_hidden_rack_names_the_seat_not_player_n():
    """The engine speaks in seats: the refusal's words are a Line, drawn with the seats' names."""
    from core.engine import Line, Refusal

    st = GAME.new(3, 5)
    other = st.view((st.current + 1) % 3)
    names = ["Bo", "Cy", "Di"]
    names[st.current] = "Ann"
    leave, place = other.check(Leave()), other.check(Place(other.racks[st.current][0], "a1"))
    assert isinstance(leave, Refusal) and isinstance(leave.words, Line) and isinstance(place.words, Line)
    assert leave.text(names) == "Ann's tiles are hidden in this view: whether they can place is not known."
    assert place.text(names) == "That tile is hidden in Ann's rack in this view."
    names[st.current] = "You"
    assert leave.text(names) == "Your tiles are hidden in this view: whether you can place is not known."


# -- placement -----------------------------------------------------------------------------

def test_rule_placement_must_touch_a_side():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yg Gf Bm"), (4, "")])
    assert st.why_not("Od", "b1") is None
    assert st.why_not("Od", "a2") is None
    assert "does not touch" in st.why_not("Od", "b2")  # diagonal only
    assert "does not touch" in st.why_not("Od", "d4")
    assert set(st.legal_cells("Od")) == {"b1", "a2"}


def test_rule_no_colour_twice_in_a_row():
    st = position(["Rc Od .. .. .. .. ..", EMPTY, EMPTY, ".. .. .. .. .. Gc .."],
                  racks=[(4, "Rt"), (4, "")])
    assert st.why_not("Rt", "c1") == "Red is already in row 1"
    with pytest.raises(IllegalAction, match="Red is already in row 1"):
        st.apply(Place("Rt", "c1"))


def test_rule_no_colour_twice_in_a_column():
    st = position(["Rc Od .. .. .. .. .."], racks=[(4, "Ot"), (4, "")])
    assert st.why_not("Ot", "b2") == "Orange is already in column b"


def test_rule_no_style_twice_in_a_row():
    st = position(["Rc Od .. .. .. .. .."], racks=[(4, "Yc"), (4, "")])
    assert st.why_not("Yc", "c1") == "Cottage is already in row 1"


def test_rule_no_style_twice_in_a_column():
    st = position(["Rc Od .. .. .. .. .."], racks=[(4, "Yd"), (4, "")])
    assert st.why_not("Yd", "b2") == "Dome is already in column b"
    assert st.why_not("Yd", "a2") is None


def test_rule_full_town_is_a_graeco_latin_square():
    rows = [" ".join(latin_tile(r, c) for c in range(7)) for r in range(7)]
    st = solo_position(rows, ["", "", ""], phase="over")
    assert st.placed == 49 and st.over and st.outcome.winners == (0,)


def test_ruling_illegal_placement_is_refused_not_penalised():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Rt Od Yg Gf"), (4, "Bm Pm Wm Ys")])
    before = st.to_text()
    with pytest.raises(IllegalAction):
        st.apply(Place("Rt", "b1"))
    assert st.to_text() == before


# -- the turn ------------------------------------------------------------------------------

def test_rule_turn_place_then_draw_then_give_back_question():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yg Gf Bm"), (4, "Pt Ws Rd Og")])
    bag = st.bag_count
    st.apply(Place("Od", "b1"))
    assert len(st.racks[0]) == 4 and st.bag_count == bag - 1  # drew one
    assert st.phase == GIVEBACK and st.to_move == 0
    st.apply(Keep())
    assert st.phase == TURN and st.to_move == 1 and st.limits[0] == 4


def test_rule_exchange_three_sharing_a_colour():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Ot Og Yf"), (4, "")])
    ex = [a for a in st.legal_actions() if isinstance(a, Exchange)]
    assert ex == [Exchange(("Ot", "Od", "Og"))]
    n_bag = st.bag_count
    st.apply(Exchange(("Od", "Ot", "Og")))
    assert len(st.racks[0]) == 4 and "Yf" in st.racks[0] and st.bag_count == n_bag
    assert st.phase == TURN and st.to_move == 0  # still this player's turn: now place


def test_ruling_exchange_is_a_set_of_tiles_whatever_the_order():
    import msgspec

    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Rt Rd Rg Oc"), (4, "")])
    legal = [a for a in st.legal_actions() if isinstance(a, Exchange)]
    assert legal == [Exchange(("Rt", "Rd", "Rg"))]
    for order in (("Rg", "Rt", "Rd"), ("Rd", "Rg", "Rt"), ("Rt", "Rd", "Rg")):
        a = Exchange(order)
        assert a == legal[0] and a in st.legal_actions() and st.check(a) is None
    # The same from saved data: one action, one form.
    assert GAME.action_from_builtins({"type": "exchange", "tiles": ["Rg", "Rt", "Rd"]}) == legal[0]
    assert list(msgspec.to_builtins(Exchange(("Rg", "Rt", "Rd")))["tiles"]) == ["Rt", "Rd", "Rg"]


def test_rule_exchange_three_sharing_a_style():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yd Gd Bf"), (4, "")])
    assert st.check(Exchange(("Od", "Yd", "Gd"))) is None
    assert "share a colour or a style" in st.check(Exchange(("Od", "Yd", "Bf")))


def test_rule_exchange_any_three_of_four_matching():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yd Gd Bd"), (4, "")])
    ex = {a.tiles for a in st.legal_actions() if isinstance(a, Exchange)}
    assert len(ex) == 4  # every 3 of the 4 Domes


def test_rule_exchange_is_repeatable():
    # A bag of Domes only: after an exchange the hand holds three Domes again.
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yd Gd Bf"), (4, "Pt")], bag="Pd Wd Rd")
    st.apply(Exchange(("Od", "Yd", "Gd")))
    assert st.exchanges == 1 and st.to_move == 0 and st.phase == TURN
    domes = tuple(t for t in st.racks[0] if t[1] == "d")
    assert len(domes) == 3 and st.check(Exchange(domes)) is None
    st.apply(Exchange(domes))
    assert st.exchanges == 2 and st.to_move == 0 and len(st.racks[0]) == 4


def test_ruling_exchange_needs_a_tile_in_the_bag():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yd Gd Bf"), (4, "Pt")], bag="")
    assert "bag is empty" in st.check(Exchange(("Od", "Yd", "Gd")))
    assert not any(isinstance(a, Exchange) for a in st.legal_actions())


def test_ruling_at_most_max_exchanges_a_turn():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yd Gd Bf"), (4, "Pt")],
                  bag="Pd Wd Rd", max_exchanges=2, exchanges=2)
    assert "limit" in st.check(Exchange(("Od", "Yd", "Gd")))
    assert GAME.new(2, 1).options.max_exchanges == 7


def test_rule_give_back_shrinks_the_hand_for_good():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yg Gf Bm"), (4, "Pt Ws Rd Og")])
    st.apply(Place("Od", "b1"))
    tile = st.racks[0][0]
    st.apply(GiveBack(tile))
    assert len(st.racks[0]) == 3 and st.limits[0] == 3 and tile not in st.racks[0]
    # Player 2 places and keeps; player 1 places and draws: still 3, never 4 again.
    st.apply(next(a for a in st.legal_actions() if isinstance(a, Place)))
    st.apply(Keep())
    assert st.to_move == 0
    st.apply(next(a for a in st.legal_actions() if isinstance(a, Place)))
    assert st.phase == GIVEBACK and len(st.racks[0]) == 3 and st.limits[0] == 3


def test_rule_give_back_at_most_one_a_turn():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yg Gf Bm"), (4, "Pt Ws Rd Og")])
    st.apply(Place("Od", "b1"))
    st.apply(GiveBack(st.racks[0][0]))
    assert st.to_move == 1  # the turn moved on: no second give-back
    assert "only after placing" in st.check(GiveBack("Pt"))


def test_rule_empty_bag_no_draw_and_no_give_back():
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yg Gf Bm"), (4, "Pt Ws Rd Og")], bag="")
    st.apply(Place("Od", "b1"))
    assert len(st.racks[0]) == 3 and st.phase == TURN and st.to_move == 1  # question skipped
    # the hand is smaller for good, and the notation's limit says so
    assert st.limits[0] == 3 and "rack 1: limit 3:" in st.to_text()


def test_rule_player_who_cannot_place_leaves():
    # Player 2 places the Yellow Gable in a2. Player 1's only tile, the Red Dome, then
    # fits nowhere: c1 and a3 see the Red Cottage, b2 the Orange Dome above it.
    st = position(["Rc Od .. .. .. .. .."], racks=[(1, "Rd"), (4, "Yg Gf Bm Pt")],
                  bag="Ws Wd", turn=2)
    st.apply(Place("Yg", "a2"))
    assert st.legal_cells("Rd") == []  # c1 and a3: Red; b2: a Dome in column b
    st.apply(Keep())
    assert st.left == [(0, 1)]  # player 1 could not place and left with 1 tile
    assert st.to_move == 1 and not st.over


def test_ruling_stuck_player_who_cannot_exchange_leaves_without_a_question():
    # As above, but the stuck player holds two tiles: no exchange, so no question.
    st = position(["Rc Od .. .. .. .. .."], racks=[(2, "Rd Rg"), (4, "Yg Gf Bm Pt")],
                  bag="Ws Wd", turn=2)
    st.apply(Place("Yg", "a2"))
    st.apply(Keep())
    assert st.legal_cells("Rg") == [] and st.left == [(0, 2)] and st.to_move == 1


def test_rule_player_who_places_every_tile_leaves():
    st = position(["Rc .. .. .. .. .. .."], racks=[(1, "Od"), (4, "Yg Gf Bm Pt")])
    st.apply(Place("Od", "b1"))
    assert st.left == [(0, 0)] and st.to_move == 1  # left with 0 tiles, before drawing


def test_ruling_leave_only_when_no_tile_fits():
    st = position(["Rc Od .. .. .. .. .."], racks=[(4, "Rd Rg Yt"), (4, "Bs")], bag="Ws Wd Bm")
    assert "still place" in st.check(Leave())
    assert Leave() not in st.legal_actions()
    # Domes fit nowhere here (a Dome is in row 2 and in column b, and a3 is below a Dome).
    stuck = position(["Rc .. .. .. .. .. ..", "Yd Gs .. .. .. .. ..", ".. Wd .. .. .. .. .."],
                     racks=[(3, "Rd Od Gd"), (4, "Ps")], bag="Ws Wm Bm")
    legal = stuck.legal_actions()
    assert not any(isinstance(a, Place) for a in legal)
    assert "No tile fits" in stuck.prompt
    assert set(legal) == {Leave(), Exchange(("Rd", "Od", "Gd"))}  # exchange, or leave
    stuck.apply(Leave())
    assert stuck.left == [(0, 3)] and stuck.to_move == 1


def test_rule_fewest_tiles_in_hand_wins():
    st = position(["Rc .. .. .. .. .. .."], racks=[(2, "Od Ot"), (1, "Yg"), (4, "Bm Bt Bd")],
                  left="1 3", turn=2)
    st.apply(Place("Yg", "b1"))  # player 2 places their last tile and leaves: everybody is out
    assert st.over and st.outcome.winners == (1,)
    assert st.outcome.scores == (2.0, 0.0, 3.0)
    assert st.to_move is None and st.legal_actions() == []


def test_ruling_tie_goes_to_the_later_leaver():
    # a1 Red Cottage, a2 Orange Dome: the Red Dome and the Orange Cottage fit nowhere.
    rows = ["Rc .. .. .. .. .. ..", "Od .. .. .. .. .. .."]
    st = position(rows, racks=[(1, "Rd"), (1, "Oc")], left="2", turn=1, bag="")
    st.apply(Leave())  # player 1 leaves after player 2, both with 1 tile
    assert st.over and st.outcome.winners == (0,)
    st = position(rows, racks=[(1, "Rd"), (1, "Oc")], left="1", turn=2, bag="")
    st.apply(Leave())
    assert st.over and st.outcome.winners == (1,)


def test_ruling_first_player_is_seat_one():
    assert GAME.new(4, 99).to_move == 0


# -- solo ----------------------------------------------------------------------------------

def test_rule_solo_three_stacks_of_17_16_16():
    st = GAME.new(1, 42)
    assert st.stack_sizes() == [17, 16, 16]
    assert sorted(t for s in st.stacks for t in s) == sorted(TILES)
    assert st.phase == SOLO_START and st.placed == 0


def test_rule_solo_first_tile_from_chosen_stack_to_a1():
    st = GAME.new(1, 42)
    top = st.stacks[2][-1]
    st.apply(ChooseStack(2))
    assert st.cells[0] == top and st.stack_sizes() == [17, 16, 15] and st.phase == SOLO_CHOOSE


def test_rule_solo_top_colour_visible_style_hidden():
    st = GAME.new(1, 42)
    v = st.view(0)
    assert v.stack_tops() == [s[-1][0] + "?" for s in st.stacks]
    assert all(t == "??" for s in v.stacks for t in s[:-1])


def test_rule_solo_revealed_tile_must_be_placed():
    st = GAME.new(1, 5)
    st.apply(ChooseStack(0))
    st.apply(ChooseStack(1))
    if st.phase == SOLO_PLACE:
        other = next(t for t in TILES if t != st.revealed and t != st.cells[0])
        assert "must place the revealed" in st.check(Place(other, "b1"))
        assert st.check(ChooseStack(0)) is not None
        assert all(a.tile == st.revealed for a in st.legal_actions())


def test_rule_solo_ends_when_revealed_tile_fits_nowhere():
    st = solo_position(["Rc .. .. .. .. .. .."], ["Rt Od", "", ""])
    st.apply(ChooseStack(0))  # the Red Tower: Red in row 1 and column a
    assert st.over and st.revealed == "Rt"
    assert st.outcome.scores == (1.0,) and st.outcome.winners == ()


def test_rule_solo_ends_when_all_49_placed_and_score_is_tiles_placed():
    cells = [[latin_tile(r, c) for c in range(7)] for r in range(7)]
    last = cells[6][6]
    cells[6][6] = ".."
    st = solo_position([" ".join(r) for r in cells], [last, "", ""])
    assert st.placed == 48
    st.apply(ChooseStack(0))
    assert st.phase == SOLO_PLACE and st.legal_actions() == [Place(last, "g7")]
    st.apply(Place(last, "g7"))
    assert st.over and st.outcome.scores == (49.0,) and st.outcome.winners == (0,)


def test_rule_solo_empty_stack_cannot_be_chosen():
    st = solo_position(["Rc .. .. .. .. .. .."], ["Od", "", "Yg"])
    assert st.check(ChooseStack(1)) == "Stack 2 is empty."
    assert st.legal_actions() == [ChooseStack(0), ChooseStack(2)]


def test_rule_solo_score_counts_the_first_tile():
    st = GAME.new(1, 3)
    st.apply(ChooseStack(0))
    assert st.placed == 1


def test_ruling_exchange_returns_tiles_before_drawing():
    # One tile in the bag: the three exchanged go in first, so three can be drawn.
    st = position(["Rc .. .. .. .. .. .."], racks=[(4, "Od Yd Gd Bf"), (4, "Pt")], bag="Ws")
    st.apply(Exchange(("Od", "Yd", "Gd")))
    assert len(st.racks[0]) == 4 and st.bag_count == 1
    assert sorted(st.racks[0] + st.bag) == sorted(["Od", "Yd", "Gd", "Bf", "Ws"])


def test_ruling_hands_are_shown_when_the_game_is_over():
    st = position(["Rc .. .. .. .. .. ..", "Od .. .. .. .. .. .."],
                  racks=[(1, "Rd"), (1, "Oc")], left="2", turn=1, bag="")
    assert st.view(1).racks[0] == ["R?"]  # hidden while the game runs
    st.apply(Leave())
    assert st.over and st.view(1).racks[0] == ["Rd"] and st.view(None).racks[1] == ["Oc"]
    assert st.view(1).seed is None


def test_ruling_outcome_scores_are_tiles_in_hand():
    st = position(["Rc .. .. .. .. .. ..", "Od .. .. .. .. .. .."],
                  racks=[(2, "Rd Oc"), (1, "Pt")], left="2", turn=1, bag="")
    st.apply(Leave())
    assert st.outcome.scores == (2.0, 1.0) and st.outcome.winners == (1,)
    assert "Player 2 wins with 1 tile" in st.outcome.reason


def test_a_hidden_tile_is_named_with_the_right_article():
    from core.town.tiles import COLOUR_OF, tile_name

    names = {tile_name(f"{token}?") for token in COLOUR_OF}
    assert "an Orange tile" in names and "a Red tile" in names
    assert not any(name.startswith("a ") and name[2] in "AEIOU" for name in names)
