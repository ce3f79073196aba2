"""The bots play the same games after the refactor of issue 14: a few of the
fixed-seed games recorded in tests/core/golden/bot_games.json before it
(`python -m tests.core.bot_games` compares all of them)."""

from __future__ import annotations

import json

import pytest

from bot_games import GOLDEN, play

# A few seconds in all (the HOUSE RULES hard bot is the slow one: left to the script).
CHEAP = [("house-rules", ("easy", "normal"), 1), ("town", ("hard", "easy"), 1),
         ("town", ("hard", "hard"), 2), ("skirmish", ("normal", "hard"), 1),
         ("skirmish", ("hard", "hard"), 2)]


@pytest.mark.parametrize("game_id, levels, seed", CHEAP)
def test_bots_play_the_same_games_after_the_refactor(game_id, levels, seed):
    want = json.loads(GOLDEN.read_text())[f"{game_id} {'-'.join(levels)} {seed}"]
    got = json.loads(json.dumps(play(game_id, levels, seed)))
    assert got == want


def test_every_game_with_bots_has_golden_games():
    """A game with bots (the registry's, not cooperative) has its fixed-seed games
    recorded (`python -m tests.core.bot_games --write GAME`), so a refactor of its
    bots is pinned like the others'."""
    from bot_games import BOT_GAMES, PAIRS, SEEDS

    recorded = json.loads(GOLDEN.read_text())
    for game_id in BOT_GAMES:
        missing = [f"{game_id} {'-'.join(p)} {s}" for p in PAIRS for s in SEEDS
                   if f"{game_id} {'-'.join(p)} {s}" not in recorded]
        assert not missing, missing
