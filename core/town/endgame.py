"""Exact endgame search for TOWN 77 puzzles (core/town/puzzles.py, docs/rules/town.md
"Puzzles").

Puzzles show every rack, so the bag's contents are known too: the town, the racks
and the bag hold all 49 tiles. Only the order of the draws is hidden, and the search
tries every draw. The solver's own line gives the drawn tile back each time, so it
reaches the goal whatever is drawn (`strict`); another move is called failing only
when some draw defeats it even with every choice the solver has after that draw,
keeping the tile or giving back another (`loose`). The other players' replies are
all tried, and after each of their draws every keep or give-back.

A search that grows past `BUDGET` nodes gives the position up (Unsupported): this
keeps the miner quick, and a given-up position is never shipped.
"""

from __future__ import annotations

from typing import Any

from core.town.state import ALL7, COLS_MASK, FULL, ROWS_MASK, TURN, TownState, cells_of, frontier_of
from core.town.tiles import CELLS, SIZE, TILE_CS

DEAD = "--"  # in a search hand: a drawn tile that never fits again
DEAD_MIN = 6  # dead tiles the bag must hold for the worst draw to be there every time
CLEAR, LAST = "clear", "last"
BUDGET = 20000  # nodes one search may visit before the position is given up

# A search node: (occ, marks, hands, gone, turn, bag). `marks` is rc + rs + cc + cs
# (7 each), `hands` a tuple of tile tuples by seat, `gone` (seat, tiles) in leaving
# order, `bag` the tiles in the bag (sorted: it has no order).
Node = tuple[int, tuple[int, ...], tuple[tuple[str, ...], ...], tuple[tuple[int, int], ...], int, tuple[str, ...]]


class Unsupported(Exception):
    """The search would need what a puzzle cannot show (an opponent's draw)."""


def node_of(st: TownState) -> Node:
    marks = tuple(st.rc) + tuple(st.rs) + tuple(st.cc) + tuple(st.cs)
    gone = tuple((s, len(st.racks[s])) for s in st.left_order)
    return (st.occ, marks, tuple(tuple(r) for r in st.racks), gone, st.current, tuple(sorted(st.bag)))


def fit_mask(occ: int, marks: tuple[int, ...], tile: str) -> int:
    """The cells `tile` may go on now (bit mask); none for a dead placeholder."""
    if tile not in TILE_CS:
        return 0
    c, s = TILE_CS[tile]
    return (frontier_of(occ) & ROWS_MASK[ALL7 ^ (marks[c] | marks[SIZE + s])]
            & COLS_MASK[ALL7 ^ (marks[2 * SIZE + c] | marks[3 * SIZE + s])])


def is_dead(st: TownState, tile: str) -> bool:
    """`tile` fits no empty cell of the town, now or later (its rows or columns are
    all closed to its colour or style)."""
    c, s = TILE_CS[tile]
    free = FULL & ~st.occ
    return not (ROWS_MASK[ALL7 ^ (st.rc[c] | st.rs[s])] & COLS_MASK[ALL7 ^ (st.cc[c] | st.cs[s])] & free)


def dead_in_bag(st: TownState) -> int:
    return sum(1 for t in st.bag if t in TILE_CS and is_dead(st, t))


def can_exchange(hand: tuple[str, ...], bag: Any) -> bool:
    real = [TILE_CS[t] for t in hand if t in TILE_CS]
    if not bag or len(real) < 3:
        return False
    return any(sum(1 for x in real if x[k] == v) >= 3 for k in (0, 1) for v in range(SIZE))


def placements(node: Node, seat: int) -> list[tuple[str, int]]:
    occ, marks = node[0], node[1]
    out: list[tuple[str, int]] = []
    for t in dict.fromkeys(node[2][seat]):
        out.extend((t, i) for i in cells_of(fit_mask(occ, marks, t)))
    return out


def _put(node: Node, seat: int, tile: str, i: int) -> Node:
    occ, marks, hands, gone, _, bag = node
    c, s = TILE_CS[tile]
    r, k = divmod(i, SIZE)
    m = list(marks)
    m[c] |= 1 << r
    m[SIZE + s] |= 1 << r
    m[2 * SIZE + c] |= 1 << k
    m[3 * SIZE + s] |= 1 << k
    hand = list(hands[seat])
    hand.remove(tile)
    new_hands = hands[:seat] + (tuple(hand),) + hands[seat + 1:]
    return (occ | (1 << i), tuple(m), new_hands, gone, seat, bag)


def _with_hand(node: Node, seat: int, hand: tuple[str, ...], bag: tuple[str, ...]) -> Node:
    occ, marks, hands, gone, turn, _ = node
    return (occ, marks, hands[:seat] + (hand,) + hands[seat + 1:], gone, turn, bag)


