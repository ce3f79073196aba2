"""The HOUSE RULES position and its rules (docs/rules/house-rules.md).

Turn flow, one small decision at a time:

    phase "before"   PlayCard (if none yet this turn), or Move / Swap, or Pass (no move)
    phase "upgrade"  after a move that earned an upgrade with a choice: Revive or TakeBonus
    phase "after"    PlayCard (if none yet this turn), PlaceMarker (Change), EndTurn

The "after" phase is skipped when it offers nothing but EndTurn. The game is a
perfect-information game: both hands are open (each colour holds the five cards of
its colour), so a view only drops the seed.
"""

from __future__ import annotations

import random
from typing import Any

from core.engine import Outcome, State, chance, typed_check
from core.house_rules.actions import (
    Action,
    Options,
    _ACTIONS,
    END_TURN,
    PASS,
    TAKE_BONUS,
    EndTurn,
    Move,
    Pass,
    PlaceMarker,
    PlayCard,
    Revive,
    Swap,
    TakeBonus,
)
from core.house_rules.board import (
    BASE,
    BLACK,
    CELL_INDEX,
    CELL_NAMES,
    COL,
    COLOUR_NAMES,
    FAR_ROW,
    HOME_ROW,
    KIND_NAMES,
    NCELLS,
    ORTH,
    SETUP_BASES,
    UP,
    VALUE,
    WHITE,
    code,
)
from core.house_rules.board import Pawn, _pawn
from core.house_rules.cards import CARD_BY_ID, CARD_IDS, CARDS, END_LIMITS, MARKERS
from core.house_rules import checks
from core.house_rules.rules import (
    can_revive, cell_col, explain_strengths, may_place_marker, may_play_card, move_actions, revive_cells,
    swap_pairs,
)
from core.house_rules.words import describe, prompt, to_text

QUIET_LIMIT = 200  # 100 moves by each side without a capture
REPEAT_LIMIT = 3



# Every Swap built once (actions are immutable values, so they can be shared).
SWAPS: tuple[dict[int, Swap], ...] = tuple({j: Swap(CELL_NAMES[i], CELL_NAMES[j]) for j in ORTH[i]} for i in range(NCELLS))


def _colour_arg(color: Any) -> int:
    if color in (WHITE, BLACK):
        return int(color)
    s = str(color).lower()
    if s == "white":
        return WHITE
    if s == "black":
        return BLACK
    raise ValueError(f"Not a colour: {color!r}")


def _cell_arg(cell: Any) -> int:
    if isinstance(cell, int):
        if 0 <= cell < NCELLS:
            return cell
    elif isinstance(cell, str) and cell in CELL_INDEX:
        return CELL_INDEX[cell]
    raise ValueError(f"Not a cell of the board: {cell!r}")


