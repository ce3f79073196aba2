"""The exact, length-bounded search behind Icehouse Dash puzzles (core/dash/puzzles.py).

The solver (core.dash.solver) finds *a* winning line fast; a puzzle needs the
*shortest*: whether the team can win within `r` more plays, proved either way.
`Bounded.wins_within(r)` answers that by a depth-first search cut by a lower bound
on the plays still needed (`need`: per colour the fewest moves of its own pyramids,
never more than one less after a play), with a table of positions already shown
not to win within so many plays.

Solo only. The draw pile is either known in its order (a par deal shows it) or
unknown: then each card drawn is a *wild* card, any card not yet seen, and a play
may spend a wild card as any such card. A position that cannot win within `r`
plays even when every wild card is the best one cannot win within `r` for any
order of the pile; that is how a "finish the last tree" puzzle proves its claim
for every pile (`play_drawn=False` searches only lines with the cards in hand).

Moves are judged up to the card's *kind* (its value, and whether a diamond): two
cards of one kind move every pyramid alike, so laying either is the same move.
The search counts positions, never time: `TooBig` past its node budget.
"""

from __future__ import annotations

from collections.abc import Callable

from core.dash.actions import Play
from core.dash.cards import DIST, SETUP_ORDER, SQUARES
from core.dash.state import DashState

# Pyramids by their setup index: 0-4 the larges, 5-9 the mediums, 10-14 the smalls,
# each group in colour order, so colour = p % 5 and size = 3 - p // 5.
_PIECE = {piece: i for i, piece in enumerate(SETUP_ORDER)}
_SQ = {sq: i for i, sq in enumerate(SQUARES)}
_SIDES = (("N", 0, 1), ("E", 1, 0), ("S", 0, -1), ("W", -1, 0))


def _step(sq: int, df: int, dr: int, d: int) -> int:
    f, r = sq % 8 + df * d, sq // 8 + dr * d
    return r * 8 + f if 0 <= f < 8 and 0 <= r < 8 else -1


# _REACH[sq][d + 8] = ((side, dest), ...) for a pyramid on `sq` moved d squares.
_REACH = [[tuple((side, dest) for side, df, dr in _SIDES if (dest := _step(sq, df, dr, d)) >= 0)
           for d in range(-8, 9)] for sq in range(64)]


def kind(card: str) -> str:
    """A card's kind: its value, then D for a diamond, x for any other suit."""
    return card[0] + ("D" if card[1] == "D" else "x")


# A card for each kind, to read its distances.
_SAMPLE = {kind(c): c for c in reversed(list(DIST))}
# kind -> distance by size (index 1..3)
_KIND_DIST = {k: DIST[c] for k, c in _SAMPLE.items()}


def _lined(a: int, b: int) -> bool:
    return a % 8 == b % 8 or a // 8 == b // 8


def _rook(a: int, b: int) -> int:
    """Straight moves from square a to square b, any length: 0, 1 or 2."""
    return 0 if a == b else 1 if _lined(a, b) else 2


# _LINE[sq]: the other squares of sq's file and rank, as a bit mask.
_LINE = [sum(1 << t for t in range(64) if t != sq and _lined(sq, t)) for sq in range(64)]


class TooBig(Exception):
    """The search passed its node budget: no proof either way."""


