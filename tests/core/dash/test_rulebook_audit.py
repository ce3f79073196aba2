"""Independent rules audit of Icehouse Dash against the seed rulebook
(/work/shared/seeds/003_7d4b5017dd428c76.txt), /work/shared/rulings.md section 3 and
docs/rules/dash.md.

Everything goes through the public surface an outside auditor uses: positions in the
game's text notation (`GAME.from_text`), `Play` actions, `legal_actions`, `check`,
`apply`, `to_text`, `view`. The legal-play generator at the bottom (`ref_plays`) is
written from the rulebook alone, without reading the engine's, and is compared with
`legal_actions()` on a few thousand seeded positions.
"""

from __future__ import annotations

import random

import pytest

from core.dash import GAME, Options, Play
from core.engine import IllegalAction, NotationError

FILES = "abcdefgh"
SUITS = "CDHS"
VALS = "A2345678"
ALL_CARDS = [v + s for s in SUITS for v in VALS]
ALL_PIECES = [c + str(n) for n in (3, 2, 1) for c in "RYGBK"]
# Squares where pieces a test does not name are parked, out of the way of its play.
PARK = ["b8", "c8", "d8", "e8", "f8", "g8", "h8", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "g6"]


# -- a position builder written against the notation (docs/rules/dash.md) ---------------


def standing(board: dict[str, str]) -> list[str]:
    """Trees standing on `board` (square -> "R3,R2,R1"), as `colour:square` items."""
    out = []
    for sq, st in board.items():
        p = st.split(",")
        if len(p) >= 3 and p[-1][1] == "1" and p[-2][1] == "2" and p[-3][1] == "3" \
                and p[-1][0] == p[-2][0] == p[-3][0]:
            out.append(f"{p[-1][0]}:{sq}")
    return out


def pos(board: dict[str, str], hands, pile=None, move=1, played=None, hidden=False, seed=1) -> object:
    """A full position: the pieces `board` does not name are parked on PARK squares;
    the cards not in a hand or the pile are laid at the west side (or the pile when
    `pile` is None)."""
    board = dict(board)
    named = [p for st in board.values() for p in st.split(",")]
    park = iter(sq for sq in PARK if sq not in board)
    for p in ALL_PIECES:
        if p not in named:
            board[next(park)] = p
    used = [c for h in hands for c in h] + list(pile or []) + [c for v in (played or {}).values() for c in v]
    rest = [c for c in ALL_CARDS if c not in used]
    played = {k: list(v) for k, v in (played or {}).items()}
    if pile is None:
        pile = rest
    else:
        played.setdefault("W", []).extend(rest)

    def lst(xs):
        return " ".join(xs) if xs else "-"

    order = sorted(board, key=lambda sq: (sq[1], sq[0]))
    lines = [
        f"dash players={len(hands)} hidden_hands={int(hidden)} winnable=0",
        f"seed {seed} deal {seed} counter 4 turns {sum(len(v) for v in played.values())}",
        "board " + " ".join(f"{sq}:{board[sq]}" for sq in order),
        *[f"hand{i + 1} {lst(h)}" for i, h in enumerate(hands)],
        f"pile {lst(pile)}",
        *[f"{side} {lst(played.get(side, []))}" for side in "NESW"],
        "trees " + lst(standing(board)),
        "last -",
        f"move {move}",
    ]
    return GAME.from_text("\n".join(lines) + "\n")


def stack(s, sq):
    return ",".join(f"{c}{n}" for c, n in s.stacks.get(sq, []))


def plays(s):
    return {(a.card, a.side, a.src) for a in s.legal_actions()}


# -- equipment and setup ----------------------------------------------------------------


def test_rule_1_to_4_players_and_no_more():
    for n in (1, 2, 3, 4):
        assert GAME.new(n, 3).seats == n
    for n in (0, 5):
        with pytest.raises(ValueError):
            GAME.new(n, 3)


def test_rule_deck_is_a_deck_minus_9_10_jqk_and_jokers():
    s = GAME.new(1, 11)
    cards = [c for h in s.hands for c in h] + s.pile
    assert sorted(cards) == sorted(ALL_CARDS) and len(cards) == 32


