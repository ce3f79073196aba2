"""HOUSE RULES puzzles: the kit proves "win in N turns" exactly and judges moves
(core/house_rules/puzzles.py, docs/rules/house-rules.md "Puzzles").

puzzle_sample.json holds a few mined puzzles: a win in 1, one that needs a card,
a win in 2 and a win in 3. Wins in 4 are mined on their own (`mine(..., moves=4)`);
a shipped one stands for them (its proof takes about a second)."""

import os
import random
from pathlib import Path

import msgspec
import msgspec.structs
import pytest

from core.house_rules import GAME
from core.house_rules.actions import Move, PlayCard
from core.house_rules.puzzles import split_turns
from core.house_rules.solver import Solver, may_win_within, turns, won_by
from core.puzzles import Puzzle, load, puzzle_id

SAMPLE = msgspec.json.decode((Path(__file__).parent / "puzzle_sample.json").read_bytes(), type=list[Puzzle])
KIT = GAME.puzzle_kit()
WIN_IN_1 = next(p for p in SAMPLE if p.moves == 1 and "card combo" not in p.themes)
WIN_IN_2 = next(p for p in SAMPLE if p.moves == 2)
WIN_IN_3 = next(p for p in SAMPLE if p.moves == 3)
MINED_CARD = next(p for p in SAMPLE if "card combo" in p.themes)

# White can win at once two ways: either line takes a Black line and Black's total
# falls to 6.
TWO_WINS = ({"c6": "B2", "d6": "B3", "a5": "B1", "g5": "B1", "a4": "W2", "g4": "W2", "c1": "W3", "d1": "W4"},
            dict(cards="none", captured=((1, 1, 3), (2, 3, 4))))
# White wins only with Sprint: the square jumps a3-a5 over the empty a4 and takes
# the line (2 against 1 + 1 for the line's black cell: the attacker wins ties).
SPRINT_WIN = ({"d6": "B3", "e6": "B3", "a5": "B1", "a3": "W2", "c1": "W3", "d1": "W4"},
              dict(hands=(("sprint", "stalwart", "team-support"), ()), captured=((1, 1, 2, 3), (1, 2, 2, 4))))


@pytest.fixture
def two_wins(pos):
    return pos(TWO_WINS[0], **TWO_WINS[1])


@pytest.fixture
def sprint_win(pos):
    return pos(SPRINT_WIN[0], **SPRINT_WIN[1])


def as_puzzle(s, line, n):
    text = s.to_text()
    solution = [GAME.action_to_builtins(a) for a in line]
    return Puzzle(id=puzzle_id(KIT.prefix, text, solution), game=GAME.info.id, goal="win", moves=n,
                  position=text, seat=s.side, solution=solution, band="easy", rating=1200.0,
                  themes=("win in 1",), generator=f"{GAME.info.id}/{KIT.version}")


def plain_wins(s, seat, n):
    """The same question as Solver.wins, asked the slow way: every full turn of both
    sides, no bound, no shortcut."""
    if n <= 0:
        return False
    for t in turns(s):
        if t.end.over:
            if won_by(t.end, seat):
                return True
            continue
        if n > 1 and all(won_by(d.end, seat) if d.end.over else plain_wins(d.end, seat, n - 1)
                         for d in turns(t.end)):
            return True
    return False


def test_goal_win_in_n_mined_puzzles_verify_and_their_lines_win():
    assert {p.moves for p in SAMPLE} == {1, 2, 3}
    for p in SAMPLE:
        assert KIT.verify(p) is None, p.id
        end = KIT.start(p)
        for a in KIT.line(p):
            end.apply(a)
        assert end.over and end.outcome.winners == (p.seat,)
        assert f"win in {p.moves}" in p.themes and KIT.task(p).startswith(f"Win in {p.moves} turn")


def test_goal_win_in_1_with_a_card_needs_the_card(sprint_win):
    found = KIT.solve(sprint_win, 1)
    assert found == (1, [PlayCard("sprint"), Move("a3", "a5")])
    assert KIT.verify(as_puzzle(sprint_win, found[1], 1)) is None
    # Without a card no turn wins (the square cannot reach a5).
    assert Move("a3", "a5") not in sprint_win.legal_actions()
    assert not any(won_by(t.end, 0) for t in turns(sprint_win) if not any(type(a) is PlayCard for a in t.actions))


