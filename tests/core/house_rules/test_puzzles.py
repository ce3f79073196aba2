"""HOUSE RULES puzzles: the kit proves "win in N turns" exactly and judges moves
(core/house_rules/puzzles.py, docs/rules/house-rules.md "Puzzles")."""

from pathlib import Path

import msgspec
import msgspec.structs

from core.house_rules import GAME
from core.puzzles import Puzzle

SAMPLE = msgspec.json.decode((Path(__file__).parent / "puzzle_sample.json").read_bytes(), type=list[Puzzle])
KIT = GAME.puzzle_kit()


def test_goal_win_in_n_mined_puzzles_verify():
    for p in SAMPLE:
        assert KIT.verify(p) is None
        end = KIT.start(p)
        for a in KIT.line(p):
            end.apply(a)
        assert end.over and end.outcome.winners == (p.seat,)


def test_verify_refuses_a_wrong_first_move():
    p = SAMPLE[0]
    s = KIT.start(p)
    other = next(a for a in s.legal_actions() if a not in KIT.line(p))
    bad = msgspec.structs.replace(p, solution=[GAME.action_to_builtins(other)])
    assert KIT.verify(bad) is not None


def test_verify_refuses_a_wrong_length():
    bad = msgspec.structs.replace(SAMPLE[0], moves=2)
    assert KIT.verify(bad) is not None


def test_accepts_the_line_and_refuses_another_legal_move():
    p = SAMPLE[0]
    s = KIT.start(p)
    line = KIT.line(p)
    assert KIT.accepts(s, line[0], p, 0) == line[1:]
    others = [a for a in s.legal_actions() if type(a).__name__ == "Move" and a != line[0]]
    assert others and all(KIT.accepts(s, a, p, 0) is None for a in others)