def test_rule_treehouse_set_is_15_pieces_5_colours_3_sizes():
    s = GAME.new(2, 5)
    pieces = sorted(f"{c}{n}" for st in s.stacks.values() for c, n in st)
    assert pieces == sorted(ALL_PIECES)


@pytest.mark.parametrize("seed", range(40))
def test_rule_setup_largest_first_shared_space_goes_on_top(seed):
    """Placed largest to smallest, each on top: in a fresh deal no stack has a piece on
    a smaller one; only two red cards name a file, so at most two pieces a square."""
    s = GAME.new(1, seed)
    assert s.turns == 0 and all(not v for v in s.played.values())
    for st in s.stacks.values():
        sizes = [n for _, n in st]
        assert sizes == sorted(sizes, reverse=True)
        assert len(st) <= 2


def test_rule_hand_sizes_by_player_count_rest_is_the_draw_pile():
    for n, size in ((1, 6), (2, 5), (3, 4), (4, 3)):
        s = GAME.new(n, 2)
        assert [len(h) for h in s.hands] == [size] * n
        assert len(s.pile) == 32 - n * size


def test_rule_first_player_chosen_at_random():
    firsts = {GAME.new(4, seed).to_move for seed in range(60)}
    assert firsts == {0, 1, 2, 3}


# -- moving -----------------------------------------------------------------------------


def test_rulebook_example_8_moves_a_size_3_piece_5_spaces():
    s = pos({"c1": "R3"}, [["8S"]])
    s.apply(Play("8S", "N", "c1"))
    assert stack(s, "c6") == "R3" and "c1" not in s.stacks
    assert s.played["N"][-1] == "8S"


def test_rulebook_example_ace_moves_a_size_2_piece_away_1_space():
    s = pos({"c5": "Y2"}, [["AC"]])
    s.apply(Play("AC", "N", "c5"))  # laid north: the medium goes one square south
    assert stack(s, "c4") == "Y2"


def test_rulebook_example_5_of_diamonds_moves_any_piece_5_spaces():
    for piece in ("G1", "G2", "G3"):
        s = pos({"a2": piece}, [["5D"]])
        s.apply(Play("5D", "E", "a2"))
        assert stack(s, "f2") == piece


def test_rule_distance_is_value_minus_size_for_every_size_and_side():
    # a 6 of clubs: small 5, medium 4, large 3 toward the side.
    for piece, d in (("B1", 5), ("B2", 4), ("B3", 3)):
        east = FILES[3 + d] + "1" if 3 + d < 8 else None
        west = FILES[3 - d] + "1" if 3 - d >= 0 else None
        for side, dest in (("N", f"d{1 + d}"), ("E", east), ("W", west)):
            s = pos({"d1": piece}, [["6C"]])
            if dest is None:
                assert s.check(Play("6C", side, "d1")) is not None
            else:
                s.apply(Play("6C", side, "d1"))
                assert stack(s, dest) == piece


def test_rule_negative_distance_moves_away_from_the_side():
    s = pos({"e5": "K3"}, [["AH"]])  # 1 - 3 = -2
    s.apply(Play("AH", "W", "e5"))
    assert stack(s, "g5") == "K3"


def test_ruling_zero_distance_is_legal_piece_stays_card_spent_and_drawn():
    s = pos({"e5": "K3"}, [["3S", "2C"]], pile=["7H"])
    s.apply(Play("3S", "S", "e5"))
    assert stack(s, "e5") == "K3" and s.played["S"] == ["3S"]
    assert sorted(s.hands[0]) == ["2C", "7H"]


def test_rule_pieces_move_in_a_straight_line_only():
    s = pos({"d4": "R1"}, [["3C"]])  # distance 2
    dests = {s.target("3C", side, "d4")[0] for side in "NESW"}
    assert dests == {"d6", "f4", "d2", "b4"}


def test_rule_pieces_may_move_over_other_pieces():
    s = pos({"a1": "B1", "a2": "K3", "a3": "Y3,Y2", "a4": "R2"}, [["5C"]])
    s.apply(Play("5C", "N", "a1"))
    assert stack(s, "a5") == "B1"


