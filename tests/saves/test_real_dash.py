"""One round trip against the real Icehouse Dash engine (skipped until it exists)."""

from __future__ import annotations

import random

import pytest

from saves import Seat, Store, new_save, record, replay


def test_dash_game_saves_loads_and_replays_to_the_same_position(tmp_path):
    pytest.importorskip("core.dash")
    import core

    game = core.GAMES.get("dash")
    if game is None:
        pytest.skip("dash is not registered")
    try:
        state = game.new(2, 123)
    except NotImplementedError:
        pytest.skip("the dash engine is not written yet")
    save = new_save("dash", [Seat("You"), Seat("Bot", "bot", "easy")], None, 123)
    rng = random.Random(5)
    for _ in range(60):
        if state.over:
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record(save, action, state=state)
    store = Store(tmp_path)
    store.write(save)
    loaded = store.load(save.id)
    assert loaded == save and loaded.over == state.over
    assert replay(loaded).to_text() == state.to_text()