def test_verify_refuses_a_wrong_first_move():
    s = KIT.start(WIN_IN_1)
    other = next(a for a in s.legal_actions() if a not in KIT.line(WIN_IN_1))
    bad = msgspec.structs.replace(WIN_IN_1, solution=[GAME.action_to_builtins(other)])
    assert KIT.verify(bad) is not None


def test_verify_refuses_a_position_where_a_second_move_also_wins(two_wins):
    wins = [t for t in turns(two_wins) if won_by(t.end, 0)]
    assert len(wins) == 2
    for t in wins:
        assert KIT.verify(as_puzzle(two_wins, list(t.actions), 1)) is not None
    assert KIT.solve(two_wins, 1) is None


def test_verify_refuses_a_line_that_does_not_reach_the_goal():
    line = WIN_IN_2.solution
    for cut in (line[:-1], line[:1]):
        assert KIT.verify(msgspec.structs.replace(WIN_IN_2, solution=cut)) is not None


def test_verify_refuses_a_reply_that_is_not_the_best_defence():
    s = KIT.start(WIN_IN_2)
    mine, reply, last = split_turns(s, KIT.line(WIN_IN_2))
    after = s.clone()
    for a in mine:
        after.apply(a)
    # Another reply, after which the solver still wins: not the line's defence.
    other = next(t for t in turns(after) if tuple(t.actions) != tuple(reply) and not t.end.over
                 and Solver(s.side).wins(t.end, 1))
    bad = [GAME.action_to_builtins(a) for a in mine + list(other.actions)]
    bad += [GAME.action_to_builtins(t.actions[0]) for t in turns(other.end) if won_by(t.end, s.side)][:1]
    assert KIT.verify(msgspec.structs.replace(WIN_IN_2, solution=bad)) is not None


def test_verify_refuses_a_wrong_length():
    assert KIT.verify(msgspec.structs.replace(WIN_IN_1, moves=2)) is not None
    assert KIT.verify(msgspec.structs.replace(WIN_IN_2, moves=1)) is not None
    assert KIT.verify(msgspec.structs.replace(WIN_IN_2, moves=3)) is not None


def test_accepts_the_line_and_refuses_another_legal_move():
    p = WIN_IN_1
    s = KIT.start(p)
    line = KIT.line(p)
    assert KIT.accepts(s, line[0], p, 0) == line[1:]
    others = [a for a in s.legal_actions() if type(a) is Move and a != line[0]]
    assert others and all(KIT.accepts(s, a, p, 0) is None for a in others)


def test_accepts_the_needed_card_and_refuses_another_card(sprint_win):
    p = as_puzzle(sprint_win, [PlayCard("sprint"), Move("a3", "a5")], 1)
    assert KIT.accepts(sprint_win, PlayCard("sprint"), p, 0) == [Move("a3", "a5")]
    assert KIT.accepts(sprint_win, PlayCard("stalwart"), p, 0) is None
    assert KIT.accepts(sprint_win, PlayCard("team-support"), p, 0) is None


def test_solver_wins_this_turn_agrees_with_every_full_turn(two_wins, sprint_win):
    """The search stops a turn at its "after" step (a card or marker there cannot
    win); the full list of turns agrees, with and without cards in hand."""
    positions = [two_wins, sprint_win] + [KIT.start(p) for p in SAMPLE]
    for s in list(positions):
        positions.extend(t.end for t in turns(s)[:6] if not t.end.over)
    for s in positions:
        full = any(won_by(t.end, s.side) for t in turns(s))
        assert Solver(s.side).wins_now(s) == full


def test_solver_agrees_with_a_plain_search(two_wins, sprint_win):
    for s in (two_wins, sprint_win, KIT.start(WIN_IN_1), KIT.start(WIN_IN_2)):
        for n in (1, 2):
            assert Solver(s.side).wins(s, n) == plain_wins(s, s.side, n)