def test_rule_a_move_to_the_very_edge_is_legal_one_more_is_not():
    s = pos({"a1": "G1"}, [["8C", "7D", "8D"]])
    assert s.check(Play("8C", "N", "a1")) is None  # 7 squares: a8, the edge
    assert s.check(Play("7D", "E", "a1")) is None  # 7 squares: h1
    reason = s.check(Play("8D", "N", "a1"))  # 8 squares: off
    assert reason and "leave the board" in reason
    assert ("8D", "N", "a1") not in plays(s)


def test_rule_eight_of_diamonds_can_never_move_a_piece():
    s = pos({"d4": "R1", "e5": "Y2"}, [["8D", "2C"]])
    assert not any(c == "8D" for c, _, _ in plays(s))


def test_rule_pieces_cannot_move_off_the_board_backwards_either():
    s = pos({"a8": "R3"}, [["AS"]])  # -2 from north: away = south 2, fine
    assert s.check(Play("AS", "N", "a8")) is None
    assert s.check(Play("AS", "S", "a8")) is not None  # away from south = north, off


def test_rule_small_lands_on_own_colour_medium_medium_on_own_colour_large():
    s = pos({"c1": "R1", "c3": "R2", "e1": "Y2", "e4": "Y3"}, [["3C", "5C"]])
    assert s.check(Play("3C", "N", "c1")) is None  # R1 two up onto R2
    assert s.check(Play("5C", "N", "e1")) is None  # Y2 three up onto Y3
    s.apply(Play("3C", "N", "c1"))
    assert stack(s, "c3") == "R2,R1"


@pytest.mark.parametrize("mover,target", [
    ("R1", "Y2"),  # other colour
    ("R1", "R3"),  # two sizes larger
    ("R2", "Y3"),  # other colour
    ("R2", "R1"),  # smaller
    ("R1", "G1"),  # same size
    ("R3", "Y3"),  # a large lands on nothing
    ("R3", "B1"),
])
def test_rule_any_other_landing_is_refused_with_a_reason(mover, target):
    size = int(mover[1])
    card = f"{2 + size}C"  # distance 2
    s = pos({"c1": mover, "c3": target}, [[card]])
    reason = s.check(Play(card, "N", "c1"))
    assert reason and "c3" in reason
    assert (card, "N", "c1") not in plays(s)
    with pytest.raises(IllegalAction):
        s.apply(Play(card, "N", "c1"))
    assert stack(s, "c1") == mover and s.hands[0] == [card]


def test_rule_only_the_top_piece_of_a_stack_moves_and_is_counted():
    # B2 on B3 at d2: the 4 of clubs moves the medium (4 - 2 = 2), never the large.
    s = pos({"d2": "B3,B2"}, [["4C"]])
    s.apply(Play("4C", "N", "d2"))
    assert stack(s, "d4") == "B2" and stack(s, "d2") == "B3"


def test_rule_a_medium_on_another_colours_large_still_moves_on_its_own():
    s = pos({"d2": "K3,G2"}, [["4C"]])  # setup can put a medium on another large
    s.apply(Play("4C", "E", "d2"))
    assert stack(s, "f2") == "G2" and stack(s, "d2") == "K3"


# -- drawing, trees, the end -----------------------------------------------------------


def test_rule_draw_a_card_after_the_move():
    s = pos({"a1": "R3"}, [["4C", "5C"]], pile=["6H", "7H"])
    s.apply(Play("4C", "N", "a1"))
    assert sorted(s.hands[0]) == ["5C", "6H"] and s.pile == ["7H"]


def test_rule_completing_a_tree_draws_no_card_hand_one_fewer_for_good():
    s = pos({"c3": "R3,R2", "c1": "R1"}, [["3C", "AC", "6C"]], pile=["7H", "8H"])
    s.apply(Play("3C", "N", "c1"))
    assert stack(s, "c3") == "R3,R2,R1"
    assert sorted(s.hands[0]) == ["6C", "AC"] and s.pile == ["7H", "8H"]
    assert "trees R:c3" in s.to_text()
    s.apply(Play("AC", "N", "c3"))  # an ordinary play (the small stays): it draws
    assert sorted(s.hands[0]) == ["6C", "7H"]  # the hand stays one smaller


