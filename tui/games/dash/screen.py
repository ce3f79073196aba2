"""Icehouse Dash: the board, the hand, the four sides, hints and undo.

A move is made in three short steps, each by keyboard: pick a card in the hand, pick
the side to lay it at (an arrow key), then pick the piece on the board. Once the card
and side are known, every top piece shows whether it can go, and the cursor's piece
shows where it lands or why it cannot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widgets import Static

from core.dash.cards import COLOUR_NAMES, COLOURS, FILES, RANKS, SIDE_NAMES, SIZE_NAMES, UNKNOWN
from core.dash.state import DashState  # the screen's type parameter: read when the class is made
from tui.games.base import GameScreen
from tui.games.choice import Part
from tui.games.origin import origin
from tui.keys import number_keys
from tui.widgets.board import BoardGrid, CellPaint
from tui.widgets.cards import card_text
from tui.widgets.hand import HandBar
from tui.widgets.log import GameLog
from tui.widgets.sides import SideChooser

PIECE_COLOUR = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "K": "magenta"}
# Board sizes, largest first: (least terminal width, least height, cell width, cell
# height, west label width, east label width). 80x24 gets 5x2 cells; a larger
# terminal (120x40 is common over SSH) gets larger cells. Rows needed: 8 cell rows
# and 7 more (title, file letters, north, south, two status lines, footer); columns:
# 8 cells, rank numbers, the side labels, and 31 or more for the panel on the right.
BOARD_SIZES = (
    (113, 39, 9, 4, 4, 3),
    (97, 31, 7, 3, 4, 3),
    (0, 0, 5, 2, 3, 3),
)
CARD_WORD = re.compile(r"\b([A2-8])([CDHS])\b")


def square_of(cell: tuple[int, int]) -> str:
    row, col = cell
    return FILES[col] + RANKS[7 - row]


def cell_of(square: str) -> tuple[int, int]:
    return 7 - RANKS.index(square[1]), FILES.index(square[0])


def standing_trees(stacks: dict[str, list[tuple[str, int]]]) -> dict[str, str]:
    """Colour -> square of every tree that stands now: a stack whose top three
    pieces are a small on a medium on a large of one colour. Read from the board,
    so the marks follow whatever the rules say about trees that come apart."""
    out = {}
    for square, stack in stacks.items():
        if len(stack) >= 3:
            colour = stack[-1][0]
            if stack[-3:] == [(colour, 3), (colour, 2), (colour, 1)]:
                out[colour] = square
    return out


def with_glyphs(text: str, glyphs) -> str:
    """Engine words ("5D west: ... f1 -> a1") with the hand's card glyphs (5♦, or 5d
    in ASCII) and the arrow of the glyph set."""
    text = CARD_WORD.sub(lambda m: m.group(1) + glyphs["suit_" + m.group(2)], text)
    return text.replace(" -> ", f" {glyphs['to']} ")


def screen_legend(glyphs) -> str:
    """What the Dash screen's marks mean (Markdown, for the help screen)."""
    from tui.widgets.board import MARK_GLYPHS, MARK_GLYPHS_ASCII

    marks = MARK_GLYPHS_ASCII if glyphs.ascii else MARK_GLYPHS
    return f"""\
## On the screen

| Mark | Meaning |
| --- | --- |
| `R3` | the top piece of a square: colour (R red, Y yellow, G green, B blue, K black), size (3 large, 2 medium, 1 small) |
| `r2` (under it) | the pieces below the top, from the top down, in small letters; `+2` counts more |
| `{glyphs['tree']}` | beside a top piece: that colour's tree stands here now |
| `{marks['target']}` | corner of a square: this piece can move with the card and side chosen |
| `{marks['bad']}` | corner: this piece cannot move with them (the panel says why) |
| `{marks['chosen']}` | where the piece under the cursor would land |
| `{marks['last']}` | where the last move went |
| `[  ]` | the cursor |
| `north {glyphs['arrow_n']} 3  5{glyphs['suit_D']}` | a side: cards laid there, and the last one |
| `Trees R{glyphs['tree']} Y{glyphs['dot']}` | which trees stand ({glyphs['tree']}) and which do not yet ({glyphs['dot']}) |

A deal shown as `deal 4242 winnable` was dealt with the winnable-only option:
`houses new dash --seed 4242 --winnable` (or the number and the option in the
new-game form) gives the same deal again.
"""


