"""How HOUSE RULES pawns, cells and cards look: glyph tables and short texts.

Nothing here relies on colour alone: a pawn shows its colour letter (W or B), a shape
glyph (Unicode only), its value and its upgrade mark; a cell's colour is its
background and, for a change marker, a glyph; a card shows its colour letter and
number as printed in the corner of the real card.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from core.house_rules import CARD_BY_ID, Pawn
from core.house_rules.board import BASE_CELL_COLOUR, CELL_NAMES
from tui.widgets.board import CellPaint

WHITE, BLACK = 0, 1
COLOUR_LETTER = ("W", "B")
COLOUR_WORD = ("White", "Black")

# Shape glyphs by colour and printed value: flat shapes hollow, solids filled, the
# four-dimensional ones a shape inside a shape. Lines are alike for both colours.
SHAPES = (
    {1: "│", 2: "□", 3: "■", 4: "▣"},
    {1: "│", 2: "△", 3: "▲", 4: "◆"},
)
# Short names that fit under the pawn in a 6-column cell.
SHORT = (
    {1: "line", 2: "sq", 3: "cube", 4: "tess"},
    {1: "line", 2: "tri", 3: "tetra", 4: "hyper"},
)
UP_MARK = {"": "", "+1": "+", "spent": "*"}
# Change marker: Unicode, ASCII. Not a pawn's shape (Black's value 4 is "◆").
MARKER = {False: "✦", True: "~"}

# Pawn chips: White's pawns light with dark letters, Black's dark with light letters.
CHIP = (
    Style(color="#000000", bgcolor="#f4f4f4", bold=True),
    Style(color="#ffffff", bgcolor="#101010", bold=True),
)
MARKER_STYLE = Style(color="#ffd000", bold=True)


def pawn_token(pawn: Pawn, ascii: bool) -> str:
    """The pawn in 4 characters or fewer: colour letter, shape, value, upgrade mark.

    "W□2 " a White square of value 2; "B▲4+" a Black tetrahedron with its +1;
    "W▣4*" a tesseract that spent its upgrade bringing a pawn back. ASCII drops the
    shape: "W2", "B4+", "W4*"."""
    shape = "" if ascii else SHAPES[pawn.colour][pawn.base]
    return f"{COLOUR_LETTER[pawn.colour]}{shape}{pawn.value}{UP_MARK[pawn.upgrade]}"


def pawn_words(pawn: Pawn) -> str:
    """"White square, value 3 (+1)": the upgrade as "+1", or "used" once a value-4
    pawn has brought a pawn back."""
    text = f"{COLOUR_WORD[pawn.colour]} {pawn.kind}, value {pawn.value}"
    if pawn.upgrade == "+1":
        text += " (+1)"
    elif pawn.upgrade == "spent":
        text += " (upgrade used)"
    return text


def lost_text(pawns: list[Pawn], ascii: bool) -> Text:
    """The captured pawns of one colour, smallest first: "│1 □2 □2"."""
    if not pawns:
        return Text("none", style="dim")
    out = Text()
    for i, p in enumerate(sorted(pawns, key=lambda p: p.base)):
        if i:
            out.append(" ")
        out.append(("" if ascii else SHAPES[p.colour][p.base]) + str(p.base), style=CHIP[p.colour])
    return out


def card_label(card_id: str) -> str:
    """"W4 Sprint": the colour letter and number printed on the card, and its name."""
    card = CARD_BY_ID[card_id]
    return f"{COLOUR_LETTER[card.colour]}{card.number} {card.name}"


KIND = {1: "line", 2: ("square", "triangle"), 3: ("cube", "tetrahedron"), 4: ("tesseract", "hypertetrahedron")}


def kind_name(colour: int, base: int) -> str:
    """The pawn's kind in words: line, square (White) or triangle (Black), and so on."""
    k = KIND[base]
    return k if isinstance(k, str) else k[colour]


def paint_cell(view, i: int, w: int, h: int, glyphs, big: bool) -> CellPaint:
    """Board cell `i` (a cell index) drawn `w` by `h`: its pawn (token and kind, in
    full on a `big` board when it fits) and, in the bottom-left corner, its colour
    told without colour."""
    blank = ((" " * w, None),)
    name = CELL_NAMES[i]
    marked = name in view.markers
    colour = BASE_CELL_COLOUR[i] ^ (1 if marked else 0)
    base = "black-cell" if colour == 1 else "white-cell"
    ascii = glyphs.ascii
    pawn = view.pawn_at(i)
    # The bottom-left corner tells the cell's colour without colour: a change
    # marker, or a dot on a black cell.
    mark_run: tuple[str, Style | None]
    if marked:
        mark_run = (MARKER[ascii], MARKER_STYLE)
    elif colour == 1:
        mark_run = (glyphs["dot"], Style(dim=True))
    else:
        mark_run = (" ", None)
    # A tall cell: the pawn on the middle line (where the cursor's brackets are).
    top = (blank,) * ((h - 1) // 2)
    under = (blank,) * (h - 2 - len(top))
    if pawn is None:
        return CellPaint((*top, blank, (mark_run, (" " * (w - 1), None)), *under), base)
    token = pawn_token(pawn, ascii)
    chip = (" " + token).ljust(4) if ascii else token.ljust(4)
    left = (w - 4) // 2
    line1 = ((" " * left, None), (chip, CHIP[pawn.colour]), (" " * (w - 4 - left), None))
    full = kind_name(pawn.colour, pawn.base)
    short = full if big and len(full) < w else SHORT[pawn.colour][pawn.base]
    line2 = (mark_run, (f"{short:^{w - 1}}"[: w - 1], Style(dim=True)))
    return CellPaint((*top, line1, line2, *under), base)