def test_may_win_within_never_rules_out_a_real_win(two_wins, sprint_win, pos):
    # White 12 against Black's 16, nothing captured to bring back: even taking
    # Black's 4 and an upgrade leaves a lead of 2, and Black keeps 12.
    behind = pos({"a1": "W1", "b1": "W2", "c1": "W3", "d1": "W4", "f1": "W2", "a6": "B1", "b6": "B2",
                  "c6": "B3", "d6": "B4", "e6": "B3", "f6": "B2", "g6": "B1"},
                 cards="none", captured=((1, 3), ()))
    assert not may_win_within(behind, 0, 1) and not Solver(0).wins(behind, 1)
    assert may_win_within(behind, 0, 3)
    for p in SAMPLE:
        assert may_win_within(KIT.start(p), p.seat, p.moves)
    assert may_win_within(two_wins, 0, 1) and may_win_within(sprint_win, 0, 1)


def test_grade_puts_longer_wins_and_needed_cards_in_harder_bands():
    from core.house_rules.puzzles import grade

    order = {"easy": 0, "medium": 1, "hard": 2}
    assert grade(1, False, 0)[0] == "easy"
    assert grade(1, True, 0)[0] == "medium" and grade(2, False, 0)[0] == "medium"
    assert grade(3, False, 0)[0] == "hard" and grade(2, True, 0)[0] == "hard"
    assert grade(4, False, 0) == ("hard", 1800.0) and grade(4, True, 6)[1] == 2100.0
    for n in (1, 2, 3, 4):
        for t in range(7):
            assert order[grade(n, True, t)[0]] >= order[grade(n, False, t)[0]]
            assert grade(n, False, t + 1)[1] >= grade(n, False, t)[1]
            if n < 4:
                assert grade(n + 1, False, t)[1] > grade(n, False, t)[1]


def test_mined_puzzles_start_after_the_mistake():
    for p in SAMPLE:
        before = GAME.from_text(p.before)
        assert before.side != p.seat
        for a in p.mistake:
            before.apply(GAME.action_from_builtins(a))
        assert before.to_text() == p.position


def test_a_bot_keeping_its_cards_plays_none():
    s = GAME.new(seed=3)
    bot = GAME.make_bot("easy", random.Random(1))
    for _ in range(12):
        a = KIT._bot_action(bot, s, True) if s.side == 0 else KIT._bot_action(bot, s, False)
        assert not (s.side == 0 and type(a) is PlayCard)
        s.apply(a)
    assert len(s.hands[0]) == 5


def test_mine_gives_the_same_puzzles_from_the_same_seed():
    first = list(KIT.mine(MINE_SEED, 2))
    assert len(first) == 2 and all(KIT.verify(p) is None for p in first)
    assert list(KIT.mine(MINE_SEED, 2)) == first


MINE_SEED = 2  # its first two puzzles come within seconds


FOUR_ID = "HR-WFIQY6"  # a shipped win in 4 (seed 401), proved in under a second


def test_goal_win_in_4_a_shipped_puzzle_verifies_and_a_wrong_first_move_is_refused():
    fours = [p for p in load(GAME.info.id) if p.moves == 4]
    p = next(p for p in fours if p.id == FOUR_ID)
    assert all(p.band == "hard" and "win in 4" in p.themes for p in fours)
    assert KIT.verify(p) is None and KIT.task(p) == "Win in 4 turns"
    end = KIT.start(p)
    for a in KIT.line(p):
        end.apply(a)
    assert end.over and end.outcome.winners == (p.seat,)
    s = KIT.start(p)
    line = KIT.line(p)
    other = next(a for a in s.legal_actions() if type(a) is Move and KIT.accepts(s, a, p, 0) is None)
    bad = msgspec.structs.replace(p, solution=[GAME.action_to_builtins(other)] + p.solution[1:])
    assert KIT.verify(bad) is not None and line[0] != other


def test_mine_makes_wins_in_4_only_on_their_own():
    with pytest.raises(ValueError):
        next(KIT.mine(1, 1, moves=3))


@pytest.mark.skipif(os.environ.get("HOUSES_SLOW") != "1", reason="a win in 4 takes about 40 s to mine (HOUSES_SLOW=1)")
def test_mine_gives_the_same_wins_in_4_from_the_same_seed():
    first = list(KIT.mine(FOUR_SEED, 1, moves=4))
    assert [p.moves for p in first] == [4] and KIT.verify(first[0]) is None
    assert list(KIT.mine(FOUR_SEED, 1, moves=4)) == first


FOUR_SEED = 401  # its first win in 4 comes in about 40 s
