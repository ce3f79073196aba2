"""One test per rule and per ruling of Icehouse Dash (docs/rules/dash.md)."""

from __future__ import annotations

import pytest

from core.engine import IllegalAction, chance
from core.dash import GAME, Options, Play
from core.dash.cards import BLACK_CARDS, DECK, HAND_SIZE, RED_CARDS, SETUP_ORDER, SQUARES, setup_square
from core.dash.state import DashState, deal


def make(board: dict[str, str], hands, pile=(), seats=None, to_move=0, trees=None, options=None):
    """A position for a rule test: `board` maps squares to stacks such as "R3,R2"."""
    s = DashState()
    s.seats = seats or len(hands)
    s.options = options or Options()
    s.stacks = {sq: [(p[0], int(p[1])) for p in st.split(",")] for sq, st in board.items()}
    s.hands = [list(h) for h in hands]
    s.pile = list(pile)
    s.to_move = to_move
    for colour, sq in (trees or {}).items():
        s.trees.append(colour)
        s.tree_squares[colour] = sq
    return s


def moved(s, card, side, src):
    s.apply(Play(card, side, src))
    return s


# -- the board, the cards and the setup ----------------------------------------------

def test_rule_board_is_8x8_files_a_to_h_ranks_1_to_8():
    assert len(SQUARES) == 64
    assert SQUARES[0] == "a1" and SQUARES[-1] == "h8"
    s = make({"a1": "R3"}, [["8D"]])
    assert s.check(Play("8D", "N", "a1")) is not None  # a1 + 8 north is off the board
    assert s.target("7D", "N", "a1")[0] == "a8"
    assert s.target("7D", "E", "a1")[0] == "h1"


def test_rule_deck_is_32_cards_ace_to_8_of_four_suits_ace_counts_1():
    assert len(DECK) == 32 and len(set(DECK)) == 32
    assert {c[0] for c in DECK} == set("A2345678")
    assert {c[1] for c in DECK} == set("CDHS")
    s = make({"c3": "K2"}, [["AD"]])
    assert s.target("AD", "N", "c3")[0] == "c4"  # the ace of diamonds moves one square


def test_rule_setup_red_card_gives_file_black_card_gives_rank():
    for seed in range(20):
        s = deal(1, seed, Options(), seed)
        red, black = list(RED_CARDS), list(BLACK_CARDS)
        chance(seed, 0).shuffle(red)
        chance(seed, 1).shuffle(black)
        expected: dict[str, list] = {}
        for i, piece in enumerate(SETUP_ORDER):
            expected.setdefault(setup_square(red[i], black[i]), []).append(piece)
        assert s.stacks == expected
    assert setup_square("AH", "8S") == "a8"
    assert setup_square("8D", "AC") == "h1"


def test_rule_setup_places_largest_first_each_on_top():
    for seed in range(200):
        s = deal(1, seed, Options(), seed)
        assert sum(len(st) for st in s.stacks.values()) == 15
        for stack in s.stacks.values():
            sizes = [p[1] for p in stack]
            assert sizes == sorted(sizes, reverse=True)


def test_ruling_setup_colour_order_is_red_yellow_green_blue_black():
    assert [p for p in SETUP_ORDER[:5]] == [("R", 3), ("Y", 3), ("G", 3), ("B", 3), ("K", 3)]
    assert [p[1] for p in SETUP_ORDER] == [3] * 5 + [2] * 5 + [1] * 5


def test_ruling_setup_puts_at_most_two_pieces_on_a_square():
    # Only two red cards (hearts, diamonds) name each file: no tree can stand at setup.
    for seed in range(300):
        s = deal(1, seed, Options(), seed)
        assert max(len(st) for st in s.stacks.values()) <= 2
        assert s.trees == []


def test_rule_hand_sizes_6_5_4_3_rest_is_the_draw_pile():
    for seats, n in HAND_SIZE.items():
        s = GAME.new(seats, 7)
        assert [len(h) for h in s.hands] == [n] * seats
        assert s.pile_count == 32 - n * seats
        assert sorted(c for h in s.hands for c in h) + sorted(s.pile) != []
        assert sorted([c for h in s.hands for c in h] + s.pile) == sorted(DECK)
    assert HAND_SIZE == {1: 6, 2: 5, 3: 4, 4: 3}


