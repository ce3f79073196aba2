"""The games the generic tests run on: every game of core.GAMES, and Toy Nim, a
fifth game that lives only in tests/support/toygame (docs/architecture.md, "Adding a
game"). A test parametrized with `every_game()` takes the `game` fixture below,
which registers the toy while the test runs, so a generic test that reads the
registry covers a game nobody outside its package names; a new game joins these
tests by its registry entry alone."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

import toygame
from core import GAMES

TOY = toygame.ID


def every_game() -> list[str]:
    """The registry's games, then the toy."""
    return list(GAMES) + [TOY]


def registration(game_id: str):
    """A context in which `game_id` is a registered game (the toy only inside it)."""
    return toygame.registered() if game_id == TOY and TOY not in GAMES else nullcontext(game_id)


@pytest.fixture
def game(game_id):
    """`game_id` (a parameter of the test), registered for the test."""
    with registration(game_id):
        yield game_id
