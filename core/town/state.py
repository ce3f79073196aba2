"""TOWN 77: the rules engine (2 to 5 players, and solo with one seat).

The town is a 7x7 square, cells "a1" (top left) to "g7". Internally a cell is an
index 0..48 (row * 7 + col) and the town keeps bit masks: which colours and styles
each row and column already holds, and which cells are taken, so the placement
test is a handful of integer operations.

Chance: the state keeps its seed and a counter; each random event (a draw, an
exchange's draw of three, the solo deal) takes `chance(seed, counter)`. The bag is
held as a sorted multiset: a draw picks one of its tiles at random, so the bag has
no order to hide.
"""

from __future__ import annotations

import random
from typing import Any

from core.engine import IllegalAction, Line, Outcome, State, bad_field, chance, typed_check
from core.town.actions import _ACTIONS, KEEP, Action, LEAVE, ChooseStack, Exchange, GiveBack, Keep, Leave, Options, Place
from core.town.tiles import (
    CELL_INDEX, CELLS, COLOUR_OF, COLOURS, SIZE, STYLES, TILE_CS, TILES, UNKNOWN, colour_token, sort_key, tile_name,
)
from core.town.reveals import reveals as _reveals
from core.town.words import describe, level_for, plural

NCELLS = SIZE * SIZE
FULL = (1 << NCELLS) - 1
ROW_BITS = tuple(((1 << SIZE) - 1) << (r * SIZE) for r in range(SIZE))
COL_BITS = tuple(sum(1 << (r * SIZE + c) for r in range(SIZE)) for c in range(SIZE))
NOT_COL0 = FULL & ~COL_BITS[0]
NOT_COL6 = FULL & ~COL_BITS[SIZE - 1]
HAND = 4  # tiles dealt to each player
SOLO_STACKS = (17, 16, 16)
# For each 7-bit set of rows (or columns) that a tile may use: the cells of those rows.
ROWS_MASK = tuple(sum(ROW_BITS[r] for r in range(SIZE) if m >> r & 1) for m in range(1 << SIZE))
COLS_MASK = tuple(sum(COL_BITS[c] for c in range(SIZE) if m >> c & 1) for m in range(1 << SIZE))
ALL7 = (1 << SIZE) - 1
BIT_CELL = {1 << i: i for i in range(NCELLS)}


def frontier_of(occ: int) -> int:
    """Empty cells orthogonally next to a taken cell."""
    nb = ((occ << 1) & NOT_COL0) | ((occ >> 1) & NOT_COL6) | (occ << SIZE) | (occ >> SIZE)
    return nb & FULL & ~occ


def cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(BIT_CELL[low])
        mask ^= low
    return out


TURN = "turn"  # steps 1 and 2: exchange (optional) then place, or leave when stuck
GIVEBACK = "give-back"  # step 4: give one tile back, or keep
SOLO_START = "solo-start"  # solo: choose the stack of the first tile
SOLO_CHOOSE = "solo-choose"  # solo: choose a stack to reveal
SOLO_PLACE = "solo-place"  # solo: place the revealed tile
OVER = "over"
PHASES = (TURN, GIVEBACK, SOLO_START, SOLO_CHOOSE, SOLO_PLACE, OVER)


