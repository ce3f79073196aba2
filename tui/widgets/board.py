"""A board of cells with a keyboard cursor, shared by every game with a grid.

The board draws itself line by line (Textual's line API) from a `paint` callback that
the game screen gives it, so it holds no game knowledge. A cursor move marks only the
two cells that changed as dirty: the terminal receives a few dozen bytes, not the
whole board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

Cell = tuple[int, int]  # (row, col); row 0 is the top line on screen


@dataclass(frozen=True, slots=True)
class CellPaint:
    """What one cell shows: `lines` of (text, style) runs, each line exactly the cell's
    width once joined; `base` is the cell's background component ("light", "dark" or a
    game's own name listed in the board's extra components)."""

    lines: tuple[tuple[tuple[str, Style | None], ...], ...]
    base: str = "light"


class BoardGrid(Widget, can_focus=True):
    """A rows x cols grid with labels, a cursor and marked cells.

    `paint(row, col)` returns a CellPaint. `marks` maps cells to a mark name
    ("target", "last", "bad", "chosen"), drawn as a background and with a corner glyph
    so a mark never relies on colour alone. The cursor cell is drawn with brackets.
    """

    COMPONENT_CLASSES = {
        "board--light",
        "board--dark",
        "board--label",
        "board--cursor",
        "board--target",
        "board--last",
        "board--bad",
        "board--chosen",
        "board--white-cell",
        "board--black-cell",
        "board--marker-cell",
    }

    DEFAULT_CSS = """
    BoardGrid { width: auto; height: auto; }
    BoardGrid > .board--light { background: $surface-lighten-2; }
    BoardGrid > .board--dark { background: $surface; }
    BoardGrid > .board--label { color: $text-muted; }
    BoardGrid > .board--cursor { background: $accent 60%; text-style: bold; }
    BoardGrid > .board--target { background: $success 40%; }
    BoardGrid > .board--last { background: $warning 30%; }
    BoardGrid > .board--bad { background: $error 30%; }
    BoardGrid > .board--chosen { background: $primary 50%; }
    BoardGrid > .board--white-cell { background: #c8c8c8; color: black; }
    BoardGrid > .board--black-cell { background: #303030; color: white; }
    BoardGrid > .board--marker-cell { background: $warning 60%; color: black; }
    BoardGrid:focus > .board--cursor { background: $accent; }
    """

    BINDINGS = [
        Binding("up,k,w", "move(-1, 0)", "Up", show=False),
        Binding("down,j,s", "move(1, 0)", "Down", show=False),
        Binding("left,h,a", "move(0, -1)", "Left", show=False),
        Binding("right,l,d", "move(0, 1)", "Right", show=False),
        Binding("enter,space", "select", "Choose", id="board.choose", show=False),
    ]

    cursor: reactive[Cell] = reactive((0, 0), always_update=False, repaint=False)

    class Selected(Message):
        """Enter or space (or a click) on a cell."""

        def __init__(self, board: BoardGrid, cell: Cell) -> None:
            super().__init__()
            self.board = board
            self.cell = cell

        @property
        def control(self) -> BoardGrid:
            return self.board

    def __init__(
        self,
        rows: int,
        cols: int,
        paint: Callable[[int, int], CellPaint],
        *,
        cell_width: int = 4,
        cell_height: int = 1,
        row_labels: Iterable[str] | None = None,
        col_labels: Iterable[str] | None = None,
        ascii: bool = False,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.rows, self.cols = rows, cols
        self.paint = paint
        self.cell_w, self.cell_h = cell_width, cell_height
        self.row_labels = list(row_labels) if row_labels is not None else None
        self.col_labels = list(col_labels) if col_labels is not None else None
        self.label_w = max((len(s) for s in self.row_labels), default=0) + 1 if self.row_labels else 0
        self.top = 1 if self.col_labels else 0
        self.marks: dict[Cell, str] = {}
        self.ascii = ascii
        self.read_only = False

    # -- geometry ------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.label_w + self.cols * self.cell_w

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.top + self.rows * self.cell_h

    def cell_region(self, cell: Cell) -> Region:
        row, col = cell
        return Region(self.label_w + col * self.cell_w, self.top + row * self.cell_h, self.cell_w, self.cell_h)

    def cell_at(self, x: int, y: int) -> Cell | None:
        col, row = (x - self.label_w) // self.cell_w, (y - self.top) // self.cell_h
        if x < self.label_w or y < self.top or not (0 <= row < self.rows and 0 <= col < self.cols):
            return None
        return row, col

    # -- updates -------------------------------------------------------------------

    def refresh_cells(self, cells: Iterable[Cell]) -> None:
        """Repaint only these cells."""
        regions = [self.cell_region(c) for c in cells]
        if regions:
            self.refresh(*regions)

    def set_marks(self, marks: dict[Cell, str]) -> None:
        """Replace the marked cells, repainting only the ones whose mark changed."""
        old = self.marks
        changed = {c for c in old.keys() | marks.keys() if old.get(c) != marks.get(c)}
        self.marks = dict(marks)
        self.refresh_cells(changed)

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        # Screens that follow the cursor use `self.watch(board, "cursor", ...)`: it runs
        # in this same step, so the move and what follows it go out as one frame.
        self.refresh_cells({old, new})

    def action_move(self, drow: int, dcol: int) -> None:
        row, col = self.cursor
        self.cursor = (max(0, min(self.rows - 1, row + drow)), max(0, min(self.cols - 1, col + dcol)))

    def action_select(self) -> None:
        self.post_message(self.Selected(self, self.cursor))

    def on_click(self, event) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            self.cursor = cell
            self.post_message(self.Selected(self, cell))

    # -- drawing -------------------------------------------------------------------

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"board--{name}")

    def render_line(self, y: int) -> Strip:
        label = self._style("label")
        width = self.label_w + self.cols * self.cell_w
        if y < self.top:
            segs = [Segment(" " * self.label_w, label)]
            for text in self.col_labels or ():
                segs.append(Segment(text.center(self.cell_w)[: self.cell_w], label))
            return Strip(segs, width)
        row, sub = divmod(y - self.top, self.cell_h)
        if row >= self.rows:
            return Strip.blank(width)
        segs = []
        if self.row_labels:
            text = self.row_labels[row] if sub == (self.cell_h - 1) // 2 else ""
            segs.append(Segment(text.rjust(self.label_w - 1) + " ", label))
        focused_cursor = self.cursor if not self.read_only else None
        for col in range(self.cols):
            segs.extend(self._cell_segments(row, col, sub, focused_cursor))
        return Strip(segs, width)

    def _cell_segments(self, row: int, col: int, sub: int, cursor: Cell | None) -> list[Segment]:
        paint = self.paint(row, col)
        base = self._style(paint.base)
        mark = self.marks.get((row, col))
        if mark:
            base = base + self._style(mark)
        is_cursor = cursor == (row, col)
        if is_cursor:
            base = base + self._style("cursor")
        runs = paint.lines[sub] if sub < len(paint.lines) else ((" " * self.cell_w, None),)
        segs = [Segment(text, base + style if style else base) for text, style in runs]
        if is_cursor or mark:
            segs = self._frame(segs, sub, is_cursor, mark, base)
        return segs

    def _frame(self, segs: list[Segment], sub: int, is_cursor: bool, mark: str | None, base: Style) -> list[Segment]:
        """Brackets for the cursor and a corner glyph for a mark, so neither needs colour."""
        text = "".join(s.text for s in segs)
        if len(text) != self.cell_w:
            return segs
        left, right = text[0], text[-1]
        middle = (sub == (self.cell_h - 1) // 2)
        if is_cursor and middle:
            left, right = "[", "]"
        elif mark and sub == 0 and not is_cursor:
            right = MARK_GLYPHS_ASCII[mark] if self.ascii else MARK_GLYPHS[mark]
        # Rebuild keeping the inner segments' styles.
        inner: list[Segment] = []
        pos = 0
        for s in segs:
            start, end = pos, pos + len(s.text)
            lo, hi = max(start, 1), min(end, self.cell_w - 1)
            if lo < hi:
                inner.append(Segment(s.text[lo - start : hi - start], s.style))
            pos = end
        edge = base + Style(bold=True)
        return [Segment(left, edge), *inner, Segment(right, edge)]


MARK_GLYPHS = {"target": "•", "last": "'", "bad": "×", "chosen": "*"}
MARK_GLYPHS_ASCII = {"target": "+", "last": "'", "bad": "x", "chosen": "*"}


def grow_cells(board: BoardGrid, room_w: int, room_h: int, smallest: tuple[int, int],
               largest: tuple[int, int]) -> bool:
    """Size the board's cells to fill `room_w` x `room_h` (labels included), between
    `smallest` and `largest` cells: a board that grows with the terminal. True if the
    cells changed (the board is laid out again)."""
    w = max(smallest[0], min(largest[0], (room_w - board.label_w) // board.cols))
    h = max(smallest[1], min(largest[1], (room_h - board.top) // board.rows))
    if (board.cell_w, board.cell_h) == (w, h):
        return False
    board.cell_w, board.cell_h = w, h
    board.refresh(layout=True)
    return True


def centred(text: str, style: Style | None, fill: Style | None, base: str, w: int, h: int) -> CellPaint:
    """A w x h cell with `text` centred on its middle line (the cursor's), the rest `fill`."""
    lines = [((" " * w, fill),)] * h
    lines[(h - 1) // 2] = ((text.center(w), style),)
    return CellPaint(tuple(lines), base)
