"""A solver for Icehouse Dash that knows the whole deal (hands and pile order).

It searches depth first over plays, remembering positions already shown to be
lost, with these cuts, all of them safe (they never throw away a win):

- cards of the same value that are both diamonds or both not diamonds move pieces
  alike, so only one of each kind in a hand is tried, and positions are remembered
  by the kinds of cards in hand, not the cards;
- for each colour the solver counts the plays its tree still needs at the least
  (1, 2 or 3); when the cards left (hands and pile) are fewer, the position is lost.

A finished tree is not frozen (its small may leave, and the tree then no longer
stands), so the solver moves trees' pieces like any other and wins only when all
five trees stand at once.

With `keep_trees` the solver looks only for wins that never take a tree apart (a
smaller search; any win it finds is a win under the rules). Winnable-only deals are
chosen this way: it is the search they were always chosen with, so every saved
winnable game and every daily deal keeps the deal it had. In that search a colour
with a piece buried under a finished tree can never be built, which cuts lines.

Moves are tried best first by a position score (trees, mediums on their large,
pieces in line with where they must go). The search counts positions, never time,
so its answers do not depend on the machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Collection

from core.dash.cards import COLOURS, DIST, FILES, RANKS
from core.dash.actions import Play
from core.dash.state import DashState

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_SQ_NAME = [FILES[i % 8] + RANKS[i // 8] for i in range(64)]
_SQ_INDEX = {n: i for i, n in enumerate(_SQ_NAME)}
_SIDE_DELTA = (("N", 0, 1), ("E", 1, 0), ("S", 0, -1), ("W", -1, 0))
_ALL_DONE = 0b11111
_PROVEN = 1 << 30  # a position shown lost with no discrepancy limit


def _pid(piece: tuple[str, int]) -> int:
    return _COLOUR_INDEX[piece[0]] * 3 + piece[1] - 1


def _in_line(a: int, b: int) -> bool:
    """Whether squares `a` and `b` share a file or a rank (one move can join them)."""
    return a % 8 == b % 8 or a // 8 == b // 8


def _kind(card: str) -> str:
    return card[0] + ("D" if card[1] == "D" else "x")


# A play as the search makes it: (card, side, src, dest), squares by index 0-63.
_Move = tuple[str, str, int, int]


class _Budget(Exception):
    pass


@dataclass
class SearchResult:
    """`line`: the winning plays from the position, or None; `decided`: True when
    the search finished (so None means the deal cannot be won); `nodes`: positions
    searched."""

    line: list[Play] | None
    decided: bool
    nodes: int


class _Search:
    def __init__(self, state: DashState, node_limit: int, keep_trees: bool = False,
                 first: Collection[tuple[str, str]] | None = None) -> None:
        if state.seed is None or any(c == "??" for c in state.pile) or any(
                c == "??" for h in state.hands for c in h):
            raise ValueError("The solver needs the whole deal, not a view.")
        self.limit = node_limit
        self.keep_trees = keep_trees
        self.nodes = 0
        self.seats = state.seats
        self.stacks: list[list[int]] = [[] for _ in range(64)]
        for sq, pieces in state.stacks.items():
            self.stacks[_SQ_INDEX[sq]] = [_pid(p) for p in pieces]
        self.loc = [0] * 15
        self.ht = [0] * 15
        for i, st in enumerate(self.stacks):
            for h, p in enumerate(st):
                self.loc[p] = i
                self.ht[p] = h
        self.hands = [h[:] for h in state.hands]
        self.pile = state.pile[:]
        self.pidx = 0
        self.tm = state.to_move
        self.done = 0
        for c in state.trees:
            self.done |= 1 << _COLOUR_INDEX[c]
        self.failed: dict = {}  # position key -> discrepancies it failed with
        self.truncated = False
        self.line: list[_Move] = []  # the winning line found, last move first
        # The first play may only move a piece from src to dest for these (src, dest)
        # square pairs (None: any play).
        self.first = None if first is None else {(_SQ_INDEX[a], _SQ_INDEX[b]) for a, b in first}
        self.root = self.key()

    # -- position helpers ----------------------------------------------------------

    def key(self):
        hk = tuple("".join(sorted(_kind(c) for c in h)) for h in self.hands)
        return bytes(self.loc) + bytes(self.ht), hk, self.pidx, self.tm

    def need(self) -> int:
        """Fewest plays that can still build the missing trees: each play moves one
        pyramid, so a colour's count is the fewest moves of its own pyramids."""
        loc, ht, total = self.loc, self.ht, 0
        for c in range(5):
            if self.done >> c & 1:
                continue
            L, M, S = c * 3 + 2, c * 3 + 1, c * 3
            m_on_l = loc[M] == loc[L] and ht[M] == ht[L] + 1
            s_on_m = loc[S] == loc[M] and ht[S] == ht[M] + 1
            if self.keep_trees:  # the count these deals were always chosen with
                total += 1 if m_on_l else (3 if s_on_m else 2)
            elif m_on_l:
                # the small must land on the large's square: one move in line with
                # it, else two (or the medium off and back and the small: three)
                total += 1 if _in_line(loc[S], loc[L]) else 2
            elif s_on_m:
                total += 3  # the small off, the medium onto the large, the small back
            else:
                # medium and small each onto the large's square (one move in line,
                # else two), or the large moved first and then one each: three
                total += min(3, (1 if _in_line(loc[M], loc[L]) else 2) + (1 if _in_line(loc[S], loc[L]) else 2))
        return total

    def buried_dead(self) -> bool:
        """With trees kept: a piece of an unbuilt colour under a finished tree can
        never move again, so that colour is never built."""
        for c in range(5):
            if self.done >> c & 1:
                st = self.stacks[self.loc[c * 3 + 2]]
                for p in st[: self.ht[c * 3 + 2]]:
                    if not self.done >> (p // 3) & 1:
                        return True
        return False

    def colour_score(self, c: int) -> int:
        """How far colour `c`'s tree has come (bigger is better)."""
        loc, ht, stacks = self.loc, self.ht, self.stacks
        L, M, S = c * 3 + 2, c * 3 + 1, c * 3
        lq, mq, sq = loc[L], loc[M], loc[S]
        m_on_l = lq == mq and ht[M] == ht[L] + 1
        if m_on_l and sq == mq and ht[S] == ht[M] + 1:
            return 1000
        sc = 0
        if m_on_l:
            sc += 300
            if len(stacks[mq]) - 1 != ht[M]:
                sc -= 60 * (len(stacks[mq]) - 1 - ht[M])
            elif sq % 8 == mq % 8 or sq // 8 == mq // 8:
                sc += 60
        else:
            if len(stacks[lq]) - 1 != ht[L]:
                sc -= 60 * (len(stacks[lq]) - 1 - ht[L])
            if lq % 8 == mq % 8 or lq // 8 == mq // 8:
                sc += 60
            if sq % 8 == mq % 8 or sq // 8 == mq // 8 or sq % 8 == lq % 8 or sq // 8 == lq // 8:
                sc += 20
            if len(stacks[mq]) - 1 > ht[M]:
                sc -= 40
        if len(stacks[sq]) - 1 != ht[S]:
            sc -= 40
        return sc

    def score(self) -> int:
        return sum(self.colour_score(c) for c in range(5))

    def ordered(self, moves):
        """`moves` best first: by the score of the board each leaves (computed only
        for the colours a move touches), ties in generation order."""
        stacks, loc, ht = self.stacks, self.loc, self.ht
        base = [self.colour_score(c) for c in range(5)]
        scored = []
        for i, mv in enumerate(moves):
            src, dest = mv[2], mv[3]
            if src == dest:
                scored.append((0, i, mv))
                continue
            s_st, d_st = stacks[src], stacks[dest]
            p = s_st.pop()
            aff = {p // 3}
            if s_st:
                aff.add(s_st[-1] // 3)
            if d_st:
                aff.add(d_st[-1] // 3)
            old_h = ht[p]
            ht[p] = len(d_st)
            d_st.append(p)
            loc[p] = dest
            delta = 0
            for c in aff:
                delta += self.colour_score(c) - base[c]
            d_st.pop()
            s_st.append(p)
            loc[p] = src
            ht[p] = old_h
            scored.append((-delta, i, mv))
        scored.sort()
        return [mv for _, _, mv in scored]

    def moves(self) -> list[_Move]:
        """(card, side, src, dest) for the player to move, one card of each kind."""
        assert self.tm is not None  # dfs asks only while somebody holds cards
        hand = self.hands[self.tm]
        seen = set()
        out: list[_Move] = []
        stacks, done = self.stacks, self.done
        if self.keep_trees:  # the pieces of a finished tree stay put
            tops = [(i, st[-1]) for i, st in enumerate(stacks) if st and not done >> (st[-1] // 3) & 1]
        else:
            tops = [(i, st[-1]) for i, st in enumerate(stacks) if st]
        for card in hand:
            k = _kind(card)
            if k in seen:
                continue
            seen.add(k)
            stay = False
            dist = DIST[card]
            for sq, p in tops:
                d = dist[p % 3 + 1]
                if d == 0:
                    if not stay:
                        stay = True
                        out.append((card, "N", sq, sq))
                    continue
                f, r = sq % 8, sq // 8
                for side, df, dr in _SIDE_DELTA:
                    nf, nr = f + df * d, r + dr * d
                    if 0 <= nf < 8 and 0 <= nr < 8:
                        dest = nr * 8 + nf
                        st = stacks[dest]
                        if st:
                            q = st[-1]
                            if q // 3 != p // 3 or q % 3 != p % 3 + 1:
                                continue
                        out.append((card, side, sq, dest))
        return out

    def do(self, mv: _Move):
        card, side, src, dest = mv
        tm = self.tm
        assert tm is not None  # dfs moves only while somebody holds cards
        hand = self.hands[tm]
        idx = hand.index(card)
        hand.pop(idx)
        tree = fell = False
        p = self.stacks[src][-1]
        if src != dest:
            if p % 3 == 0 and self.done >> (p // 3) & 1:
                fell = True  # a tree's small leaves: that tree no longer stands
                self.done &= ~(1 << (p // 3))
            self.stacks[src].pop()
            st = self.stacks[dest]
            self.ht[p] = len(st)
            st.append(p)
            self.loc[p] = dest
            if p % 3 == 0 and len(st) >= 3 and st[-2] == p + 1 and st[-3] == p + 2:
                tree = True
                self.done |= 1 << (p // 3)
        drew = False
        if not tree and self.pidx < len(self.pile):
            hand.append(self.pile[self.pidx])
            self.pidx += 1
            drew = True
        nxt = None
        for k in range(1, self.seats + 1):
            s = (tm + k) % self.seats
            if self.hands[s]:
                nxt = s
                break
        self.tm = nxt
        return (tm, idx, tree, fell, drew, p, src, dest)

    def undo(self, mv, rec):
        tm, idx, tree, fell, drew, p, src, dest = rec
        card = mv[0]
        hand = self.hands[tm]
        if drew:
            hand.pop()
            self.pidx -= 1
        hand.insert(idx, card)
        if tree:
            self.done &= ~(1 << (p // 3))
        if fell:
            self.done |= 1 << (p // 3)
        if src != dest:
            self.stacks[dest].pop()
            st = self.stacks[src]
            self.ht[p] = len(st)
            st.append(p)
            self.loc[p] = src
        self.tm = tm

    # -- the search ----------------------------------------------------------------

    def dfs(self, budget: int) -> bool:
        """Depth first, best move first, allowing `budget` discrepancies: taking the
        j-th best move at a node spends j of them (limited discrepancy search)."""
        if self.done == _ALL_DONE:
            return True
        if self.tm is None:
            return False
        key = self.key()
        if self.failed.get(key, -1) >= budget:
            return False
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Budget
        cards_left = sum(len(h) for h in self.hands) + len(self.pile) - self.pidx
        if self.need() > cards_left or (self.keep_trees and self.buried_dead()):
            self.failed[key] = _PROVEN
            return False
        proven = True
        moves = self.moves()
        if self.first is not None and key == self.root:
            moves = [mv for mv in moves if (mv[2], mv[3]) in self.first]
        for j, mv in enumerate(self.ordered(moves)):
            if j > budget:
                proven = False
                self.truncated = True
                break
            rec = self.do(mv)
            if self.dfs(budget - j):
                self.line.append(mv)
                return True
            if proven and self.tm is not None and self.failed.get(self.key()) != _PROVEN:
                proven = False
            self.undo(mv, rec)
        self.failed[key] = _PROVEN if proven else budget
        return False

    def run(self) -> SearchResult:
        try:
            budget = 0
            while True:
                self.truncated = False
                if self.dfs(budget):
                    break
                if not self.truncated:
                    return SearchResult(None, True, self.nodes)
                budget += 1
        except _Budget:
            return SearchResult(None, False, self.nodes)
        line = [Play(card, side, _SQ_NAME[src]) for card, side, src, _ in reversed(self.line)]
        return SearchResult(line, True, self.nodes)


def search(state: DashState, node_limit: int = 20_000, keep_trees: bool = False,
           first: Collection[tuple[str, str]] | None = None) -> SearchResult:
    """Search the full `state` (not a view) for a winning line. With `keep_trees`,
    only for lines that never take a tree apart; with `first`, only for lines whose
    first play moves a piece between one of these (src, dest) squares (a play that
    leaves the piece where it is: src == dest). With either, `decided` with no line
    means no such line, not that the deal is lost."""
    if state.over:
        won = state.outcome is not None and bool(state.outcome.winners)
        return SearchResult([] if won else None, True, 0)
    return _Search(state, node_limit, keep_trees, first).run()


def solve(state: DashState, node_limit: int = 20_000, keep_trees: bool = False) -> list[Play] | None:
    """A winning line from `state` (plays to apply in order), or None when none was
    found within `node_limit` positions. Works on a full state, not a view."""
    return search(state, node_limit, keep_trees).line


def ranked(state: DashState, first: Collection[tuple[str, str]] | None = None) -> list[Play]:
    """The plays of the player to move in the full `state` (one card of each kind;
    with `first`, only those moves), best first by the solver's move order: the
    order in which its search tries them."""
    if state.over:
        return []
    s = _Search(state, 0, first=first)
    moves = s.moves()
    if s.first is not None:
        moves = [mv for mv in moves if (mv[2], mv[3]) in s.first]
    return [Play(card, side, _SQ_NAME[src]) for card, side, src, _ in s.ordered(moves)]


def hint(state: DashState, node_limit: int = 20_000, avoid: Callable[[Play], bool] | None = None) -> Play | None:
    """The next play of a winning line if the solver finds one; else the play that
    leads to the best-looking position, a play `avoid` says yes to only when every
    other play loses at once. None when the game is over."""
    if state.over:
        return None
    line = solve(state, node_limit)
    if line:
        return line[0]
    s = _Search(state, 0)
    best, best_score = None, None
    for mv in s.moves():
        rec = s.do(mv)
        alive = s.done == _ALL_DONE or (s.tm is not None and bool(s.moves()))
        fresh = avoid is None or not avoid(Play(mv[0], mv[1], _SQ_NAME[mv[2]]))
        sc = (alive, fresh, s.score())
        s.undo(mv, rec)
        if best_score is None or sc > best_score:
            best, best_score = mv, sc
    if best is None:  # pragma: no cover - a live state always has a play
        return None
    return Play(best[0], best[1], _SQ_NAME[best[2]])
