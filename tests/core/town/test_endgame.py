"""The endgame search behind TOWN 77 puzzles (core/town/endgame.py): a line it
builds reaches its goal in the real game, and each of the solver's placements in it
is the only one that wins."""

from __future__ import annotations

import random

from core.town import GAME, Place
from core.town.endgame import CLEAR, Unsupported, reached, winning_moves
from core.town.puzzles import solution_from, supported
from core.town.state import TURN


def _first_clear_puzzle():
    for g in range(12):
        seats = 2 + g % 3
        st = GAME.new(seats, g)
        bots = [GAME.make_bot("easy", random.Random(g * 10 + i)) for i in range(seats)]
        while not st.over:
            if st.phase == TURN and supported(st, CLEAR) is None and len(st.racks[st.current]) == 2:
                try:
                    line = solution_from(st, st.current, CLEAR, 2, 0)
                except Unsupported:
                    line = None
                if line:
                    return st.clone(), line
            st.play(bots[st.current].choose(st.view(st.current), 0.05))
    raise AssertionError("no puzzle in twelve games")


def test_a_clear_line_places_every_tile_and_each_placement_is_the_only_winner():
    start, line = _first_clear_puzzle()
    solver = start.current
    st, used = start.clone(), 0
    for action in line:
        if isinstance(action, Place) and st.current == solver:
            win, _lose, unsure = winning_moves(st, CLEAR, 2, used)
            assert win == [action] and not unsure
            used += 1
        assert st.check(action) is None
        st.play(action)
    assert reached(st, solver, CLEAR) and not st.racks[solver]