class TownState(State[Action]):
    game_id = "town"

    def __init__(self) -> None:
        self.seats = 1
        self.seed: int | None = 0
        self.counter = 0
        self.options = Options()
        self.cells: list[str | None] = [None] * NCELLS
        self.rc = [0] * SIZE  # for each colour: the rows that hold it (bit per row)
        self.rs = [0] * SIZE  # for each style: the rows that hold it
        self.cc = [0] * SIZE  # for each colour: the columns that hold it
        self.cs = [0] * SIZE  # for each style: the columns that hold it
        self.occ = 0  # taken cells (bit per cell)
        self.front = 0  # empty cells next to a taken one
        self.racks: list[list[str]] = []
        self.limits: list[int] = []
        self.bag: list[str] = []
        self.left_order: list[int] = []
        self.phase = TURN
        self.current = 0
        self.exchanges = 0
        self.stacks: list[list[str]] = []  # solo: each stack bottom first, top last
        self.revealed: str | None = None
        self.viewer: int | None = None
        self.hidden = False  # True for a view: some tiles are unknown
        self.log: list[str] = []
        self.logging = True
        self.outcome: Outcome | None = None

    # -- the protocol's attributes -------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def solo(self) -> bool:
        return self.seats == 1

    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def prompt(self) -> str:
        ph = self.phase
        if ph == OVER:
            return "The game is over"
        if ph == SOLO_START:
            return "Choose a stack: its top tile starts the town in a1"
        if ph == SOLO_CHOOSE:
            return "Choose a stack to reveal its top tile"
        if ph == SOLO_PLACE:
            return f"Place the {tile_name(self.revealed or UNKNOWN)}"
        if ph == GIVEBACK:
            return "Give one tile back to the bag (your hand shrinks for good), or keep your hand"
        rack = self.racks[self.current]
        if self.hidden and any(t not in TILE_CS for t in rack):
            return Line("{0} {0:places/place} a tile", self.current)
        if self._can_place(self.current):
            if self._can_exchange(self.current):
                return "Place a tile, or exchange three of one colour or style"
            return "Place a tile"
        return "No tile fits: exchange three of one colour or style, or leave the game"

    # -- helpers for the screen ----------------------------------------------------

    @property
    def grid(self) -> list[list[str | None]]:
        """The town as 7 rows of 7 cells, each None or a tile name."""
        c = self.cells
        return [c[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]

    @property
    def bag_count(self) -> int:
        return len(self.bag)

    @property
    def left(self) -> list[tuple[int, int]]:
        """Who has left, in order: (seat, tiles in hand when they left)."""
        return [(s, len(self.racks[s])) for s in self.left_order]

    @property
    def placed(self) -> int:
        return self.occ.bit_count()

    def stack_tops(self) -> list[str | None]:
        """Solo: for each stack, its top tile's colour token ("R?"), None when empty."""
        return [colour_token(TILE_CS[s[-1]][0]) if s and s[-1] in TILE_CS
                else (s[-1] if s else None) for s in self.stacks]

    def stack_sizes(self) -> list[int]:
        return [len(s) for s in self.stacks]

    def _legal_mask(self, c: int, s: int) -> int:
        """The cells (bit mask) where a tile of colour c and style s may go now."""
        return (self.front & ROWS_MASK[ALL7 ^ (self.rc[c] | self.rs[s])]
                & COLS_MASK[ALL7 ^ (self.cc[c] | self.cs[s])])

    def masks_after(self, i: int, c: int, s: int) -> tuple[list, list, list, list]:
        """Copies of (rc, rs, cc, cs) as they would be after a tile of colour c and
        style s went on cell i: what the bots judge a placement by, without a clone."""
        r, k = divmod(i, SIZE)
        rc, rs, cc, cs = self.rc[:], self.rs[:], self.cc[:], self.cs[:]
        rc[c] |= 1 << r
        rs[s] |= 1 << r
        cc[c] |= 1 << k
        cs[s] |= 1 << k
        return rc, rs, cc, cs

    def legal_cells(self, tile: str) -> list[str]:
        """Every cell where `tile` may go now (whoever holds it)."""
        if tile not in TILE_CS:
            return []
        if self.occ == 0:
            return ["a1"]
        c, s = TILE_CS[tile]
        return [CELLS[i] for i in cells_of(self._legal_mask(c, s))]

    def why_not(self, tile: str, cell: str) -> str | None:
        """None if `tile` may go on `cell`, else the reason in words."""
        if tile not in TILE_CS:
            return f"{tile!r} is not a tile"
        if cell not in CELL_INDEX:
            return f"{cell!r} is not a cell of the town (a1 to g7)"
        i = CELL_INDEX[cell]
        r, k = divmod(i, SIZE)
        held = self.cells[i]
        if held is not None:
            return f"{cell} already holds the {tile_name(held)}"
        if self.occ == 0:
            return None if i == 0 else "The first tile goes in a1, the top-left cell"
        if not (self.front >> i) & 1:
            return f"{cell} does not touch the side of any tile in the town"
        c, s = TILE_CS[tile]
        col_letter = cell[0]
        if (self.rc[c] >> r) & 1:
            return f"{COLOURS[c].name} is already in row {r + 1}"
        if (self.cc[c] >> k) & 1:
            return f"{COLOURS[c].name} is already in column {col_letter}"
        if (self.rs[s] >> r) & 1:
            return f"{STYLES[s].name} is already in row {r + 1}"
        if (self.cs[s] >> k) & 1:
            return f"{STYLES[s].name} is already in column {col_letter}"
        return None

    def _can_place(self, seat: int) -> bool:
        if self.occ == 0:
            return bool(self.racks[seat])
        if not self.front:
            return False
        seen = set()
        for t in self.racks[seat]:
            cs = TILE_CS.get(t)
            if cs is None or cs in seen:
                continue
            seen.add(cs)
            if self._legal_mask(*cs):
                return True
        return False

    def _exchange_sets(self, seat: int) -> list[tuple[str, str, str]]:
        rack = [t for t in self.racks[seat] if t in TILE_CS]  # a view's hidden tiles: no known set
        n = len(rack)
        out = []
        for a in range(n):
            ca, sa = TILE_CS[rack[a]]
            for b in range(a + 1, n):
                cb, sb = TILE_CS[rack[b]]
                for d in range(b + 1, n):
                    cd, sd = TILE_CS[rack[d]]
                    if (ca == cb == cd) or (sa == sb == sd):
                        out.append((rack[a], rack[b], rack[d]))
        return out

    def _can_exchange(self, seat: int) -> bool:
        if self.exchanges >= self.options.max_exchanges or not self.bag:
            return False
        rack = self.racks[seat]
        if len(rack) < 3 or any(t not in TILE_CS for t in rack):
            return False
        colours = [TILE_CS[t][0] for t in rack]
        styles = [TILE_CS[t][1] for t in rack]
        return any(colours.count(x) >= 3 for x in set(colours)) or any(
            styles.count(x) >= 3 for x in set(styles))

    # -- legal actions and checks --------------------------------------------------

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == OVER:
            return []
        if ph in (SOLO_START, SOLO_CHOOSE):
            return [ChooseStack(i) for i, st in enumerate(self.stacks) if st]
        if ph == SOLO_PLACE:
            t = self.revealed
            assert t is not None, "a solo tile is revealed before it is placed"
            return [Place(t, cell) for cell in self.legal_cells(t)]
        seat = self.current
        if ph == GIVEBACK:
            out: list[Action] = [KEEP]
            out.extend(GiveBack(t) for t in dict.fromkeys(self.racks[seat]) if t in TILE_CS)
            return out
        out = []
        rack = self.racks[seat]
        if self.occ == 0:
            out.extend(Place(t, "a1") for t in dict.fromkeys(rack) if t in TILE_CS)
        else:
            for t in dict.fromkeys(rack):
                cs = TILE_CS.get(t)
                if cs is None:
                    continue
                m = self._legal_mask(*cs)
                if m:
                    out.extend(Place(t, CELLS[i]) for i in cells_of(m))
        placing = bool(out)
        if self.exchanges < self.options.max_exchanges and self.bag:
            out.extend(Exchange(x) for x in self._exchange_sets(seat))
        # In a view that hides some of this rack, nobody can tell that it cannot place.
        if not placing and all(t in TILE_CS for t in rack):
            out.append(LEAVE)
        return out

    @typed_check(*_ACTIONS)
    def check(self, action: object) -> str | None:  # anything: a malformed action is told so
        ph = self.phase
        if ph == OVER:
            return "The game is over."
        bad = bad_field(action) if isinstance(action, _ACTIONS) else None
        if bad is not None:
            return f"That action is malformed: its {bad} is not of the right kind."
        if isinstance(action, ChooseStack):
            if ph not in (SOLO_START, SOLO_CHOOSE):
                return "Stacks are only used in the solo game, before placing." if not self.solo \
                    else "Place the revealed tile first."
            i = action.stack
            if not isinstance(i, int) or not 0 <= i < len(self.stacks):
                return f"There is no stack {i + 1 if isinstance(i, int) else i}: choose 1 to 3."
            if not self.stacks[i]:
                return f"Stack {i + 1} is empty."
            return None
        if isinstance(action, (Place, Exchange, GiveBack, Leave)) and ph in (TURN, GIVEBACK) \
                and any(t not in TILE_CS for t in self.racks[self.current]):
            hidden = self._hidden_use(action)
            if hidden:
                return hidden
        if isinstance(action, Place):
            if ph in (SOLO_START, SOLO_CHOOSE):
                return "Choose a stack first."
            if ph == GIVEBACK:
                return "You have placed your tile this turn: give one back or keep your hand."
            if ph == SOLO_PLACE:
                if action.tile != self.revealed:
                    return f"You must place the revealed {tile_name(self.revealed or UNKNOWN)}."
            elif action.tile not in self.racks[self.current]:
                return f"You do not hold the {tile_name(action.tile)}."
            return self.why_not(action.tile, action.cell)
        if isinstance(action, Exchange):
            if ph != TURN:
                return "You may exchange only at the start of your turn, before placing."
            given = action.tiles  # from outside: checked to be three tile names below
            if not isinstance(given, (tuple, list)) or not all(isinstance(t, str) for t in given):
                return "An exchange names three tiles, such as Rc Rt Rd."
            tiles = tuple(given)
            if len(tiles) != 3 or len(set(tiles)) != 3:
                return "An exchange is exactly three different tiles."
            rack = self.racks[self.current]
            for t in tiles:
                if t not in rack:
                    return f"You do not hold the {tile_name(t)}."
            cs = [TILE_CS[t] for t in tiles]
            if not (cs[0][0] == cs[1][0] == cs[2][0] or cs[0][1] == cs[1][1] == cs[2][1]):
                return "The three tiles must share a colour or a style: " + ", ".join(
                    tile_name(t) for t in tiles) + " do not."
            if not self.bag:
                return "The bag is empty: you would only draw the same three back."
            if self.exchanges >= self.options.max_exchanges:
                return f"You have already exchanged {plural(self.exchanges, 'time')} this turn (the limit)."
            return None
        if isinstance(action, (GiveBack, Keep)):
            if ph != GIVEBACK:
                return "You may give a tile back only after placing and drawing."
            if isinstance(action, GiveBack) and action.tile not in self.racks[self.current]:
                return f"You do not hold the {tile_name(action.tile)}."
            return None
        if isinstance(action, Leave):
            if ph != TURN:
                return "You can leave only when no tile of yours fits the town."
            for t in self.racks[self.current]:
                cells = self.legal_cells(t)
                if cells:
                    return f"You can still place a tile: the {tile_name(t)} fits in {cells[0]}."
            return None
        return "That is not a TOWN 77 action."

    def _hidden_use(self, action: Any) -> str | None:
        """In a view that hides tiles of the rack to move: why `action` cannot be
        judged (it names a hidden tile, or it is Leave), else None."""
        if isinstance(action, Leave):
            return Line("{0:'s} tiles are hidden in this view: whether {0:they/you} can place is not known.",
                        self.current)
        tiles = action.tiles if isinstance(action, Exchange) else (action.tile,)
        if isinstance(tiles, (tuple, list)) and any(
                isinstance(t, str) and t in self.racks[self.current] and t not in TILE_CS for t in tiles):
            return Line("That tile is hidden in {0:'s} rack in this view.", self.current)
        return None

    # -- playing -------------------------------------------------------------------

    def _rng(self) -> random.Random:
        rng = chance(self.seed if self.seed is not None else 0, self.counter)
        self.counter += 1
        return rng

    def _put(self, tile: str, i: int) -> None:
        c, s = TILE_CS[tile]
        r, k = divmod(i, SIZE)
        self.cells[i] = tile
        self.occ |= 1 << i
        self.front = frontier_of(self.occ)
        self.rc[c] |= 1 << r
        self.rs[s] |= 1 << r
        self.cc[c] |= 1 << k
        self.cs[s] |= 1 << k

    def _say(self, template: str, *seats: int, **words: str) -> None:
        """Log a Line (core.engine) naming `seats`; nothing is built when not logging."""
        if self.logging:
            self.log.append(Line(template, *seats, **words))

    def play(self, action: Action) -> None:
        ph = self.phase
        if isinstance(action, Place):
            i = CELL_INDEX[action.cell]
            tile = action.tile
            self._put(tile, i)
            if ph == SOLO_PLACE:
                self.revealed = None
                self._say("Placed the {tile} in {cell}.", tile=tile_name(tile), cell=action.cell)
                if self.occ == FULL:
                    self._finish_solo()
                else:
                    self.phase = SOLO_CHOOSE
                return
            seat = self.current
            rack = self.racks[seat]
            rack.remove(tile)
            self._say("{0} {0:places/place} the {tile} in {cell}.", seat, tile=tile_name(tile), cell=action.cell)
            if not rack:
                self._leave(seat, placed_all=True)
                self._next_turn()
                return
            if self.bag:
                self._draw(seat, 1)
                self.phase = GIVEBACK
            else:
                # No draw: the hand is one tile smaller for good. The limit only reports
                # this (a draw always replaces exactly the tile placed), so play is unchanged.
                self.limits[seat] = len(rack)
                self._next_turn()
            return
        if isinstance(action, ChooseStack):
            tile = self.stacks[action.stack].pop()
            if ph == SOLO_START:
                self._put(tile, 0)
                self._say("The {tile} from stack {n} starts the town in a1.", tile=tile_name(tile), n=str(action.stack + 1))
                self.phase = SOLO_CHOOSE
                return
            self._say("Stack {n} reveals the {tile}.", n=str(action.stack + 1), tile=tile_name(tile))
            if tile not in TILE_CS or self._legal_mask(*TILE_CS[tile]) == 0:
                self.revealed = tile
                self._finish_solo()
            else:
                self.revealed = tile
                self.phase = SOLO_PLACE
            return
        seat = self.current
        rack = self.racks[seat]
        if isinstance(action, Exchange):
            for t in action.tiles:
                rack.remove(t)
            self.bag.extend(action.tiles)
            self.bag.sort(key=sort_key)
            self.exchanges += 1
            self._say("{0} {0:exchanges/exchange} the {tiles}.", seat,
                      tiles=", ".join(tile_name(t) for t in action.tiles))
            self._draw(seat, 3)
            if not self._can_place(seat) and not self._can_exchange(seat):
                self._leave(seat)
                self._next_turn()
            return
        if isinstance(action, GiveBack):
            rack.remove(action.tile)
            self.bag.append(action.tile)
            self.bag.sort(key=sort_key)
            self.limits[seat] = len(rack)
            self._say("{0} {0:gives/give} a tile back: {0:their/your} hand is now {n} for good.", seat,
                      n=plural(len(rack)))
            self._next_turn()
            return
        if isinstance(action, Keep):
            self._next_turn()
            return
        if isinstance(action, Leave):
            self._leave(seat)
            self._next_turn()
            return
        raise IllegalAction("That is not a TOWN 77 action.")

    def _draw(self, seat: int, n: int) -> None:
        rng = self._rng()
        bag = self.bag
        rack = self.racks[seat]
        for _ in range(n):
            if not bag:
                break
            rack.append(bag.pop(rng.randrange(len(bag))))
        rack.sort(key=sort_key)

    def _leave(self, seat: int, placed_all: bool = False) -> None:
        self.left_order.append(seat)
        why = "{0} placed every tile" if placed_all else "{0} cannot place a tile"
        self._say(why + " and {0:leaves/leave} the game with {n} in hand.", seat, n=plural(len(self.racks[seat])))

    def _next_turn(self) -> None:
        """Pass the bag to the next player still in; players who can neither place
        nor exchange leave at once. Ends the game when everybody has left."""
        n = self.seats
        seat = self.current
        gone = set(self.left_order)
        while len(gone) < n:
            seat = (seat + 1) % n
            if seat in gone:
                continue
            self.current = seat
            self.exchanges = 0
            self.phase = TURN
            if self._can_place(seat) or self._can_exchange(seat):
                return
            self._leave(seat)
            gone.add(seat)
        self._finish()

    def _finish(self) -> None:
        self.phase = OVER
        order = self.left_order
        # Fewest tiles wins; on a tie the later leaver wins.
        best = min(range(len(order)), key=lambda k: (len(self.racks[order[k]]), -k))
        winner = order[best]
        tiles = len(self.racks[winner])
        self.outcome = Outcome(
            winners=(winner,),
            reason=Line("{0} {0:wins/win} with {n} in hand.", winner, n=plural(tiles)),
            scores=tuple(float(len(r)) for r in self.racks),
        )
        if self.logging:
            self.log.append(self.outcome.reason)

    def _finish_solo(self) -> None:
        self.phase = OVER
        n = self.placed
        rank = level_for(n)
        if n == NCELLS:
            reason = f"All 49 tiles placed: {rank}!"
        else:
            reason = f"The {tile_name(self.revealed or UNKNOWN)} fits nowhere: {n} of 49 tiles placed ({rank})."
        self.outcome = Outcome(winners=(0,) if n == NCELLS else (), reason=reason, scores=(float(n),))
        if self.logging:
            self.log.append(reason)

    # -- hidden information ----------------------------------------------------------

    def clone(self) -> TownState:
        return self._copy(True)

    def _copy(self, with_log: bool) -> TownState:
        o = TownState.__new__(TownState)  # a plain state, whatever the class of self
        o.seats = self.seats
        o.seed = self.seed
        o.counter = self.counter
        o.options = self.options
        o.cells = self.cells[:]
        o.rc = self.rc[:]
        o.rs = self.rs[:]
        o.cc = self.cc[:]
        o.cs = self.cs[:]
        o.occ = self.occ
        o.front = self.front
        o.racks = [r[:] for r in self.racks]
        o.limits = self.limits[:]
        o.bag = self.bag[:]
        o.left_order = self.left_order[:]
        o.phase = self.phase
        o.current = self.current
        o.exchanges = self.exchanges
        o.stacks = [s[:] for s in self.stacks]
        o.revealed = self.revealed
        o.viewer = self.viewer
        o.hidden = self.hidden
        o.log = self.log[:] if with_log else []
        o.logging = self.logging
        o.outcome = self.outcome
        return o

    def view(self, seat: int | None) -> TownState:
        """What `seat` may know (None: a spectator). Other racks show colours only,
        the bag its size only, solo stacks their top colour only; no seed."""
        v = self.clone()
        v.seed = None
        v.counter = 0
        v.viewer = seat
        v.hidden = True
        if v.over and not v.solo:
            v.racks = [r[:] for r in self.racks]  # hands are shown at the end
        else:
            v.racks = [r[:] if s == seat else [colour_token(TILE_CS[t][0]) if t in TILE_CS else t
                                                  for t in r]
                       for s, r in enumerate(self.racks)]
            for r in v.racks:
                r.sort(key=sort_key)
        v.bag = [UNKNOWN] * len(self.bag)
        v.stacks = [[UNKNOWN] * (len(st) - 1) + [colour_token(TILE_CS[st[-1]][0]) if st[-1] in TILE_CS
                                                 else st[-1]] if st else []
                    for st in self.stacks]
        return v

    def determinize(self, rng: random.Random) -> TownState:
        """On a view: every unknown tile filled at random, keeping the colours that
        are known (rack backs, stack tops). The new state has its own random seed."""
        d = self._copy(False)
        d.seed = rng.getrandbits(62)
        d.counter = 0
        d.hidden = False
        d.logging = False
        known = set(t for t in self.cells if t is not None)
        for r in self.racks:
            known.update(t for t in r if t in TILE_CS)
        for st in self.stacks:
            known.update(t for t in st if t in TILE_CS)
        if self.revealed in TILE_CS:
            known.add(self.revealed)
        known.update(t for t in self.bag if t in TILE_CS)
        pool: dict[int | None, list[str]] = {c: [] for c in range(len(COLOURS))}
        for t in TILES:
            if t not in known:
                pool[TILE_CS[t][0]].append(t)
        for lst in pool.values():
            rng.shuffle(lst)

        def fill(tok: str) -> str:
            if tok in TILE_CS:
                return tok
            if tok != UNKNOWN and tok[0] in COLOUR_OF and pool[COLOUR_OF[tok[0]]]:
                return pool[COLOUR_OF[tok[0]]].pop()
            return "" # filled in the second pass

        d.racks = [[fill(t) for t in r] for r in self.racks]
        d.stacks = [[fill(t) for t in st] for st in self.stacks]
        d.bag = [fill(t) for t in self.bag]
        rest = [t for lst in pool.values() for t in lst]
        rng.shuffle(rest)

        def fill2(lst: list[str]) -> None:
            for i, t in enumerate(lst):
                if t == "":
                    lst[i] = rest.pop()

        for r in d.racks:
            fill2(r)
            r.sort(key=sort_key)
        for st in d.stacks:
            fill2(st)
        fill2(d.bag)
        d.bag.sort(key=sort_key)
        return d

    # -- notation ------------------------------------------------------------------

    def to_text(self) -> str:
        lines = ["TOWN 77"]
        lines.append(f"seats: {self.seats}")
        lines.append(f"seed: {'hidden' if self.seed is None else self.seed}")
        lines.append(f"chance: {self.counter}")
        lines.append(f"max-exchanges: {self.options.max_exchanges}")
        lines.append(f"phase: {self.phase}")
        lines.append(f"turn: {self.current + 1}")
        lines.append(f"exchanges: {self.exchanges}")
        lines.append(f"view: {'full' if not self.hidden else ('spectator' if self.viewer is None else self.viewer + 1)}")
        lines.append("town:  a  b  c  d  e  f  g")
        for r in range(SIZE):
            row = self.cells[r * SIZE:(r + 1) * SIZE]
            lines.append(f"row {r + 1}: " + " ".join(t if t is not None else ".." for t in row))
        if self.solo:
            for i, st in enumerate(self.stacks):
                lines.append(f"stack {i + 1}: " + " ".join(reversed(st)))
            lines.append(f"revealed: {self.revealed or '-'}")
        else:
            for s in range(self.seats):
                lines.append(f"rack {s + 1}: limit {self.limits[s]}: " + " ".join(self.racks[s]))
            lines.append(f"bag: {len(self.bag)}: " + " ".join(self.bag))
            lines.append("left: " + " ".join(str(s + 1) for s in self.left_order))
        return "\n".join(lines) + "\n"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TownState) and self.to_text() == other.to_text()

    __hash__ = None  # type: ignore[assignment]
    reveals = _reveals  # what a move tells each seat: core/town/reveals.py

    def __repr__(self) -> str:
        return f"<TownState seats={self.seats} phase={self.phase} placed={self.placed}>"

    def describe(self, action: Action) -> str:
        return describe(action, self.stacks)
