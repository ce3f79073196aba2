"""The game screens. A game appears in the app's menus only once it has a screen here.

Screens are imported when first opened, so start-up pays for none of them.
"""

from __future__ import annotations

from importlib import import_module

from core.engine import Daily

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


COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def how_many() -> str:
    """The number of playable games in words ("four"), for the tagline and --help."""
    count = len(playable())
    return COUNTS[count] if count < len(COUNTS) else str(count)


def dailies() -> list[tuple[str, Daily]]:
    """(game id, its deal of the day) of each playable game that has one, in menu
    order (read from the registry: no game is imported)."""
    from core import GAMES

    found = [(gid, GAMES.info(gid).daily) for gid in playable()]
    return [(gid, daily) for gid, daily in found if daily is not None]


def screen_class(game_id: str):
    module, _, name = SCREENS[game_id].partition(":")
    return getattr(import_module(module), name)
