"""HOUSE RULES: the 6x7 board, both players' totals and captured pawns, the cards
in hand and in force, and every pending decision, all by keyboard.

A turn is a few small decisions, as the engine asks for them:

    before   choose a pawn on the board (its legal moves light up), then where it
             goes; or play a card first (cards zone: enter, enter again to confirm);
             p passes when no move is possible
    upgrade  a pawn reached the far row: the list asks +1 or which captured pawn
             comes back, then the board lights the cells it may come back on
    after    play a card, place a change marker (Change in force: the legal cells
             light up, enter twice), or e ends the turn

Tab and shift+tab move between the board, the choices of an upgrade and the cards.
The cursor on a card shows its full text under the board; the cursor on a pawn the
selected pawn can attack shows both strengths and why.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Static

from core.house_rules import CARD_BY_ID, EndTurn, Move, Pass, PlaceMarker, PlayCard, Revive, Swap, TakeBonus
from core.house_rules.board import CELL_INDEX, CELL_NAMES, FILES
from core.house_rules.state import HouseRulesState
from tui.games.base import GameScreen
from tui.games.choice import Part
from tui.games.origin import origin
from tui.games.house_rules.choice import HouseRulesChoice
from tui.games.house_rules.info import InfoPanel, card_info, cell_info, choice_info, move_targets, reach
from tui.games.house_rules.pieces import (
    CHIP,
    COLOUR_LETTER,
    COLOUR_WORD,
    MARKER,
    SHAPES,
    card_label,
    kind_name,
    lost_text,
    paint_cell,
)
from tui.widgets.board import BoardGrid, CellPaint, grow_cells
from tui.widgets.choices import ChoiceList
from tui.widgets.log import GameLog

CELL_W, CELL_H = 6, 2
# A larger terminal gives larger cells, up to 12x4 (the board 86x25); from 10 columns a
# cell names its pawn in full. The right side keeps 38 columns, the lines under the
# board (information, log) and the screen's own lines 11 rows.
BIG_W = 10
LARGEST = (12, 4)
RIGHT_W, OTHER_ROWS = 38, 11
ROWS, COLS = 6, 7


class HouseRulesScreen(GameScreen[HouseRulesState]):
    game_id = "house-rules"
    CSS_PATH = "house_rules.tcss"

    # A choice half-made: a hint sets it, escape puts it back (tui/games/hints.py).
    choice = var(HouseRulesChoice())
    sel, card_pending = Part[int | None](), Part[str | None]()
    marker_pending, revive_base = Part[int | None](), Part[int | None]()
    BINDINGS = [
        Binding("e", "end_turn", "End turn", id="hr.end_turn", tooltip="end the turn"),
        Binding("p", "pass_turn", "Pass", id="hr.pass", tooltip="pass the turn"),
        Binding("escape", "back_out", "Back", id="hr.back", tooltip="drop the pawn or card chosen"),
    ]

    def __init__(self, save, state, replay: bool = False) -> None:
        super().__init__(save, state, replay)
        # Undo steps back over a bot's reply; between two people it would undo the other's move.
        self.UNDO = any(s.kind == "bot" for s in save.seats)
        humans = self.humans
        # One person playing Black sees the board from Black's side.
        self.flipped = len(humans) == 1 and humans[0] == 1
        self._view: Any = None
        self._legal: list[Any] = []
        self.recent: list[Any] = []  # the actions of the latest turn, to highlight them
        self._recent_seat: int | None = None
        self._recent_cursor = -1
        self._ui_key: tuple | None = None
        self._phase_seen: tuple | None = None

    def hides_hands(self) -> bool:
        return False  # both hands are open: nothing to hide, no hand-over

    # -- geometry --------------------------------------------------------------------

    def index_of(self, cell: tuple[int, int]) -> int:
        row, col = cell
        if self.flipped:
            return row * COLS + (COLS - 1 - col)
        return (ROWS - 1 - row) * COLS + col

    def cell_of(self, index: int) -> tuple[int, int]:
        rank, file = divmod(index, COLS)
        if self.flipped:
            return rank, COLS - 1 - file
        return ROWS - 1 - rank, file

    # -- layout ----------------------------------------------------------------------

    def compose_game(self) -> ComposeResult:
        ascii = self.houses.glyphs.ascii
        ranks = [str(r + 1) for r in range(ROWS)]
        files = list(FILES)
        if self.flipped:
            files.reverse()
        else:
            ranks.reverse()
        yield Static("", id="hr-title", classes="screen-title", markup=False)
        with Horizontal(id="hr-main"):
            with Vertical(id="hr-left"):
                board = BoardGrid(ROWS, COLS, self.paint, cell_width=CELL_W, cell_height=CELL_H,
                                  row_labels=ranks, col_labels=files, ascii=ascii, id="board")
                yield board
                yield InfoPanel("", id="hr-info", markup=False)
                yield GameLog(id="log")
            with Vertical(id="hr-right"):
                yield Static("", id="hr-players", markup=False)
                choices = ChoiceList(id="hr-choices")
                yield choices
                yield Static("Cards", id="hr-cards-title", classes="panel-title", markup=False)
                cards = ChoiceList(id="hr-cards")
                yield cards
        # A replay is read-only: nothing takes the focus (left and right step the replay).
        # Set before mounting, or the screen's first focus would land on the board.
        for widget in (board, choices, cards):
            widget.can_focus = not self.replay

    @staticmethod
    def legend(glyphs) -> str:
        """What the board's marks mean (Markdown, for the help screen)."""
        ascii = glyphs.ascii
        white4, black4 = ("W4", "B4") if ascii else (f"W{SHAPES[0][4]}4", f"B{SHAPES[1][4]}4")
        return ("## On the screen\n\n"
                f"- A pawn is its colour letter, its shape and its value: `{white4}` a White value-4 pawn, "
                f"`{black4}` a Black one; `+` after it: its +1 upgrade, `*`: upgrade used.\n"
                f"- Bottom-left corner of a cell: `{glyphs['dot']}` a black cell, "
                f"`{MARKER[ascii]}` a change marker (the cell counts as the other colour).\n"
                "- `'` at the right of a cell: the last turn's moves.\n")

    def on_mount(self) -> None:
        # Textual then calls GameScreen.on_mount itself (handlers run along the MRO),
        # so it is not called here: it would draw and serve the first decider twice.
        board = self.query_one(BoardGrid)
        board.read_only = self.replay
        # The cursor starts on the home row of the person at the keyboard.
        side = self.viewer if self.viewer is not None else 0
        board.set_reactive(BoardGrid.cursor, self.cell_of(3 if side == 0 else 38))
        self.watch(board, "cursor", self._cursor_moved, init=False)
        # Textual leaves the footer as it was while the terminal has no focus, and a
        # key that brings the focus back does not redraw it: do it then.
        self.watch(self.app, "app_focus", self._app_focus, init=False)
        if not self.replay:
            board.focus()
            self._recall()
        self._fit_size()

    def _recall(self) -> None:
        """On opening a saved game: mark the last turn (the moves the last player made
        in a row) as `on_played` marked it when it was played."""
        cursor = self.save.cursor
        if cursor == 0:
            return
        steps = self.match.steps()
        movers = steps.seats
        if len(movers) < cursor:  # a seat at a shared table: the host keeps the moves
            return
        start = cursor - 1
        while start > 0 and movers[start - 1] == movers[cursor - 1]:
            start -= 1
        self.recent = list(steps.actions[start:cursor])
        self._recent_seat, self._recent_cursor = movers[cursor - 1], cursor

    def on_resize(self, event) -> None:
        if self._fit_size():
            self.query_one(BoardGrid).refresh()
        if self._view is not None:
            self._draw_title()

    def _fit_size(self) -> bool:
        """A large terminal gets a large board; the panels share what is left. True
        if the cells changed."""
        width, height = self.app.size
        board = self.query_one(BoardGrid)
        if not grow_cells(board, width - RIGHT_W, height - OTHER_ROWS, (CELL_W, CELL_H), LARGEST):
            return False
        self.query_one("#hr-left").styles.width = board.label_w + COLS * board.cell_w + 1
        return True

    def _app_focus(self, focus: bool) -> None:
        if focus and self.is_current:
            self.refresh_bindings()

    # -- drawing ---------------------------------------------------------------------

    def redraw(self) -> None:
        view = self._view = self.shown()
        # A new position (a move, undo, redo, a replay step): half-made choices go.
        key = (self.save.cursor, self.replay_at if self.replay else None, view.turn, view.phase)
        if key != self._ui_key:
            self._ui_key = key
            self.choice = HouseRulesChoice()
        if self._recent_cursor != self.save.cursor and not self.replay:
            self.recent, self._recent_seat = [], None
        if self.replay:
            self.recent = [self.last_action] if self.last_action is not None else []
        mine = self._my_turn()
        self._legal = view.legal_actions() if mine else []
        self._draw_title()
        self._draw_players()
        self._draw_choices()
        self._draw_cards()
        self.query_one(GameLog).set_lines(view.log)
        self._update_marks()
        self.query_one(BoardGrid).refresh()
        self._describe()
        self._follow_phase()
        self.refresh_bindings()  # every step's key in the footer, whatever brought the step

    def _my_turn(self) -> bool:
        return self._view is not None and self.my_turn()  # (GameScreen.my_turn: never a watcher's)

    def _draw_title(self) -> None:
        self.query_one("#hr-title", Static).update(self._title_text(self.app.size.width))

    def _title_text(self, width: int) -> str:
        """The title line, fitted to `width`: closer spacing first, then without the
        game number (the saves list has it), and only then cut with an ellipsis."""
        view = self._view
        w, b = view.totals()
        game = origin(self, "game", str(self.save.seed))
        parts = ["HOUSE RULES", game, f"turn {view.turn}", f"White {w} : {b} Black"]
        if view.over:
            parts.append("over")
        elif view.to_move is not None:
            parts.append(f"{COLOUR_WORD[view.to_move]} to play")
        text = ""
        for gap, keep in (("   ", parts), ("  ", parts), ("  ", parts[:1] + parts[2:])):
            text = " " + gap.join(keep)
            if len(text) <= width:
                return text
        dots = self.houses.glyphs["ellipsis"]
        return text[: max(0, width - len(dots))] + dots

    def _draw_players(self) -> None:
        view = self._view
        ascii = self.houses.glyphs.ascii
        totals = view.totals()
        out = Text()
        for colour in (0, 1):
            arrow = self.houses.glyphs["arrow_e"] if view.to_move == colour else " "
            name = self.seat_name(colour)
            head = Text(f"{arrow} ")
            head.append(f" {COLOUR_LETTER[colour]} ", style=CHIP[colour])
            who = f" {COLOUR_WORD[colour]}  {name}"
            if len(who) > 21:  # shortened on purpose (a space before "total" stays)
                who = who[: 21 - len(self.houses.glyphs["ellipsis"])] + self.houses.glyphs["ellipsis"]
            head.append(who.ljust(22))
            head.append(f"total {totals[colour]:>2}", style="bold")
            out.append_text(head)
            out.append("\n    lost ")
            out.append_text(lost_text(view.captured(colour), ascii))
            out.append("\n")
        last_stand = "last-stand" in view.cards_in_force
        lose, lead = (4, 10) if last_stand else (6, 8)
        le = "<=" if ascii else "≤"
        out.append(f"Lose at {le}{lose}; a lead of {lead}+ wins", style="dim")
        self.query_one("#hr-players", Static).update(out)

    def _draw_choices(self) -> None:
        """The upgrade decision as a short list (shown only while one is pending)."""
        view = self._view
        choices = self.query_one("#hr-choices", ChoiceList)
        if view.over or view.phase != "upgrade":
            choices.display = False
            choices.set_items([])
            return
        choices.display = True
        side = view.to_move
        pending = self._pending_cell()
        pawn = view.pawn_at(pending) if pending is not None else None
        items: list[tuple[str | None, Any, bool]] = []
        where = f" on {CELL_NAMES[pending]}" if pending is not None else ""
        items.append((None, f"Upgrade: the {pawn.kind if pawn else 'pawn'}{where}", False))
        actions = view.legal_actions()
        if any(type(a) is TakeBonus for a in actions):
            value = pawn.value + 1 if pawn else "+1"
            items.append(("bonus", f"  +1: it becomes value {value}", True))
        bases = sorted({a.pawn for a in actions if type(a) is Revive})
        for base in bases:
            cells = [a.cell for a in actions if type(a) is Revive and a.pawn == base]
            mark = self.houses.glyphs["to"]
            # A long line wraps in the list (it was cut at 34 characters).
            label = Text(f"  Bring back the {kind_name(side, base)} ({base}) {mark} {', '.join(cells)}")
            if self.revive_base == base:
                label.stylize("bold reverse")
            items.append((f"revive-{base}", label, True))
        choices.set_items(items)

    def _pending_cell(self) -> int | None:
        """The cell of the pawn waiting for its upgrade (the state's pending decision)."""
        pending = getattr(self._view, "pending", -1)
        return pending if isinstance(pending, int) and pending >= 0 else None

    def _draw_cards(self) -> None:
        view = self._view
        cards = self.query_one("#hr-cards", ChoiceList)
        title = self.query_one("#hr-cards-title", Static)
        mode = view.options.cards
        new = {a.card for a in self.recent if type(a) is PlayCard}
        items: list[tuple[str | None, Any, bool]] = []

        def entry(cid: str, lead: str) -> tuple[str, Text, bool]:
            text = Text(f"{lead}{card_label(cid)}")
            if cid in new:
                text.append(" new", style="bold")
            if cid == self.card_pending:
                text = Text(f"{self.houses.glyphs['arrow_e']} {card_label(cid)}  play? enter", style="bold reverse")
            return cid, text, True

        if mode == "none":
            title.update("Cards: none (base rules only)")
            cards.set_items([(None, "No House Rules cards in this game.", False)])
            return
        force = list(view.cards_in_force)
        if mode == "random":
            title.update(f"Cards in force all game ({len(force)})")
            cards.set_items([entry(cid, "") for cid in force])
            return
        title.update("Cards")
        items.append((None, f"In force ({len(force)})" if force else "In force: none yet", False))
        items.extend(entry(cid, "  ") for cid in force)
        for colour in (0, 1):
            hand = view.hands[colour]
            who = f"{COLOUR_WORD[colour]}'s hand"
            items.append((None, f"{who} ({len(hand)})" if hand else f"{who}: empty", False))
            items.extend(entry(cid, "  ") for cid in sorted(hand, key=lambda c: CARD_BY_ID[c].number))
        cards.set_items(items)

    # -- the board -------------------------------------------------------------------

    def paint(self, row: int, col: int) -> CellPaint:
        board = self.query_one(BoardGrid)
        if self._view is None:
            return CellPaint((((" " * board.cell_w, None),),) * board.cell_h)
        return paint_cell(self._view, self.index_of((row, col)), board.cell_w, board.cell_h, self.houses.glyphs,
                          board.cell_w >= BIG_W)

    def _update_marks(self) -> None:
        view = self._view
        board = self.query_one(BoardGrid)
        marks: dict[tuple[int, int], str] = {}
        for a in self.recent:
            for name in self._action_cells(a):
                marks[self.cell_of(CELL_INDEX[name])] = "last"
        if self._my_turn():
            phase = view.phase
            if phase == "before" and self.sel is not None:
                mover = view.pawn_at(self.sel)
                targets = move_targets(self._legal, self.sel)
                for j in reach(view, self.sel):
                    other = view.pawn_at(j)
                    if other is not None and mover is not None and other.colour != mover.colour and j not in targets:
                        marks[self.cell_of(j)] = "bad"
                for j in targets:
                    marks[self.cell_of(j)] = "target"
                marks[self.cell_of(self.sel)] = "chosen"
            elif phase == "upgrade" and self.revive_base is not None:
                for a in self._legal:
                    if type(a) is Revive and a.pawn == self.revive_base:
                        marks[self.cell_of(CELL_INDEX[a.cell])] = "target"
            elif phase == "after":
                for a in self._legal:
                    if type(a) is PlaceMarker:
                        marks[self.cell_of(CELL_INDEX[a.cell])] = "target"
                if self.marker_pending is not None:
                    marks[self.cell_of(self.marker_pending)] = "chosen"
        board.set_marks(marks)

    @staticmethod
    def _action_cells(action: Any) -> list[str]:
        t = type(action)
        if t is Move:
            return [action.src, action.dst]
        if t is Swap:
            return [action.a, action.b]
        if t is Revive or t is PlaceMarker:
            return [action.cell]
        return []

    def _cursor_moved(self, cell: tuple[int, int]) -> None:
        if self._view is not None and self.focused is self.query_one(BoardGrid):
            self._describe()

    # -- the information panel under the board ----------------------------------------

    def _describe(self) -> None:
        focused, info = self.focused, self.query_one(InfoPanel)
        if isinstance(focused, ChoiceList) and focused.id == "hr-cards":
            cid = focused.current_id
            info.show(card_info(self._view, cid, self._my_turn()))
        elif isinstance(focused, ChoiceList) and focused.id == "hr-choices":
            info.show(choice_info(self._view, focused.current_id))
        else:
            i = self.index_of(self.query_one(BoardGrid).cursor)
            info.show(cell_info(self._view, i, self._my_turn(), self._legal, self.sel, self.revive_base))

    # -- following the turn ------------------------------------------------------------

    def _follow_phase(self) -> None:
        """On every new decision, put the focus where it is made: an upgrade in the
        list, anything else on the board (a move, a change marker; after a card is
        played the cards list keeps no focus, or arrows would go on choosing cards)."""
        view = self._view
        key = (self.save.cursor, view.phase)
        if key == self._phase_seen or self.replay:
            return
        self._phase_seen = key
        if not self._my_turn():
            return
        if view.phase == "upgrade":
            self.query_one("#hr-choices", ChoiceList).focus()
        else:
            self.query_one(BoardGrid).focus()

    def _show_cursor(self) -> None:
        """The board draws its cursor only while it has the focus: one cursor on screen."""
        board = self.query_one(BoardGrid)
        hide = self.replay or self.focused is not board
        if board.read_only != hide:
            board.read_only = hide
            board.refresh_cells([board.cursor])

    def on_descendant_blur(self, event) -> None:
        self._show_cursor()

    def on_descendant_focus(self, event) -> None:
        self._show_cursor()
        # Reading the cards: their texts take the place of the log under the board.
        reading = self.focused is self.query_one("#hr-cards", ChoiceList)
        log = self.query_one(GameLog)
        if log.display == reading:  # a style on two widgets: no restyle of the whole screen
            log.display = not reading
            self.query_one("#hr-info", Static).styles.min_height = 8 if reading else 4
        if self._view is not None:
            self._describe()

    def on_option_list_option_highlighted(self, event: ChoiceList.OptionHighlighted) -> None:
        if self._view is not None and event.option_list is self.focused:
            self._describe()

    def say_game_prompt(self) -> None:
        state = self.state
        if self.replay or state.over or self.is_bot(state.to_move):
            super().say_game_prompt()
            return
        prompt = state.prompt
        if len(self.humans) > 1:
            prompt = f"{self.mover_name(state)} {self.houses.glyphs['bullet']} {prompt}"
        self.say(prompt)

    # -- choosing on the board -----------------------------------------------------------

    def on_board_grid_selected(self, event: BoardGrid.Selected) -> None:
        if self.replay or self.state.over:
            return
        view = self._view
        if not self._my_turn():
            self.say(self.wait_words(), error=True)
            return
        i = self.index_of(event.cell)
        name = CELL_NAMES[i]
        phase = view.phase
        if phase == "upgrade":
            if self.revive_base is None:
                self.say("First choose +1 or which pawn comes back, in the list.", error=True)
                self.query_one("#hr-choices", ChoiceList).focus()
                return
            self._submit(Revive(self.revive_base, name))
            return
        if phase == "after":
            action = PlaceMarker(name)
            if action not in self._legal:
                if "change" not in view.cards_in_force or view.markers_left == 0:
                    self.say("You have moved: play a card (tab to the cards) or end your turn (e).", error=True)
                else:
                    self.say(view.check(action) or "Not here.", error=True)
                return
            if self.marker_pending == i:
                self._submit(action)
                return
            self.marker_pending = i
            self._update_marks()
            self.refresh_bindings()
            self.say(f"Change marker on {name}? Enter again places it and ends your turn; escape cancels.")
            return
        # phase "before": choose a pawn, then where it goes.
        pawn = view.pawn_at(i)
        if self.sel is None or i == self.sel:
            if i == self.sel:
                self.action_back_out()
                return
            self._choose_pawn(i, pawn)
            return
        src = CELL_NAMES[self.sel]
        targets = move_targets(self._legal, self.sel)
        if targets.get(i) == "swap":
            self._submit(Swap(src, name))
            return
        if pawn is not None and pawn.colour == view.to_move:
            self._choose_pawn(i, pawn)
            return
        self._submit(Move(src, name))

    def _choose_pawn(self, i: int, pawn) -> None:
        view = self._view
        name = CELL_NAMES[i]
        if pawn is None:
            self.say(f"{name} is empty: choose one of your pawns ({COLOUR_WORD[view.to_move]}).", error=True)
            return
        if pawn.colour != view.to_move:
            self.say(f"The {pawn.kind} on {name} is not yours: you play {COLOUR_WORD[view.to_move]}.", error=True)
            return
        moves = view.moves_from(name)
        if not moves:
            self.say(f"The {pawn.kind} on {name} has no legal move.", error=True)
            return
        self.sel = i
        self._update_marks()
        self._describe()
        self.refresh_bindings()
        n = len(moves)
        self.say(f"{pawn.kind.capitalize()} on {name}: {n} legal move{'s' if n != 1 else ''} (marked). "
                 "Choose where, or escape.")

    def _submit(self, action: Any) -> None:
        if self.submit(action):
            self.choice = HouseRulesChoice()
            self.redraw()
        else:
            self._describe()

    # -- the cards and the upgrade list --------------------------------------------------

    def on_option_list_option_selected(self, event: ChoiceList.OptionSelected) -> None:
        if self.replay or self.state.over:
            return
        if event.option_list.id == "hr-cards":
            self._choose_card(event.option_id)
        elif event.option_list.id == "hr-choices":
            self._choose_upgrade(event.option_id)

    def _choose_card(self, cid: str | None) -> None:
        view = self._view
        if cid is None or cid not in CARD_BY_ID:
            return
        if not self._my_turn():
            self.say(self.wait_words(), error=True)
            return
        action = PlayCard(cid)
        reason = view.check(action)
        if reason is not None:
            self.say(reason, error=True)
            self.app.bell()
            return
        if self.card_pending == cid:
            self._submit(action)
            return
        self.card_pending = cid
        self._draw_cards()
        self.refresh_bindings()
        when = "before your move" if view.phase == "before" else "after your move"
        self.say(f"Play {CARD_BY_ID[cid].name} {when}? Enter again to play it, escape to cancel.")

    def _choose_upgrade(self, item: str | None) -> None:
        if item == "bonus":
            self._submit(TakeBonus())
            return
        if item and item.startswith("revive-"):
            self.revive_base = int(item.split("-")[1])
            view = self._view
            cells = [CELL_INDEX[a.cell] for a in self._legal if type(a) is Revive and a.pawn == self.revive_base]
            self._draw_choices()
            self._update_marks()
            board = self.query_one(BoardGrid)
            if cells and self.index_of(board.cursor) not in cells:
                board.cursor = self.cell_of(cells[0])
            board.focus()
            self.refresh_bindings()
            kind = kind_name(view.to_move, self.revive_base)
            self.say(f"Bring back the {kind}: choose a marked cell ({', '.join(CELL_NAMES[c] for c in cells)}), "
                     "or escape.")

    # -- keys ----------------------------------------------------------------------------

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("end_turn", "pass_turn", "back_out", "zone"):
            if self.replay:
                return False
            if action == "zone":
                return True
            view = self._view
            if view is None or not self._my_turn():
                return False
            if action == "end_turn":
                return view.phase == "after"
            if action == "pass_turn":
                return any(type(a) is Pass for a in self._legal)
            if action == "back_out":
                return self.choice != HouseRulesChoice()
        return super().check_game_action(action, parameters)

    def action_end_turn(self) -> None:
        if self._my_turn():
            self._submit(EndTurn())

    def action_pass_turn(self) -> None:
        if self._my_turn():
            self._submit(Pass())

    def action_back_out(self) -> None:
        if self.card_pending is not None:
            self.card_pending = None
            self._draw_cards()
        elif self.marker_pending is not None:
            self.marker_pending = None
        elif self.revive_base is not None:
            self.revive_base = None
            self._draw_choices()
            self.query_one("#hr-choices", ChoiceList).focus()
        elif self.sel is not None:
            self.sel = None
        self._update_marks()
        self._describe()
        self.refresh_bindings()
        self.say_prompt()

    def zones(self) -> list[Widget]:
        zones: list[Widget] = [self.query_one(BoardGrid)]
        choices = self.query_one("#hr-choices", ChoiceList)
        if choices.display:
            zones.append(choices)
        zones.append(self.query_one("#hr-cards", ChoiceList))
        return zones

    def show_choice(self) -> None:
        """Draw all the choice half-made shows (the lists, the board's marks, the
        panel under it): after it was set from outside, by a hint or a review."""
        self._draw_choices()
        self._draw_cards()
        self._update_marks()
        self._describe()
        self.refresh_bindings()

    def show_hint(self, action: Any) -> str | None:
        from tui.games.house_rules.hint import show_hint

        return show_hint(self, action)

    def on_played(self, action: Any, seat: int | None, text: str) -> None:
        if seat != self._recent_seat:
            self.recent, self._recent_seat = [], seat
        self.recent.append(action)
        self._recent_cursor = self.save.cursor
        self.choice = HouseRulesChoice()
        self.refresh_bindings()

    # -- results ---------------------------------------------------------------------------

    def summary(self) -> str:
        state = self.state
        w, b = state.totals()
        if state.over and state.outcome:
            return f"HOUSE RULES: {state.outcome.reason}"
        return f"HOUSE RULES: White {w} : {b} Black, turn {state.turn}"

    def result_lines(self) -> list[str]:
        state = self.state
        w, b = state.totals()
        lines = [f"Totals: White {w}, Black {b}. Pawns captured: {len(state.captured(1))} Black, "
                 f"{len(state.captured(0))} White."]
        if state.cards_in_force:
            lines.append("In force at the end: " + ", ".join(CARD_BY_ID[c].name for c in state.cards_in_force) + ".")
        return lines
