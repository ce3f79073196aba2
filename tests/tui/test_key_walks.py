"""Seeded random key walks over every game mode at 80x24 (issue 11).

After every key: nothing raised and no error shown, the position on screen is the
position in the save on disk, the game keeps moving (bots answer within their
budget), and every key that answers is told in the footer and the `?` table
(tests/tui/walks/told.py). See tests/tui/walks/driver.py. A failure names the mode, the seed and the
keys: `key_sequence(game, seed, n)` gives the same keys again (bots draw their own
randomness, so a bot's moves may differ).
"""

from __future__ import annotations

import os
import zlib

import pytest

from every_game import game_registered  # noqa: F401  (the fixture: the toy's walks)
from walks.driver import MODES, WalkFailure, walk
from walks.told import check_told, report

MODE = {m.name: m for m in MODES}

# Keys a walk, by game: the walks together keep under ~2 minutes on 2 busy cores
# (a Skirmish key costs the most: its screen restyles many widgets a move). Any
# other game (a new one, the toy): DEFAULT_WALK_KEYS.
WALK_KEYS = {"dash": 45, "house-rules": 40, "town": 40, "skirmish": 25}  # the long walks (HOUSES_SLOW) go on 1000
DEFAULT_WALK_KEYS = 60
LONG_WALK_KEYS = 1000


@pytest.mark.parametrize("mode", MODES, ids=[m.name for m in MODES])
async def test_key_walk(store, monkeypatch, mode):
    length = WALK_KEYS.get(mode.game, DEFAULT_WALK_KEYS)
    found: dict[str, str] = {}  # and every key that answers is told (tests/tui/walks/told.py)
    log = await walk(store, mode, seed=zlib.crc32(mode.name.encode()) % 10_000, length=length, monkeypatch=monkeypatch,
                     on_key=check_told(found))
    print(log.summary())
    assert not found, report(found)
    assert len(log.keys) == length
    assert log.moves_made > 0  # the walk played, it did not only wander
    assert log.moves_checked >= length // 2  # most keys were followed by a check on the save


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("HOUSES_SLOW"), reason="long walks: set HOUSES_SLOW=1")
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("mode", MODES, ids=[m.name for m in MODES])
async def test_long_key_walk(store, monkeypatch, mode, seed):
    log = await walk(store, mode, seed=seed, length=LONG_WALK_KEYS, monkeypatch=monkeypatch)
    assert len(log.keys) == LONG_WALK_KEYS


# -- the walks catch what they are for (each check, shown failing on a planted fault) --


async def test_a_walk_catches_a_key_that_raises(store, monkeypatch):
    from tui.games.base import GameScreen

    def broken(self, delta):
        raise RuntimeError("planted fault in tab")

    monkeypatch.setattr(GameScreen, "action_zone", broken)
    with pytest.raises(WalkFailure, match="planted fault in tab"):
        await walk(store, MODE["hr-hotseat"], seed=1, length=60, monkeypatch=monkeypatch)


async def test_a_walk_catches_a_save_behind_the_screen(store, monkeypatch):
    from tui.app import HousesApp

    real = HousesApp.autosave
    written = []

    def first_write_only(self, save):
        if not written:
            written.append(save.id)
            real(self, save)

    monkeypatch.setattr(HousesApp, "autosave", first_write_only)
    with pytest.raises(WalkFailure, match="save on disk at move"):
        await walk(store, MODE["town-solo"], seed=1, length=60, monkeypatch=monkeypatch)


async def test_a_walk_catches_a_bot_that_never_answers(store, monkeypatch):
    from tui.games.base import GameScreen

    monkeypatch.setattr(GameScreen, "_bot_done", lambda self, token, action: None)
    with pytest.raises(WalkFailure, match="is to move but is not thinking"):
        await walk(store, MODE["town-easy"], seed=1, length=60, monkeypatch=monkeypatch)
