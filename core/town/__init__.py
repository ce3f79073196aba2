"""TOWN 77 (game id "town"): build a 7x7 town where no row or column repeats a
colour or a house style. 2 to 5 players race to empty their hands; solo is a
puzzle of three face-down stacks. See docs/rules/town.md."""

from core.town.state import (
    GAME,
    Action,
    ChooseStack,
    Exchange,
    GiveBack,
    Keep,
    Leave,
    Options,
    Place,
    TownGame,
    TownState,
)
from core.town.tiles import CELLS, COLOURS, STYLES, TILES, cell_at, rowcol, tile_glyph, tile_name

__all__ = [
    "GAME", "Action", "CELLS", "COLOURS", "ChooseStack", "Exchange", "GiveBack", "Keep",
    "Leave", "Options", "Place", "STYLES", "TILES", "TownGame", "TownState", "cell_at",
    "rowcol", "tile_glyph", "tile_name",
]
