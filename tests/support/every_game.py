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


def info_of(game_id: str):
    """A game's GameInfo, the toy's too (registered or not)."""
    return toygame.INFO if game_id == TOY else GAMES.info(game_id)


def seating(game_id: str) -> list[str]:
    """Seat kinds to play a game with one person: alone for a cooperative game (no
    bots), else against easy bots, as few seats as the game takes."""
    info = info_of(game_id)
    if info.cooperative:
        return ["human"] * max(1, info.seats.start)
    return ["human"] + ["easy"] * (max(2, info.seats.start) - 1)


def one_person_games(seeds: dict[str, int]) -> list[tuple[str, list[str], int]]:
    """(game, seat kinds, seed) of every game (the toy too) played by one person:
    `seeds` names the deals known to suit a test (a Dash deal the solver wins), any
    other game plays deal 1."""
    return [(game_id, seating(game_id), seeds.get(game_id, 1)) for game_id in every_game()]


@pytest.fixture(autouse=True)
def game_registered(request):
    """Registers the toy for a test whose `game_id` parameter names it, or whose
    `mode` parameter (a key walk's) plays it: a module imports this fixture to have
    its parametrized tests take the toy."""
    callspec = getattr(request.node, "callspec", None)
    params = callspec.params if callspec is not None else {}
    game_id = params.get("game_id", getattr(params.get("mode"), "game", None))
    with registration(game_id) if isinstance(game_id, str) else nullcontext():
        yield
