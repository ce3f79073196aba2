"""HOUSES - Skirmish: the battlefield, the hands, the Barrows and the combat dialogue,
all by keyboard at 80x24.

Each player's ranks are a grid: the player themself in the first column (name, life,
hand), then four slots of front ranks and four of rear ranks. Opponents stand at the
top (rear ranks outermost), the person at the keyboard at the bottom (front ranks
facing them). Tab moves between the zones: your hand, your ranks, each opponent's
ranks, the Barrows and, when a decision offers a list, the choices.

A decision is made the way the engine asks for it, one small action at a time:

    deploy    enter on a hand card: its legal places light up (a new slot, a unit it
              may bond with, an opponent to scout); a card with one way to go is
              played at once. Enter on one of your units: return it, split it or bond
              it (once a turn). Enter on a soldier in the Barrows: the Necromancer
              summons it. e ends deployment.
    response  enter on a Jack, a Queen or the Ace of Diamonds plays it; e passes. With
              nothing that can answer, the pass is made for you.
    combat    enter on a ready unit, then on its target (a unit or the player's own
              cell); the planned attacks are listed on the right. e finishes.
    blocks    enter on one of your units, then on the attacker it stops (or the other
              way round); e finishes. When your last block resolves the combat and
              your turn follows, the result waits for e (Go on): an e pressed for
              the blocks never ends the deployment that follows.
    choices   variants, a Doppelganger's form, the Queen of Spades, who starts, the
              Ace of Hearts: a list on the right (enter chooses).

The digits 1-9 choose that card of the hand. The text of the card, unit or player
under the cursor is shown under your hand. Bots' moves are marked on the battlefield
(') and told in the status line; a resolved combat stays listed with its result.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static

from core.skirmish import actions as A
from core.skirmish.cards import KIND, NECROMANCER, SOLDIER, WORDS
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY, RESOLVE, RESPONSE, SETUP
from core.skirmish.units import C0, C1, VAR
from tui.games.base import GameScreen
from tui.games.skirmish.field import DIM, LIFE, card_label, card_rich, centred, fit, unit_lines
from tui.games.skirmish.log import SkirmishLog
from tui.games.skirmish.panels import PanelsMixin
from tui.games.skirmish.plan import PlanMixin, at_resolution
from tui.games.skirmish.words import CHOICE_TITLES, DONE_WORDS, FIELD_KINDS, PHASE_STEPS, WordsMixin
from tui.widgets.board import BoardGrid, CellPaint
from tui.widgets.choices import ChoiceList
from tui.widgets.fit import FitText
from tui.widgets.hand import HandBar

NARROW_W, WIDE_W = 10, 14
CELL_H, COMPACT_H = 3, 1


class SkirmishScreen(PanelsMixin, PlanMixin, WordsMixin, GameScreen):
    game_id = "skirmish"
    # Hidden hands and a shuffled deck: taking a move back would show what is coming.
    UNDO = False
    CSS_PATH = "skirmish.tcss"
    AUTO_FOCUS = "#sk-hand"

    BINDINGS = [
        Binding("e", "done('deploy')", DONE_WORDS["deploy"], id="sk.end_deploy"),
        Binding("e", "done('response')", DONE_WORDS["response"], id="sk.pass"),
        Binding("e", "done('attack')", DONE_WORDS["attack"], id="sk.end_attacks"),
        Binding("e", "done('block')", DONE_WORDS["block"], id="sk.end_blocks"),
        Binding("e", "done('second')", DONE_WORDS["second"], id="sk.no_second"),
        Binding("e", "go_on", "Go on", id="sk.go_on"),
        Binding("escape", "back_out", "Back", id="sk.back"),
        Binding("tab", "zone(1)", "Zone", id="sk.next_zone"),
        Binding("shift+tab", "zone(-1)", "Previous zone", id="sk.prev_zone", show=False),
        *[Binding(str(i + 1), f"card({i})", f"Card {i + 1}", id=f"sk.card_{i + 1}", show=False) for i in range(9)],
    ]

    def __init__(self, save, state, replay: bool = False) -> None:
        super().__init__(save, state, replay)
        self._view: Any = None
        self._legal: tuple[int, list] | None = None
        self._key: tuple | None = None
        self.order: list[int] = []          # the seat each grid shows, the bottom one last
        self.sel: tuple | None = None       # ("card", c) | ("unit", pos) | ("attacker", pos)
        self.targets: dict[tuple[int, int], list] = {}
        self.barrow_targets: dict[int, list] = {}
        self.offer: list | None = None      # actions offered in the choices list for a target
        self.choice_actions: list = []
        self.recent: list[tuple[int, int]] = []   # cells of the moves since you last decided
        self.recent_text: str = ""
        self.plan: list[Text] = []
        self.last_combat: tuple[int, list[Text]] | None = None
        self._log_len = 0
        self.compact = False
        self.cell_w = NARROW_W
        self._hold = False
        # A combat the person resolved themselves (their last block), their own next
        # step right after it: the result stays told until e, so an e pressed for the
        # step that just ended never ends the next one.
        self.read_first = False
        self._auto = False  # a pass made for the person (nothing could answer)
        self._grids: list[BoardGrid] = []
        self._cells: dict[tuple, CellPaint] = {}  # painted cells, until the position changes
        self._before: Any = None  # the position before the action being played

    # -- layout ------------------------------------------------------------------------

    def compose_game(self) -> ComposeResult:
        ascii = self.app.glyphs.ascii
        seats = self.state.seats
        yield Static("", id="sk-phase", classes="screen-title", markup=False)
        with Horizontal(id="sk-main"):
            with Vertical(id="sk-left"):
                for k in range(seats):
                    mine = k == seats - 1
                    yield BoardGrid(2, 5, lambda r, c, k=k: self.paint(k, r, c), cell_width=NARROW_W,
                                    cell_height=CELL_H, ascii=ascii, id=f"sk-grid-{k}",
                                    classes="sk-grid -mine" if mine else "sk-grid -theirs")
                with Horizontal(id="sk-hand-row"):
                    yield Static("", id="sk-hand-title", markup=False)
                    yield HandBar(empty_text="(no cards in hand)", id="sk-hand")
                yield FitText("", more="? all", id="sk-card", markup=False)
            with Vertical(id="sk-right"):
                yield Static("", id="sk-barrows-title", classes="sk-panel-title", markup=False)
                yield ChoiceList(id="sk-barrows")
                yield Static("", id="sk-choices-title", classes="sk-panel-title", markup=False)
                yield ChoiceList(id="sk-choices")
                yield Static("", id="sk-plan", markup=False)
                yield SkirmishLog(id="sk-log")

    @property
    def grids(self) -> list[BoardGrid]:
        if not self._grids:
            self._grids = [self.query_one(f"#sk-grid-{k}", BoardGrid) for k in range(self.state.seats)]
        return self._grids

    @property
    def hand_bar(self) -> HandBar:
        return self.query_one("#sk-hand", HandBar)

    @property
    def choices(self) -> ChoiceList:
        return self.query_one("#sk-choices", ChoiceList)

    @property
    def barrows(self) -> ChoiceList:
        return self.query_one("#sk-barrows", ChoiceList)

    def on_mount(self) -> None:
        for grid in self.grids:
            grid.read_only = self.replay
            grid.can_focus = not self.replay
            self.watch(grid, "cursor", self._cursor_watcher(grid), init=False)
        self.watch(self.hand_bar, "cursor", self._hand_cursor, init=False)
        # Textual leaves the footer as it was while the terminal has no focus, and a
        # key that brings the focus back does not redraw it: do it then.
        self.watch(self.app, "app_focus", self._app_focus, init=False)
        if self.replay:
            self.hand_bar.can_focus = False
            self.choices.can_focus = False
            self.call_after_refresh(self.set_focus, None)  # arrows step through the game
        else:
            self._recall()
            self.query_one(SkirmishLog).step = min(0.25, self.app.bot_delay / 3)
        self._fit_size()
        # GameScreen.on_mount follows: Textual calls each class's handler along the MRO.

    def _recall(self) -> None:
        """On opening a saved game: mark what happened since the person at the keyboard
        last decided (the log lines and the places of the moves), as if they had watched."""
        cursor = self.save.cursor
        if cursor == 0:
            return
        steps = []
        last = None  # (step, position) of the latest combat, as it resolved
        for step in self.match.steps().walk(0, cursor):
            seat, action, state = step.seat, step.action, step.before
            log_before = len(state.log)
            cells = self._cells_before(action, seat, state)
            passing = state.phase == RESPONSE and not state.pending and isinstance(action, A.Done)
            if state.phase in (ATTACK, BLOCK, RESOLVE):  # only there can a move resolve attacks
                resolved = at_resolution(state, action)
                last = (len(steps), resolved) if resolved is not None else last
            steps.append((None if passing else seat, log_before, cells + self._cells_after(action, seat, step.after)))
        mine = [i for i, step in enumerate(steps) if step[0] == self.viewer]
        start = mine[-1] if mine else 0
        if last is not None and last[0] >= start:  # a combat since you last decided
            self.last_combat = self.combat_box(last[1].view(self.viewer))
        self.query_one(SkirmishLog).new_from = steps[start][1]
        for _, _, cells in steps[start:]:
            for cell in cells:
                if cell not in self.recent:
                    self.recent.append(cell)

    def _app_focus(self, focus: bool) -> None:
        if focus and self.is_current:
            self.refresh_bindings()

    def _hand_cursor(self) -> None:
        if self.focused is self.hand_bar:
            self._hand_moved()

    def _cursor_watcher(self, grid: BoardGrid):
        return lambda: self._cursor_moved(grid)

    def on_resize(self, event) -> None:
        if self._fit_size():
            self.redraw()

    def _fit_size(self) -> bool:
        """Cells grow on a wide terminal; opponents' ranks shrink to one line a rank
        when three or four players do not fit the height. True if anything changed."""
        width, height = self.app.size
        seats = self.state.seats
        cell_w = WIDE_W if width >= 110 else NARROW_W
        compact = seats > 2 and seats * (2 * CELL_H + 1) + 8 > height
        if (cell_w, compact) == (self.cell_w, self.compact) and self.grids[0].cell_w == cell_w:
            return False
        self.cell_w, self.compact = cell_w, compact
        for k, grid in enumerate(self.grids):
            grid.cell_w = cell_w
            grid.cell_h = COMPACT_H if compact and k < seats - 1 else CELL_H
            grid.refresh(layout=True)
        self.query_one("#sk-left").styles.width = 5 * cell_w
        self.barrows.styles.max_height = 3 if height < 32 else 8
        return True

    # -- who is where ------------------------------------------------------------------

    @property
    def me(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def _order(self) -> list[int]:
        me = self.me
        n = self.state.seats
        return [(me + i) % n for i in range(1, n)] + [me]

    def cell_pos(self, k: int, cell: tuple[int, int]) -> int:
        row, col = cell
        if col == 0:
            return -1
        mine = k == len(self.order) - 1
        front = row == 0 if mine else row == 1
        return col - 1 if front else 4 + col - 1

    def pos_cell(self, k: int, pos: int) -> tuple[int, int]:
        if pos < 0:
            return (0, 0)
        mine = k == len(self.order) - 1
        front = pos < 4
        row = (0 if front else 1) if mine else (1 if front else 0)
        return (row, pos % 4 + 1)

    def grid_of(self, seat: int) -> int:
        return self.order.index(seat)

    # -- who decides -------------------------------------------------------------------

    def my_turn(self) -> bool:
        st = self.state
        return (not self.replay and not st.over and st.to_move is not None
                and not self.is_bot(st.to_move) and st.to_move == self.viewer)

    def legal(self) -> list:
        if not self.my_turn():
            return []
        if self._legal is None or self._legal[0] != self.save.cursor:
            self._legal = (self.save.cursor, self.state.legal_actions())
        return self._legal[1]

    def pending_kind(self) -> str | None:
        view = self._view or self.state
        return view.pending[-1][0] if view.pending else None

    # -- drawing -----------------------------------------------------------------------

    def redraw(self) -> None:
        view = self._view = self.shown()
        self.order = self._order()
        key = (self.replay_at if self.replay else self.save.cursor, self.viewer, self.replay)
        fresh = key != self._key
        if fresh:
            self._key = key
            self.sel, self.offer = None, None
        self._compute_targets()
        self._draw_phase()
        self._draw_hand()
        self._draw_barrows()
        self._draw_choices()
        self._draw_plan()
        log = self.query_one(SkirmishLog)
        if self.replay:
            # Stepping forward marks what the step did; stepping back marks nothing.
            log.new_from = self._log_len if len(view.log) > self._log_len else len(view.log)
        log.set_lines([self.named(line) for line in view.log])
        self._log_len = len(view.log)
        self._draw_field()
        if (fresh or self.focused is None or not self.focused.display) and not self.replay:
            self._settle_focus()
        self._describe_cursor()
        self.refresh_bindings()  # every step's key in the footer, whatever brought the step

    def _draw_phase(self) -> None:
        """The phase bar: the turn, whose it is, the phases with the current one in
        capitals and brackets, and who is asked what. On a narrow screen the other
        phases shrink to their initials before anything is cut, and what is still too
        long ends in an ellipsis (the status line has it in full)."""
        view = self._view
        width = self.app.size.width
        self.query_one("#sk-phase", Static).update(self._phase_text(view, width))

    def _phase_text(self, view, width: int) -> Text:
        if view.over:
            text = Text(" ")
            text.append("Skirmish: game over", style="bold")
            if view.outcome:
                text.append("  " + view.outcome.reason)
            return self._shorten(text, width - 1)
        ask = self.asked()
        if view.final is not None:
            ask = f"SUDDEN DEATH {ask}"
        text = Text(" ")
        for initials in (False, True):
            text = Text(" ")
            if view.phase == SETUP:
                text.append("Skirmish: advantage draw", style="bold")
            else:
                text.append(f"T{view.turn} {self.short_name(view.cur, 8)} ", style="bold")
                steps = PHASE_STEPS if width >= 100 else PHASE_STEPS[2:]
                for name, phase in steps:
                    if phase is not None and phase == view.phase:
                        text.append(f"[{name.upper()}]", style="bold reverse")
                    else:
                        text.append(name[0] if initials else name, style="dim")
                    text.append(" ")
            if len(text) + len(ask) + 3 <= width:
                break
        room = width - len(text) - 3
        if ask:
            if len(ask) > room and view.final is not None:
                ask = "SUDDEN DEATH"
            short = self._shorten(Text(ask, style="bold"), max(0, room))
            text.append(" " * max(1, room - len(short)))
            text.append_text(short)
        return text

    def _shorten(self, text: Text, room: int) -> Text:
        """`text` cut to `room` characters on purpose: ending in an ellipsis."""
        if len(text) <= room:
            return text
        dots = self.app.glyphs["ellipsis"]
        out = text[: max(0, room - len(dots))]
        out.append(dots)
        return out

    def _draw_hand(self) -> None:
        view = self._view
        glyphs = self.app.glyphs
        hand = view.hands[self.me]
        legal = self.legal()
        usable = {a.card for a in legal if isinstance(a, (A.Deploy, A.Scout))}
        items = []
        for c in hand:
            t = card_rich(c, glyphs)
            if legal and c not in usable:
                t.stylize("dim")
            items.append(t)
        chosen = hand.index(self.sel[1]) if self.sel and self.sel[0] == "card" and self.sel[1] in hand else None
        self.hand_bar.set_items(items, chosen)
        self.query_one("#sk-hand-title", Static).update(Text(f"Hand {len(hand)}", style="bold"))

    def _draw_barrows(self) -> None:
        view = self._view
        glyphs = self.app.glyphs
        title = Text(f"Deck {len(view.deck)}  Barrows {len(view.up)} up", style="bold")
        if view.down:
            title.append(f" {len(view.down)} down", style="bold")
        self.query_one("#sk-barrows-title", Static).update(title)
        items: list[tuple[str | None, Text | str, bool]] = []
        for c in reversed(view.up):
            t = card_rich(c, glyphs)
            mark = glyphs["bullet"] if c in self.barrow_targets else " "
            t = Text(mark) + t + Text(" " + WORDS[c].removeprefix("the "), style="")
            items.append((f"c{c}", t, True))
        if not items:
            items.append((None, "(empty)", False))
        self.barrows.set_items(items)

    def _draw_choices(self) -> None:
        """The list of what may be chosen now, when the decision is one from a list."""
        view = self._view
        actions: list = []
        title = ""
        kind = self.pending_kind()
        if self.offer:
            actions, title = self.offer, "Choose"
        elif kind is not None and self.my_turn():
            actions, title = self.legal(), CHOICE_TITLES.get(kind, "Choose")
        elif self.sel and self.sel[0] == "unit" and view.phase == DEPLOY and self.my_turn():
            actions = [a for a in self.legal() if isinstance(a, (A.Return, A.Split, A.Bond))
                       and a.pos == self.sel[1]]
            title = "Redeploy"
        elif self.sel and self.sel[0] == "card" and self.my_turn():
            actions = [a for a in self.legal() if isinstance(a, (A.Deploy, A.Scout)) and a.card == self.sel[1]]
            title = "Play"
        self.choice_actions = actions
        show = bool(actions)
        items = [(f"a{i}", self.action_words(a), True) for i, a in enumerate(actions)]
        self.query_one("#sk-choices-title", Static).update(Text(title, style="bold"))
        self.query_one("#sk-choices-title").display = show
        self.choices.display = show
        if show:
            self.choices.set_items(items)

    # -- the field ---------------------------------------------------------------------

    def _field_marks(self) -> dict[tuple[int, int], str]:
        marks: dict[tuple[int, int], str] = {}
        view = self._view
        for cell in self.recent:
            marks[cell] = "last"
        if view.phase in (ATTACK, BLOCK, RESOLVE):
            for apos, q, tpos, q2, tpos2, bpos in view.attacks:
                marks[(view.cur, apos)] = "chosen"
                if bpos >= 0:
                    marks[(q, bpos)] = "chosen"
        if self.sel and self.sel[0] == "unit":
            marks[(self.me, self.sel[1])] = "chosen"
        elif self.sel and self.sel[0] == "attacker":
            marks[(self._view.cur, self.sel[1])] = "chosen"
        for key in self.targets:
            marks[key] = "target"
        return marks

    def _draw_field(self) -> None:
        marks = self._field_marks()
        per_grid: list[dict] = [{} for _ in self.order]
        for (seat, pos), mark in marks.items():
            if seat in self.order:
                k = self.grid_of(seat)
                per_grid[k][self.pos_cell(k, pos)] = mark
        self._cells.clear()
        for k, grid in enumerate(self.grids):
            grid.marks = per_grid[k]
            grid.refresh()

    def paint(self, k: int, row: int, col: int) -> CellPaint:
        """A cell of grid `k` (the board asks once a line; painted once a position)."""
        grid = self.grids[k]
        key = (k, row, col, grid.cell_w, grid.cell_h)
        cell = self._cells.get(key)
        if cell is None:
            cell = self._cells[key] = self._paint(k, row, col, grid.cell_w, grid.cell_h)
        return cell

    def _paint(self, k: int, row: int, col: int, w: int, h: int) -> CellPaint:
        view = self._view
        if view is None or k >= len(self.order):
            return CellPaint(tuple(((" " * w, None),) for _ in range(h)), "dark")
        seat = self.order[k]
        pos = self.cell_pos(k, (row, col))
        if pos < 0:
            return CellPaint(self._player_lines(seat, row, w, h), "dark")
        u = self.unit_at(seat, pos)
        if u is not None:
            return CellPaint(unit_lines(u, self.app.glyphs, w, h), "light")
        dot = self.app.glyphs["dot"]
        label = ("front" if pos < 4 else "rear") if h > 1 else dot
        lines = [centred([(label, DIM)], w)]
        if h > 1:
            lines = [fit([], w), lines[0], fit([], w)]
        return CellPaint(tuple(lines), "dark")

    def _player_lines(self, seat: int, row: int, w: int, h: int):
        view = self._view
        glyphs = self.app.glyphs
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
                fit([(self.short_name(seat, w - 2), Style(bold=True))], w),
                fit([("out" if out else f"{heart}{life}", LIFE)], w),
                fit([(f"hand {hand}", None)], w),
            )
        known = [c for c in view.hands[seat] if c >= 0] if seat != self.me else []
        seen: list = []
        for c in known[:2]:
            seen += [(card_label(c, glyphs), None), (" ", None)]
        return (
            fit([(f"{turn} turn" if turn.strip() else "", Style(bold=True))], w),
            fit(seen, w),
            fit([], w),
        )

    # -- the card panel ----------------------------------------------------------------

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is self.barrows and self.focused is self.barrows:
            self._barrows_moved()
        elif event.option_list is self.choices and self.focused is self.choices:
            self._choice_moved()

    def on_descendant_focus(self, event) -> None:
        self._show_cursors()
        if self._view is not None:
            self._describe_cursor()

    def on_descendant_blur(self, event) -> None:
        self._show_cursors()

    def _show_cursors(self) -> None:
        """Only the focused grid shows its cursor: one cursor on the screen at a time."""
        focused = self.focused
        for grid in self.grids:
            hide = self.replay or grid is not focused
            if grid.read_only != hide:
                grid.read_only = hide
                grid.refresh_cells([grid.cursor])

    # -- targets -----------------------------------------------------------------------

    def _compute_targets(self) -> None:
        """What the current selection (or pending decision) may be aimed at."""
        self.targets, self.barrow_targets = {}, {}
        legal = self.legal()
        if not legal:
            return
        view = self._view
        me = self.me
        kind = self.pending_kind()

        def add(key, a):
            self.targets.setdefault(key, []).append(a)

        if kind is not None:
            for a in legal:
                if isinstance(a, A.Target):
                    add((a.seat, a.pos), a)
                elif isinstance(a, A.Pick) and kind == "wiz":
                    pos = next((i for i, u in enumerate(view.front[me]) if u[C0] == a.card), None)
                    if pos is not None:
                        add((me, pos), a)
                elif isinstance(a, A.Pick) and kind == "qh":
                    self.barrow_targets.setdefault(a.card, []).append(a)
            return
        sel = self.sel
        if view.phase == DEPLOY:
            for a in legal:
                if isinstance(a, A.Summon):
                    self.barrow_targets.setdefault(a.card, []).append(a)
        if sel is None:
            return
        what, x = sel
        if what == "card":
            for a in legal:
                if isinstance(a, A.Scout) and a.card == x:
                    add((a.seat, -1), a)
                elif isinstance(a, A.Deploy) and a.card == x:
                    if a.slot >= 0:
                        add((me, a.slot), a)
                    elif KIND[x] == SOLDIER:
                        add((me, len(view.front[me])), a)
                    elif KIND[x] in ("ace", "king") and x != 0:
                        add((me, 4 + len(view.rear[me])), a)
        elif what == "unit":
            for a in legal:
                if isinstance(a, A.Bond) and a.pos == x:
                    add((me, a.other), a)
                elif isinstance(a, A.Attack) and a.pos == x:
                    add((a.seat, a.tpos), a)
                elif isinstance(a, A.Block) and a.pos == x:
                    add((view.cur, a.attacker), a)
        elif what == "attacker":
            for a in legal:
                if isinstance(a, A.Block) and a.attacker == x:
                    add((me, a.pos), a)

    # -- focus -------------------------------------------------------------------------

    def _settle_focus(self) -> None:
        """On a new decision: focus the zone where it is made, the cursor on its first place."""
        view = self._view
        if not self.my_turn():
            if self.focused is None or self.focused is self.choices:
                self.hand_bar.focus()
            return
        kind = self.pending_kind()
        me_k = len(self.order) - 1
        if kind is not None and kind not in FIELD_KINDS:
            if kind == "qh" and self.barrow_targets:
                self.choices.focus()
            else:
                self.choices.focus()
            return
        if kind is not None:
            self._focus_first_target()
            return
        if view.phase in (DEPLOY, RESPONSE):
            self.hand_bar.focus()
            return
        legal = self.legal()
        if view.phase == ATTACK:
            pos = next((a.pos for a in legal if isinstance(a, A.Attack)), None)
        else:
            pos = next((a.pos for a in legal if isinstance(a, A.Block)), None)
        grid = self.grids[me_k]
        if pos is not None:
            grid.cursor = self.pos_cell(me_k, pos)
        grid.focus()

    def _focus_first_target(self) -> None:
        if not self.targets:
            self.choices.focus()
            return
        keys = list(self.targets)
        # A player before their units; nearer grids first.
        keys.sort(key=lambda kp: (self.grid_of(kp[0]) if kp[0] in self.order else 99, kp[1] >= 0))
        seat, pos = keys[0]
        k = self.grid_of(seat)
        grid = self.grids[k]
        grid.cursor = self.pos_cell(k, pos)
        grid.focus()

    # -- choosing ----------------------------------------------------------------------

    def on_hand_bar_selected(self, event: HandBar.Selected) -> None:
        event.stop()
        self.choose_card(event.index)

    def choose_card(self, index: int) -> None:
        self.go_on()  # a card chosen for the new step is a deliberate key
        if not self.my_turn():
            self.say(self._not_yours(), error=True)
            return
        view = self._view
        hand = view.hands[self.me]
        if index >= len(hand):
            return
        c = hand[index]
        if self.pending_kind() is not None:
            self.say(f"First: {view.prompt[0].lower()}{view.prompt[1:]}.", error=True)
            return
        acts = [a for a in self.legal() if isinstance(a, (A.Deploy, A.Scout)) and a.card == c]
        if not acts:
            reason = self.state.check(A.Deploy(c)) or "That card cannot be played now."
            self.say(reason, error=True)
            self.app.bell()
            return
        if len(acts) == 1:
            self.submit(acts[0])
            return
        self.sel, self.offer = ("card", c), None
        self.redraw_selection()
        self.say(f"{card_label(c, self.app.glyphs)}: choose where it goes (marked), or escape.")
        self._focus_first_target()

    def redraw_selection(self) -> None:
        self._compute_targets()
        self._draw_hand()
        self._draw_barrows()
        self._draw_choices()
        self._draw_field()
        self.refresh_bindings()

    def on_board_grid_selected(self, event: BoardGrid.Selected) -> None:
        event.stop()
        if self.replay:
            return
        k = int(event.board.id.rsplit("-", 1)[1])
        seat = self.order[k]
        pos = self.cell_pos(k, event.cell)
        self.choose_cell(seat, pos)

    def choose_cell(self, seat: int, pos: int) -> None:
        self.go_on()
        if not self.my_turn():
            self.say(self._not_yours(), error=True)
            return
        view = self._view
        acts = self.targets.get((seat, pos))
        if acts:
            self._take(acts)
            return
        me = self.me
        phase = view.phase
        kind = self.pending_kind()
        if kind is None and seat == me and pos >= 0 and self.unit_at(me, pos) is not None:
            if phase == DEPLOY:
                mine = [a for a in self.legal() if isinstance(a, (A.Return, A.Split, A.Bond)) and a.pos == pos]
                if mine:
                    self._select(("unit", pos), "Redeploy it (the list on the right), or escape.")
                    if not any(isinstance(a, A.Bond) for a in mine):
                        self.choices.focus()
                    return
                self._refuse(A.Return(pos))
                return
            if phase == ATTACK:
                if any(isinstance(a, A.Attack) and a.pos == pos for a in self.legal()):
                    self._select(("unit", pos), "Choose its target (marked): a unit, or the player's own cell.")
                    self._focus_first_target()
                    return
                opp = next(iter(view.opponents(me)), 0)
                self._refuse(A.Attack(pos, opp, -1))
                return
            if phase == BLOCK:
                if any(isinstance(a, A.Block) and a.pos == pos for a in self.legal()):
                    self._select(("unit", pos), "Choose the attacker it blocks (marked).")
                    self._focus_first_target()
                    return
                attacker = next((x[0] for x in view.attacks if x[1] == me), 0)
                self._refuse(A.Block(pos, attacker))
                return
        if kind is None and phase == BLOCK and seat == view.cur and pos >= 0:
            if any(isinstance(a, A.Block) and a.attacker == pos for a in self.legal()):
                self._select(("attacker", pos), "Choose your unit that blocks it (marked).")
                self._focus_first_target()
                return
        # Not a place for the move being made: say why, in the engine's words.
        self._refuse(self._guess(seat, pos))

    def _guess(self, seat: int, pos: int):
        """The action that enter on this place would have meant, to ask why it is refused."""
        view = self._view
        me = self.me
        kind = self.pending_kind()
        if kind in ("wiz",):
            u = self.unit_at(seat, pos)
            return A.Pick(u[C0] if u else -1)
        if kind is not None:
            return A.Target(seat, pos)
        sel = self.sel
        if sel and sel[0] == "card":
            c = sel[1]
            if seat != me:
                return A.Scout(c, seat) if pos < 0 and c % 13 == 1 and c < 52 else None
            if pos >= 0 and pos < len(view.front[me]):
                return A.Deploy(c, pos, False)
            return A.Deploy(c)
        if sel and sel[0] == "unit":
            if view.phase == ATTACK:
                return A.Attack(sel[1], seat, pos)
            if view.phase == BLOCK:
                return A.Block(sel[1], pos)
            if view.phase == DEPLOY and seat == me and pos >= 0:
                return A.Bond(sel[1], pos)
        if sel and sel[0] == "attacker" and seat == me:
            return A.Block(pos, sel[1])
        return None

    def _refuse(self, action) -> None:
        reason = self.state.check(action) if action is not None else None
        if reason is None:
            reason = self._nothing_here()
        self.say(reason, error=True)
        self.app.bell()

    def _nothing_here(self) -> str:
        view = self._view
        if self.sel:
            return "Not a place for that: choose one of the marked places, or escape."
        if view.phase == DEPLOY:
            return "Choose a card in your hand (tab), or one of your units to redeploy; e ends deployment."
        if view.phase == ATTACK:
            return "Choose one of your ready units to attack with; e finishes."
        if view.phase == BLOCK:
            return "Choose one of your units, then the attacker it blocks; e finishes."
        return f"{view.prompt}."

    def _not_yours(self) -> str:
        st = self.state
        if self.replay:
            return "This is a replay."
        if st.over:
            return "The game is over."
        return f"Wait: {self.seat_name(st.to_move)} decides now."

    def _select(self, sel: tuple, message: str) -> None:
        self.sel, self.offer = sel, None
        self.redraw_selection()
        self.say(message)

    def _take(self, acts: list) -> None:
        """Play the one action at this place, or offer the several in the list."""
        if len(acts) == 1:
            self.submit(acts[0])
            return
        self.offer = acts
        self._draw_choices()
        self.choices.focus()
        self.say("Choose one in the list on the right, or escape.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.replay:
            return
        self.go_on()
        if event.option_list is self.choices:
            cid = event.option.id
            if cid and cid.startswith("a"):
                i = int(cid[1:])
                if i < len(self.choice_actions):
                    self.submit(self.choice_actions[i])
        elif event.option_list is self.barrows:
            cid = event.option.id
            if not cid or not cid.startswith("c"):
                return
            c = int(cid[1:])
            acts = self.barrow_targets.get(c)
            if acts and self.my_turn():
                self.submit(acts[0])
            elif self.my_turn() and self._view.phase == DEPLOY and not self._view.pending and any(
                    u[VAR] == NECROMANCER for u in self._view.rear[self.me]):
                self._refuse(A.Summon(c))
            else:
                self.say("Cards leave the Barrows only by the Necromancer (a soldier, in your deploy) "
                         "or the Queen of Hearts.", error=True)

    def submit(self, action) -> bool:
        played = super().submit(action)
        if played:
            self.sel, self.offer = None, None
        return played

    # -- keys --------------------------------------------------------------------------

    def _done_kind(self) -> str | None:
        """Which Done the e key makes now, if any."""
        if not self.my_turn():
            return None
        view = self._view or self.state
        if view.pending:
            return "second" if view.pending[-1][0] in ("sp2", "as2") else None
        return {DEPLOY: "deploy", RESPONSE: "response", ATTACK: "attack", BLOCK: "block"}.get(view.phase)

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go_on":
            return self.read_first and not self.replay
        if action == "done":
            return not self.read_first and self._done_kind() == parameters[0]
        if action == "back_out":
            return not self.replay and (self.sel is not None or self.offer is not None)
        if action in ("zone", "card"):
            return not self.replay
        return super().check_game_action(action, parameters)

    def action_card(self, index: int) -> None:
        """1-9: the card at that place in your hand, as if chosen there with enter."""
        hand = self._view.hands[self.me] if self._view is not None else []
        if index < len(hand):
            self.hand_bar.cursor = index
            self.hand_bar.focus()
            self.choose_card(index)

    def action_done(self, kind: str) -> None:
        if self.read_first or self._done_kind() != kind:
            return
        self.submit(A.DONE)

    def action_go_on(self) -> None:
        self.go_on()

    def go_on(self) -> None:
        """The resolved combat has been read: the next step's keys work again."""
        if self.read_first:
            self.read_first = False
            self.say_prompt()
            self.refresh_bindings()

    def action_back_out(self) -> None:
        if self.offer is not None:
            self.offer = None
            self.redraw_selection()
            self.say("Choose again, or escape.")
            self._focus_first_target()
            return
        if self.sel is not None:
            was = self.sel
            self.sel = None
            self.redraw_selection()
            self.say_prompt()
            if was[0] == "card":
                self.hand_bar.focus()
            else:
                k = len(self.order) - 1 if was[0] == "unit" else self.grid_of(self._view.cur)
                self.grids[k].cursor = self.pos_cell(k, was[1])
                self.grids[k].focus()
            return
        self.say_prompt()

    def zones(self) -> list:
        out = [self.hand_bar, self.grids[-1], *self.grids[:-1][::-1], self.barrows]
        if self.choices.display:
            out.append(self.choices)
        return out

    # -- the turn loop -----------------------------------------------------------------

    def serve_game_next(self) -> None:
        st = self.state
        if not self.in_play():
            return  # a late call after the player left
        if self._hold and not self.replay and not st.over and self.is_bot(st.to_move) and self.app.bot_delay > 0:
            # A combat was just resolved: leave it on screen a moment before a bot goes on.
            self._hold = False
            token = self.save.cursor
            self.say(f"Combat resolved: see the log. {self.seat_name(st.to_move)} plays next{self.app.glyphs['ellipsis']}")
            self.set_timer(max(1.5, 4 * self.app.bot_delay), lambda: self._after_hold(token))
            return
        self._hold = False
        if (not self.replay and not st.over and st.phase == RESPONSE and not st.pending
                and not self.is_bot(st.to_move)):
            legal = st.legal_actions()
            if len(legal) == 1 and isinstance(legal[0], A.Done):
                # Nothing in hand can answer: the pass is made for them (no hand-over).
                self._auto = True
                try:
                    self._play(legal[0])
                finally:
                    self._auto = False
                return
        super().serve_game_next()

    def _play(self, action: Any) -> None:
        self._before = self.state.clone()  # to tell a combat this action resolves
        try:
            super()._play(action)
        finally:
            self._before = None

    def _after_hold(self, token: int) -> None:
        if token == self.save.cursor and not self.state.over:
            super().serve_game_next()

    def on_played(self, action: Any, seat: int | None, text: str) -> None:
        self.sel, self.offer = None, None
        view_before = self._view
        # A combat just resolved: keep it on screen until the next one, as it was
        # resolved (the move that resolved it included: the last block, the excess).
        resolved = at_resolution(self._before, action) if self._before is not None else None
        if resolved is not None:
            self.last_combat = self.combat_box(resolved.view(self.viewer))
            self.plan = []
            self._hold = True
            st = self.state
            self.read_first = (seat == self.viewer and not self.is_bot(seat) and not st.over
                               and st.to_move == self.viewer)
        human = seat is not None and not self.is_bot(seat) and not self._auto
        if human and seat == self.viewer:
            self.recent = []
            self.query_one(SkirmishLog).new_from = self._log_len
        cells = self._cells_before(action, seat, view_before) if view_before is not None else []
        cells += self._cells_after(action, seat, self.state)
        self.recent.extend(c for c in cells if c not in self.recent)
        if self._auto:
            self.recent_text = f"{self.seat_name(seat)} had nothing to answer with and passed"
        elif not human:
            # In short words with card glyphs, read in the position before the move
            # (`_view` is not redrawn yet); a Done in the engine's words of that moment.
            words = text if isinstance(action, A.Done) or view_before is None else self.action_words(action)
            kind = view_before.pending[-1][0] if view_before is not None and view_before.pending else None
            if kind and isinstance(action, (A.Target, A.Variant, A.CopyRank, A.CopySuit, A.StartWith)):
                words = f"{CHOICE_TITLES.get(kind, 'Chose')} {words}"
            self.recent_text = f"{self.seat_name(seat)}: {words}" if seat is not None else words
        else:
            self.recent_text = ""
        self.refresh_bindings()

    def _cells_before(self, action, seat, st) -> list[tuple[int, int]]:
        """The places an action names, read in the position before it is made."""
        if isinstance(action, A.Attack):
            return [(seat, action.pos), (action.seat, action.tpos)]
        if isinstance(action, A.Block):
            return [(seat, action.pos), (st.cur, action.attacker)]
        if isinstance(action, A.Target) and self._exists(st, action.seat, action.pos):
            return [(action.seat, action.pos)]
        if isinstance(action, A.Scout):
            return [(action.seat, -1)]
        return []

    def _cells_after(self, action, seat, st) -> list[tuple[int, int]]:
        """The place where a card arrived, read in the position after the action."""
        card = getattr(action, "card", None)
        if isinstance(action, (A.Variant, A.CopySuit)):
            card = 52 if isinstance(action, A.CopySuit) else None
            if card is None:
                return [(seat, pos) for pos, u in st.units(seat) if u[C0] >= 52 and u[5]][-1:]
        if isinstance(action, (A.Deploy, A.Summon, A.Pick)) and card is not None and seat is not None:
            for q in range(st.seats):
                for pos, u in st.units(q):
                    if card in (u[C0], u[C1]):
                        return [(q, pos)]
        return []

    def say_game_prompt(self) -> None:
        st = self.state
        if self.read_first and not self.replay:
            self.say(f"Combat resolved: see Last combat and the log. e goes on to {self.asked().removeprefix('You: ')}.")
            return
        if (not self.replay and not st.over and self.is_bot(st.to_move) and self.recent_text):
            self.say(f"{self.recent_text}. {self.seat_name(st.to_move)} is thinking{self.app.glyphs['ellipsis']}")
            return
        super().say_game_prompt()

    # -- results -----------------------------------------------------------------------

    def summary(self) -> str:
        st = self.state
        lives = " / ".join(str(max(0, x)) for x in st.life)
        if st.over and st.outcome:
            return f"{self.game.title}: {st.outcome.reason} Life {lives}"
        return f"{self.game.title}, turn {st.turn}: life {lives}, deck {len(st.deck)}"

    def result_lines(self) -> list[str]:
        st = self.state
        parts = []
        for s in range(st.seats):
            life = st.life[s]
            parts.append(f"{self.seat_name(s)} {life if life > 0 else 'out'}")
        return ["Life: " + ", ".join(parts) + ".", f"{st.turn} turns played; {len(st.deck)} cards left in the deck."]
