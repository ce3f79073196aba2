"""An exact "win in N turns" search for HOUSE RULES puzzles (core/house_rules/puzzles.py).

A turn here is everything one side does before the other side is to move: a card
before the move, the move (or swap, or pass), an upgrade choice, a card after it, a
change marker, ending the turn. `turns` lists every turn of the side to move once
per result, so two orders of the same actions (a card before or after the move)
are one turn. A turn that ends the game is one turn per board it leaves: a card
played before the winning move changes nothing once the game is over.

`Solver.wins(state, n)` answers exactly whether the solver (the side to move) can
force a win within n of its own turns, searching every turn of both sides to the
end of the game or of the n turns (no evaluation decides anything). A node budget
keeps the miner's time bounded: a search that runs out raises `OutOfBudget` and
proves nothing.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple

from core.house_rules.board import CELL_INDEX, VALUE
from core.house_rules.bots import evaluate, key as state_key
from core.house_rules.actions import Move

QUIET_NEAR = 190  # the 200-turn quiet draw can only matter this close to it


class OutOfBudget(Exception):
    """The search spent its node budget before it could prove anything."""


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


def turns(s: Any) -> list[Turn]:
    """Every distinct turn of the side to move at the start of its turn, each with
    its shortest action order (the first found among equals)."""
    side = s.side
    root = s.clone()
    root.silent = True
    found: dict[Hashable, Turn] = {}

    def walk(st: Any, done: tuple[Any, ...]) -> None:
        for a in st.legal_actions():
            nxt = st.clone()
            nxt.play(a)
            acts = done + (a,)
            if nxt.over or nxt.side != side:
                k = result_key(nxt)
                old = found.get(k)
                if old is None or len(acts) < len(old.actions):
                    found[k] = Turn(acts, nxt)
            else:
                walk(nxt, acts)

    walk(root, ())
    return list(found.values())


def completions(s: Any) -> list[Turn]:
    """Every way to finish the turn under way at `s` (mid-turn allowed), all action
    orders kept (the trainer's `accepts` looks for one with a given result)."""
    side = s.side
    out: list[Turn] = []

    def walk(st: Any, done: tuple[Any, ...]) -> None:
        if st.over or st.side != side:
            out.append(Turn(done, st))
            return
        for a in st.legal_actions():
            nxt = st.clone()
            nxt.play(a)
            walk(nxt, done + (a,))

    root = s.clone()
    root.silent = True
    walk(root, ())
    return out


def won_by(s: Any, seat: int) -> bool:
    return bool(s.over and s.outcome.winners == (seat,))


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

    def __init__(self, seat: int, budget: int = 20_000) -> None:
        self.seat = seat
        self.budget = budget
        self.nodes = 0  # turn lists made
        self._turns: dict[Hashable, list[Turn]] = {}
        self._wins: dict[tuple[Hashable, int], bool] = {}
        self._loses: dict[tuple[Hashable, int], bool] = {}

    def turns(self, s: Any) -> list[Turn]:
        k = memo_key(s)
        got = self._turns.get(k)
        if got is None:
            self.nodes += 1
            if self.nodes > self.budget:
                raise OutOfBudget()
            got = turns(s)
            if s.side == self.seat:
                got.sort(key=lambda t: (not won_by(t.end, self.seat), -capture_gain(t, s)))
            else:
                # The defender's likeliest refutations first: a turn that ends the game
                # against the solver, then the defender's best by the bots' evaluation.
                def rank(t: Turn) -> float:
                    if t.end.over:
                        return -1e12 if not won_by(t.end, self.seat) else 1e12
                    return -evaluate(t.end, 1 - self.seat)
                got.sort(key=rank)
            if len(self._turns) < 200_000:
                self._turns[k] = got
        return got

    def wins(self, s: Any, n: int) -> bool:
        """The solver (to move at `s`, at the start of its turn) wins within n turns."""
        if n <= 0:
            return False
        k = (memo_key(s), n)
        got = self._wins.get(k)
        if got is None:
            got = any(self.wins_after(t, n) for t in self.turns(s))
            self._wins[k] = got
        return got

    def wins_after(self, t: Turn, n: int) -> bool:
        """The solver's turn `t` wins within n turns (itself the first of them)."""
        if t.end.over:
            return won_by(t.end, self.seat)
        return n > 1 and self.defender_loses(t.end, n - 1)

    def defender_loses(self, s: Any, n: int) -> bool:
        """Whatever the defender (to move at `s`) does, the solver then wins within n."""
        k = (memo_key(s), n)
        got = self._loses.get(k)
        if got is None:
            got = all(self.reply_loses(d, n) for d in self.turns(s))
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
