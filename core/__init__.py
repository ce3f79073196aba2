"""Rules engines and bots for the Houses games. Pure Python: no UI, no saves.

`GAMES` maps a game id to its `Game` object. A game joins the collection by one
entry below: its `GameInfo` (docs/architecture.md, "The engine protocol"), whose
`module` exposes `GAME`. What the menus and the host need to know of a game (its
title, seats, deal of the day...) is read from `GAMES.info(id)` without importing
the game; its module is imported the first time its `Game` is looked up, so start-up
pays only for the games it touches.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from core.engine import AnyGame, AnyState, Daily, Game, GameInfo, IllegalAction, Outcome, State


class _Games(Mapping[str, AnyGame]):
    """A read-only dict of the games that imports each game on first use; the order
    of registration is the order menus show them in."""

    def __init__(self) -> None:
        self._infos: dict[str, GameInfo] = {}
        self._loaded: dict[str, AnyGame] = {}

    def register(self, info: GameInfo) -> None:
        """Add a game (the registry below; tests add a toy game)."""
        if info.id in self._infos:
            raise ValueError(f"A game {info.id!r} is registered already.")
        self._infos[info.id] = info

    def unregister(self, game_id: str) -> None:
        """Take a game out again (tests' toy game)."""
        del self._infos[game_id]
        self._loaded.pop(game_id, None)

    def info(self, game_id: str) -> GameInfo:
        """A game's metadata, without importing its rules."""
        return self._infos[game_id]

    def infos(self) -> list[GameInfo]:
        return list(self._infos.values())

    def __getitem__(self, game_id: str) -> AnyGame:
        game = self._loaded.get(game_id)
        if game is None:
            info = self._infos[game_id]
            game = import_module(info.module).GAME
            if game.info is not info:
                raise TypeError(f"{info.module}.GAME declares {game.info.id!r}, not the registry's {game_id!r}.")
            self._loaded[game_id] = game
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._infos))

    def __len__(self) -> int:
        return len(self._infos)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._infos


GAMES = _Games()

# The registry: one entry a game.
GAMES.register(GameInfo(
    "dash", "core.dash", "Icehouse Dash", range(1, 5), cooperative=True, hidden_information=True,
    daily=Daily(menu="Today's puzzle: Icehouse Dash", command="Daily Dash",
                command_help="Today's Icehouse Dash deal", board="Dash today", measure="Cards",
                more_is_better=False), puzzles=True))
GAMES.register(GameInfo("house-rules", "core.house_rules", "HOUSE RULES", range(2, 3), puzzles=True))
GAMES.register(GameInfo(
    "town", "core.town", "TOWN 77", range(1, 6), hidden_information=True, puzzles=True,
    daily=Daily(menu="Today's solo: TOWN 77", command="Daily TOWN 77",
                command_help="Today's TOWN 77 solo deal", board="TOWN 77 today", measure="Tiles",
                more_is_better=True, ranked=True)))
GAMES.register(GameInfo("skirmish", "core.skirmish", "HOUSES - Skirmish", range(2, 5), hidden_information=True,
                        puzzles=True))

__all__ = ["GAMES", "AnyGame", "AnyState", "Daily", "Game", "GameInfo", "IllegalAction", "Outcome", "State"]
