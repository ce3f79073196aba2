"""The battlefield of the Skirmish screen: a grid for each player's ranks, the person
at the keyboard at the bottom. A grid shows the player in its first column (name,
life, hand, whose turn), then four slots of front ranks and four of rear ranks
(opponents' rear ranks outermost, your front ranks facing them), with marks laid on
them (the last moves, the units chosen, the places a selection may go). Built from
the position and what `Battlefield.show` is given; nothing here reads the screen."""

from __future__ import annotations

from functools import partial
from typing import Callable

from rich.style import Style
from textual.app import ComposeResult
from textual.containers import Vertical

from core.skirmish.phases import ATTACK, BLOCK, RESOLVE, SETUP
from tui.games.skirmish.field import DIM, LIFE, card_label, centred, fit, unit_at, unit_lines
from tui.widgets.board import BoardGrid, CellPaint


Place = tuple[int, int]
NARROW_W, WIDE_W = 10, 14  # a cell's width below and from 110 columns
CELL_H, COMPACT_H = 3, 1  # a rank's height, and an opponent's when compact


def cell_pos(mine: bool, cell: tuple[int, int]) -> int:
    """The place (pos) of a cell of a grid; `mine`: the bottom grid, front row first."""
    row, col = cell
    if col == 0:
        return -1
    front = row == 0 if mine else row == 1
    return col - 1 if front else 4 + col - 1


def pos_cell(mine: bool, pos: int) -> tuple[int, int]:
    """The cell of a place (pos) in a grid."""
    if pos < 0:
        return (0, 0)
    front = pos < 4
    row = (0 if front else 1) if mine else (1 if front else 0)
    return (row, pos % 4 + 1)


def field_marks(view, recent: list, sel, me: int, targets: dict) -> dict[tuple[int, int], str]:
    """Each marked place and its mark: "last" (moved since you decided), "chosen"
    (an attacker, a blocker, the selected unit), "target" (where a selection may go)."""
    marks: dict[tuple[int, int], str] = {}
    for cell in recent:
        marks[cell] = "last"
    if view.phase in (ATTACK, BLOCK, RESOLVE):
        for fight in view.attacks:
            apos, q, tpos, q2, tpos2, bpos = fight.fields()
            marks[(view.cur, apos)] = "chosen"
            if bpos >= 0:
                marks[(q, bpos)] = "chosen"
    if sel and sel[0] == "unit":
        marks[(me, sel[1])] = "chosen"
    elif sel and sel[0] == "attacker":
        marks[(view.cur, sel[1])] = "chosen"
    for key in targets:
        marks[key] = "target"
    return marks


def blank_cell(w: int, h: int) -> CellPaint:
    return CellPaint(tuple(((" " * w, None),) for _ in range(h)), "dark")


def paint_place(view, seat: int, pos: int, row: int, w: int, h: int, glyphs, me: int,
                short_name: Callable[[int, int], str]) -> CellPaint:
    """The cell of a place, `w` by `h` (row: which line of the player's column)."""
    if pos < 0:
        return CellPaint(player_lines(view, seat, row, w, h, glyphs, me, short_name), "dark")
    u = unit_at(view, seat, pos)
    if u is not None:
        return CellPaint(unit_lines(u, glyphs, w, h), "light")
    label = ("front" if pos < 4 else "rear") if h > 1 else glyphs["dot"]
    lines = [centred([(label, DIM)], w)]
    if h > 1:
        lines = [fit([], w), lines[0], fit([], w)]
    return CellPaint(tuple(lines), "dark")


def player_lines(view, seat: int, row: int, w: int, h: int, glyphs, me: int,
                 short_name: Callable[[int, int], str]):
    """The player's column: name, life and hand on top; whose turn and the cards of
    their hand you have seen below (one line each when the grid is compact)."""
    life = view.life[seat]
    out = life <= 0
    heart = "life " if glyphs.ascii else "♥"
    turn = glyphs["arrow_e"] if seat == view.cur and not view.over and view.phase != SETUP else " "
    hand = len(view.hands[seat])
    if h == 1:
        if row == 0:
            # One line: "life 40" would not fit beside "P2" in ASCII; "L40" does.
            short = "L" if glyphs.ascii else heart
            return (fit([(f"P{seat + 1} ", Style(bold=True)), ("out" if out else f"{short}{life}", LIFE)], w),)
        return (fit([(turn, Style(bold=True)), (f"hand {hand}", None)], w),)
    if row == 0:
        return (
            fit([(short_name(seat, w - 2), Style(bold=True))], w),
            fit([("out" if out else f"{heart}{life}", LIFE)], w),
            fit([(f"hand {hand}", None)], w),
        )
    known = [c for c in view.hands[seat] if c >= 0] if seat != me else []
    seen: list = []
    for c in known[:2]:
        seen += [(card_label(c, glyphs), None), (" ", None)]
    return (
        fit([(f"{turn} turn" if turn.strip() else "", Style(bold=True))], w),
        fit(seen, w),
        fit([], w),
    )


