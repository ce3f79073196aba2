"""Rules engines and bots for the four Houses games. Pure Python: no UI, no saves.

`GAMES` maps a game id to its `Game` object. A game joins the collection by adding
its module name to `_GAME_MODULES`; each such module exposes `GAME`. A game's module
is imported the first time its id is looked up, so start-up pays only for the games
it touches.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from core.engine import Game, IllegalAction, Outcome, State

# Game id -> module that holds its `GAME`. Order is the order menus show them in.
_GAME_MODULES = {
    "dash": "core.dash",
    "house-rules": "core.house_rules",
    "town": "core.town",
    "skirmish": "core.skirmish",
}


class _Games(Mapping[str, Game]):
    """A read-only dict of the games that imports each game on first use."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._loaded.get(game_id)
        if game is None:
            game = self._loaded[game_id] = import_module(self._modules[game_id]).GAME
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._modules


GAMES: Mapping[str, Game] = _Games(_GAME_MODULES)

__all__ = ["GAMES", "Game", "IllegalAction", "Outcome", "State"]
