"""The 49 TOWN 77 tiles as data: 7 colours x 7 house styles, one tile of each pair.

A tile is written as two characters: the colour's capital letter then the style's
small letter, e.g. "Rc" is the Red Cottage. Colour is never the only mark: every
colour has its letter (and the screen may add its colour), every style a letter and
a glyph, with an ASCII stand-in for terminals without Unicode.

Unknowns in views: "R?" is a tile whose colour (Red) is known but not its style
(the back of a tile on somebody else's rack), "??" a tile known to exist only.
"""

from __future__ import annotations

from typing import NamedTuple


class Colour(NamedTuple):
    letter: str  # capital letter used in tile names and notation
    name: str
    rich: str  # a colour name for the screen (Rich / Textual)
    ansi: str  # the nearest of the 16 ANSI colours


class Style(NamedTuple):
    letter: str  # small letter used in tile names and notation
    name: str
    glyph: str  # one Unicode cell
    ascii: str  # one ASCII character for --ascii terminals


COLOURS: tuple[Colour, ...] = (
    Colour("R", "Red", "#d03030", "red"),
    Colour("O", "Orange", "#e08020", "bright_red"),
    Colour("Y", "Yellow", "#e0c020", "yellow"),
    Colour("G", "Green", "#30a040", "green"),
    Colour("B", "Blue", "#3060d0", "blue"),
    Colour("P", "Purple", "#9040b0", "magenta"),
    Colour("W", "White", "#e8e8e8", "bright_white"),
)

STYLES: tuple[Style, ...] = (
    Style("c", "Cottage", "⌂", "n"),
    Style("t", "Tower", "♜", "T"),
    Style("d", "Dome", "●", "o"),
    Style("g", "Gable", "▲", "A"),
    Style("f", "Flat", "■", "#"),
    Style("m", "Mill", "✣", "x"),
    Style("s", "Spire", "♠", "^"),
)

SIZE = 7
# Every tile name, in a fixed order (colour major): "Rc", "Rt", ... "Ws".
TILES: tuple[str, ...] = tuple(c.letter + s.letter for c in COLOURS for s in STYLES)
# tile name -> (colour index, style index)
TILE_CS: dict[str, tuple[int, int]] = {
    c.letter + s.letter: (ci, si) for ci, c in enumerate(COLOURS) for si, s in enumerate(STYLES)
}
TILE_INDEX: dict[str, int] = {t: i for i, t in enumerate(TILES)}
COLOUR_OF: dict[str, int] = {c.letter: i for i, c in enumerate(COLOURS)}
STYLE_OF: dict[str, int] = {s.letter: i for i, s in enumerate(STYLES)}

UNKNOWN = "??"


def colour_token(colour: int) -> str:
    """The token of a tile whose colour only is known: "R?"."""
    return COLOURS[colour].letter + "?"


def tile_name(tile: str) -> str:
    """A tile in words: "Red Cottage"; "a Red tile" for "R?"; "a tile" for "??"."""
    if tile in TILE_CS:
        c, s = TILE_CS[tile]
        return f"{COLOURS[c].name} {STYLES[s].name}"
    if isinstance(tile, str) and len(tile) == 2 and tile[0] in COLOUR_OF and tile[1] == "?":
        colour = COLOURS[COLOUR_OF[tile[0]]].name
        return f"{'an' if colour[0] in 'AEIOU' else 'a'} {colour} tile"
    return "a tile"


def tile_glyph(tile: str, ascii_only: bool = False) -> str:
    """A tile drawn in two cells: the colour letter and the style glyph ("R⌂")."""
    if tile in TILE_CS:
        c, s = TILE_CS[tile]
        st = STYLES[s]
        return COLOURS[c].letter + (st.ascii if ascii_only else st.glyph)
    return tile


def sort_key(tile: str) -> float:
    """Canonical order of tiles and tokens: by colour, then style; a colour-only
    token ("R?") after the tiles of its colour, "??" last."""
    if tile in TILE_INDEX:
        return TILE_INDEX[tile]
    c = COLOUR_OF.get(tile[0]) if tile else None
    return (c * SIZE + SIZE - 0.5) if c is not None else 10_000.0


# -- cells ---------------------------------------------------------------------------
# A cell is written as its column letter (a-g, left to right) and row number (1-7, top
# to bottom): "a1" is the top-left cell, where the first tile goes.

COLUMN_LETTERS = "abcdefg"
CELLS: tuple[str, ...] = tuple(COLUMN_LETTERS[c] + str(r + 1) for r in range(SIZE) for c in range(SIZE))
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELLS)}


def cell_at(row: int, col: int) -> str:
    """The name of the cell in `row`, `col` (both from 0): cell_at(0, 0) == "a1"."""
    return COLUMN_LETTERS[col] + str(row + 1)


def rowcol(cell: str) -> tuple[int, int]:
    """(row, col), both from 0, of a cell name: rowcol("c4") == (3, 2)."""
    i = CELL_INDEX[cell]
    return divmod(i, SIZE)