def test_rule_a_tree_may_stand_on_other_pieces():
    s = pos({"c3": "K3,R3,R2", "c1": "R1"}, [["3C", "5C"]])
    s.apply(Play("3C", "N", "c1"))
    assert "R:c3" in s.to_text()
    assert len(s.hands[0]) == 1


def test_rule_a_medium_landing_on_large_is_no_tree_and_draws():
    s = pos({"c3": "R3", "c1": "R2"}, [["4C", "5C"]], pile=["7H"])
    s.apply(Play("4C", "N", "c1"))
    assert stack(s, "c3") == "R3,R2" and len(s.hands[0]) == 2


def test_ruling_tree_not_frozen_small_leaves_the_tree_falls():
    s = pos({"c3": "R3,R2,R1"}, [["2C", "AD"]], pile=["7H"])
    assert ("2C", "N", "c3") in plays(s)  # zero distance: stays
    assert ("AD", "N", "c3") in plays(s)
    s.apply(Play("AD", "N", "c3"))
    assert stack(s, "c4") == "R1" and "trees -" in s.to_text()
    assert len(s.hands[0]) == 2  # an ordinary move: drew


def test_ruling_zero_distance_on_a_tree_small_keeps_it_and_draws():
    s = pos({"c3": "R3,R2,R1"}, [["AS", "2C"]], pile=["7H"])
    s.apply(Play("AS", "E", "c3"))
    assert "R:c3" in s.to_text() and sorted(s.hands[0]) == ["2C", "7H"]


def test_ruling_rebuilding_a_tree_draws_no_card_again():
    s = pos({"c3": "R3,R2,R1"}, [["AD", "2S", "5C"]], pile=["7H", "8H"])
    s.apply(Play("AD", "N", "c3"))  # the small to c4: the tree falls, 7H drawn
    assert "trees -" in s.to_text() and sorted(s.hands[0]) == ["2S", "5C", "7H"]
    s.apply(Play("2S", "S", "c4"))  # 2 - 1 = 1 south: back onto the medium
    assert "trees R:c3" in s.to_text()
    assert sorted(s.hands[0]) == ["5C", "7H"] and s.pile == ["8H"]  # no draw again


def test_rule_empty_pile_nobody_draws():
    s = pos({"a1": "R3"}, [["4C", "5C"]], pile=[])
    s.apply(Play("4C", "N", "a1"))
    assert s.hands[0] == ["5C"] and not s.over


def test_rule_win_when_all_five_trees_are_completed():
    board = {"a3": "R3,R2,R1", "b3": "Y3,Y2,Y1", "c3": "G3,G2,G1", "d3": "B3,B2,B1",
             "e3": "K3,K2", "e1": "K1"}
    s = pos(board, [["3C", "5C"]])
    s.apply(Play("3C", "N", "e1"))
    assert s.over and s.outcome.winners == (0,)
    assert s.outcome.scores == (5.0,)
    assert s.legal_actions() == [] and s.check(Play("5C", "N", "a3")) is not None
    assert "end win" in s.to_text() and "move -" in s.to_text()


def test_boundary_last_card_completing_the_fifth_tree_wins_not_loses():
    board = {"a3": "R3,R2,R1", "b3": "Y3,Y2,Y1", "c3": "G3,G2,G1", "d3": "B3,B2,B1",
             "e3": "K3,K2", "e1": "K1"}
    s = pos(board, [["3C"]], pile=[])
    s.apply(Play("3C", "N", "e1"))
    assert s.over and s.outcome.winners == (0,)


def test_boundary_last_card_completing_a_tree_short_of_five_loses_nobody_holds_a_card():
    s = pos({"e3": "K3,K2", "e1": "K1"}, [["3C"], []], pile=[])
    s.apply(Play("3C", "N", "e1"))
    assert s.over and s.outcome.winners == ()
    assert s.outcome.scores == (1.0, 1.0)
    assert "nobody holds a card" in s.outcome.reason.lower()


