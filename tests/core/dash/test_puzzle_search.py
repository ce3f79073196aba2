"""Icehouse Dash: the exact length-bounded search behind puzzles (core/dash/puzzle_search.py)."""

from __future__ import annotations

from core.dash import GAME
from core.dash.actions import Play
from core.dash.cards import SQUARES
from core.dash.puzzle_search import Bounded, kind
from core.dash.solver import solve


def _end_of_a_won_line(seed: int, back: int):
    s = GAME.new(1, seed)
    line = solve(s, 20_000)
    assert line is not None
    for a in line[: len(line) - back]:
        s.apply(a)
    return s


def _replay(state, moves) -> bool:
    s = state.clone()
    for k, _wild, side, src, _dest in moves:
        card = next(c for c in s.hands[0] if kind(c) == k)
        s.apply(Play(card, side, SQUARES[src]))
    return s.over and bool(s.outcome.winners)


def test_fewest_plays_is_proved_and_its_line_wins_when_replayed():
    s = _end_of_a_won_line(0, 8)
    b = Bounded(s)
    par, line = b.fewest(8)
    assert par == 6 and len(line) == 6 and _replay(s, line)
    # the proof: a fresh search finds no line one play shorter
    assert Bounded(s).wins_within(par - 1) is None


def test_an_unknown_pile_only_helps_when_drawn_cards_may_be_played():
    s = _end_of_a_won_line(1, 4)
    known = Bounded(s).fewest(6)
    hand_only = Bounded(s, pile_known=False, play_drawn=False).fewest(6)
    wild = Bounded(s, pile_known=False).fewest(6)
    assert known is not None and wild is not None
    # wild draws are the best cards any pile could give: never slower than the deal's
    assert wild[0] <= known[0]
    assert hand_only is None or hand_only[0] >= wild[0]
