"""Glicko-2 as Glickman's worked example computes it, and the puzzle ids."""

import pytest

from core.puzzles import Rating, puzzle_id, update
from core.puzzles.glicko2 import expected, update_period


def test_glickmans_example():
    # "Example of the Glicko-2 system", section 3: 1500/200/0.06 against three players.
    after = update_period(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
                                                    (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_solving_raises_the_player_and_lowers_the_puzzle():
    player, puzzle = Rating(1500, 200), Rating(1600, 100)
    assert update(player, puzzle, 1).rating > 1500
    assert update(puzzle, player, 0).rating < 1600
    assert update(player, puzzle, 0).rating < 1500


def test_no_games_only_widens_the_deviation():
    after = update_period(Rating(1500, 100, 0.06), [])
    assert after.rating == 1500 and after.rd > 100


def test_expected_is_a_half_between_equals():
    assert expected(Rating(1500), Rating(1500)) == pytest.approx(0.5)


def test_puzzle_id_is_stable_and_depends_on_the_line():
    one = puzzle_id("HR", "position", [{"type": "move"}])
    assert one == puzzle_id("HR", "position", [{"type": "move"}])
    assert one.startswith("HR-") and len(one) == 9
    assert one != puzzle_id("HR", "position", [{"type": "end"}])
