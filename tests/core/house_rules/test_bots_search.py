"""HOUSE RULES hard short of search (issue 17 follow-up): a depth it stopped partway
through is not thrown away."""

from __future__ import annotations

import random

from core.house_rules import GAME, Options
from core.house_rules.bots import make_bot


def _depth_value(view, action, depth: int) -> float:
    """The action's minimax value searched `depth` actions deep (the root seat's side)."""
    probe = make_bot("hard").inner
    probe._deadline, probe._stopped, probe._nodes, probe._horizon = float("inf"), False, 0, 0
    probe._tt, probe._killers, probe._seat = {}, [[] for _ in range(64)], view.to_move
    child = view.clone()
    child.silent = True
    child.play(action)
    return probe._search(child, depth - 1, float("-inf"), float("inf"), 1)


def test_hard_keeps_a_better_move_proven_in_a_depth_it_stopped_partway():
    # Capped at 600 nodes, hard often stops in the middle of a depth. When the move
    # it then plays is not the last finished depth's best, it must be because it
    # was proven better at the deeper depth; before, the deeper work was dropped.
    state = GAME.new(2, 5, Options(cards="hands"))
    mover = [make_bot("normal", random.Random(1)), make_bot("normal", random.Random(2))]
    changed = 0
    for turn in range(24):
        if state.over:
            break
        view = state.view(state.to_move)
        capped = make_bot("hard", random.Random(turn), iterations=600)
        action = capped.choose(view, 60.0)
        depth = capped.stats["partial_depth"]
        if depth:
            finished = make_bot("hard", random.Random(turn))
            finished.inner.max_depth = depth - 1
            before = finished.choose(view, 60.0)
            if before != action:
                changed += 1
                assert _depth_value(view, action, depth) > _depth_value(view, before, depth)
        state.apply(mover[state.to_move].choose(view, 60.0))
    assert changed >= 1
