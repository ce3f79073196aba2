"""The game screens. A game appears in the app's menus only once it has a screen here.

Screens are imported when first opened, so start-up pays for none of them.
"""

from __future__ import annotations

from importlib import import_module

# Game id -> "module:Class" of its screen, in menu order.
SCREENS = {
    "dash": "tui.games.dash.screen:DashScreen",
    "house-rules": "tui.games.house_rules.screen:HouseRulesScreen",
    "town": "tui.games.town.screen:TownScreen",
    "skirmish": "tui.games.skirmish.screen:SkirmishScreen",
}


def playable() -> list[str]:
    """Game ids that can really be played in the app."""
    from core import GAMES

    return [gid for gid in SCREENS if gid in GAMES]


def screen_class(game_id: str):
    module, _, name = SCREENS[game_id].partition(":")
    return getattr(import_module(module), name)