class Bounded:
    """A solo position to search for wins within a number of plays.

    `pile_known`: the pile's order is the deal's (else each draw is a wild card);
    `play_drawn`: wild cards may be played (else only the cards held at the start
    and any known draws); `tight`: the bound is `tight_need`, else the cheaper
    `colour_need` (the puzzles mined with it keep the lines it finds)."""

    def __init__(self, state: DashState, node_limit: int = 200_000, pile_known: bool = True,
                 play_drawn: bool = True, tight: bool = False) -> None:
        if state.seats != 1 or state.over:
            raise ValueError("The puzzle search plays a solo game under way.")
        self.limit = node_limit
        self.nodes = 0
        self.stacks: list[list[int]] = [[] for _ in range(64)]
        self.loc = [0] * 15
        self.ht = [0] * 15
        for sq, stack in state.stacks.items():
            i = _SQ[sq]
            for h, piece in enumerate(stack):
                p = _PIECE[piece]
                self.stacks[i].append(p)
                self.loc[p], self.ht[p] = i, h
        self.hand = list(state.hands[0])
        self.pile_known = pile_known
        self.play_drawn = play_drawn
        self.pile = list(state.pile) if pile_known else []
        self.draws = len(state.pile)  # cards left to draw
        self.wild = 0  # wild cards in hand (drawn from an unknown pile)
        self.unseen: dict[str, int] = {}  # kind -> cards of it the pile may hold
        if not pile_known:
            for card in state.pile:
                self.unseen[kind(card)] = self.unseen.get(kind(card), 0) + 1
        # colour -> the plays its tree still needs at the least (the bound, per colour)
        self.colour_need: Callable[[int], int] = self.tight_need if tight else self.loose_need
        self.needs = [self.colour_need(c) for c in range(5)]
        self.failed: dict[tuple, int] = {}  # position -> plays it cannot win within

    # -- the bound -----------------------------------------------------------------

    def loose_need(self, c: int) -> int:
        """A lower bound on the plays that can still build colour `c`'s tree (0 when
        it stands), at most 3."""
        loc, ht = self.loc, self.ht
        big, mid, small = c, c + 5, c + 10
        m_on_l = loc[mid] == loc[big] and ht[mid] == ht[big] + 1
        s_on_m = loc[small] == loc[mid] and ht[small] == ht[mid] + 1
        if m_on_l:
            if s_on_m:
                return 0
            return 1 if _lined(loc[small], loc[big]) else 2
        if s_on_m:
            return 3  # the small off, the medium onto the large, the small back
        # the small resting right on the large must leave and come back
        s_moves = 2 if loc[small] == loc[big] or not _lined(loc[small], loc[big]) else 1
        return min(3, (1 if _lined(loc[mid], loc[big]) else 2) + s_moves)

    def tight_need(self, c: int) -> int:
        """The fewest moves of colour `c`'s own pyramids that build its tree when each
        may move any distance along its file or rank (0 when the tree stands), the
        other colours' pyramids aside except that a pyramid under another cannot move.
        A lower bound (each play moves one pyramid), up to 4, often above `loose_need`:

        The tree stands where the large ends, square T. If T is the large's square,
        the medium needs 0 moves when it is right on the large, 2 when it is elsewhere
        on that square (it must leave so that what lies between can, and come back), else
        1 or 2 (the straight moves from its square to T); the small likewise on the
        medium, and it needs 2 when it sits on its medium while the medium must move.
        If T is another square, the large moves 1 or 2 times, and the medium and the
        small each at least once, twice when they start on T or on the large (they
        must leave before it moves and come after), the small also when on the medium.
        So 3 only if some square T lies on a line with all three squares; else 4."""
        loc, ht = self.loc, self.ht
        lsq, msq, ssq = loc[c], loc[c + 5], loc[c + 10]
        m_on_l = msq == lsq and ht[c + 5] == ht[c] + 1
        s_on_m = ssq == msq and ht[c + 10] == ht[c + 5] + 1
        if m_on_l and s_on_m:
            return 0
        # T = the large's square
        m0 = 0 if m_on_l else 2 if msq == lsq else _rook(msq, lsq)
        if m_on_l:
            s0 = 2 if ssq == lsq else _rook(ssq, lsq)
        else:
            s0 = 2 if ssq == lsq or ssq == msq else _rook(ssq, lsq)
        here = m0 + s0
        if here <= 3:
            return here
        # T elsewhere: 3 at best, when T is lined with the three and neither the medium
        # nor the small must leave the large (or the small the medium) first
        if msq != lsq and ssq != lsq and ssq != msq and _LINE[lsq] & _LINE[msq] & _LINE[ssq]:
            return 3
        return 4

    def need(self) -> int:
        return sum(self.needs)

    def cards_left(self) -> int:
        return len(self.hand) + self.wild + self.draws

    def key(self) -> tuple:
        hand = "".join(sorted(kind(c) for c in self.hand))
        return (bytes(self.loc) + bytes(self.ht), hand, self.wild, self.draws,
                () if self.pile_known else tuple(sorted(self.unseen.items())))

    # -- moves ---------------------------------------------------------------------

    def moves(self) -> list[tuple[str, bool, str, int, int]]:
        """(kind, wild, side, src, dest) for every distinct play (src == dest: the card
        is spent and nothing moves; one such play a card kind)."""
        kinds = {kind(c): False for c in self.hand}
        if self.wild and self.play_drawn:
            for k, n in self.unseen.items():
                if n:
                    kinds.setdefault(k, True)
                    if not kinds[k]:  # a held card of this kind and a wild one: both
                        kinds[k + "*"] = True
        out = []
        stacks = self.stacks
        tops = [(sq, st[-1]) for sq, st in enumerate(stacks) if st]
        for k, wild in kinds.items():
            k = k[:2]
            dist = _KIND_DIST[k]
            stayed = False
            for sq, p in tops:
                size = 3 - p // 5
                d = dist[size]
                if d == 0:
                    if not stayed:
                        stayed = True
                        out.append((k, wild, "N", sq, sq))
                    continue
                for side, dest in _REACH[sq][d + 8]:
                    st = stacks[dest]
                    if st:
                        q = st[-1]
                        # only onto its own colour's next size up
                        if q != p - 5:
                            continue
                    out.append((k, wild, side, sq, dest))
        return out

    def do(self, mv: tuple[str, bool, str, int, int]) -> tuple:
        k, wild, _side, src, dest = mv
        if wild:
            self.wild -= 1
            self.unseen[k] -= 1
            card = ""
        else:
            card = next(c for c in self.hand if kind(c) == k)
            self.hand.remove(card)
        p = self.stacks[src][-1]
        old_need = self.needs[p % 5]
        old_ht = self.ht[p]
        if src != dest:
            self.stacks[src].pop()
            self.ht[p] = len(self.stacks[dest])
            self.stacks[dest].append(p)
            self.loc[p] = dest
            self.needs[p % 5] = self.colour_need(p % 5)
        tree = src != dest and self.needs[p % 5] == 0
        drew = ""
        if not tree and self.draws:
            self.draws -= 1
            if self.pile_known:
                drew = self.pile[len(self.pile) - self.draws - 1]
                self.hand.append(drew)
            else:
                self.wild += 1
                drew = "*"
        return card, p, old_need, old_ht, drew

    def undo(self, mv: tuple[str, bool, str, int, int], rec: tuple) -> None:
        k, wild, _side, src, dest = mv
        card, p, old_need, old_ht, drew = rec
        if drew:
            self.draws += 1
            if drew == "*":
                self.wild -= 1
            else:
                self.hand.remove(drew)
        if src != dest:
            self.stacks[dest].pop()
            self.stacks[src].append(p)
            self.loc[p] = src
            self.ht[p] = old_ht
            self.needs[p % 5] = old_need
        if wild:
            self.wild += 1
            self.unseen[k] += 1
        else:
            self.hand.append(card)

    # -- the search ----------------------------------------------------------------

    def wins_within(self, r: int) -> list[tuple[str, bool, str, int, int]] | None:
        """A winning line of at most `r` plays from here (moves as `moves` gives
        them), or None when there is none: a proof. TooBig past the node budget."""
        line: list[tuple[str, bool, str, int, int]] = []
        return line[::-1] if self._dfs(r, line) else None

    def _dfs(self, r: int, line: list) -> bool:
        h = sum(self.needs)
        if h == 0:
            return True
        if h > r or h > len(self.hand) + self.wild + self.draws:
            return False
        key = self.key()
        if self.failed.get(key, -1) >= r:
            return False
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooBig
        children = []
        for mv in self.moves():
            p = self.stacks[mv[3]][-1]
            if mv[3] == mv[4]:
                after = h
            else:
                # the bound after the move, for its colour only
                c = p % 5
                old = (self.loc[p], self.ht[p])
                self.loc[p], self.ht[p] = mv[4], len(self.stacks[mv[4]])
                after = h - self.needs[c] + self.colour_need(c)
                self.loc[p], self.ht[p] = old
            if after <= r - 1:
                children.append((after, mv))
        children.sort(key=lambda x: x[0])
        for _, mv in children:
            rec = self.do(mv)
            won = self._dfs(r - 1, line)
            self.undo(mv, rec)
            if won:
                line.append(mv)
                return True
        self.failed[key] = r
        return False

    def fewest(self, most: int) -> tuple[int, list] | None:
        """The fewest plays that win (at most `most`) and a line of that length, or
        None when no line of `most` plays or fewer wins."""
        for r in range(self.need(), most + 1):
            line = self.wins_within(r)
            if line is not None:
                return r, line
        return None


def same_move(a: tuple[str, bool, str, int, int], b: tuple[str, bool, str, int, int]) -> bool:
    """Whether two searched moves are one play (same kind, same pyramid, same side;
    a play that moves nothing is one play whatever the side)."""
    if a[0] != b[0] or a[3] != b[3] or a[4] != b[4]:
        return False
    return a[3] == a[4] or a[2] == b[2]


def to_move(mv: tuple[str, bool, str, int, int]) -> tuple[str, str, str]:
    """(kind, side, src square) of a searched move."""
    return mv[0], mv[2], SQUARES[mv[3]]


def searched(play: Play, state: DashState) -> tuple[str, bool, str, int, int]:
    """The searched move for `play` in `state` (a legal play)."""
    dest, _ = state.target(play.card, play.side, play.src)
    assert dest is not None
    return kind(play.card), False, play.side, _SQ[play.src], _SQ[dest]
