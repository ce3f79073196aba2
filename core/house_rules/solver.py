"""An exact "win in N turns" search for HOUSE RULES puzzles (core/house_rules/puzzles.py).

A turn here is everything one side does before the other side is to move: a card
before the move, the move (or swap, or pass), an upgrade choice, a card after it, a
change marker, ending the turn. `turns` lists every turn of the side to move once
per result, so two orders of the same actions (a card before or after the move)
are one turn. A turn that ends the game is one turn per board it leaves: a card
played before the winning move changes nothing once the game is over.

`Solver.wins(state, n)` answers exactly whether the solver (the side to move) can
force a win within n of its own turns, searching every turn of both sides to the
end of the game or of the n turns (an AND-OR search: no evaluation decides
anything, it only orders the turns). Three things keep it fast and stay exact:

- A side wins only by a total changing: a capture, an upgrade or a pawn brought
  back. Those happen in a turn's "before" and "upgrade" steps; the "after" step
  (a card, a change marker, ending the turn) cannot end the game with a winner (a
  card leaves the totals alone and Last Stand only makes the limits stricter;
  ending a turn can only draw). So "wins this turn" stops each path at "after".
- `may_win_within` bounds what totals can change in k turns; when even the bound
  cannot reach a win, nothing is searched.
- The defender's turns are made lazily: one reply that holds is enough to refute.

A work budget (states made) keeps the miner's time bounded: a search that runs out
raises `OutOfBudget` and proves nothing.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, NamedTuple

from core.house_rules.actions import Move, Pass, Swap
from core.house_rules.board import CELL_INDEX, COL, FAR_ROW, VALUE
from core.house_rules.bots import evaluate, key as state_key
from core.house_rules.cards import END_LIMITS

QUIET_NEAR = 190  # the 200-turn quiet draw can only matter this close to it


class OutOfBudget(Exception):
    """The search spent its work budget before it could prove anything."""


class Turn(NamedTuple):
    actions: tuple[Any, ...]  # in the order they were made
    end: Any  # the state after the turn (the other side to move, or over)


def memo_key(s: Any) -> Hashable:
    """What decides the future of a position, the repetition history included (a
    third repetition draws, so two states with different histories may differ)."""
    return (state_key(s), s.passes, tuple(s.history), s.quiet if s.quiet >= QUIET_NEAR else -1)


def result_key(s: Any) -> Hashable:
    """What makes two turns the same turn: the same position after it; for a turn
    that ends the game, the same board and markers (the cards in hand no longer
    matter)."""
    if s.over:
        return ("over", s.outcome.winners, bytes(s.board), tuple(s.marker_cells))
    return memo_key(s)


def _walk(s: Any) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every way to play the turn under way at `s` to its end, depth first, as
    (actions, end state); `s` itself is not changed."""
    side = s.side
    stack: list[tuple[Any, tuple[Any, ...]]] = [(s, ())]
    while stack:
        st, done = stack.pop()
        for a in reversed(st.legal_actions()):
            nxt = st.clone()
            nxt.play(a)
            acts = done + (a,)
            if nxt.over or nxt.side != side:
                yield acts, nxt
            else:
                stack.append((nxt, acts))


def turns(s: Any) -> list[Turn]:
    """Every distinct turn of the side to move at the start of its turn, each with
    its shortest action order (the first found among equals)."""
    root = s.clone()
    root.silent = True
    found: dict[Hashable, Turn] = {}
    for acts, end in _walk(root):
        k = result_key(end)
        old = found.get(k)
        if old is None or len(acts) < len(old.actions):
            found[k] = Turn(acts, end)
    return list(found.values())


def completions(s: Any) -> list[Turn]:
    """Every way to finish the turn under way at `s` (mid-turn allowed), all action
    orders kept (the trainer's `accepts` looks for one with a given result)."""
    root = s.clone()
    root.silent = True
    if root.over:
        return [Turn((), root)]
    return [Turn(acts, end) for acts, end in _walk(root)]


def won_by(s: Any, seat: int) -> bool:
    return bool(s.over and s.outcome.winners == (seat,))


def may_win_within(s: Any, seat: int, k: int) -> bool:
    """False only when `seat` surely cannot win within its next k turns, whatever
    anybody plays: each of its turns takes at most one enemy pawn (a capture) and
    adds at most 2 + 4 to its own total (upgrades of a swap's two pawns, a pawn of
    value 4 brought back; on its own turn now, only a pawn already captured can
    come back); the other side's turns never help it (what they add to their
    total they can lose again no faster). The limits used are the loosest (Last
    Stand only makes them stricter)."""
    if k <= 0:
        return False
    lose, lead = END_LIMITS[False]
    own, opp = s.tot[seat], s.tot[1 - seat]
    values = sorted((VALUE[c] for c in s.board if c and COL[c] != seat), reverse=True)
    opp_after = opp - sum(values[:k])
    if k == 1 and s.side == seat and s.phase == "before":
        # Its turn now, none of the other's before it: only a pawn captured already
        # can come back.
        gain = 2 + max(s.captured_bases[seat], default=0)
    else:
        gain = 6 * k
    return opp_after <= lose or own + gain - opp_after >= lead