class HouseRulesState(State[Action]):
    """The whole position as plain data, and the moves that change it. What the
    rules say about a position without changing it is rules.py; why an action is
    refused, checks.py (docs/architecture.md, "One layout a game")."""

    game_id = "house-rules"
    over: bool  # kept, not computed: State declares it read-only

    __slots__ = (
        "seats", "options", "board", "captured_bases", "hands", "cards_in_force", "marker_cells",
        "side", "phase", "card_played", "pending", "turn", "quiet", "passes", "history",
        "seed", "chance_counter", "over", "outcome", "log", "tot", "silent",
    )

    seats: int
    options: Options
    board: list[int]  # a pawn code (board.py) a cell, 0 when empty
    captured_bases: list[list[int]]  # by colour: base values of its captured pawns, sorted
    hands: list[list[str]]  # by colour: card ids in hand
    cards_in_force: list[str]
    marker_cells: list[int]  # cells under a change marker, sorted
    side: int  # the colour to move
    phase: str  # "before", "upgrade", "after" or "over"
    card_played: bool  # a card was played this turn
    pending: int  # the cell of the pawn waiting for its upgrade, else -1
    turn: int
    quiet: int  # actions since the last capture
    passes: int  # passes in a row
    history: list[bytes]  # position keys since the last irreversible change
    seed: int | None  # None in a view
    chance_counter: int
    outcome: Outcome | None
    log: list[str]
    tot: list[int]  # each colour's total, kept up to date by the moves
    silent: bool  # a bot's copy: no log

    # -- construction ----------------------------------------------------------

    @classmethod
    def start(cls, seed: int, options: Options) -> HouseRulesState:
        s = cls.__new__(cls)
        s.seats = 2
        s.options = options
        s.board = [0] * NCELLS
        for c in (WHITE, BLACK):
            for f, b in enumerate(SETUP_BASES):
                s.board[HOME_ROW[c][f]] = code(c, b)
        s.captured_bases = [[], []]
        s.hands = [[], []]
        s.cards_in_force = []
        s.marker_cells = []
        s.seed = seed
        s.chance_counter = 0
        s.log = []
        s.silent = False
        s.tot = [16, 16]
        if options.cards == "hands":
            s.hands = [[c.id for c in CARDS if c.colour == col] for col in (WHITE, BLACK)]
        elif options.cards == "random":
            rng = chance(seed, s.chance_counter)
            s.chance_counter += 1
            drawn = set(rng.sample(CARD_IDS, options.random_cards))
            s.cards_in_force = [cid for cid in CARD_IDS if cid in drawn]
            s.log.append("In force for the whole game: " + ", ".join(CARD_BY_ID[c].name for c in s.cards_in_force) + ".")
        s.side = WHITE if options.first == "white" else BLACK
        s.phase = "before"
        s.card_played = False
        s.pending = -1
        s.turn = 1
        s.quiet = 0
        s.passes = 0
        s.history = [s._key()]
        s.over = False
        s.outcome = None
        return s

    def clone(self) -> HouseRulesState:
        s = HouseRulesState.__new__(HouseRulesState)
        s.seats = 2
        s.options = self.options
        s.board = self.board[:]
        cb = self.captured_bases
        s.captured_bases = [cb[0][:], cb[1][:]]
        h = self.hands
        s.hands = [h[0][:], h[1][:]]
        s.cards_in_force = self.cards_in_force[:]
        s.marker_cells = self.marker_cells[:]
        s.side = self.side
        s.phase = self.phase
        s.card_played = self.card_played
        s.pending = self.pending
        s.turn = self.turn
        s.quiet = self.quiet
        s.passes = self.passes
        s.history = self.history[:]
        s.seed = self.seed
        s.chance_counter = self.chance_counter
        s.over = self.over
        s.outcome = self.outcome
        s.tot = self.tot[:]
        s.silent = silent = self.silent
        # A silent copy (a bot's search) keeps no log of its own.
        s.log = self.log if silent else self.log[:]
        return s

    def _fields(self) -> tuple:
        return (
            self.options, self.board, self.captured_bases, self.hands, self.cards_in_force,
            self.marker_cells, self.side, self.phase, self.card_played, self.pending, self.turn,
            self.quiet, self.passes, self.history, self.seed, self.chance_counter, self.over,
            self.outcome,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HouseRulesState):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def view(self, seat: int | None) -> HouseRulesState:
        """Everything is open in HOUSE RULES (both hands are known from the start);
        a view only drops the seed."""
        v = self.clone()
        v.seed = None
        return v

    def determinize(self, rng: random.Random) -> HouseRulesState:
        return self.clone()

    # -- protocol attributes ---------------------------------------------------
    # core.engine.State declares `to_move` and `prompt` as attributes (Icehouse Dash
    # stores them); here they are worked out from the position, read-only.

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.side

    @property
    def prompt(self) -> str:
        return prompt(self)

    # -- helpers for the screen ------------------------------------------------

    def pawn_at(self, cell: Any) -> Pawn | None:
        k = self.board[_cell_arg(cell)]
        return _pawn(k) if k else None

    def moves_from(self, cell: Any) -> list[Any]:
        """The legal Move (and Regroup Swap) actions of the pawn on `cell`."""
        i = _cell_arg(cell)
        if self.over or self.phase != "before":
            return []
        return [a for a in self.legal_actions() if (type(a) is Move and a.src == CELL_NAMES[i])
                or (type(a) is Swap and CELL_NAMES[i] in (a.a, a.b))]

    def capture_preview(self, src: Any, dst: Any) -> tuple[int, int, str]:
        """(attacker strength, defender strength, breakdown in words) for the pawn on
        `src` attacking the pawn on `dst` (reach is not checked)."""
        i, j = _cell_arg(src), _cell_arg(dst)
        a, d = self.board[i], self.board[j]
        if not a or not d:
            raise ValueError("A capture needs a pawn on both cells.")
        sa, sd, text = explain_strengths(self, i, j)
        return sa, sd, text

    def totals(self) -> tuple[int, int]:
        """(White's total, Black's total): values with upgrades, nothing else."""
        return self.tot[0], self.tot[1]

    def _count_totals(self) -> None:
        t = [0, 0]
        for k in self.board:
            if k:
                t[COL[k]] += VALUE[k]
        self.tot = t

    def captured(self, color: Any) -> list[Pawn]:
        c = _colour_arg(color)
        return [Pawn(c, KIND_NAMES[c][b], b, b, "") for b in self.captured_bases[c]]

    @property
    def markers(self) -> list[str]:
        return [CELL_NAMES[i] for i in self.marker_cells]

    @property
    def markers_left(self) -> int:
        return MARKERS - len(self.marker_cells)

    def cell_colour(self, cell: Any) -> str | None:
        """"white" or "black" as the cell counts now (change markers flip it), or
        None while Colour Blind is in force (no cell gives a bonus)."""
        if "colour-blind" in self.cards_in_force:
            return None
        return ("white", "black")[cell_col(self, _cell_arg(cell))]

    # -- rules core ---------------------------------------------------------------

    def _key(self) -> bytes:
        return bytes(self.board) + bytes((self.side,))

    # -- legal actions ---------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        phase = self.phase
        side = self.side
        if phase == "before":
            out: list[Action] = []
            if not self.card_played:
                out.extend(PlayCard(c) for c in self.hands[side])
            moves = move_actions(self)
            swaps = [SWAPS[i][j] for i, j in swap_pairs(self)] if "regroup" in self.cards_in_force else []
            if moves or swaps:
                out.extend(moves)
                out.extend(swaps)
            else:
                out.append(PASS)
            return out
        if phase == "upgrade":
            out = []
            k = self.board[self.pending]
            if BASE[k] < 4:
                out.append(TAKE_BONUS)
            for b in sorted(set(self.captured_bases[side])):
                for i in revive_cells(self, side, b):
                    out.append(Revive(b, CELL_NAMES[i]))
            return out
        # after
        out = []
        if may_play_card(self):
            out.extend(PlayCard(c) for c in self.hands[side])
        if may_place_marker(self):
            board = self.board
            mk = self.marker_cells
            out.extend(PlaceMarker(CELL_NAMES[i]) for i in range(NCELLS) if not board[i] and i not in mk)
        out.append(END_TURN)
        return out

    # -- playing ---------------------------------------------------------------

    def play(self, action: Action) -> None:
        # `type(action) is X`, not a saved type: the checker narrows the union by it
        if type(action) is Move:
            self._move(CELL_INDEX[action.src], CELL_INDEX[action.dst])
        elif type(action) is PlayCard:
            self._play_card(action.card)
        elif type(action) is EndTurn:
            self._end_turn()
        elif type(action) is Swap:
            i, j = CELL_INDEX[action.a], CELL_INDEX[action.b]
            if not self.silent:
                self.log.append(f"{COLOUR_NAMES[self.side]}: {self.describe(action)}.")
            b = self.board
            b[i], b[j] = b[j], b[i]
            self.passes = 0
            self.quiet += 1
            # A swap is an entry like a move (rulings.md section 1): each pawn that now
            # stands on a far-row cell it was not on may earn its upgrade. Only one can
            # still be eligible (the value-4 pawn, or one swapped in from outside).
            for cell in (i, j):
                if self._enter_far_row(cell):
                    return
            self._after_move()
        elif type(action) is Pass:
            if not self.silent:
                self.log.append(f"{COLOUR_NAMES[self.side]} passes: no move is possible.")
            self.passes += 1
            self.quiet += 1
            self._after_move()
        elif type(action) is Revive:
            self._revive(action.pawn, CELL_INDEX[action.cell])
        elif type(action) is TakeBonus:
            i = self.pending
            k = self.board[i]
            self.board[i] = code(COL[k], BASE[k], 1)
            self.tot[COL[k]] += 1
            if not self.silent:
                self.log.append(f"{COLOUR_NAMES[self.side]}'s {KIND_NAMES[COL[k]][BASE[k]]} on {CELL_NAMES[i]} takes +1 (now {VALUE[k] + 1}).")
            self.pending = -1
            self.history = []
            # Like every change of a total, +1 may end the game at once (a lead of 8).
            if self._end_check():
                return
            self._after_move()
        elif type(action) is PlaceMarker:
            i = CELL_INDEX[action.cell]
            self.marker_cells.append(i)
            self.marker_cells.sort()
            self.history = []
            if not self.silent:
                self.log.append(f"{COLOUR_NAMES[self.side]} places a change marker on {action.cell}: it now counts as {('white', 'black')[cell_col(self, i)]}.")
            self._end_turn()
        else:  # pragma: no cover - apply() checks first
            raise ValueError(f"Not a HOUSE RULES action: {action!r}")

    def _move(self, i: int, j: int) -> None:
        board = self.board
        k = board[i]
        d = board[j]
        side = self.side
        if not self.silent:
            self.log.append(f"{COLOUR_NAMES[side]}: {self.describe(Move(CELL_NAMES[i], CELL_NAMES[j]))}.")
        if d:
            self.tot[COL[d]] -= VALUE[d]
            self.captured_bases[COL[d]].append(BASE[d])
            self.captured_bases[COL[d]].sort()
            self.quiet = 0
            self.history = []
        else:
            self.quiet += 1
        board[j] = k
        board[i] = 0
        self.passes = 0
        if self._end_check():
            return
        if self._enter_far_row(j):
            return
        self._after_move()

    def _enter_far_row(self, j: int) -> bool:
        """The pawn of the side to move has just entered cell `j` (by a move, a
        sprint, a diagonal step or a Regroup swap). If `j` is in the far row and the
        pawn was never upgraded, it earns its upgrade. True when the turn stops here:
        a choice is now pending, or the upgrade ended the game."""
        board = self.board
        k = board[j]
        side = self.side
        if UP[k] != 0 or j not in FAR_ROW[side]:
            return False
        b = BASE[k]
        name = KIND_NAMES[side][b]
        if b == 4:
            if can_revive(self, side):
                self.phase = "upgrade"
                self.pending = j
                return True
            if not self.silent:
                self.log.append(f"The {name} reached the far row, but there is no pawn to bring back: it keeps its upgrade for later.")
            return False
        if "homecoming" in self.cards_in_force and can_revive(self, side):
            self.phase = "upgrade"
            self.pending = j
            return True
        board[j] = code(side, b, 1)
        self.tot[side] += 1
        self.history = []
        if not self.silent:
            self.log.append(f"The {name} reached the far row and is upgraded: value {b + 1}.")
        return self._end_check()

    def _revive(self, base: int, cell: int) -> None:
        side = self.side
        i = self.pending
        k = self.board[i]
        self.board[i] = code(side, BASE[k], 2)
        self.captured_bases[side].remove(base)
        self.board[cell] = code(side, base)
        self.tot[side] += base
        self.pending = -1
        self.history = []
        if not self.silent:
            self.log.append(
                f"{COLOUR_NAMES[side]}'s {KIND_NAMES[side][BASE[k]]} on {CELL_NAMES[i]} brings back a "
                f"{KIND_NAMES[side][base]} to {CELL_NAMES[cell]}."
            )
        if self._end_check():
            return
        self._after_move()

    def _play_card(self, cid: str) -> None:
        side = self.side
        self.hands[side].remove(cid)
        self.cards_in_force.append(cid)
        self.card_played = True
        self.history = []
        if not self.silent:
            self.log.append(f"{COLOUR_NAMES[side]} plays {CARD_BY_ID[cid].name}: {CARD_BY_ID[cid].text}")
        if self._end_check():
            return
        if self.phase == "after" and not may_place_marker(self):
            self._end_turn()

    def _after_move(self) -> None:
        self.phase = "after"
        if not may_play_card(self) and not may_place_marker(self):
            self._end_turn()

    def _end_turn(self) -> None:
        self.side = 1 - self.side
        self.turn += 1
        self.phase = "before"
        self.card_played = False
        self.pending = -1
        if self.passes >= 2:
            self._finish((), "Draw: both players passed in a row.")
            return
        key = self._key()
        self.history.append(key)
        if self.history.count(key) >= REPEAT_LIMIT:
            self._finish((), "Draw: the same position came up for the third time.")
            return
        if self.quiet >= QUIET_LIMIT:
            self._finish((), "Draw: 100 moves by each player without a capture.")

    def _end_check(self) -> bool:
        w, b = self.totals()
        lose, lead = END_LIMITS["last-stand" in self.cards_in_force]
        wl, bl = w <= lose, b <= lose
        if wl and bl:
            self._finish((), f"Draw: both totals fell to {lose} or less ({w} to {b}).")
        elif wl:
            self._finish((BLACK,), f"Black wins: White's total fell to {w}; a total of {lose} or less loses.")
        elif bl:
            self._finish((WHITE,), f"White wins: Black's total fell to {b}; a total of {lose} or less loses.")
        elif w - b >= lead:
            self._finish((WHITE,), f"White wins with a lead of {w - b} ({w} to {b}); a lead of {lead} or more wins.")
        elif b - w >= lead:
            self._finish((BLACK,), f"Black wins with a lead of {b - w} ({b} to {w}); a lead of {lead} or more wins.")
        else:
            return False
        return True

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.over = True
        self.phase = "over"
        self.pending = -1
        if winners:
            scores = tuple(1.0 if s in winners else 0.0 for s in (0, 1))
        else:
            scores = (0.5, 0.5)
        self.outcome = Outcome(winners, reason, scores)
        if not self.silent:
            self.log.append(reason)

    @typed_check(*_ACTIONS)
    def check(self, action: object) -> str | None:  # anything: a malformed action is told so
        return checks.check(self, action)

    # -- notation --------------------------------------------------------------

    def describe(self, action: Action) -> str:
        return describe(self, action)

    def to_text(self) -> str:
        return to_text(self)

    def __repr__(self) -> str:
        return f"<HouseRulesState turn {self.turn} {COLOUR_NAMES[self.side]} {self.phase}>"

