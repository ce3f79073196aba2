"""TOWN 77 in words: counts of tiles, actions and the solo ranks. Texts that name a
player are `core.engine.Line`s, written where they are made (TownState's log, its
refusals), drawn with the seats' names by the UI."""

from __future__ import annotations

from typing import Any

from core.town.actions import ChooseStack, Exchange, GiveBack, Keep, Leave, Place
from core.town.tiles import TILE_CS, colour_token, tile_name


def plural(n: int, word: str = "tile") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# Named ranks by tiles placed: (lowest score of the rank, name). 49 is the top.
# Calibrated from the strong strategy over seeds 0-999 (bench/town_solo_levels.py):
# Foreman starts at its 40th percentile, Architect at the 60th, Town Planner at the
# 80th, Mayor at the 95th; Governor (40+) it reached in 2 games of 1,000, and 49 never.
# Below 10 is mostly an early bad draw (a fifth of all games end within 4 tiles).
LEVELS: tuple[tuple[int, str], ...] = (
    (0, "Squatter"),
    (10, "Builder"),
    (23, "Foreman"),
    (29, "Architect"),
    (32, "Town Planner"),
    (35, "Mayor"),
    (40, "Governor"),
    (49, "Founder of TOWN 77"),
)


def level_for(score: int) -> str:
    """The rank a solo score (tiles placed, 1 to 49) earns."""
    name = LEVELS[0][1]
    for low, n in LEVELS:
        if score >= low:
            name = n
    return name


def describe(action: Any, stacks: list[list[str]]) -> str:
    """`action` in words (TownState.describe); `stacks` are the solo stacks, whose
    top tile's colour a stack choice names."""
    if isinstance(action, Place):
        return f"Place the {tile_name(action.tile)} in {action.cell}"
    if isinstance(action, Exchange):
        return "Exchange the " + ", ".join(tile_name(t) for t in action.tiles)
    if isinstance(action, GiveBack):
        return f"Give the {tile_name(action.tile)} back to the bag"
    if isinstance(action, Keep):
        return "Keep your hand"
    if isinstance(action, Leave):
        return "Leave the game (no tile fits)"
    if isinstance(action, ChooseStack):
        if 0 <= action.stack < len(stacks) and stacks[action.stack]:
            top = stacks[action.stack][-1]
            return f"Take the top of stack {action.stack + 1} ({tile_name(colour_token(TILE_CS[top][0]) if top in TILE_CS else top)})"
        return f"Take the top of stack {action.stack + 1}"
    return str(action)
