"""HOUSES - Skirmish: the battlefield, the hands, the Barrows and the combat dialogue,
all by keyboard at 80x24.

Each player's ranks are a grid (ranks.py). Tab moves between the zones: your hand,
your ranks, each opponent's ranks, the Barrows and, when a decision offers a list,
the choices. The panels are widgets drawn from what they are given: the phase bar
(phase.py), the card panel (panels.py), the planned attacks (plan.py); the words
are functions of the position shown and the seats (words.py).

A decision is made the way the engine asks for it, one small action at a time: what
enter means in each step is told in targets.py. e ends a step (or goes on after a
combat you resolved yourself); escape takes back a selection.

The digits 1-9 choose that card of the hand. The text of the card, unit or player
under the cursor is shown under your hand. Bots' moves are marked on the battlefield
(') and told in the status line; a resolved combat stays listed with its result.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widgets import OptionList, Static

from core.skirmish import actions as A
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY, RESPONSE, Decision
from core.skirmish.state import SkirmishState
from tui.games.base import GameScreen
from tui.keys import number_keys
from tui.games.choice import Part
from tui.games.skirmish.choice import Picked, SkirmishChoice
from tui.games.skirmish.field import card_label
from tui.games.skirmish.log import SkirmishLog
from tui.games.skirmish.panels import CardPanel, barrows_items, barrows_title, hand_items, hand_note, target_note
from tui.games.skirmish.phase import PhaseBar, phase_text
from tui.games.skirmish.plan import PlanPanel, at_resolution, combat_box, since_you_decided
from tui.games.skirmish.ranks import Battlefield, cell_pos, field_marks, pos_cell
from tui.games.skirmish.targets import (
    BARROWS_CLOSED, Refusal, aims, first_target, may_summon, nothing_here, offered, on_place, places_after,
    places_before,
)
from tui.games.skirmish import words as sk_words
from tui.games.skirmish.words import DONE_WORDS, FIELD_KINDS
from tui.widgets.board import BoardGrid, CellPaint
from tui.widgets.choices import ChoiceList
from tui.widgets.hand import HandBar


class SkirmishScreen(GameScreen[SkirmishState]):
    game_id = "skirmish"
    # Hidden hands and a shuffled deck: taking a move back would show what is coming.
    UNDO = False
    CSS_PATH = "skirmish.tcss"
    AUTO_FOCUS = "#sk-hand"

    choice = var(SkirmishChoice())  # a choice half-made: a hint sets it, escape puts it back
    sel, offer = Part[Picked | None](), Part[list | None]()  # (read: a new SkirmishChoice is set)
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
        *number_keys("card", "Card", 9, "sk.card", "choose that card of your hand"),
    ]

    def __init__(self, save, state, replay: bool = False) -> None:
        super().__init__(save, state, replay)
        self._view: Any = None
        self._legal: tuple[int, list] | None = None
        self._key: tuple | None = None
        self.order: list[int] = []          # the seat each grid shows, the bottom one last
        self.targets: dict[tuple[int, int], list] = {}
        self.barrow_targets: dict[int, list] = {}
        self.choice_actions: list = []
        self.recent: list[tuple[int, int]] = []   # cells of the moves since you last decided
        self.recent_text: str = ""
        self.plan: list[Text] = []
        self.last_combat: tuple[int, list[Text]] | None = None
        self._log_len = 0
        self._hold = False
        # A combat the person resolved themselves (their last block), their own next
        # step right after it: the result stays told until e, so an e pressed for the
        # step that just ended never ends the next one.
        self.read_first = False
        self._auto = False  # a pass made for the person (nothing could answer)
        self._before: Any = None  # the position before the action being played

    # -- layout ------------------------------------------------------------------------

    def compose_game(self) -> ComposeResult:
        yield PhaseBar("", id="sk-phase", classes="screen-title", markup=False)
        with Horizontal(id="sk-main"):
            with Vertical(id="sk-left"):
                yield Battlefield(self.state.seats, self.houses.glyphs.ascii, id="sk-field")
                with Horizontal(id="sk-hand-row"):
                    yield Static("", id="sk-hand-title", markup=False)
                    yield HandBar(empty_text="(no cards in hand)", id="sk-hand")
                yield CardPanel("", more="? shows all", id="sk-card", markup=False)
            with Vertical(id="sk-right"):
                yield Static("", id="sk-barrows-title", classes="sk-panel-title", markup=False)
                yield ChoiceList(id="sk-barrows")
                yield Static("", id="sk-choices-title", classes="sk-panel-title", markup=False)
                yield ChoiceList(id="sk-choices")
                yield PlanPanel("", id="sk-plan", markup=False)
                yield SkirmishLog(id="sk-log")

    @property
    def field(self) -> Battlefield:
        return self.query_one(Battlefield)

    @property
    def grids(self) -> list[BoardGrid]:
        return self.field.grids

    @property
    def compact(self) -> bool:
        return self.field.compact

    @property
    def hand_bar(self) -> HandBar:
        return self.query_one("#sk-hand", HandBar)

    @property
    def choices(self) -> ChoiceList:
        return self.query_one("#sk-choices", ChoiceList)

    @property
    def barrows(self) -> ChoiceList:
        return self.query_one("#sk-barrows", ChoiceList)

    @property
    def card_panel(self) -> CardPanel:
        return self.query_one(CardPanel)

    def on_mount(self) -> None:
        for grid in self.grids:
            grid.read_only = self.replay
            grid.can_focus = not self.replay
            self.watch(grid, "cursor", partial(self._cursor_moved, grid), init=False)
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
            self.query_one(SkirmishLog).step = min(0.25, self.houses.bot_delay / 3)
        self._fit_size()
        # GameScreen.on_mount follows: Textual calls each class's handler along the MRO.

    def _recall(self) -> None:
        """On opening a saved game: mark what happened since the person at the keyboard
        last decided (the log lines and the places of the moves), as if they had watched."""
        if self.save.cursor == 0 or self.code is not None:
            return  # (a seat at a shared table has no moves to walk: the host keeps them)
        combat, log_from, places = since_you_decided(self.match.steps().walk(0, self.save.cursor), self.viewer)
        if combat is not None:
            self.last_combat = combat_box(combat.view(self.viewer), self.short_name, self.houses.glyphs)
        self.query_one(SkirmishLog).new_from = log_from
        self.recent.extend(p for p in places if p not in self.recent)

    def _app_focus(self, focus: bool) -> None:
        if focus and self.is_current:
            self.refresh_bindings()

    def _hand_cursor(self) -> None:
        if self.focused is self.hand_bar:
            self._hand_moved()

    def on_resize(self, event) -> None:
        if self._fit_size():
            self.redraw()

    def _fit_size(self) -> bool:
        """The battlefield fitted to the terminal, the left column to its width. True if
        anything changed."""
        width, height = self.app.size
        if not self.field.fit(width, height):
            return False
        self.query_one("#sk-left").styles.width = 5 * self.field.cell_w
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
        return cell_pos(k == len(self.order) - 1, cell)

    def pos_cell(self, k: int, pos: int) -> tuple[int, int]:
        return pos_cell(k == len(self.order) - 1, pos)

    def grid_of(self, seat: int) -> int:
        return self.order.index(seat)

    # -- who decides -------------------------------------------------------------------

    def my_turn(self) -> bool:
        return super().my_turn() and self.state.to_move == self.viewer  # (GameScreen.my_turn)

    @property
    def position(self) -> Any:
        """The view drawn now (`shown()` when last drawn)."""
        return self._view

    def legal(self) -> list:
        if not self.my_turn():
            return []
        if self._legal is None or self._legal[0] != self.save.cursor:
            self._legal = (self.save.cursor, self.state.legal_actions())
        return self._legal[1]

    def pending_kind(self) -> Decision | None:
        return sk_words.pending_kind(self._view or self.state)

    # -- in words (tui/games/skirmish/words.py, from the view and the seats) -----------

    def short_name(self, seat: int, width: int = 8) -> str:
        return sk_words.short_name(self.save.seats, seat, width)

    def asked(self) -> str:
        return sk_words.asked(self._view, self.save.seats)

    def action_words(self, action) -> str:
        """`action` in short words, read in the position shown (`_view`)."""
        return sk_words.action_words(action, self._view, self.me, self.save.seats, self.houses.glyphs)

    # -- drawing -----------------------------------------------------------------------

    def redraw(self) -> None:
        view = self._view = self.shown()
        self.order = self._order()
        key = (self.replay_at if self.replay else self.save.cursor, self.viewer, self.replay)
        fresh = key != self._key
        if fresh:
            self._key = key
            self.choice = SkirmishChoice()
        self._compute_targets()
        self.query_one(PhaseBar).show(view, self.app.size.width, self.asked(), self.short_name, self.match.names())
        self._draw_hand()
        self._draw_barrows()
        self._draw_choices()
        planned = self.query_one(PlanPanel).show(view, self.short_name, self.last_combat)
        if planned:
            self.plan = planned
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

    def _phase_text(self, view, width: int) -> Text:
        """The phase bar's text at `width` (what PhaseBar.show draws)."""
        return phase_text(view, width, self.asked(), self.short_name, self.houses.glyphs["ellipsis"], self.match.names())

    def _draw_hand(self) -> None:
        hand = self._view.hands[self.me]
        chosen = hand.index(self.sel[1]) if self.sel and self.sel[0] == "card" and self.sel[1] in hand else None
        self.hand_bar.set_items(hand_items(hand, self.legal(), self.houses.glyphs), chosen)
        self.query_one("#sk-hand-title", Static).update(Text(f"Hand {len(hand)}", style="bold"))

    def _draw_barrows(self) -> None:
        self.query_one("#sk-barrows-title", Static).update(barrows_title(self._view))
        # Newest first, and the newest in view unless the player browses the pile.
        self.barrows.set_items(barrows_items(self._view, self.barrow_targets, self.houses.glyphs), keep=self.focused is self.barrows)

    def _draw_choices(self) -> None:
        """The list of what may be chosen now, when the decision is one from a list."""
        actions, title = offered(self._view, self.legal(), self.pending_kind(), self.sel, self.offer)
        self.choice_actions = actions
        show = bool(actions)
        items = [(f"a{i}", self.action_words(a), True) for i, a in enumerate(actions)]
        self.query_one("#sk-choices-title", Static).update(Text(title, style="bold"))
        self.query_one("#sk-choices-title").display = show
        self.choices.display = show
        if show:
            self.choices.set_items(items)

    # -- the field ---------------------------------------------------------------------

    def _draw_field(self) -> None:
        marks = field_marks(self._view, self.recent, self.sel, self.me, self.targets)
        self.field.show(self._view, self.order, self.me, marks, self.short_name)

    def paint(self, k: int, row: int, col: int) -> CellPaint:
        """A cell of grid `k` (the board asks once a line; painted once a position)."""
        return self.field.paint(k, row, col)

    # -- the card panel ----------------------------------------------------------------

    def _describe_cursor(self) -> None:
        focused = self.focused
        if isinstance(focused, BoardGrid):
            self._cursor_moved(focused)
        elif focused is self.barrows:
            self._barrows_moved()
        elif focused is self.choices:
            self._choice_moved()
        else:
            self._hand_moved()

    def _hand_moved(self) -> None:
        if self._view is not None:
            self.card_panel.show_hand(self._view.hands[self.me], self.hand_bar.cursor,
                                      lambda c: hand_note(c, self.legal(), self.match.check, self.action_words))

    def _cursor_moved(self, grid: BoardGrid) -> None:
        if self._view is None or not self.order:
            return
        seat, pos = self.field.place(grid)
        note = target_note(self.targets.get((seat, pos)), self.action_words)
        self.card_panel.show_cell(self._view, seat, pos, self.me, self.seat_name(seat), note)

    def _barrows_moved(self) -> None:
        cid = self.barrows.current_id
        c = int(cid[1:]) if cid is not None and cid.startswith("c") else None
        self.card_panel.show_barrows(c, self.barrow_targets.get(c) if c is not None else None, self.action_words)

    def _choice_moved(self) -> None:
        cid = self.choices.current_id
        if cid is None or not cid.startswith("a") or int(cid[1:]) >= len(self.choice_actions):
            return
        self.card_panel.show_choice(self.choice_actions[int(cid[1:])], self._view, self.me, self.action_words,
                                    self.seat_name, self.targets)

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
        self.field.show_cursor(self.focused, self.replay)

    # -- targets -----------------------------------------------------------------------

    def _compute_targets(self) -> None:
        """What the current selection (or pending decision) may be aimed at."""
        targets, self.barrow_targets = aims(self._view, self.me, self.legal(), self.pending_kind(), self.sel)
        self.targets = self.choice.shown_targets() or targets

    # -- focus -------------------------------------------------------------------------

    def _settle_focus(self) -> None:
        """On a new decision: focus the zone where it is made, the cursor on its first place."""
        view = self._view
        if not self.my_turn():
            if self.focused is None or self.focused is self.choices:
                self.hand_bar.focus()
            return
        kind = self.pending_kind()
        if kind is not None and kind not in FIELD_KINDS:
            self.choices.focus()
            return
        if kind is not None:
            self._focus_first_target()
            return
        if view.phase in (DEPLOY, RESPONSE):
            self.hand_bar.focus()
            return
        ready = A.Attack if view.phase == ATTACK else A.Block
        pos = next((a.pos for a in self.legal() if isinstance(a, ready)), None)
        if pos is None:
            self.grids[-1].focus()
        else:
            self.field.focus_place(self.me, pos)

    def _focus_first_target(self) -> None:
        if not self.targets:
            self.choices.focus()
            return
        self.field.focus_place(*first_target(self.targets, self.order))

    # -- choosing ----------------------------------------------------------------------

    def on_hand_bar_selected(self, event: HandBar.Selected) -> None:
        event.stop()
        self.choose_card(event.index)

    def choose_card(self, index: int) -> None:
        self.go_on()  # a card chosen for the new step is a deliberate key
        if not self.my_turn():
            self.say(sk_words.not_yours(self.state, self.replay, self.seat_name), error=True)
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
            reason = self.match.check(A.Deploy(c)) or "That card cannot be played now."
            self.say(reason, error=True)
            self.app.bell()
            return
        if len(acts) == 1:
            self.submit(acts[0])
            return
        self.choice = SkirmishChoice(Picked("card", c))
        self.redraw_selection()
        self.say(f"{card_label(c, self.houses.glyphs)}: choose where it goes (marked), or escape.")
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
        k = self.grids.index(event.board)
        seat = self.order[k]
        pos = self.cell_pos(k, event.cell)
        self.choose_cell(seat, pos)

    def choose_cell(self, seat: int, pos: int) -> None:
        self.go_on()
        if not self.my_turn():
            self.say(sk_words.not_yours(self.state, self.replay, self.seat_name), error=True)
            return
        view = self._view
        acts = self.targets.get((seat, pos))
        if acts:
            self._take(acts)
            return
        press = on_place(view, self.me, self.legal(), self.pending_kind(), self.sel, seat, pos)
        if isinstance(press, Refusal):
            self._refuse(press.action)
            return
        self._select(press.sel, press.message)
        if press.focus == "choices":
            self.choices.focus()
        elif press.focus == "targets":
            self._focus_first_target()

    def _refuse(self, action) -> None:
        reason: str | None = self.match.check(action) if action is not None else None
        if reason is None:
            reason = nothing_here(self._view, self.sel)
        self.say(reason, error=True)
        self.app.bell()

    def _select(self, sel: Picked, message: str) -> None:
        self.choice = SkirmishChoice(sel)
        self.redraw_selection()
        self.say(message)

    def _take(self, acts: list) -> None:
        """Play the one action at this place, or offer the several in the list."""
        if len(acts) == 1:
            self.submit(acts[0])
            return
        self.choice = SkirmishChoice(self.sel, list(acts))
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
            elif self.my_turn() and may_summon(self._view, self.me):
                self._refuse(A.Summon(c))
            else:
                self.say(BARROWS_CLOSED, error=True)

    def show_hint(self, action: Any) -> str | None:
        from tui.games.skirmish.hint import show_hint

        return show_hint(self, action)

    def submit(self, action) -> bool:
        played = super().submit(action)
        if played:
            self.choice = SkirmishChoice()
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

    def number_keys_count(self) -> int | None:
        return min(9, len(self._view.hands[self.me])) if self._view is not None and not self.replay else None

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
            self.choice = SkirmishChoice(self.sel)
            self.redraw_selection()
            self.say("Choose again, or escape.")
            self._focus_first_target()
            return
        if self.sel is not None:
            was = self.sel
            self.choice = SkirmishChoice()
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
        if self._hold and not self.replay and not st.over and self.is_bot(st.to_move) and self.houses.bot_delay > 0:
            # A combat was just resolved: leave it on screen a moment before a bot goes on.
            self._hold = False
            token = self.save.cursor
            self.say(f"Combat resolved: see the log. {self.mover_name(st)} plays next{self.houses.glyphs['ellipsis']}")
            self.set_timer(max(1.5, 4 * self.houses.bot_delay), lambda: self._after_hold(token))
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
        self.choice = SkirmishChoice()
        view_before = self._view
        # A combat just resolved: keep it on screen until the next one, as it was
        # resolved (the move that resolved it included: the last block, the excess).
        resolved = at_resolution(self._before, action) if self._before is not None else None
        if resolved is not None:
            self.last_combat = combat_box(resolved.view(self.viewer), self.short_name, self.houses.glyphs)
            self.plan = []
            self._hold = True
            st = self.state
            self.read_first = (seat == self.viewer and not self.is_bot(seat) and not st.over
                               and st.to_move == self.viewer)
        human = seat is not None and not self.is_bot(seat) and not self._auto
        if human and seat == self.viewer:
            self.recent = []
            self.query_one(SkirmishLog).new_from = self._log_len
        cells = places_before(action, seat, view_before) if view_before is not None else []
        cells += places_after(action, seat, self.state)
        self.recent.extend(c for c in cells if c not in self.recent)
        if self._auto and seat is not None:  # (a pass made for the seat to move)
            self.recent_text = f"{self.seat_name(seat)} had nothing to answer with and passed"
        elif not human:  # (`_view` is not redrawn yet: the position before the move)
            words = sk_words.others_move(action, text, view_before, self.action_words)
            self.recent_text = f"{self.seat_name(seat)}: {words}" if seat is not None else words
        else:
            self.recent_text = ""
        self.refresh_bindings()

    def say_game_prompt(self) -> None:
        st = self.state
        if self.read_first and not self.replay:
            self.say(f"Combat resolved: see Last combat and the log. e goes on to {self.asked().removeprefix('You: ')}.")
            return
        if (not self.replay and not st.over and self.is_bot(st.to_move) and self.recent_text):
            self.say(f"{self.recent_text}. {self.mover_name(st)} is thinking{self.houses.glyphs['ellipsis']}")
            return
        super().say_game_prompt()

    # -- results -----------------------------------------------------------------------

    def summary(self) -> str:
        return sk_words.summary(self.state, self.game.title, self.named)

    def result_lines(self) -> list[str]:
        return sk_words.result_lines(self.state, [seat.name for seat in self.save.seats])