def test_rule_players_lose_when_every_play_would_leave_the_board():
    # player 1 spends 4C; player 2 holds only the 8 of diamonds, which moves any
    # piece 8 squares: off the board from everywhere.
    s = pos({"a1": "R3"}, [["4C"], ["8D"]], pile=[], move=1)
    s.apply(Play("4C", "N", "a1"))
    assert s.over and s.outcome.winners == () and "no legal play" in s.outcome.reason


def test_ruling_player_without_cards_is_skipped():
    s = pos({"a1": "R3"}, [["4C"], [], ["5C"]], pile=[], move=1)
    s.apply(Play("4C", "N", "a1"))
    assert s.to_move == 2 and "move 3" in s.to_text()


def test_rule_turn_order_goes_round_the_table():
    s = pos({"a1": "R3"}, [["3C"], ["3S"], ["3H"], ["3D"]], pile=["4C", "4S", "4H", "4D"], move=3)
    order = []
    for _ in range(4):
        order.append(s.to_move)
        s.apply(s.legal_actions()[0])
    assert order == [2, 3, 0, 1]


def test_refusals_name_the_reason_and_change_nothing():
    s = pos({"a1": "R3"}, [["4C"], ["5C"]])
    before = s.to_text()
    for bad in (Play("5C", "N", "a1"), Play("4C", "X", "a1"), Play("4C", "N", "z9"),
                Play("4C", "N", "c5"), Play("9C", "N", "a1")):
        reason = s.check(bad)
        assert isinstance(reason, str) and reason
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_text() == before


# -- what a view hides -------------------------------------------------------------------


def test_view_hides_the_pile_order_and_seed_but_shows_its_size_and_the_board():
    s = GAME.new(2, 9)
    v = s.view(0)
    t = v.to_text()
    assert "seed - deal -" in t
    assert set(v.pile) == {"??"} and len(v.pile) == len(s.pile)
    assert v.stacks == s.stacks and v.played == s.played
    assert v.hands == s.hands  # hands open to the team by default


def test_view_hidden_hands_shows_own_hand_only_and_counts_of_others():
    s = GAME.new(3, 9, Options(hidden_hands=True))
    for seat in range(3):
        v = s.view(seat)
        for i, h in enumerate(v.hands):
            assert (h == s.hands[i]) if i == seat else (h == ["??"] * len(s.hands[i]))
    mover = s.view(s.to_move)  # the player to move still sees every play of theirs
    assert mover.legal_actions() == s.legal_actions()
    spectator = s.view(None)
    assert all(set(h) == {"??"} for h in spectator.hands)


def test_view_of_a_seat_not_to_move_answers_legal_actions_without_crashing():
    s = GAME.new(3, 9, Options(hidden_hands=True))
    other = (s.to_move + 1) % 3
    assert isinstance(s.view(other).legal_actions(), list)


# -- a legal-play generator written from the rulebook alone ------------------------------

STEP = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}


def ref_plays(stacks: dict[str, list[tuple[str, int]]], hand: list[str]) -> set[tuple[str, str, str]]:
    out = set()
    for card in hand:
        value = VALS.index(card[0]) + 1
        for src, st in stacks.items():
            colour, size = st[-1]
            d = value if card[1] == "D" else value - size
            for side, (df, dr) in STEP.items():
                f, r = FILES.index(src[0]) + df * d, int(src[1]) + dr * d
                if not (0 <= f < 8 and 1 <= r <= 8):
                    continue
                dest = f"{FILES[f]}{r}"
                if d != 0 and dest in stacks:
                    tc, ts = stacks[dest][-1]
                    if tc != colour or ts != size + 1:
                        continue
                out.add((card, side, src))
    return out


def random_board(rng: random.Random) -> dict[str, list[tuple[str, int]]]:
    """Any board the rules can reach or not: larges on empty squares, then each
    medium and small either alone or on a random top of its own colour one size larger,
    or (as the setup may do) on any piece."""
    squares = [f + r for f in FILES for r in "12345678"]
    stacks: dict[str, list] = {}
    for size in (3, 2, 1):
        for colour in "RYGBK":
            pick = rng.random()
            if pick < 0.4 and stacks:
                sq = rng.choice(sorted(stacks))
            else:
                sq = rng.choice(squares)
            stacks.setdefault(sq, []).append((colour, size))
    return stacks


