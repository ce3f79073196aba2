"""TOWN 77 puzzles: the kit proves "place every tile" and "leave last" endgames over
every draw and judges moves (core/town/puzzles.py, docs/rules/town.md "Puzzles").

puzzle_sample.json holds two puzzles the miner made (one of each goal)."""

from pathlib import Path

import msgspec
import msgspec.structs

from core.puzzles import Puzzle, puzzle_id
from core.town import GAME, GiveBack, Keep, Place
from core.town.endgame import CLEAR, LAST, winning_moves
from core.town.puzzles import EASY_BELOW, HARD_FROM, band_of, solution_from

SAMPLE = msgspec.json.decode((Path(__file__).parent / "puzzle_sample.json").read_bytes(), type=list[Puzzle])
KIT = GAME.puzzle_kit()
CLEAR_PUZZLE = next(p for p in SAMPLE if p.goal == CLEAR)
LAST_PUZZLE = next(p for p in SAMPLE if p.goal == LAST)

# Mid-game, 2 players, player 2 to move with Ym and Wt: Ym or Wt on d1 both clear the
# rack for every draw (a position with two winning first moves).
TWO_WINNERS = """TOWN 77
seats: 2
seed: 427699912
chance: 8
max-exchanges: 7
phase: turn
turn: 2
exchanges: 0
view: full
town:  a  b  c  d  e  f  g
row 1: Bg Ps Rc .. .. .. ..
row 2: Pd Bf .. .. .. .. ..
row 3: .. Wm .. .. .. .. ..
row 4: .. .. .. .. .. .. ..
row 5: .. .. .. .. .. .. ..
row 6: .. .. .. .. .. .. ..
row 7: .. .. .. .. .. .. ..
rack 1: limit 2: Ot Yf
rack 2: limit 2: Ym Wt
bag: 39: Rt Rd Rg Rf Rm Rs Oc Od Og Of Om Os Yc Yt Yd Yg Ys Gc Gt Gd Gg Gf Gm Gs Bc Bt Bd Bm Bs Pc Pt Pg Pf Pm Wc Wd Wg Wf Ws
left:
"""


def _played(p: Puzzle, line=None):
    st = KIT.start(p)
    for a in KIT.line(p) if line is None else line:
        assert st.check(a) is None
        st.play(a)
    return st


def test_goal_clear_places_every_tile_of_the_rack_in_n_turns():
    p = CLEAR_PUZZLE
    assert KIT.verify(p) is None
    start = KIT.start(p)
    assert p.moves == len(start.racks[p.seat])
    end = _played(p)
    assert p.seat in end.left_order and end.racks[p.seat] == []
    placed = sum(1 for a in KIT.line(p) if isinstance(a, Place))
    assert placed >= p.moves  # the solver's n placements, and the others' replies
    assert KIT.task(p) == f"Place all {p.moves} tiles of your rack in {p.moves} turns"


def test_goal_last_leaves_last_and_wins():
    p = LAST_PUZZLE
    assert KIT.verify(p) is None
    end = _played(p)
    assert end.over and end.outcome.winners == (p.seat,) and end.left_order[-1] == p.seat


def test_only_move_the_first_placement_is_the_only_one_sure_to_reach_the_goal():
    for p in SAMPLE:
        st = KIT.start(p)
        win, lose, unsure = winning_moves(st, p.goal, p.moves)
        legal = [a for a in st.legal_actions() if isinstance(a, Place)]
        assert win == [KIT.line(p)[0]] and not unsure
        assert sorted(map(str, lose)) == sorted(str(a) for a in legal if a != win[0]) and lose


def test_verify_refuses_a_wrong_first_move():
    p = CLEAR_PUZZLE
    st = KIT.start(p)
    other = next(a for a in st.legal_actions() if isinstance(a, Place) and a != KIT.line(p)[0])
    bad = msgspec.structs.replace(p, solution=[GAME.action_to_builtins(other)])
    assert "does not reach the goal" in KIT.verify(bad)


def test_verify_refuses_a_position_where_a_second_move_also_wins():
    st = GAME.from_text(TWO_WINNERS)
    line = solution_from(st, 1, CLEAR, 2, 0, unique=False)
    assert line is not None
    solution = [GAME.action_to_builtins(a) for a in line]
    p = Puzzle(id=puzzle_id(KIT.prefix, TWO_WINNERS, solution), game="town", goal=CLEAR, moves=2,
               position=TWO_WINNERS, seat=1, solution=solution, band="easy", rating=1200.0,
               themes=("clear the rack",), generator="town/1")
    assert "not the only placement" in KIT.verify(p)


def test_verify_refuses_a_line_that_stops_short_of_the_goal():
    for p in SAMPLE:
        short = msgspec.structs.replace(p, solution=p.solution[:-1])
        assert KIT.verify(short) == "The line does not reach the goal."


def test_verify_refuses_a_goal_of_another_length_or_seat():
    p = CLEAR_PUZZLE
    assert KIT.verify(msgspec.structs.replace(p, moves=p.moves + 1)) is not None
    assert KIT.verify(msgspec.structs.replace(p, seat=1 - p.seat)) is not None
    assert KIT.verify(msgspec.structs.replace(p, goal="win")) is not None


def test_accepts_the_line_move_and_refuses_another_placement():
    p = CLEAR_PUZZLE
    st = KIT.start(p)
    line = KIT.line(p)
    assert KIT.accepts(st, line[0], p, 0) == line[1:]
    others = [a for a in st.legal_actions() if isinstance(a, Place) and a != line[0]]
    assert others and all(KIT.accepts(st, a, p, 0) is None for a in others)


def test_at_the_give_back_question_keeping_too_many_tiles_is_refused():
    p = CLEAR_PUZZLE
    line = KIT.line(p)
    assert isinstance(line[1], GiveBack)  # the drawn tile back: the line's answer
    st = _played(p, line[:1])
    assert KIT.accepts(st, line[1], p, 1) == line[2:]
    assert KIT.accepts(st, Keep(), p, 1) is None  # three turns' work left for one turn


def test_shown_lists_the_other_racks_and_the_bag():
    p = CLEAR_PUZZLE
    st = KIT.start(p)
    lines = KIT.shown(st, p)
    other = 1 - p.seat
    assert lines[0] == f"Player {other + 1}'s rack: {' '.join(st.racks[other])}"
    assert lines[-1].startswith("The bag (drawn at random): ") and all(t in lines[-1] for t in st.bag)


def test_bands_follow_the_rating():
    assert band_of(EASY_BELOW - 1) == "easy" and band_of(EASY_BELOW) == "medium"
    assert band_of(HARD_FROM - 1) == "medium" and band_of(HARD_FROM) == "hard"
    for p in SAMPLE:
        assert p.band == band_of(p.rating) and p.themes and p.generator == "town/1"


def test_mine_gives_the_same_puzzles_twice():
    first = list(KIT.mine(1, 1))  # one puzzle: its game and search are the costly part
    assert len(first) == 1 and first == list(KIT.mine(1, 1))
    for p in first:
        assert p.id == puzzle_id("T", p.position, p.solution) and p.before and p.mistake
