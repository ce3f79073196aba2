"""Skirmish puzzles (docs/rules/skirmish.md, "Puzzles"): the goals, what `verify`
refuses, what `accepts` takes, and the miner's reproducibility."""

from __future__ import annotations

import msgspec

from core.puzzles import Puzzle, puzzle_id
from core.skirmish import GAME
from core.skirmish import actions as A
from core.skirmish.puzzle_search import Search, king_taken, knocked_out, solve, survived

POSITION = """skirmish 1
seats: 2
jokers: yes
seed: 5 chance 1
view: full
turn: 9 player 1 phase combat
life: 40 LIFE
turns taken: 5 4
first turn without draw: no
redeployed: no
summoned: no
last played: -
returned: -
extra turns: -
final round: no
deck: 10C AS RJ AD 8H JD 6S 4S QH 6D 7D 6C JS 10D 5H JC 9C 7C KC 10H 8C 2S 2H 8S 5D 3D JH 2D 3H KD QC BJ 7S 2C 8D AC KH QS AH 7H
barrows up: QD 3C 4D 9H 3S 5C 4H 6H
barrows down: -
hand 1: -
hand 2: -
front 1: 5S 4C
rear 1: -
front 2: -
rear 2: KS
responders: -
attacks: -
blockers: -
pending: -
hits: -
kept: -
known: -
outcome: -
"""
LINE = [A.Attack(0, 1, -1), A.Attack(1, 1, -1)]


def puzzle(life: int = 8, line=LINE, goal: str = "knockout") -> Puzzle:
    position = POSITION.replace("LIFE", str(life))
    solution = [msgspec.to_builtins(a) for a in line]
    return Puzzle(id=puzzle_id("S", position, solution), game=GAME.id, goal=goal, moves=1, position=position,
                  seat=0, solution=solution, band="easy", rating=1200.0, themes=("knockout",),
                  generator=f"{GAME.id}/1")


def test_goal_knockout_is_the_opponent_out_of_life():
    s = GAME.from_text(POSITION.replace("LIFE", "8"))
    assert not knocked_out(s, 0)
    s.life[1] = 0
    assert knocked_out(s, 0)


def test_goal_survive_is_life_left_after_the_combat():
    s = GAME.from_text(POSITION.replace("LIFE", "8"))
    assert survived(s, 1)
    s.life[1] = 0
    assert not survived(s, 1)


def test_goal_take_the_king_is_no_opposing_king_standing():
    s = GAME.from_text(POSITION.replace("LIFE", "8"))
    assert not king_taken(s, 0)
    s.rear[1].clear()
    assert king_taken(s, 0)


def test_the_only_plan_is_found_and_verified():
    s = GAME.from_text(POSITION.replace("LIFE", "8"))
    found = solve(s, Search("knockout", 0, s.turn))
    assert found is not None and found[0] == LINE
    assert GAME.puzzle_kit().verify(puzzle()) is None


def test_verify_refuses_a_wrong_first_move():
    bad = puzzle(line=[A.Attack(0, 1, -1), A.DONE])
    assert GAME.puzzle_kit().verify(bad) is not None


def test_verify_refuses_a_position_where_a_second_plan_wins():
    assert "Another plan" in GAME.puzzle_kit().verify(puzzle(life=4))


def test_verify_refuses_a_line_that_does_not_reach_the_goal():
    assert GAME.puzzle_kit().verify(puzzle(life=10)) is not None
    assert GAME.puzzle_kit().verify(puzzle(life=9, line=[A.Attack(0, 1, -1), A.DONE])) is not None


def test_accepts_the_line_and_the_other_order_but_not_another_move():
    kit = GAME.puzzle_kit()
    p = puzzle()
    s = kit.start(p)
    assert kit.accepts(s, LINE[0], p, 0) == [LINE[1]]
    assert kit.accepts(s, LINE[1], p, 0) is not None  # the same plan in another order
    assert kit.accepts(s, A.DONE, p, 0) is None


def test_mine_gives_the_same_puzzles_twice():
    kit = GAME.puzzle_kit()
    first = list(kit.mine(3, 2))
    assert [p.id for p in first] == [p.id for p in kit.mine(3, 2)]
    assert all(kit.verify(p) is None for p in first)
