"""Rules engines and bots for the four Houses games. Pure Python: no UI, no saves.

`GAMES` maps a game id to its `Game` object. A game joins the collection by adding
its module name to `_GAME_MODULES`; each such module exposes `GAME`.
"""

from __future__ import annotations

from importlib import import_module

from core.engine import Game, IllegalAction, Outcome, State

# Game id -> module that holds its `GAME`. Order is the order menus show them in.
_GAME_MODULES = {
    "dash": "core.dash",
    "house-rules": "core.house_rules",
    "town": "core.town",
    "skirmish": "core.skirmish",
}

GAMES: dict[str, Game] = {gid: import_module(mod).GAME for gid, mod in _GAME_MODULES.items()}

__all__ = ["GAMES", "Game", "IllegalAction", "Outcome", "State"]
