"""Board geometry and pawn codes for HOUSE RULES (tables, computed once).

Cells are numbered 0..41: index = row * 7 + file, files a-g (0-6), rows 1-6 (0-5).
Row 1 is White's home row, row 6 Black's. A pawn is a small int code:

    code = 1 + (base - 1) + 4 * up + 12 * colour     (0 = empty cell)

with base the printed value 1-4, colour 0 White / 1 Black, and up the upgrade:
0 none yet, 1 "+1" taken, 2 spent bringing a pawn back. Look-up tables turn a
code into its parts, so the hot paths never build objects.
"""

from __future__ import annotations

from typing import NamedTuple

WHITE, BLACK = 0, 1
COLOUR_NAMES = ("White", "Black")
FILES = "abcdefg"
NFILES, NROWS = 7, 6
NCELLS = NFILES * NROWS

CELL_NAMES: tuple[str, ...] = tuple(FILES[i % NFILES] + str(i // NFILES + 1) for i in range(NCELLS))
CELL_INDEX: dict[str, int] = {n: i for i, n in enumerate(CELL_NAMES)}

# Printed colour of each cell: White's home corners (a1, g1) are black.
BASE_CELL_COLOUR: tuple[int, ...] = tuple(
    BLACK if (i % NFILES + i // NFILES) % 2 == 0 else WHITE for i in range(NCELLS)
)

HOME_ROW = (tuple(range(0, 7)), tuple(range(35, 42)))  # by colour
FAR_ROW = (frozenset(HOME_ROW[BLACK]), frozenset(HOME_ROW[WHITE]))  # row to reach, by colour

# Setup along the home row, from a corner: line, 2, 3, 4, 3, 2, line.
SETUP_BASES = (1, 2, 3, 4, 3, 2, 1)
# Starting cells of each pawn kind, by colour and base value.
START_CELLS: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    {b: tuple(HOME_ROW[c][f] for f in range(7) if SETUP_BASES[f] == b) for b in (1, 2, 3, 4)}
    for c in (WHITE, BLACK)
)
KIND_NAMES = (
    {1: "line", 2: "square", 3: "cube", 4: "tesseract"},
    {1: "line", 2: "triangle", 3: "tetrahedron", 4: "hypertetrahedron"},
)


def code(colour: int, base: int, up: int = 0) -> int:
    return 1 + (base - 1) + 4 * up + 12 * colour


NCODES = 25
COL = [0] * NCODES
BASE = [0] * NCODES
UP = [0] * NCODES
VALUE = [0] * NCODES
for _c in (WHITE, BLACK):
    for _up in (0, 1, 2):
        for _b in (1, 2, 3, 4):
            _k = code(_c, _b, _up)
            COL[_k], BASE[_k], UP[_k] = _c, _b, _up
            VALUE[_k] = _b + (1 if _up == 1 else 0)
COL[0] = -1

# Notation of one pawn: W/B, base value, "+" when +1 was taken, "*" when the upgrade
# was spent bringing a pawn back.
UP_MARK = ("", "+", "*")
TOKEN = ["."] + [""] * (NCODES - 1)
for _k in range(1, NCODES):
    TOKEN[_k] = "WB"[COL[_k]] + str(BASE[_k]) + UP_MARK[UP[_k]]
TOKEN_CODE = {t: k for k, t in enumerate(TOKEN)}
# One character a code, for the compact history of positions.
CODE_CHARS = ".abcdefghijklmnopqrstuvwx"


def _neigh(deltas):
    out = []
    for i in range(NCELLS):
        f, r = i % NFILES, i // NFILES
        row = []
        for df, dr in deltas:
            nf, nr = f + df, r + dr
            if 0 <= nf < NFILES and 0 <= nr < NROWS:
                row.append(nr * NFILES + nf)
        out.append(tuple(row))
    return tuple(out)


ORTH_D = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAG_D = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ORTH = _neigh(ORTH_D)
DIAG = _neigh(DIAG_D)


def _sprint():
    out = []
    for i in range(NCELLS):
        f, r = i % NFILES, i // NFILES
        row = []
        for df, dr in ORTH_D:
            nf, nr = f + 2 * df, r + 2 * dr
            if 0 <= nf < NFILES and 0 <= nr < NROWS:
                row.append(((r + dr) * NFILES + f + df, nr * NFILES + nf))
        out.append(tuple(row))
    return tuple(out)


SPRINT = _sprint()  # (cell between, destination)


class Pawn(NamedTuple):
    """A pawn as the screen sees it."""

    colour: int  # WHITE or BLACK
    kind: str  # "square", "tetrahedron", ...
    base: int  # printed value 1-4
    value: int  # with its upgrade
    upgrade: str  # "" none yet, "+1" taken, "spent" (brought a pawn back)


def _pawn(k: int) -> Pawn:
    c, b = COL[k], BASE[k]
    return Pawn(c, KIND_NAMES[c][b], b, VALUE[k], ("", "+1", "spent")[UP[k]])