@dataclass(frozen=True)
class DashChoice:
    """A play half-made (tui/games/choice.py): the card picked, then its side."""

    card: str | None = None
    side: str | None = None


class DashScreen(GameScreen[DashState]):
    game_id = "dash"
    UNDO = True
    CSS_PATH = "dash.tcss"
    legend = staticmethod(screen_legend)  # the help screen shows it after the rules

    choice = var(DashChoice())  # a choice half-made: a hint sets it, escape puts it back
    card = Part[str | None]()
    side = Part[str | None]()
    BINDINGS = [
        Binding("escape", "back_out", "Back", id="dash.back", tooltip="put the chosen card back"),
        Binding("r", "restart", "Restart", id="dash.restart", tooltip="back to the deal (ctrl+r steps forward)"),
        *number_keys("card", "Card", 6, "dash.card", "choose that card of your hand"),
    ]

    def __init__(self, save, state, replay: bool = False) -> None:
        super().__init__(save, state, replay)
        self.preview: dict[str, tuple[str | None, str | None]] = {}
        self._view: DashState | None = None  # what the screen shows, once drawn
        self._trees: dict[str, str] = {}  # colour -> square of each tree standing

    def hides_hands(self) -> bool:
        return bool(self.state.options.hidden_hands)

    # -- layout ---------------------------------------------------------------------

    def compose_game(self) -> ComposeResult:
        glyphs = self.houses.glyphs
        yield Static("", id="dash-title", classes="screen-title", markup=False)
        with Horizontal(id="dash-main"):
            with Vertical(id="dash-board-col"):
                yield Static("", id="side-N", classes="side-label", markup=False)
                with Horizontal(id="dash-board-row"):
                    yield Static("", id="side-W", classes="side-label-v", markup=False)
                    board = BoardGrid(8, 8, self.paint, cell_width=5, cell_height=2,
                                      row_labels=list(reversed(RANKS)), col_labels=list(FILES),
                                      ascii=glyphs.ascii, id="board")
                    board.read_only = self.replay
                    board.can_focus = not self.replay  # in replay the arrows step through moves
                    yield board
                    yield Static("", id="side-E", classes="side-label-v", markup=False)
                yield Static("", id="side-S", classes="side-label", markup=False)
            with Vertical(id="dash-side"):
                yield Static("", id="hand-title", classes="panel-title", markup=False)
                hand = HandBar(id="hand")
                hand.can_focus = not self.replay
                yield hand
                yield Static("", id="others", markup=False)
                yield Static("Side", classes="panel-title", markup=False)
                sides = SideChooser(glyphs, id="sides")
                sides.can_focus = not self.replay
                yield sides
                yield Static("", id="trees", markup=False)
                yield Static("", id="piece-info", markup=False)
                yield GameLog(id="log")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls each class's handler).
        board = self.query_one(BoardGrid)
        tops = self.shown().top_squares()
        if tops:
            board.set_reactive(BoardGrid.cursor, cell_of(tops[0]))
        self.watch(board, "cursor", self._cursor_moved, init=False)
        self._fit_board()
        if not self.replay:
            self.query_one(HandBar).focus()

    def on_resize(self, event) -> None:
        self._fit_board()

    def _fit_board(self) -> None:
        """The largest board the terminal has room for."""
        width, height = self.app.size
        cell_w, cell_h, west_w, east_w = next(size[2:] for size in BOARD_SIZES
                                              if width >= size[0] and height >= size[1])
        board = self.query_one(BoardGrid)
        if (board.cell_w, board.cell_h) == (cell_w, cell_h) and self.has_class("-fitted"):
            return
        self.add_class("-fitted")
        board.cell_w, board.cell_h = cell_w, cell_h
        board_w = board.label_w + 8 * cell_w
        board_h = board.top + 8 * cell_h
        self.query_one("#dash-board-col").styles.width = west_w + board_w + east_w
        self.query_one("#side-W").styles.width = west_w
        self.query_one("#side-E").styles.width = east_w
        for side in ("#side-W", "#side-E"):
            self.query_one(side).styles.height = board_h
        board.refresh(layout=True)

    # -- drawing --------------------------------------------------------------------

    def redraw(self) -> None:
        view = self._view = self.shown()
        glyphs = self.houses.glyphs
        seat = view.to_move if view.to_move is not None else (self.viewer or 0)
        # Trees: one mark a colour, standing or not, so progress reads at a glance.
        self._trees = standing = standing_trees(view.stacks)
        marks = []
        for c in COLOURS:
            done = c in standing
            marks.append(Text(f"{c}{glyphs['tree'] if done else glyphs['dot']} ",
                              style=Style(color=PIECE_COLOUR[c], bold=done, dim=not done)))
        self.query_one("#trees", Static).update(Text("Trees ").append_text(Text.assemble(*marks))
                                                .append(f" {len(standing)}/5"))
        deal = origin(self, "deal", self.deal_label())
        title = f" Icehouse Dash  {deal}  trees {len(standing)}/5  pile {view.pile_count}"
        if view.seats > 1 and view.to_move is not None:
            title += f"  {self.seat_name(view.to_move)} to play"
        self.query_one("#dash-title", Static).update(title)
        # The hand of the player to move (or the viewer's own when hands are hidden).
        hand_seat = seat if not self.hides_hands() else (self.viewer or 0)
        hand = view.hands[hand_seat] if hand_seat < len(view.hands) else []
        if self.card not in hand:
            self.choice = DashChoice()
        items = [Text(glyphs["card_back"] * 2) if c == UNKNOWN else card_text(c, glyphs) for c in hand]
        chosen = hand.index(self.card) if self.card in hand else None
        self.query_one(HandBar).set_items(items, chosen)
        who = "Your hand" if view.seats == 1 else f"Hand of {self.seat_name(hand_seat)}"
        self.query_one("#hand-title", Static).update(f"{who} ({len(hand)})")
        others = []
        for i, h in enumerate(view.hands):
            if i != hand_seat and view.seats > 1:
                cards = " ".join(glyphs["card_back"] * 2 if c == UNKNOWN else str(card_text(c, glyphs)) for c in h)
                others.append(f"{self.seat_name(i)}: {cards or '-'}")
        self.query_one("#others", Static).update("\n".join(others))
        self.query_one("#others", Static).display = bool(others)
        # Cards laid at each side: the last one shows.
        for side in "NESW":
            laid = view.played[side]
            arrow = glyphs["arrow_" + side.lower()]
            label = f"{SIDE_NAMES[side]} {arrow} {len(laid)}"
            last = str(card_text(laid[-1], glyphs)) if laid else ""
            widget = self.query_one(f"#side-{side}", Static)
            if side in "NS":
                widget.update(f"{label}  {last}")
            else:
                widget.update(f"{side}\n{arrow}\n{last}")
        self.query_one(SideChooser).set_side(self.side, enabled=self.card is not None)
        self._update_preview()
        self.query_one(GameLog).set_lines([with_glyphs(self.named(line), glyphs) for line in view.log])

    def _update_preview(self) -> None:
        view = self._view
        assert view is not None  # drawn before any cursor moves
        board = self.query_one(BoardGrid)
        self.preview = view.preview(self.card, self.side) if self.card and self.side and not view.over else {}
        marks: dict[tuple[int, int], str] = {}
        last = getattr(view, "last_move", None)
        if last and not self.preview:
            marks[cell_of(last[1])] = "last"
        for src, (dest, _reason) in self.preview.items():
            marks[cell_of(src)] = "target" if dest is not None else "bad"
        cursor_sq = square_of(board.cursor)
        dest = self.preview.get(cursor_sq, (None, None))[0]
        if dest is not None and dest != cursor_sq:
            marks[cell_of(dest)] = "chosen"
        board.set_marks(marks)
        board.refresh()
        self._describe_cursor()

    def paint(self, row: int, col: int) -> CellPaint:
        """A square: the top piece and a tree mark on the cursor's line (the board's
        middle line of a cell), the pieces below it on the next, blank lines around."""
        view = self._view
        board = self.query_one(BoardGrid)
        width, height = board.cell_w, board.cell_h
        square = FILES[col] + RANKS[7 - row]
        base = "light" if (row + col) % 2 == 0 else "dark"
        stack = view.stacks.get(square) if view is not None else None
        blank = ((" " * width, None),)
        above = (blank,) * ((height - 1) // 2)
        after = (blank,) * (height - len(above) - 2)
        if not stack:
            dot = self.houses.glyphs["dot"]
            return CellPaint((*above, ((dot.center(width), None),), blank, *after), base)
        colour, size = stack[-1]
        in_tree = self._trees.get(colour) == square
        mark = self.houses.glyphs["tree"] if in_tree else " "
        top_style = Style(color=PIECE_COLOUR[colour], bold=True)
        lead = " " * ((width - 3) // 2)
        line1 = ((lead, None), (f"{colour}{size}", top_style), (mark, top_style if in_tree else None),
                 (" " * (width - len(lead) - 3), None))
        below = stack[:-1][::-1]
        room = (width - len(lead)) // 2  # pieces named below the top; "+n" counts the rest
        text = "".join(f"{c.lower()}{s}" for c, s in below[:room])
        if len(below) > room:
            text = "".join(f"{c.lower()}{s}" for c, s in below[:room - 1]) + f"+{len(below) - room + 1}"
        line2 = ((f"{lead}{text}".ljust(width)[:width], Style(dim=True)),)
        return CellPaint((*above, line1, line2, *after), base)

    def _describe_cursor(self) -> None:
        view = self._view
        assert view is not None  # drawn before any cursor moves
        board = self.query_one(BoardGrid)
        square = square_of(board.cursor)
        stack = view.stacks.get(square)
        if not stack:
            self._set_info(f"{square}: empty")
            return
        names = ", ".join(f"{COLOUR_NAMES[c]} {SIZE_NAMES[s]}" for c, s in reversed(stack))
        text = f"{square}: {names}"
        if square in self.preview:
            dest, reason = self.preview[square]
            arrow = self.houses.glyphs["to"]
            if dest is None:
                text += f"\ncannot move: {reason}"
            elif dest == square:
                text += "\nstays where it is"
            else:
                text += f"\n{arrow} {dest}"
        self._set_info(text)

    def _set_info(self, text: str) -> None:
        # The panel has a fixed size: no layout pass, and no repaint when nothing changed.
        if text != getattr(self, "_info_text", None):
            self._info_text = text
            self.query_one("#piece-info", Static).update(text, layout=False)

    def _cursor_moved(self, cell: tuple[int, int]) -> None:
        if self._view is None:
            return
        # Only the destination mark follows the cursor; the rest stays as it is.
        board = self.query_one(BoardGrid)
        marks = {c: m for c, m in board.marks.items() if m != "chosen"}
        dest = self.preview.get(square_of(cell), (None, None))[0]
        if dest is not None and dest != square_of(cell):
            marks[cell_of(dest)] = "chosen"
        board.set_marks(marks)
        self._describe_cursor()

    # -- choosing ---------------------------------------------------------------------
    # Focus moves with `self.set_focus` (at once), not `widget.focus()` (after the
    # queued events): a card key and an arrow typed together must both land.

    def on_hand_bar_selected(self, event: HandBar.Selected) -> None:
        self._choose_card(event.index)

    def _hand(self) -> list[str]:
        view = self._view
        assert view is not None  # callers ask once the screen is drawn
        seat = view.to_move if view.to_move is not None else 0
        return view.hands[seat]

    def _choose_card(self, index: int) -> None:
        if self.state.over or self.replay:
            return
        hand = self._hand()
        if index >= len(hand) or hand[index] == UNKNOWN:
            return
        self.card = hand[index]
        self.query_one(HandBar).cursor = index
        self.refresh_bindings()
        self.redraw()
        self.set_focus(self.query_one(SideChooser))
        g = self.houses.glyphs
        self.say(f"Lay the {card_text(self.card, g)} at which side? Arrows: {g['arrow_n']} north, "
                 f"{g['arrow_e']} east, {g['arrow_s']} south, {g['arrow_w']} west.")

    def number_keys_count(self) -> int | None:
        return None if self.replay or self._view is None else len(self._hand())

    def action_card(self, index: int) -> None:
        if index < len(self._hand()):
            self._choose_card(index)

    def on_side_chooser_chosen(self, event: SideChooser.Chosen) -> None:
        if self.card is None:
            self.say("Choose a card first.", error=True)
            self.set_focus(self.query_one(HandBar))
            return
        self.side = event.side
        self.redraw()
        board = self.query_one(BoardGrid)
        movable = [sq for sq, (dest, _) in self.preview.items() if dest is not None]
        if movable and square_of(board.cursor) not in movable:
            board.cursor = cell_of(movable[0])
        self.set_focus(board)
        count = len(movable)
        self.say(f"{card_text(self.card, self.houses.glyphs)} {SIDE_NAMES[self.side]}: {count} "
                 f"piece{'s' if count != 1 else ''} can move (marked). Choose one, or escape.",
                 error=count == 0)

    def on_board_grid_selected(self, event: BoardGrid.Selected) -> None:
        if self.replay or self.state.over:
            return
        square = square_of(event.cell)
        if self.card is None:
            self.say(f"Choose a card from your hand first (tab, or the keys 1-{len(self._hand())}).", error=True)
            return
        if self.side is None:
            self.say("Choose a side first: press an arrow key.", error=True)
            self.set_focus(self.query_one(SideChooser))
            return
        from core.dash import Play

        dest, reason = self.preview.get(square, (None, "there is no piece there"))
        if dest is None:
            # Said here in a few words: the square and the reason, not the engine's
            # whole sentence, so it fits the status line at 80 columns.
            self.say(f"{square} cannot move: {reason}.", error=True)
            self.app.bell()
            return
        if self.submit(Play(self.card, self.side, square)):
            self.choice = DashChoice()
            self.redraw()
            if not self.state.over:
                self.set_focus(self.query_one(HandBar))

    def action_back_out(self) -> None:
        if self.side is not None:
            self.side = None
            self.redraw()
            self.set_focus(self.query_one(SideChooser))
            self.say("Choose a side again, or escape to choose another card.")
        elif self.card is not None:
            self.card = None
            self.redraw()
            self.set_focus(self.query_one(HandBar))
            self.say_prompt()
        else:
            self.say_prompt()

    def zones(self) -> list[Any]:
        return [self.query_one(HandBar), self.query_one(SideChooser), self.query_one(BoardGrid)]

    def on_played(self, action: Any, seat: int | None, text: str) -> None:
        self.choice = DashChoice()
        self.refresh_bindings()

    # -- hints and restart --------------------------------------------------------------

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("restart", "back_out", "zone", "card"):
            if self.replay:
                return False
            if action == "restart":
                if self.state.is_view() or not self.match.undoable:
                    return False  # a shared table's deal, or a puzzle's line: the moves stand
                return self.save.cursor > 0 or None
            if action == "back_out":
                return self.card is not None
        return super().check_game_action(action, parameters)

    def show_hint(self, action: Any) -> str | None:
        """The hinted card chosen in the hand, its side chosen, the cursor on the piece
        it moves: enter plays it, as if the player had picked them."""
        hand = self._hand()
        if action.card not in hand:
            return None
        self.choice = DashChoice(action.card, action.side)
        self.query_one(HandBar).cursor = hand.index(action.card)
        self.redraw()
        board = self.query_one(BoardGrid)
        board.cursor = cell_of(action.src)
        self.set_focus(board)
        self.refresh_bindings()
        return "enter plays it."

    def hint_reason(self, reason: str) -> str:
        return with_glyphs(reason, self.houses.glyphs)  # the hand's card glyphs

    def action_restart(self) -> None:
        if self.save.cursor == 0 or self.state.is_view() or not self.match.undoable:
            return
        self._go_to(0)
        self.choice = DashChoice()
        self.redraw()
        self.say("Back to the deal. ctrl+r steps forward again through your moves.")

    # -- results ----------------------------------------------------------------------

    def deal_label(self) -> str:
        """The deal as shown: the seed, and "winnable" when that option chose the
        deal, since `--seed 4242` alone gives another deal than `--seed 4242 --winnable`."""
        winnable = " winnable" if self.state.options.winnable else ""
        return f"{self.save.seed}{winnable}"

    def summary(self) -> str:
        state = self.state
        players = "" if state.seats == 1 else f", {state.seats} players"
        trees = len(standing_trees(state.stacks))
        if state.over:
            result = "won" if state.outcome and state.outcome.winners else "lost"
            return f"Icehouse Dash deal {self.deal_label()}{players}: {result}, {trees}/5 trees"
        return f"Icehouse Dash deal {self.deal_label()}{players}: {trees}/5 trees, {state.pile_count} in pile"

    def result_lines(self) -> list[str]:
        state = self.state
        lines = [f"Trees standing: {len(standing_trees(state.stacks))} of 5, with {state.turns} cards played."]
        if not (state.outcome and state.outcome.winners):
            lines.append("u undoes the last move; r in the game restarts the deal.")
        return lines