class Endgame:
    """Whether `solver` reaches `goal` from a node, against every reply of the others
    and the worst draws. `loose`: the solver may also keep a drawn tile or give back
    another (see the module's words). `turns`: the most solver turns allowed."""

    def __init__(self, solver: int, goal: str, loose: bool, turns: int, budget: int = BUDGET) -> None:
        self.budget = budget
        self.solver = solver
        self.goal = goal
        self.loose = loose
        self.turns = turns
        self.memo: dict[tuple[Node, int], bool] = {}
        self.nodes = 0

    def wins(self, node: Node, used: int = 0) -> bool:
        """The player to move at `node` is about to take a turn."""
        key = (node, used)
        got = self.memo.get(key)
        if got is None:
            self.nodes += 1
            if self.nodes > self.budget:
                raise Unsupported("the search is too big")
            got = self._solver_turn(node, used) if node[4] == self.solver else self._other_turn(node, used)
            self.memo[key] = got
        return got

    def wins_after(self, node: Node, tile: str, i: int, used: int) -> bool:
        """The solver, at `node`, places `tile` on cell `i` (its `used + 1`-th turn)."""
        seat = self.solver
        nxt = _put(node, seat, tile, i)
        hand = nxt[2][seat]
        if not hand:
            return self._left(nxt, seat, used + 1)
        bag = nxt[5]
        if not bag:
            return self._next(nxt, used + 1)
        if self._next(_with_hand(nxt, seat, hand, bag), used + 1):  # the drawn tile given back
            return True
        if not self.loose:
            return False
        # Every draw: the worst first (the tile that fits fewest cells now).
        occ, marks = nxt[0], nxt[1]
        for x in sorted(dict.fromkeys(bag), key=lambda t: (fit_mask(occ, marks, t).bit_count(), t)):
            if not self._keeps_or_swaps(nxt, seat, hand, bag, x, used + 1):
                return False
        return True

    def _keeps_or_swaps(self, node: Node, seat: int, hand: tuple[str, ...], bag: tuple[str, ...], x: str,
                        used: int) -> bool:
        """After drawing `x`: some choice (keep it, or give back another tile) wins."""
        rest = list(bag)
        rest.remove(x)
        if self._next(_with_hand(node, seat, hand + (x,), tuple(rest)), used):
            return True
        for y in dict.fromkeys(hand):
            h = list(hand)
            h.remove(y)
            if self._next(_with_hand(node, seat, tuple(h) + (x,), tuple(sorted(rest + [y]))), used):
                return True
        return False

    def _solver_turn(self, node: Node, used: int) -> bool:
        seat = self.solver
        if can_exchange(node[2][seat], node[5]):
            raise Unsupported("the solver could exchange")
        moves = placements(node, seat)
        if not moves:
            return self._left(node, seat, used)
        if used >= self.turns:
            return False
        return any(self.wins_after(node, t, i, used) for t, i in moves)

    def _other_turn(self, node: Node, used: int) -> bool:
        seat = node[4]
        hand = node[2][seat]
        if can_exchange(hand, node[5]):
            raise Unsupported("another player could exchange")
        moves = placements(node, seat)
        if not moves:
            return self._left(node, seat, used)
        for t, i in moves:
            nxt = _put(node, seat, t, i)
            if not nxt[2][seat]:
                ok = self._left(nxt, seat, used)
            elif nxt[5]:
                ok = self._draws(nxt, seat, used)
            else:
                ok = self._next(nxt, used)
            if not ok:
                return False
        return True

    def _draws(self, node: Node, seat: int, used: int) -> bool:
        """Another player draws (any tile of the bag) and keeps it or gives one back:
        the solver must win after every draw and choice."""
        hand, bag = node[2][seat], node[5]
        for x in dict.fromkeys(bag):
            rest = list(bag)
            rest.remove(x)
            full = hand + (x,)
            if not self._next(_with_hand(node, seat, full, tuple(rest)), used):
                return False
            for y in dict.fromkeys(full):
                h = list(full)
                h.remove(y)
                if not self._next(_with_hand(node, seat, tuple(h), tuple(sorted(rest + [y]))), used):
                    return False
        return True

    def _left(self, node: Node, seat: int, used: int) -> bool:
        hand = node[2][seat]
        occ, marks, hands, gone, turn, bag = node
        gone = gone + ((seat, len(hand)),)
        if seat == self.solver:
            if self.goal == CLEAR:
                return not hand
            others = [n for s, n in gone if s != seat]
            return len(gone) == len(hands) and all(len(hand) <= n for n in others)
        return self._next((occ, marks, hands, gone, seat, bag), used)

    def _next(self, node: Node, used: int) -> bool:
        occ, marks, hands, gone, turn, bag = node
        out = {s for s, _ in gone}
        n = len(hands)
        for step in range(1, n + 1):
            seat = (turn + step) % n
            if seat not in out:
                return self.wins((occ, marks, hands, gone, seat, bag), used)
        raise AssertionError("the solver leaves before the game ends")


def winning_moves(st: TownState, goal: str, turns: int, used: int = 0,
                  budget: int = BUDGET) -> tuple[list[Any], list[Any], list[Any]]:
    """At `st` (the solver to move, in the turn phase): the placements that reach
    `goal` for every draw (strict), those that fail even loosely, and the rest
    (undecided: they win only with a lucky draw). Raises Unsupported past
    `budget` nodes in either search."""
    from core.town.actions import Place

    if st.phase != TURN:
        raise Unsupported("not a turn")
    node = node_of(st)
    strict = Endgame(st.current, goal, False, turns, budget)
    loose = Endgame(st.current, goal, True, turns, budget)
    win, lose, unsure = [], [], []
    for t, i in placements(node, st.current):
        move = Place(t, CELLS[i])
        if strict.wins_after(node, t, i, used):
            win.append(move)
        elif not loose.wins_after(node, t, i, used):
            lose.append(move)
        else:
            unsure.append(move)
    return win, lose, unsure


def still_wins(st: TownState, solver: int, goal: str, turns: int, used: int) -> bool:
    """After a solver's decision: from `st` (whoever is to move, in the turn phase),
    the solver still reaches `goal` for every draw, in `turns` turns in all."""
    if reached(st, solver, goal):
        return True
    if st.over or st.phase != TURN or solver in st.left_order:
        return False
    return Endgame(solver, goal, False, turns).wins(node_of(st), used)


def reached(st: TownState, solver: int, goal: str) -> bool:
    """Whether the goal is reached in the real game."""
    if goal == CLEAR:
        return solver in st.left_order and not st.racks[solver]
    return st.over and st.outcome is not None and st.outcome.winners == (solver,) and st.left_order[-1] == solver
