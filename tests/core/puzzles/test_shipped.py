"""Every game that ships puzzles (its registry entry says `puzzles=True`): the file is
in the package, holds at least 300 puzzles over the three bands, each id is the
digest of what the puzzle is, and each puzzle is proved again by the game's own kit
(a sample here; all of them with HOUSES_SLOW=1)."""

from __future__ import annotations

import os

import pytest

from core import GAMES
from core.puzzles import BANDS, load, puzzle_id

WITH_PUZZLES = [info.id for info in GAMES.infos() if info.puzzles]
SAMPLE = 12
SLOW = os.environ.get("HOUSES_SLOW") == "1"


@pytest.mark.parametrize("game_id", WITH_PUZZLES)
def test_at_least_300_puzzles_over_three_bands(game_id):
    puzzles = load(game_id)
    assert len(puzzles) >= 300
    counts = {band: sum(p.band == band for p in puzzles) for band in BANDS}
    assert all(n >= 50 for n in counts.values()), counts
    assert {p.band for p in puzzles} <= set(BANDS)


@pytest.mark.parametrize("game_id", WITH_PUZZLES)
def test_puzzle_ids_are_the_digest_of_position_and_line(game_id):
    kit = GAMES[game_id].puzzle_kit()
    puzzles = load(game_id)
    assert len({p.id for p in puzzles}) == len(puzzles)
    for p in puzzles:
        assert p.game == game_id and p.id == puzzle_id(kit.prefix, p.position, p.solution)
        assert p.goal in kit.goals and p.generator.startswith(f"{game_id}/") and p.themes


@pytest.mark.parametrize("game_id", WITH_PUZZLES)
def test_every_shipped_puzzle_is_proved_again(game_id):
    kit = GAMES[game_id].puzzle_kit()
    puzzles = list(load(game_id))
    if not SLOW:
        puzzles = puzzles[:: max(1, len(puzzles) // SAMPLE)][:SAMPLE]
    failed = [(p.id, reason) for p in puzzles if (reason := kit.verify(p)) is not None]
    assert failed == []