def capture_gain(t: Turn, before: Any) -> int:
    """Points of value taken by the turn's moves (to try captures first)."""
    gain = 0
    board = before.board
    for a in t.actions:
        if type(a) is Move:
            gain += VALUE[board[CELL_INDEX[a.dst]]]
    return gain


class Solver:
    """Exact bounded search from one seat's side (the solver's); results are kept
    for the life of the object, so ask one solver about one puzzle."""

    def __init__(self, seat: int, budget: int = 200_000) -> None:
        self.seat = seat
        self.budget = budget
        self.work = 0  # states made (clone and play), the budget's unit
        self._turns: dict[Hashable, list[Turn]] = {}
        self._now: dict[Hashable, bool] = {}
        self._wins: dict[tuple[Hashable, int], bool] = {}
        self._loses: dict[tuple[Hashable, int], bool] = {}

    def _spend(self, n: int) -> None:
        self.work += n
        if self.work > self.budget:
            raise OutOfBudget()

    def turns(self, s: Any) -> list[Turn]:
        """All turns at `s`, the likeliest winners (solver) or refutations
        (defender) first."""
        k = memo_key(s)
        got = self._turns.get(k)
        if got is None:
            got = turns(s)
            self._spend(len(got))
            if s.side == self.seat:
                got.sort(key=lambda t: (not won_by(t.end, self.seat), -capture_gain(t, s)))
            else:
                def rank(t: Turn) -> float:
                    if t.end.over:
                        return -1e12 if not won_by(t.end, self.seat) else 1e12
                    return -evaluate(t.end, 1 - self.seat)
                got.sort(key=rank)
            if len(self._turns) < 50_000:
                self._turns[k] = got
        return got

    def _lazy_turns(self, s: Any) -> Iterator[Turn]:
        """The turns at `s` as they are made (the full, ordered list when known)."""
        got = self._turns.get(memo_key(s))
        if got is not None:
            yield from got
            return
        root = s.clone()
        root.silent = True
        seen: set[Hashable] = set()
        for acts, end in _walk(root):
            self._spend(len(acts))
            k = result_key(end)
            if k not in seen:
                seen.add(k)
                yield Turn(acts, end)

    def wins_now(self, s: Any) -> bool:
        """The solver (to move at `s`, at the start of its turn) can win this turn."""
        if not may_win_within(s, self.seat, 1):
            return False
        k = memo_key(s)
        got = self._now.get(k)
        if got is None:
            root = s.clone()
            root.silent = True
            got = self._win_walk(root)
            self._now[k] = got
        return got

    def _win_walk(self, st: Any) -> bool:
        side = st.side
        acts = st.legal_actions()
        self._spend(len(acts))
        board, far = st.board, FAR_ROW[side]
        for a in acts:
            # A move onto an empty cell off the far row (or a swap that brings no
            # pawn there, or a pass) changes no total: the turn goes on to "after".
            t = type(a)
            if t is Move:
                j = CELL_INDEX[a.dst]
                if not board[j] and j not in far:
                    continue
            elif t is Swap:
                if CELL_INDEX[a.a] not in far and CELL_INDEX[a.b] not in far:
                    continue
            elif t is Pass:
                continue
            nxt = st.clone()
            nxt.play(a)
            if nxt.over:
                if won_by(nxt, self.seat):
                    return True
                continue
            # The turn is over, or only its "after" step is left: no win there.
            if nxt.side != side or nxt.phase == "after":
                continue
            if self._win_walk(nxt):
                return True
        return False

    def wins(self, s: Any, n: int) -> bool:
        """The solver (to move at `s`, at the start of its turn) wins within n turns."""
        if n <= 0 or not may_win_within(s, self.seat, n):
            return False
        if n == 1:
            return self.wins_now(s)
        k = (memo_key(s), n)
        got = self._wins.get(k)
        if got is None:
            got = self.wins_now(s) or any(self.wins_after(t, n) for t in self.turns(s))
            self._wins[k] = got
        return got

    def wins_after(self, t: Turn, n: int) -> bool:
        """The solver's turn `t` wins within n turns (itself the first of them)."""
        if t.end.over:
            return won_by(t.end, self.seat)
        return n > 1 and self.defender_loses(t.end, n - 1)

    def defender_loses(self, s: Any, n: int) -> bool:
        """Whatever the defender (to move at `s`) does, the solver then wins within n."""
        if not may_win_within(s, self.seat, n):
            return False
        k = (memo_key(s), n)
        got = self._loses.get(k)
        if got is None:
            got = all(self.reply_loses(d, n) for d in self._lazy_turns(s))
            self._loses[k] = got
        return got

    def reply_loses(self, d: Turn, n: int) -> bool:
        if d.end.over:
            return won_by(d.end, self.seat)
        return self.wins(d.end, n)

    def distance(self, s: Any, n: int) -> int | None:
        """The fewest solver turns (<= n) that win from `s` (solver to move), or None."""
        for m in range(1, n + 1):
            if self.wins(s, m):
                return m
        return None

    def winning_turns(self, s: Any, n: int, stop: int = 2) -> list[Turn]:
        """The solver's turns at `s` that win within n (at most `stop` of them)."""
        out = []
        for t in self.turns(s):
            if self.wins_after(t, n):
                out.append(t)
                if len(out) >= stop:
                    break
        return out
