"""Skirmish puzzles (docs/rules/skirmish.md, "Puzzles"): the goals, what `verify`
refuses, what `accepts` takes, the miner's reproducibility, and what the bands
mean."""

from __future__ import annotations

import statistics

import msgspec

from core.puzzles import BANDS, Puzzle, load, puzzle_id
from core.skirmish import GAME
from core.skirmish import actions as A
from core.skirmish.puzzle_search import Search, king_taken, knocked_out, solve, survived
from core.skirmish.puzzles import BUDGET, band_of, rating_of, themes_of

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
    first = list(kit.mine(3, 1))  # one puzzle: its game and search are the costly part
    assert len(first) == 1 and [p.id for p in first] == [p.id for p in kit.mine(3, 1)]
    assert all(kit.verify(p) is None for p in first)


def test_bands_easy_is_one_action_among_few_plans_hard_is_three_among_27_or_four_among_16():
    assert band_of(rating_of(1, [5])) == "easy"
    assert band_of(rating_of(1, [6])) == "medium"
    assert band_of(rating_of(2, [3])) == "easy"
    assert band_of(rating_of(2, [4])) == "medium"
    assert band_of(rating_of(3, [2])) == "easy"
    assert band_of(rating_of(3, [3])) == "medium"
    assert band_of(rating_of(3, [26])) == "medium"
    assert band_of(rating_of(3, [27])) == "hard"
    assert band_of(rating_of(4, [15])) == "medium"
    assert band_of(rating_of(4, [16])) == "hard"


def test_a_shipped_puzzles_band_is_its_rating_and_a_harder_band_more_actions_among_more_plans():
    kit = GAME.puzzle_kit()
    shipped = load(GAME.id)
    actions: dict[str, list[int]] = {band: [] for band in BANDS}
    plans: dict[str, list[float]] = {band: [] for band in BANDS}
    for i, p in enumerate(shipped):
        s = kit.start(p)
        s.logging = False
        mine, _ = themes_of(s, p.seat, kit.line(p), p.goal)
        assert p.band == band_of(p.rating), p.id
        if i % 16 == 0:  # a sample searched again: the rating is the search's (the rest by the rating)
            found = solve(s, Search(p.goal, p.seat, s.turn, BUDGET))
            assert found is not None and [GAME.action_to_builtins(a) for a in found[0]] == p.solution, p.id
            assert p.rating == rating_of(mine, found[1]), p.id
        actions[p.band].append(mine)
        plans[p.band].append(2 ** ((p.rating - rating_of(mine, [1])) / 60))
    assert all(len(actions[band]) >= 60 for band in BANDS)
    assert max(actions["easy"]) == 1 and max(plans["easy"]) < 5.5
    assert min(actions["hard"]) >= 3 and min(plans["hard"]) > 15.5
    for lower, higher in zip(BANDS, BANDS[1:]):
        assert statistics.mean(actions[lower]) < statistics.mean(actions[higher])
        assert statistics.median(plans[lower]) < statistics.median(plans[higher])
    assert {p.goal for p in shipped} == set(kit.goals)