class Battlefield(Vertical):
    """The grids, `sk-grid-0` at the top to the person's own at the bottom. `show`
    gives the position, which seat each grid shows and the marks by place; a cell is
    painted once a position (the board asks once a line)."""

    def __init__(self, seats: int, ascii: bool, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seats, self.ascii = seats, ascii
        self.cell_w, self.compact = NARROW_W, False
        self.view = None
        self.order: list[int] = []
        self.me = 0
        self.short_name: Callable[[int, int], str] = lambda seat, width: f"P{seat + 1}"
        self._cells: dict[tuple, CellPaint] = {}
        self._grids: list[BoardGrid] = []

    def compose(self) -> ComposeResult:
        for k in range(self.seats):
            mine = k == self.seats - 1
            yield BoardGrid(2, 5, partial(self.paint, k), cell_width=self.cell_w,
                            cell_height=CELL_H, ascii=self.ascii, id=f"sk-grid-{k}",
                            classes="sk-grid -mine" if mine else "sk-grid -theirs")

    @property
    def grids(self) -> list[BoardGrid]:
        if not self._grids:
            self._grids = list(self.query(BoardGrid))
        return self._grids

    def place(self, grid: BoardGrid) -> Place:
        """The (seat, pos) under a grid's cursor."""
        k = self.grids.index(grid)
        return self.order[k], cell_pos(k == self.seats - 1, grid.cursor)

    def show(self, view, order: list[int], me: int, marks: dict[Place, str],
             short_name: Callable[[int, int], str]) -> None:
        self.view, self.order, self.me, self.short_name = view, order, me, short_name
        per_grid: list[dict] = [{} for _ in order]
        for (seat, pos), mark in marks.items():
            if seat in order:
                k = order.index(seat)
                per_grid[k][pos_cell(k == self.seats - 1, pos)] = mark
        self._cells.clear()
        for k, grid in enumerate(self.grids):
            grid.marks = per_grid[k]
            grid.refresh()

    def paint(self, k: int, row: int, col: int) -> CellPaint:
        grid = self.grids[k]
        key = (k, row, col, grid.cell_w, grid.cell_h)
        cell = self._cells.get(key)
        if cell is None:
            w, h = grid.cell_w, grid.cell_h
            if self.view is None or k >= len(self.order):
                cell = blank_cell(w, h)
            else:
                cell = paint_place(self.view, self.order[k], cell_pos(k == self.seats - 1, (row, col)), row, w, h,
                                   self.app.glyphs, self.me, self.short_name)
            self._cells[key] = cell
        return cell

    def fit(self, width: int, height: int) -> bool:
        """Cells grow on a wide terminal; opponents' ranks shrink to one line a rank
        when three or four players do not fit the height. True if anything changed."""
        cell_w = WIDE_W if width >= 110 else NARROW_W
        compact = self.seats > 2 and self.seats * (2 * CELL_H + 1) + 8 > height
        if (cell_w, compact) == (self.cell_w, self.compact) and self.grids[0].cell_w == cell_w:
            return False
        self.cell_w, self.compact = cell_w, compact
        for k, grid in enumerate(self.grids):
            grid.cell_w = cell_w
            grid.cell_h = COMPACT_H if compact and k < self.seats - 1 else CELL_H
            grid.refresh(layout=True)
        return True

    def show_cursor(self, focused, replay: bool) -> None:
        """Only the focused grid shows its cursor: one cursor on the screen at a time."""
        for grid in self.grids:
            hide = replay or grid is not focused
            if grid.read_only != hide:
                grid.read_only = hide
                grid.refresh_cells([grid.cursor])

    def focus_place(self, seat: int, pos: int) -> None:
        k = self.order.index(seat)
        self.grids[k].cursor = pos_cell(k == self.seats - 1, pos)
        self.grids[k].focus()