def test_rule_first_player_chosen_at_random():
    firsts = {GAME.new(4, seed).to_move for seed in range(60)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new(4, 11).to_move == GAME.new(4, 11).to_move


# -- moving ---------------------------------------------------------------------------

def test_rule_distance_is_card_value_minus_piece_size():
    s = make({"a1": "R3", "c1": "Y2", "e1": "G1"}, [["8C"]])
    assert s.target("8C", "N", "a1")[0] == "a6"  # 8 - 3 = 5
    assert s.target("8C", "N", "c1")[0] == "c7"  # 8 - 2 = 6
    assert s.target("8C", "N", "e1")[0] == "e8"  # 8 - 1 = 7


def test_rule_negative_distance_moves_away_from_the_card():
    s = make({"d4": "B2", "f4": "K3"}, [["AS", "AH"]], pile=["5C"])
    assert s.target("AS", "N", "d4")[0] == "d3"  # ace - medium = -1: away from north
    moved(s, "AS", "N", "d4")
    assert s.stacks["d3"] == [("B", 2)]
    moved(s, "AH", "E", "f4")  # ace - large = -2: two squares away from east
    assert s.stacks["d4"] == [("K", 3)]


def test_rule_diamonds_ignore_piece_size():
    s = make({"a1": "R3", "c1": "Y1"}, [["5D"]])
    assert s.target("5D", "N", "a1")[0] == "a6"
    assert s.target("5D", "N", "c1")[0] == "c6"


def test_rule_zero_distance_piece_stays_and_the_card_is_spent():
    s = make({"d4": "B3"}, [["3C", "5H"]], pile=["2C"])
    moved(s, "3C", "W", "d4")
    assert s.stacks == {"d4": [("B", 3)]}
    assert s.played["W"] == ["3C"]
    assert s.hands[0] == ["5H", "2C"]
    assert s.last_move == ("d4", "d4")


def test_rule_card_is_laid_at_the_chosen_side():
    s = make({"d4": "B1", "a8": "R3"}, [["2C", "5H"]], pile=["2D", "3D"])
    moved(s, "2C", "S", "d4")
    moved(s, "5H", "E", "a8")
    assert s.played == {"N": [], "E": ["5H"], "S": ["2C"], "W": []}


def test_rule_pieces_fly_over_other_pieces():
    s = make({"a1": "R1", "a2": "K3", "a3": "Y3,Y2"}, [["4C"]], pile=["AC"])
    moved(s, "4C", "N", "a1")  # 4 - 1 = 3 squares, over a2 and a3
    assert s.stacks["a4"] == [("R", 1)]


def test_rule_pieces_cannot_leave_the_board():
    s = make({"h1": "G2"}, [["6C"]])
    reason = s.check(Play("6C", "E", "h1"))
    assert reason is not None and "leave the board" in reason
    with pytest.raises(IllegalAction):
        s.apply(Play("6C", "E", "h1"))
    assert s.stacks == {"h1": [("G", 2)]} and s.hands == [["6C"]]


def test_rule_lands_on_empty_square():
    s = make({"b2": "Y3"}, [["6S"]])
    moved(s, "6S", "N", "b2")
    assert s.stacks == {"b5": [("Y", 3)]}


def test_rule_lands_only_on_own_colour_one_size_larger():
    s = make({"a1": "R2", "a3": "R3", "c1": "R1", "c2": "Y2", "e1": "G1", "e2": "G3",
              "g1": "B1", "g2": "B1"}, [["4H", "3H"]])
    assert s.target("4H", "N", "a1")[0] == "a3"  # red medium on red large
    dest, reason = s.target("2H", "N", "c1")  # red small onto a yellow medium
    assert dest is None and "yellow medium" in reason and "needs a red medium" in reason
    dest, reason = s.target("AD", "N", "e1")  # small on a large: two sizes larger
    assert dest is None and "needs a green medium" in reason
    dest, reason = s.target("AD", "N", "g1")  # same size
    assert dest is None


def test_rule_large_lands_only_on_empty_squares():
    s = make({"a1": "R3", "a2": "Y3"}, [["4C"]])
    dest, reason = s.target("4C", "N", "a1")
    assert dest is None and "large can only land on an empty square" in reason


def test_rule_only_the_top_piece_of_a_stack_moves():
    s = make({"c3": "K3,G2"}, [["5C"]], pile=["AC"])
    moved(s, "5C", "N", "c3")  # 5 - 2: the green medium, not the black large
    assert s.stacks == {"c3": [("K", 3)], "c6": [("G", 2)]}


# -- drawing and trees ------------------------------------------------------------------

def test_rule_draw_one_card_after_the_move():
    s = make({"c3": "K3"}, [["4C", "8C"]], pile=["2H", "3H"])
    moved(s, "4C", "N", "c3")
    assert s.hands == [["8C", "2H"]] and s.pile == ["3H"]


def test_rule_completing_a_tree_means_no_draw_and_a_smaller_hand():
    s = make({"c3": "R3,R2", "c1": "R1", "a1": "Y3"}, [["3C", "8C", "4H"]], pile=["2H", "3H", "5S"])
    moved(s, "3C", "N", "c1")  # 3 - 1 = 2: the red small onto the red medium
    assert s.trees == ["R"] and s.tree_squares == {"R": "c3"}
    assert s.hands == [["8C", "4H"]] and s.pile == ["2H", "3H", "5S"]
    moved(s, "4H", "N", "a1")  # later turns draw one card again: the hand stays smaller
    assert len(s.hands[0]) == 2


def test_rule_tree_is_small_on_medium_on_large_of_one_colour_top_three():
    s = make({"c3": "K2,G3,G2", "c1": "G1", "e3": "B3,Y2", "e1": "Y1"}, [["3C", "3S", "8C"]],
             pile=["2H", "3H"])
    moved(s, "3C", "N", "c1")
    assert s.trees == ["G"]  # standing on a black medium still counts
    moved(s, "3S", "N", "e1")  # yellow small on yellow medium on a BLUE large: no tree
    assert s.trees == ["G"] and s.stacks["e3"] == [("B", 3), ("Y", 2), ("Y", 1)]


def test_rule_empty_pile_means_no_draw():
    s = make({"c3": "K3"}, [["4C", "8C"]], pile=[])
    moved(s, "4C", "N", "c3")
    assert s.hands == [["8C"]] and s.pile_count == 0 and not s.over


def test_ruling_finished_tree_is_not_frozen_its_small_may_stay_or_move():
    s = make({"c3": "R3,R2,R1", "a1": "Y3"}, [["AH", "4C", "5S"]], pile=["2H", "3H"], trees={"R": "c3"})
    assert s.check(Play("AH", "N", "c3")) is None  # ace - small = 0: a stay, the tree still stands
    assert Play("4C", "E", "c3") in s.legal_actions()
    assert s.preview("4C", "E")["c3"] == ("f3", None)
    moved(s, "AH", "N", "c3")
    assert s.trees == ["R"] and s.hands == [["4C", "5S", "2H"]]  # a stay completes nothing: draw
    assert "takes the red tree apart" in s.describe(Play("4C", "E", "c3"))
    moved(s, "4C", "E", "c3")  # the small leaves: the tree no longer stands
    assert s.trees == [] and s.tree_squares == {} and s.stacks["f3"] == [("R", 1)]
    assert s.stacks["c3"] == [("R", 3), ("R", 2)] and s.hands == [["5S", "2H", "3H"]]
    moved(s, "5S", "N", "c3")  # and then the medium, now on top, may move too
    assert s.stacks["c3"] == [("R", 3)] and s.stacks["c6"] == [("R", 2)]


def test_ruling_a_tree_taken_apart_and_rebuilt_again_draws_no_card():
    s = make({"c3": "R3,R2,R1", "a1": "Y3"}, [["4C", "4S", "3H"]], pile=["2H", "3S", "5S"],
             trees={"R": "c3"})
    moved(s, "4C", "N", "c3")  # red small c3 -> c6: draw the 2H
    assert s.trees == [] and s.hands == [["4S", "3H", "2H"]]
    moved(s, "4S", "S", "c6")  # back onto the medium: the tree stands again, no draw
    assert s.trees == ["R"] and s.tree_squares == {"R": "c3"}
    assert s.hands == [["3H", "2H"]] and s.pile == ["3S", "5S"]


def test_ruling_finished_tree_not_frozen_audit_position_keeps_its_plays():
    # The audit's position: freezing the red tree made the 3C play below lose at once.
    board = {"a1": "R3,R2,R1", "c3": "Y2", "f3": "B2", "c4": "Y1", "d4": "Y3", "e4": "B3", "f4": "B1",
             "c5": "G1", "d5": "G3", "e5": "K3", "f5": "K1", "c6": "G2", "f6": "K2"}
    s = make(board, [["3C", "8C", "8S", "8H", "8D", "7D"]], pile=["6D", "AC", "2C"], trees={"R": "a1"})
    moved(s, "3C", "N", "d4")
    assert not s.over
    plays = s.legal_actions()
    assert len(plays) == 10 and Play("8C", "E", "a1") in plays
    assert all(p.src == "a1" for p in plays)


def test_rule_win_needs_all_five_trees_standing_at_once():
    board = {"a1": "R3,R2,R1", "b1": "Y3,Y2,Y1", "c1": "G3,G2,G1", "d1": "B3,B2,B1",
             "h8": "K3,K2", "h6": "K1"}
    s = make(board, [["5C", "3C", "5H"]], pile=["4S", "2S"], trees={"R": "a1", "Y": "b1", "G": "c1", "B": "d1"})
    moved(s, "5C", "N", "a1")  # the red tree falls (small a1 -> a5) ...
    moved(s, "3C", "N", "h6")  # ... so the fifth tree completed now is only the fourth standing
    assert s.trees == ["Y", "G", "B", "K"] and not s.over
    assert s.check(Play("5H", "S", "a5")) is None
    moved(s, "5H", "S", "a5")  # 5 - 1 = 4 south, back onto the red medium: all five at once
    assert s.over and s.outcome.winners == (0,) and s.outcome.scores == (5.0,)


# -- the end -----------------------------------------------------------------------------

def test_rule_team_wins_when_all_five_trees_stand():
    board = {"a1": "R3,R2,R1", "b1": "Y3,Y2,Y1", "c1": "G3,G2,G1", "d1": "B3,B2,B1",
             "h8": "K3,K2", "h6": "K1"}
    s = make(board, [["3C", "5C"], ["2C"]], pile=["4S"], trees={"R": "a1", "Y": "b1", "G": "c1", "B": "d1"})
    moved(s, "3C", "N", "h6")
    assert s.over and s.outcome.winners == (0, 1)
    assert s.outcome.scores == (5.0, 5.0)
    assert s.to_move is None and s.legal_actions() == []
    assert "wins" in s.outcome.reason


def test_rule_player_without_cards_is_skipped():
    s = make({"a1": "R3", "c3": "K3"}, [["4C"], [], ["5C"]], pile=[])
    moved(s, "4C", "N", "a1")
    assert s.to_move == 2 and not s.over


def test_rule_team_loses_when_nobody_holds_a_card():
    s = make({"a1": "R3", "c3": "K3"}, [["4C"], []], pile=[])
    moved(s, "4C", "N", "a1")
    assert s.over and s.outcome.winners == () and "Nobody holds a card" in s.outcome.reason
    assert s.outcome.scores == (0.0, 0.0)


def test_rule_team_loses_when_the_player_to_play_has_no_legal_play():
    s = make({"d4": "R3", "e5": "Y1"}, [["4C", "8S"]], pile=[])
    moved(s, "4C", "N", "d4")  # red large d4 -> d5; now only the 8S is left
    # 8S: the red large on d5 moves 5 and the yellow small on e5 moves 7: off the board
    # whichever side the card goes to, so there is no legal play.
    assert s.over and s.outcome.winners == () and "no legal play" in s.outcome.reason


def test_rule_cooperative_outcome_scores_are_trees_built():
    assert GAME.cooperative is True
    s = make({"c3": "R3,R2", "c1": "R1", "d4": "K3"}, [["3C"], ["8C"]], pile=[])
    moved(s, "3C", "N", "c1")  # tree, then the 8C cannot move anything: loss with 1 tree
    assert s.over and s.outcome.winners == () and s.outcome.scores == (1.0, 1.0)


# -- checks and words ---------------------------------------------------------------------

def test_check_gives_reasons_in_words():
    s = make({"c3": "K3"}, [["4C"]])
    assert "do not hold the 5C" in s.check(Play("5C", "N", "c3"))
    assert "not a side" in s.check(Play("4C", "Q", "c3"))
    assert "no piece on d3" in s.check(Play("4C", "N", "d3"))
    assert "not a square" in s.check(Play("4C", "N", "z9"))
    assert s.check(Play("4C", "N", "c3")) is None


def test_describe_says_the_move_in_words():
    s = make({"e2": "B3", "e7": "B2", "c1": "B1", "a1": "B2"}, [["8D", "AC"]], pile=["2C"])
    assert s.describe(Play("8D", "N", "a1")) == "8D north: blue medium a1 (cannot move: would leave the board (8 squares toward the north side))"
    s3 = make({"e2": "B3", "e7": "B2"}, [["7C"]])
    assert s3.describe(Play("7C", "S", "e7")) == "7C south: blue medium e7 -> e2, onto the blue large"
    s4 = make({"e2": "K3,K2", "e5": "K1"}, [["4C"]])
    assert s4.describe(Play("4C", "S", "e5")) == "4C south: black small e5 -> e2, completes the black tree"
    s5 = make({"d4": "B3"}, [["3C"]])
    assert s5.describe(Play("3C", "W", "d4")) == "3C west: blue large stays on d4"


def test_preview_gives_every_top_piece_a_destination_or_a_reason():
    s = make({"a1": "R2", "a3": "R3", "c1": "Y1", "c4": "B2"}, [["4H"]])
    pv = s.preview("4H", "N")
    assert pv["a1"] == ("a3", None)
    assert pv["c1"][0] is None and "needs a yellow medium" in pv["c1"][1]
    assert pv["a3"] == ("a4", None)
    assert set(pv) == {"a1", "a3", "c1", "c4"}


def test_ruling_no_legal_play_at_the_start_loses_at_once(monkeypatch):
    monkeypatch.setattr(DashState, "has_legal_play", lambda self, seat: False)
    s = GAME.new(2, 3)
    assert s.over and s.outcome.winners == () and "no legal play" in s.outcome.reason
    assert s.legal_actions() == []


def test_ruling_a_view_knows_no_play_of_a_hidden_hand():
    # With hidden hands, the view of a player who is not to move cannot see the
    # mover's cards: it lists no play, and check says why, instead of crashing.
    s = GAME.new(3, 9, Options(hidden_hands=True))
    other = s.view((s.to_move + 1) % 3)
    assert other.legal_actions() == []
    real = s.legal_actions()[0]
    assert "hidden" in other.check(real)
    assert s.view(s.to_move).legal_actions() == s.legal_actions()
    assert s.view(None).legal_actions() == []


def test_ruling_the_notation_refuses_positions_no_game_can_reach():
    from core.dash import NotationError

    text = GAME.new(2, 3).to_text()
    assert GAME.from_text(text).to_text() == text
    # a larger pyramid on a smaller one: the setup stacks largest first, moves go one size down
    with pytest.raises(NotationError, match="larger pyramid on a smaller one"):
        GAME.from_text(text.replace("c3:G2,Y1", "c3:Y1,G2"))
    # a live game whose player to move holds no card: the rules would have ended it
    with pytest.raises(NotationError, match="holds no card"):
        GAME.from_text(text.replace("hand2 2C AH 3S 5S 6D", "hand2 -")
                       .replace("pile 2D", "pile 2C AH 3S 5S 6D 2D"))