def test_reference_plays_agree_with_legal_actions_on_random_positions():
    rng = random.Random(2026)
    checked = 0
    for seed in range(300):
        s = GAME.new(rng.randint(1, 4), seed)
        while not s.over:
            hand = s.hands[s.to_move]
            assert plays(s) == ref_plays(s.stacks, hand), s.to_text()
            checked += 1
            s.apply(rng.choice(s.legal_actions()))
    for _ in range(1500):  # arbitrary boards and hands through the notation
        stacks = random_board(rng)
        board = {sq: ",".join(f"{c}{n}" for c, n in st) for sq, st in stacks.items()}
        hand = rng.sample(ALL_CARDS, rng.randint(1, 6))
        try:
            s = pos(board, [hand])
        except NotationError:  # refused only when the rules would have ended the game
            assert not ref_plays(stacks, hand)
            continue
        legal = plays(s)
        assert legal == ref_plays(s.stacks, hand), s.to_text()
        for card in hand:  # and check refuses exactly the rest
            for side in "NESW":
                for sq in s.stacks:
                    assert (s.check(Play(card, side, sq)) is None) == ((card, side, sq) in legal)
        checked += 1
    assert checked > 3000


# -- random games with invariants of our own --------------------------------------------


def tree_count(stacks) -> int:
    return len(standing({sq: ",".join(f"{c}{n}" for c, n in st) for sq, st in stacks.items()}))


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_games_keep_cards_pieces_turn_order_and_replay(seats):
    rng = random.Random(seats * 7919)
    for seed in range(60):
        options = Options(hidden_hands=bool(seed % 2))
        s = GAME.new(seats, seed, options)
        actions = []
        while not s.over:
            seat = s.to_move
            assert s.hands[seat], "the player to move holds a card"
            a = rng.choice(s.legal_actions())
            before = s.clone()
            s.apply(a)
            actions.append(a)
            cards = [c for h in s.hands for c in h] + s.pile + [c for v in s.played.values() for c in v]
            assert sorted(cards) == sorted(ALL_CARDS)
            assert sorted(f"{c}{n}" for st in s.stacks.values() for c, n in st) == sorted(ALL_PIECES)
            assert s.played[a.side][-1] == a.card and s.turns == before.turns + 1
            built = tree_count(s.stacks) > tree_count(before.stacks)
            drew = len(before.pile) - len(s.pile)
            assert drew == (0 if built or not before.pile else 1)
            assert len(s.hands[seat]) == len(before.hands[seat]) - 1 + drew
            assert len(s.trees) == tree_count(s.stacks)
            if not s.over:  # the next seat round the table that holds a card
                nxt = next((seat + k) % seats for k in range(1, seats + 1) if s.hands[(seat + k) % seats])
                assert s.to_move == nxt
        assert s.legal_actions() == [] and s.to_move is None
        assert (len(s.trees) == 5) == bool(s.outcome.winners)
        assert s.outcome.scores == tuple(float(len(s.trees)) for _ in range(seats))
        if len(s.trees) < 5 and any(s.hands):  # lost: the next holder has no play
            nxt = next((seat + k) % seats for k in range(1, seats + 1) if s.hands[(seat + k) % seats])
            assert not ref_plays(s.stacks, s.hands[nxt])
            assert "no legal play" in s.outcome.reason
        # replay from seed and actions reproduces the position; the notation round-trips
        r = GAME.new(seats, seed, options)
        for a in actions:
            r.apply(a)
        assert r.to_text() == s.to_text()
        assert GAME.from_text(s.to_text()).to_text() == s.to_text()


# -- positions no game can reach: the notation should refuse them ------------------------


@pytest.mark.parametrize("hands", [[[], ["4C"]], [["8D"]]], ids=["mover_holds_no_card", "mover_has_no_legal_play"])
def test_notation_refuses_a_live_position_where_the_mover_cannot_play(hands):
    from core.dash import NotationError

    try:
        s = pos({"a1": "R3"}, hands)
    except NotationError:
        return
    assert s.over or s.legal_actions()
