"""TOWN 77 tiles drawn as short Rich Texts.

A face is the colour's letter and the style's glyph on the colour ("R⌂"); a back
(somebody else's rack, a solo stack's top) is the colour's letter and a "?" in the
colour, on no background. The letter always says the colour, so nothing depends on
colour alone.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from core.town.tiles import COLOUR_OF, COLOURS, STYLES, TILE_CS

# The screen's own shades: pleasant in true colour, and each falls on a different
# one of the 16 ANSI colours when a terminal has no more (red, brown/orange, bright
# yellow, green, bright blue, magenta, bright white), whatever the terminal's palette.
# (Textual shows ANSI colour names through its own theme, where red and magenta are
# one colour: so no ANSI names here.)
SHADES = {"R": "#c62828", "O": "#d07010", "Y": "#e0c020", "G": "#30a040",
          "B": "#3060d0", "P": "#9040b0", "W": "#e8e8e8"}
# Text on a tile of each colour: dark on the light colours, light on the dark ones.
DARK_TEXT = {"Y", "G", "W"}


def face_style(letter: str) -> Style:
    """The style of a face-up tile of colour `letter`: the colour as background."""
    fg = "#101010" if letter in DARK_TEXT else "#ffffff"
    return Style(bgcolor=SHADES[letter], color=fg, bold=True)


def back_style(letter: str) -> Style:
    """The style of a tile seen from the back: its colour as the letter's colour."""
    return Style(color=SHADES[letter], bold=True)


def glyph_of(tile: str, ascii_only: bool) -> str:
    style = STYLES[TILE_CS[tile][1]]
    return style.ascii if ascii_only else style.glyph


def face(tile: str, ascii_only: bool, pad: bool = True) -> Text:
    """A tile face: " R⌂ " (or "R⌂" without padding). Unknown tokens draw as backs."""
    if tile not in TILE_CS:
        return back(tile, pad)
    body = f"{tile[0]}{glyph_of(tile, ascii_only)}"
    return Text(f" {body} " if pad else body, style=face_style(tile[0]))


def back(token: str, pad: bool = False) -> Text:
    """A tile seen from the back: "R?" in red; "??" when even the colour is unknown."""
    letter = token[:1]
    text = f"{letter}?" if letter in COLOUR_OF else "??"
    if pad:
        text = f" {text} "
    return Text(text, style=back_style(letter) if letter in COLOUR_OF else Style(dim=True))


def legend(ascii_only: bool) -> list[Text]:
    """Four short lines naming the colours and the styles (each under 38 columns)."""
    colours = [Text.assemble((c.letter, face_style(c.letter)), f" {c.name}") for c in COLOURS]
    styles = [Text(f"{s.ascii if ascii_only else s.glyph} {s.name}") for s in STYLES]

    def join(parts: list[Text]) -> Text:
        return Text("  ").join(parts)

    return [join(colours[:4]), join(colours[4:]), join(styles[:4]), join(styles[4:])]
