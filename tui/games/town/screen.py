"""TOWN 77: the 7x7 town, your rack (or the three solo stacks), the other racks as
colour backs, the bag, and the turn's steps by keyboard.

A turn with 2-5 players: choose a tile in the rack (arrows and enter, or 1-5): the
cells where it may go are marked, the cursor goes to the nearest; enter on a cell
places it. x starts an exchange (only offered when one is possible): the three
tiles to give are marked, enter toggles a mark, x again exchanges. After placing,
the drawn tile and the optional give-back are one prompt: enter on "Keep" keeps
the hand, enter on a tile gives it back for good.

Solo: choose a stack (1-3, or arrows and enter): its top is revealed and must be
placed. In every mode t asks the coach for a hint (tui/games/base.py).
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widgets import Static

from core.town import CELLS, ChooseStack, Exchange, GiveBack, Keep, Leave, Place, cell_at, rowcol, tile_name
from core.town.words import LEVELS, level_for, plural
from core.town.state import GIVEBACK, HAND, SOLO_CHOOSE, SOLO_PLACE, SOLO_START, TURN, TownState
from core.town.tiles import SIZE, TILE_CS
from tui.games.town.racks import drawn_tiles, ordinal
from tui.games.base import GameScreen
from tui.games.choice import Part
from tui.games.origin import origin
from tui.games.town.choice import TownChoice
from tui.keys import number_keys
from tui.games.town.tiles import back, face, face_style, glyph_of, legend
from tui.widgets.board import BoardGrid, CellPaint, centred, grow_cells
from tui.widgets.hand import HandBar
from tui.widgets.log import GameLog

CELL_W, CELL_H = 5, 2
DIM = Style(dim=True)
STACK_PHASES = (SOLO_START, SOLO_CHOOSE)


class TownScreen(GameScreen[TownState]):
    game_id = "town"
    # No undo, solo or not. Solo: the rules say a placed tile stays where it is, and
    # undoing a stack choice would show what lies under the top. With 2-5 players,
    # undoing a place would show the tile drawn after it.
    UNDO = False
    CSS_PATH = "town.tcss"

    choice = var(TownChoice())  # a choice half-made: a hint sets it, escape puts it back
    tile, exchanging = Part[str | None](), Part[bool]()
    marked, shown_cell = Part[frozenset[int]](), Part[str | None]()
    BINDINGS = [
        Binding("escape", "back_out", "Back", id="town.back", tooltip="put the tile back, or cancel an exchange"),
        Binding("x", "exchange", "Exchange", id="town.exchange", tooltip="exchange three tiles (x again confirms)"),
        Binding("e", "leave", "Leave game", id="town.leave", tooltip="leave the game when no tile fits"),
        *number_keys("pick", "Tile", 5, "town.pick", "choose that tile of your rack (solo: that stack)"),
    ]

    def __init__(self, save, state, replay: bool = False) -> None:
        super().__init__(save, state, replay)
        self.entries: list[str | None] = []  # what each rack item is (None: "Keep")
        self.recent: list[str] = []  # cells placed since the viewer last placed (marked)
        self.drawn: list[str] = []  # tiles the viewer drew with their last action
        self._view: Any = None
        self._key: tuple | None = None
        self._drawn_cells: list[str | None] | None = None
        self._legal: tuple[int, list] | None = None
        self._best_before: float | None = None

    def hides_hands(self) -> bool:
        return not self.state.solo

    # -- layout ---------------------------------------------------------------------

    def compose_game(self) -> ComposeResult:
        glyphs = self.houses.glyphs
        yield Static("", id="town-title", classes="screen-title", markup=False)
        with Horizontal(id="town-main"):
            with Vertical(id="town-board-col"):
                yield BoardGrid(SIZE, SIZE, self.paint, cell_width=CELL_W, cell_height=CELL_H,
                                row_labels=[str(r + 1) for r in range(SIZE)], col_labels=list("abcdefg"),
                                ascii=glyphs.ascii, id="town-board")
                yield Static("", id="town-cell", markup=False)
                yield Static("", id="town-legend", markup=False)
            with Vertical(id="town-side"):
                yield Static("", id="town-bar-title", classes="town-panel-title", markup=False)
                yield HandBar(empty_text="(no tiles)", id="town-bar")
                if self.state.solo:
                    yield Static("", id="town-revealed", markup=False)
                    yield Static("", id="town-score", markup=False)
                else:
                    yield Static("", id="town-turn", markup=False)
                    yield Static("", id="town-players", markup=False)
                yield GameLog(id="town-log")

    @property
    def board(self) -> BoardGrid:
        return self.query_one("#town-board", BoardGrid)

    @property
    def bar(self) -> HandBar:
        return self.query_one("#town-bar", HandBar)

    def on_resize(self, event) -> None:
        if self._fit_board():
            self.board.refresh()

    def _fit_board(self) -> bool:
        """The town as large as the terminal allows: the side keeps 42 columns, the
        cell, legend, title, status and footer lines 10 rows."""
        width, height = self.app.size
        if not grow_cells(self.board, width - 42, height - 10, (CELL_W, CELL_H), (9, 4)):
            return False
        self.query_one("#town-board-col").styles.width = max(38, self.board.label_w + SIZE * self.board.cell_w + 1)
        return True

    def on_mount(self) -> None:
        board = self.board
        self._fit_board()
        board.read_only = self.replay
        self.watch(board, "cursor", self._cursor_moved, init=False)
        glyphs = self.houses.glyphs
        legend_box = self.query_one("#town-legend", Static)
        legend_box.update(Text("\n").join(legend(glyphs.ascii)))
        # A review's note takes the legend's rows on a short terminal (the legend is in ?).
        legend_box.display = self.review_notes is None or self.app.size.height >= 32
        if self.replay:
            # Arrows step through the moves: nothing may take them as a cursor.
            board.can_focus = False
            self.bar.can_focus = False
            self.set_focus(None)
            self.call_after_refresh(self.set_focus, None)
        if not self.replay:
            self._recall()
        # GameScreen.on_mount follows: Textual calls each class's handler along the MRO.

    def _recall(self) -> None:
        """On opening a saved game: mark the placements since the viewer's last one (the
        other players' moves to catch up on), and what the viewer's last action drew."""
        cursor = self.save.cursor
        if cursor == 0 or self.code is not None:
            return  # (a seat at a shared table has no moves to walk: the host keeps them)
        steps = self.match.steps()
        recent: list[str] = []
        for i in range(cursor - 1, -1, -1):
            action = steps.actions[i]
            if isinstance(action, Place):
                recent.insert(0, action.cell)
                if steps.seats[i] == self.viewer:
                    break
        self.recent = recent
        last = steps[cursor - 1]
        assert isinstance(last.before, TownState)  # a position of this screen's game
        self.drawn = self._drawn_by(last.seat, last.before, last.action)

    def _drawn_by(self, seat: int | None, before: TownState, action: Any) -> list[str]:
        """What `action` by `seat` from `before` drew into the viewer's rack (shown until
        the viewer's next move); nothing for another seat's action or in solo."""
        if seat is None or seat != self.viewer or self.state.solo:
            return []
        return drawn_tiles(before.racks[seat], self.state.racks[seat], action)

    # -- who decides now ----------------------------------------------------------------

    def my_turn(self) -> bool:
        return super().my_turn() and self.state.to_move == self.viewer  # (GameScreen.my_turn)

    def legal(self) -> list:
        if self._legal is None or self._legal[0] != self.save.cursor:
            self._legal = (self.save.cursor, self.state.legal_actions() if not self.state.over else [])
        return self._legal[1]

    def can_exchange(self) -> bool:
        return self.my_turn() and any(isinstance(a, Exchange) for a in self.legal())

    def can_leave(self) -> bool:
        return self.my_turn() and any(isinstance(a, Leave) for a in self.legal())

    def rack_seat(self) -> int:
        """Whose rack the bar shows: the person at the keyboard's."""
        if self.viewer is not None:
            return self.viewer
        st = self._view or self.state
        return st.to_move if st.to_move is not None else 0

    # -- drawing --------------------------------------------------------------------

    def redraw(self) -> None:
        view = self._view = self.shown()
        key = (self.replay_at if self.replay else self.save.cursor, self.viewer, self.replay)
        fresh = key != self._key
        if fresh:
            self._key = key
            self.choice = TownChoice(view.revealed if view.phase == SOLO_PLACE and self.my_turn() else None)
        self._draw_title()
        if view.solo:
            self._draw_solo_panel()
        else:
            self._draw_rack()
            self._draw_turn_box()
            self._draw_players()
        self._draw_board()
        # Whole lines: the log wraps them to its width (it has the room the terminal gives).
        self.query_one(GameLog).set_lines([self.named(line) for line in view.log[-40:]])
        if fresh:
            self._settle_focus()
        self._describe_cell()

    def _draw_title(self) -> None:
        view = self._view
        deal = origin(self, "deal", str(self.save.seed))
        parts = [" TOWN 77 solo" if view.solo else " TOWN 77", deal,
                 f"placed {view.placed}/49"]
        if view.solo:
            parts.append(level_for(view.placed))
        else:
            parts.append(f"bag {view.bag_count}")
            if view.to_move is not None:
                parts.append(f"{self.seat_name(view.to_move)} to play")
        if self.replay:
            parts.append("replay")
        self.query_one("#town-title", Static).update("   ".join(parts))

    def _draw_rack(self) -> None:
        view = self._view
        seat = self.rack_seat()
        rack = list(view.racks[seat]) if seat < len(view.racks) else []
        giving = view.phase == GIVEBACK and self.my_turn()
        check = self.houses.glyphs["check"]
        items: list[Text] = []
        self.entries = []
        if giving:
            items.append(Text(" Keep ", style=Style(bold=True)))
            self.entries.append(None)
        for i, t in enumerate(rack):
            item = face(t, self.houses.glyphs.ascii)
            if self.exchanging:
                item = Text(check if i in self.marked else " ") + item
            items.append(item)
            self.entries.append(t)
        chosen = self.entries.index(self.tile) if self.tile in self.entries else None
        self.bar.set_items(items, chosen)
        own = seat == self.viewer and len(self.humans) == 1
        who = "Your rack" if own else f"Rack of {self.seat_name(seat)}"
        limit = view.limits[seat] if seat < len(view.limits) else HAND
        out = seat in [s for s, _ in view.left]
        note = f"  {plural(len(rack))}" + (f", at most {limit} from now on" if limit < HAND and not out else "")
        self.query_one("#town-bar-title", Static).update(who + note)

    def _draw_turn_box(self) -> None:
        view = self._view
        box = self.query_one("#town-turn", Static)
        ascii_only = self.houses.glyphs.ascii
        text = Text()
        if self.my_turn() and view.phase == GIVEBACK:
            seat = self.rack_seat()
            size = len(view.racks[seat])
            if self.drawn:
                text.append("You drew ")
                for t in self.drawn:
                    text.append_text(face(t, ascii_only, pad=False))
                    text.append(f" {tile_name(t)}. ")
            text.append(f"Keep {size} tiles, or give one back: then {size - 1} for good.")
        elif self.my_turn() and self.exchanging:
            text.append(f"Exchange: mark three tiles of one colour or style ({len(self.marked)} marked). "
                        "enter marks, x exchanges, escape cancels.")
        elif self.my_turn() and view.phase == TURN and self.drawn:
            text.append("You drew ")
            for t in self.drawn:
                text.append_text(face(t, ascii_only, pad=False))
                text.append(" ")
            text.append("in the exchange.")
        box.update(text)
        box.display = bool(text.plain)

    def _draw_players(self) -> None:
        view = self._view
        glyphs = self.houses.glyphs
        left = [s for s, _ in view.left]
        lines = []
        for s in range(view.seats):
            marker = glyphs["arrow_e"] if s == view.to_move else " "
            line = Text(f"{marker} {self.seat_name(s)[:13]:<13} ", style=Style(bold=s == view.to_move))
            rack = view.racks[s]
            if s in left:
                line.append(f"out {ordinal(left.index(s) + 1)}, {plural(len(rack))}", style=DIM)
                if view.over:
                    line.append(" ")
            if s not in left or view.over:
                for t in rack:
                    line.append_text(face(t, glyphs.ascii, pad=False) if t in TILE_CS
                                     else back(t))
                    line.append(" ")
                if s not in left and view.limits[s] < HAND:
                    line.append(f"max {view.limits[s]}", style=DIM)
            lines.append(line)
        lines.append(Text(f"  Bag: {plural(view.bag_count)}", style=DIM))
        self.query_one("#town-players", Static).update(Text("\n").join(lines))

    def _draw_solo_panel(self) -> None:
        view = self._view
        glyphs = self.houses.glyphs
        items = []
        for i, (top, size) in enumerate(zip(view.stack_tops(), view.stack_sizes())):
            if top is None:
                items.append(Text(f"{i + 1} empty", style=DIM))
            else:
                items.append(Text(f"{i + 1}: ").append_text(back(top)).append(f" {size:>2}"))
        self.entries = []
        self.bar.set_items(items, None)
        self.query_one("#town-bar-title", Static).update("Stacks (1-3): top colour, tiles left")
        revealed = Text("Revealed: ")
        if view.revealed:
            revealed.append_text(face(view.revealed, glyphs.ascii, pad=False))
            revealed.append(f" {tile_name(view.revealed)}")
        else:
            revealed.append("-", style=DIM)
        self.query_one("#town-revealed", Static).update(revealed)
        placed = view.placed
        score = Text(f"Placed {placed} of 49: ")
        score.append(level_for(placed), style=Style(bold=True))
        nxt = next(((low, name) for low, name in LEVELS if low > placed), None)
        if nxt is not None:
            score.append(f"\n{nxt[1]} at {nxt[0]} ({nxt[0] - placed} more)", style=DIM)
        self.query_one("#town-score", Static).update(score)

    def _draw_board(self) -> None:
        view = self._view
        board = self.board
        marks: dict[tuple[int, int], str] = {}
        for cell in self.recent:
            marks[rowcol(cell)] = "last"
        for cell in self.target_cells():
            marks[rowcol(cell)] = "target"
        if self.shown_cell is not None:
            marks[rowcol(self.shown_cell)] = "chosen"
        board.set_marks(marks)
        old, new = self._drawn_cells, list(view.cells)
        self._drawn_cells = new
        if old is None:
            board.refresh()
        else:
            board.refresh_cells(divmod(i, SIZE) for i in range(len(new)) if old[i] != new[i])

    def placing(self) -> str | None:
        """The tile being placed now: the chosen rack tile, or solo's revealed tile."""
        if not self.my_turn():
            return None
        if self.state.phase == SOLO_PLACE:
            return self.state.revealed
        return self.tile if self.state.phase == TURN else None

    def target_cells(self) -> list[str]:
        tile = self.placing()
        return self._view.legal_cells(tile) if tile else []

    def paint(self, row: int, col: int) -> CellPaint:
        view = self._view
        tile = view.cells[row * SIZE + col] if view is not None else None
        size = self.board.cell_w, self.board.cell_h  # the cells grow with the terminal
        if tile is not None and tile in TILE_CS:
            style = face_style(tile[0])
            return centred(f"{tile[0]} {glyph_of(tile, self.houses.glyphs.ascii)}", style, style, "dark", *size)
        return centred(self.houses.glyphs["dot"], DIM, None, "light" if (row + col) % 2 == 0 else "dark", *size)

    # -- the cell under the cursor -----------------------------------------------------

    def _cursor_moved(self, cell: tuple[int, int]) -> None:
        if self._view is not None:
            self._describe_cell()

    def _describe_cell(self) -> None:
        view = self._view
        name = cell_at(*self.board.cursor)
        tile = view.cells[CELLS.index(name)]
        ascii_only = self.houses.glyphs.ascii
        text = Text.assemble((f"{name}: ", Style(bold=True)))
        if tile is not None:
            text.append_text(face(tile, ascii_only, pad=False))
            text.append(f" {tile_name(tile)}")
        else:
            placing = self.placing()
            if placing is not None:
                why = view.why_not(placing, name)
                if why is None:
                    text.append(f"the {tile_name(placing)} fits here (enter)")
                else:
                    if why.startswith(name + " "):
                        why = why[len(name) + 1:]
                    text.append(f"{self.houses.glyphs['cross']} {why}")
            else:
                text.append("empty")
                if self.my_turn() and view.phase == TURN and not view.solo:
                    rack = view.racks[self.rack_seat()]
                    fits = [t for t in dict.fromkeys(rack) if t in TILE_CS and view.why_not(t, name) is None]
                    if fits:
                        text.append(". Fits here: ")
                        text.append_text(Text(" ").join(face(t, ascii_only, pad=False) for t in fits))
        if text.plain != getattr(self, "_cell_text", None):
            self._cell_text = text.plain
            self.query_one("#town-cell", Static).update(text, layout=False)

    # -- focus ----------------------------------------------------------------------------

    def _settle_focus(self) -> None:
        """After a move or a hand-over: put the keyboard where the next decision is."""
        if self.replay:
            return
        st = self.state
        if not self.my_turn():
            if self.focused is None:
                self.board.focus()
            return
        if st.phase == SOLO_PLACE:
            self._cursor_to_target()
            self.board.focus()
        elif st.phase == GIVEBACK:
            self.bar.cursor = 0
            self.bar.focus()
        else:
            self.bar.focus()

    def _cursor_to_target(self) -> None:
        targets = [rowcol(c) for c in self.target_cells()]
        board = self.board
        if targets and board.cursor not in targets:
            r, c = board.cursor
            board.cursor = min(targets, key=lambda t: (abs(t[0] - r) + abs(t[1] - c), t))

    def zones(self) -> list[Any]:
        return [self.bar, self.board]

    # -- prompts ----------------------------------------------------------------------------

    def say_game_prompt(self) -> None:
        st = self.state
        if not self.my_turn():
            super().say_game_prompt()
            return
        who = f"{self.mover_name(st)}: " if len(self.humans) > 1 else ""
        if st.phase == SOLO_START:
            text = "Choose a stack, 1-3: its top tile starts the town in a1."
        elif st.phase == SOLO_CHOOSE:
            text = "Choose a stack to reveal its top: 1-3, or arrows and enter. t hints."
        elif st.phase == SOLO_PLACE:
            n = len(self.target_cells())
            text = f"Place the {tile_name(st.revealed or '??')}: {plural(n, 'cell')} marked. Arrows, enter."
        elif st.phase == GIVEBACK:
            text = "Keep (enter), or choose a tile to give back for good, enter."
        elif self.can_leave():
            text = "No tile fits: x exchanges three tiles, e leaves the game."
        else:
            text = f"Choose a tile in your rack: arrows and enter, or 1-{self.number_keys_count()}"
            text += "; x exchanges." if self.can_exchange() else "."
        self.say(who + text)

    # -- choosing -------------------------------------------------------------------------

    def on_hand_bar_selected(self, event: HandBar.Selected) -> None:
        event.stop()
        if self.state.solo:
            self._choose_stack(event.index)
        else:
            self._rack_chosen(event.index)

    def number_keys_count(self) -> int | None:
        """The digits choose a stack (solo) or a tile of the rack shown."""
        if self.state.solo:
            return 3 if self.state.phase in STACK_PHASES else 0
        return len(self.rack_tiles())

    def rack_tiles(self) -> list[str]:  # the rack shown, in order, without its Keep item
        return [e for e in self.entries if e is not None]

    def marked_tiles(self) -> list[str]:  # marked for an exchange, in order (Keep never is)
        return [t for i in sorted(self.marked) if (t := self.entries[i]) is not None]

    def action_pick(self, index: int) -> None:
        if self.state.solo:
            if self.state.phase in STACK_PHASES:
                self._choose_stack(index)
            return
        tiles = self.rack_tiles()
        if index >= len(tiles):
            return
        at = index + (1 if self.entries and self.entries[0] is None else 0)
        self.bar.cursor = at
        self.bar.focus()
        if self.state.phase == GIVEBACK:
            self.say(f"enter gives the {tile_name(tiles[index])} back for good; "
                     "enter on Keep keeps your hand.")
        else:
            self._rack_chosen(at)

    def _choose_stack(self, index: int) -> None:
        if not self.my_turn():
            return
        if self.state.phase not in STACK_PHASES:
            self.say(f"Place the revealed {tile_name(self.state.revealed or '??')} first.", error=True)
            self.board.focus()
            return
        self.bar.cursor = index
        self.submit(ChooseStack(index))

    def _rack_chosen(self, index: int) -> None:
        if not self.my_turn():
            self.say(self.wait_words(), error=True)
            return
        if index >= len(self.entries):
            return
        entry = self.entries[index]
        phase = self.state.phase
        if phase == GIVEBACK:
            self.submit(Keep() if entry is None else GiveBack(entry))
            return
        if phase != TURN or entry is None:
            return
        if self.exchanging:
            self.marked ^= {index}
            self._draw_rack()
            self._draw_turn_box()
            names = ", ".join(tile_name(t) for t in self.marked_tiles()) or "none"
            self.say(f"Marked for the exchange: {names}. x exchanges them, escape cancels.")
            return
        cells = self._view.legal_cells(entry)
        if not cells:
            self.say(f"The {tile_name(entry)} fits nowhere in the town now: choose another tile.", error=True)
            self.app.bell()
            return
        self.tile = entry
        self._draw_rack()
        self._draw_board()
        self._cursor_to_target()
        self.board.focus()
        self._describe_cell()
        self.refresh_bindings()
        self.say(f"The {tile_name(entry)}: {plural(len(cells), 'cell')} marked. Enter places, "
                 "escape backs out.")

    def on_board_grid_selected(self, event: BoardGrid.Selected) -> None:
        event.stop()
        if self.replay or self.state.over:
            return
        if not self.my_turn():
            self.say(self.wait_words(), error=True)
            return
        phase = self.state.phase
        if phase in STACK_PHASES:
            self.say("Choose a stack first: 1-3, or tab to the stacks and enter.", error=True)
            return
        if phase == GIVEBACK:
            self.say("Your tile is placed: keep your hand or give a tile back (enter in the rack).", error=True)
            self.bar.focus()
            return
        if self.exchanging:
            self.say("Finish the exchange first (x), or escape to cancel it.", error=True)
            return
        tile = self.placing()
        if tile is None:
            self.say(f"Choose a tile in your rack first: tab, or the keys 1-{self.number_keys_count()}.", error=True)
            return
        self.submit(Place(tile, cell_at(*event.cell)))

    def action_back_out(self) -> None:
        if self.exchanging:
            self.choice = TownChoice()
        elif self.tile is not None and self.state.phase == TURN:
            self.tile = None
        else:
            return
        self.show_choice()
        self.bar.focus()
        self.say_prompt()

    def action_exchange(self) -> None:
        if not self.can_exchange():
            return
        if not self.exchanging:
            first = next(a for a in self.legal() if isinstance(a, Exchange))
            self.choice = TownChoice.exchange(self.entries, first.tiles)
            self.show_choice()
            self.bar.focus()
            names = ", ".join(tile_name(t) for t in first.tiles)
            self.say(f"Exchange the {names}? x to confirm.")
            return
        tiles = tuple(self.marked_tiles())
        if len(tiles) != 3:
            self.say(f"An exchange is three tiles: {len(tiles)} marked.", error=True)
            return
        self.submit(Exchange(tiles))

    def action_leave(self) -> None:
        if self.can_leave():
            self.submit(Leave())

    def show_choice(self) -> None:
        """Draw all the choice half-made shows (rack, turn box, board, the cell's
        words): after it changed, here or set by a hint or a review."""
        if not self._view.solo:  # (solo: the stacks, and no choice to show beside them)
            self._draw_rack()
            self._draw_turn_box()
        self._draw_board()
        self._describe_cell()
        self.refresh_bindings()

    def show_hint(self, action: Any) -> str | None:
        from tui.games.town.hint import show_hint

        return show_hint(self, action)

    # -- after a move -----------------------------------------------------------------------

    def on_played(self, action: Any, seat: int | None, text: str) -> None:
        before = self._view
        human = not self.is_bot(seat)
        if isinstance(action, Place):
            # Marked until the viewer places again: what the others did meanwhile.
            self.recent = [action.cell] if seat == self.viewer else self.recent + [action.cell]
        elif isinstance(action, ChooseStack) and self.state.placed == 1:
            self.recent = ["a1"]
        self.drawn = self._drawn_by(seat, before, action) if human and before is not None else []

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("zone", "pick", "back_out", "exchange", "leave"):
            if self.replay:
                return False
            st = self.state
            if action == "exchange":
                return self.can_exchange()
            if action == "leave":
                return self.can_leave()
            if action == "back_out":
                return self.exchanging or (self.tile is not None and st.phase == TURN)
            return True
        return super().check_game_action(action, parameters)

    # -- results ---------------------------------------------------------------------------

    def summary(self) -> str:
        st = self.state
        if st.solo:
            head = f"TOWN 77 solo deal {self.save.seed}: {st.placed}/49"
            return f"{head}, {level_for(st.placed)}" if st.over else f"{head} placed"
        head = f"TOWN 77 deal {self.save.seed}, {st.seats} players"
        if st.over and st.outcome:
            winner = st.outcome.winners[0]
            return f"{head}: {self.seat_name(winner)} won"
        return f"{head}: {st.placed}/49 placed, bag {st.bag_count}"

    def finish(self) -> None:
        if self.state.solo and not self.match.counted:
            try:
                stats, _ = self.houses.store.read_stats()
                self._best_before = stats.get(self.game_id).best.get("most_tiles_placed")
            except Exception:  # the stats are a nicety here: never block the end
                self._best_before = None
        super().finish()

    def result_lines(self) -> list[str]:
        st = self.state
        if st.solo:
            n = st.placed
            low = max(lo for lo, _ in LEVELS if lo <= n)
            nxt = next(((lo, name) for lo, name in LEVELS if lo > n), None)
            line = f"Level: {level_for(n)} (from {low} tiles)."
            if nxt is not None:
                line += f" {nxt[0] - n} more for {nxt[1]}."
            lines = [line]
            best = self._best_before
            if best is None:
                lines.append("Your first TOWN 77 solo result in the statistics.")
            elif n > best:
                lines.append(f"A new personal best! (was {best:g}, {level_for(int(best))})")
            else:
                lines.append(f"Your best: {best:g} ({level_for(int(best))}).")
            return lines
        left = [s for s, _ in st.left]
        lines = []
        for s in sorted(range(st.seats), key=lambda s: (len(st.racks[s]), -left.index(s) if s in left else 0)):
            out = f", out {ordinal(left.index(s) + 1)}" if s in left else ""
            lines.append(f"{self.seat_name(s)}: {plural(len(st.racks[s]))} in hand{out}")
        return lines
