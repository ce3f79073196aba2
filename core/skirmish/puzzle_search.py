"""The exact search behind Skirmish puzzles (core/skirmish/puzzles.py): whether the
solver reaches a goal by the end of the turn under way against every reply, and
which of the solver's plans do.

A *plan* is what the solver decides between two decisions of the opponent: the
cards deployed and redeployed, the attacks declared, the blockers chosen. The
order of its actions does not matter, so two plans are the same when they reach
the same position up to the order of the units in a rank and of the declared
attacks (`plan_key`). A puzzle holds when exactly one plan wins at each of the
solver's turns to decide.

Chance (a scout, the Queen of Spades looking at the deck, a random discard) makes
a proof uncertain. `proved` (the solver is sure to win) counts any chance before
the goal as a failure; `det` plays chance as the position's seed has it, so a
plan that fails there is not sure to win either. A puzzle's line must be
`proved` at each of the solver's plans, and every other plan must fail `det`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.skirmish import actions as A
from core.skirmish.cards import KIND, KING
from core.skirmish.phases import Decision as D
from core.skirmish.state import SkirmishState
from core.skirmish.units import Unit, lead

# The goals: whether `s`, the turn over (or the game), reached it for `seat`.
Goal = Callable[[SkirmishState, int], bool]


class TooBig(Exception):
    """The search passed its node budget: no proof either way."""


def knocked_out(s: SkirmishState, seat: int) -> bool:
    return all(s.life[q] <= 0 for q in range(s.seats) if q != seat)


def survived(s: SkirmishState, seat: int) -> bool:
    return s.life[seat] > 0


def has_king(s: SkirmishState, seat: int) -> bool:
    return any(KIND[lead(u)] is KING for u in s.rear[seat])


def king_taken(s: SkirmishState, seat: int) -> bool:
    return not any(has_king(s, q) for q in range(s.seats) if q != seat)


GOALS: dict[str, Goal] = {"knockout": knocked_out, "survive": survived, "king": king_taken}


def _unit(u: Unit) -> tuple[int, int, int, int, int, int]:
    return (u.first, u.second, u.flags, u.damage, u.imitates, u.variant)


def exact_key(s: SkirmishState) -> tuple:
    """Everything a decision of this turn depends on (not the log)."""
    return (s.phase, s.cur, tuple(s.life), tuple(tuple(h) for h in s.hands),
            tuple(tuple(_unit(u) for u in r) for r in s.front), tuple(tuple(_unit(u) for u in r) for r in s.rear),
            tuple(sorted(s.up)), len(s.down), len(s.deck), s.counter, s.redeployed, s.summoned,
            tuple(s.no_deploy), s.last_played, tuple(s.responders), tuple(a.fields() for a in s.attacks),
            tuple(s.blockers), tuple(s.pending), tuple(s.hits), tuple(s.kept), tuple(s.extra), s.over)


def plan_key(s: SkirmishState) -> tuple:
    """`exact_key` with each rank's units sorted and the attacks as a set: the same
    for every order of the same plan."""
    if s.pending:
        return exact_key(s)
    maps: dict[tuple[int, int], int] = {}
    fronts: list[tuple] = []
    rears: list[tuple] = []
    for seat in range(s.seats):
        for rank, base, out in ((s.front[seat], 0, fronts), (s.rear[seat], 4, rears)):
            order = sorted(range(len(rank)), key=lambda i, r=rank: _unit(r[i]))  # type: ignore[misc]
            for new, old in enumerate(order):
                maps[(seat, base + old)] = base + new
            out.append(tuple(_unit(rank[i]) for i in order))

    def at(seat: int, pos: int) -> int:
        return pos if pos < 0 or seat < 0 else maps.get((seat, pos), 100 + pos)  # 100+: a unit gone

    cur = s.cur
    attacks = sorted((at(cur, f.attacker), f.seat, at(f.seat, f.target), f.seat2, at(f.seat2, f.target2),
                      at(f.seat, f.blocker)) for f in s.attacks)
    defender = s.blockers[0] if s.blockers else -1
    return (s.phase, cur, tuple(s.life), tuple(tuple(h) for h in s.hands), tuple(fronts), tuple(rears),
            tuple(sorted(s.up)), len(s.down), len(s.deck), s.counter, s.redeployed, s.summoned,
            tuple(sorted(s.no_deploy)), tuple(s.responders), tuple(attacks), tuple(s.blockers),
            tuple(sorted((q, at(q, p), n) for q, p, n in s.hits)),
            tuple(sorted(at(defender, p) for p in s.kept)), tuple(s.extra), s.over)


def chanced(before: SkirmishState, after: SkirmishState) -> bool:
    """Whether the action between the two drew on chance or on the hidden deck."""
    if after.counter != before.counter or len(after.deck) != len(before.deck):
        return True
    return bool(after.pending) and after.pending[-1][0] in (D.QSKEEP, D.QSORDER)


class Search:
    """Exact minimax to the end of the turn under way: the solver `seat` against
    every reply. `proved` counts chance as a failure; `det` plays it as seeded.
    `budget` caps the positions looked at (TooBig past it)."""

    def __init__(self, goal: str, seat: int, turn: int, budget: int = 200_000) -> None:
        self.goal = GOALS[goal]
        self.seat = seat
        self.turn = turn
        self.budget = budget
        self.nodes = 0
        self._memo: dict[tuple[bool, tuple], bool] = {}

    def done(self, s: SkirmishState) -> bool:
        return s.over or s.turn != self.turn

    def reached(self, s: SkirmishState) -> bool:
        return self.goal(s, self.seat)

    def child(self, s: SkirmishState, action: Any) -> SkirmishState:
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooBig
        c = s.clone()
        c.play(action)
        return c

    def value(self, s: SkirmishState, sure: bool) -> bool:
        """Whether the solver wins from `s` (sure: counting chance as a loss)."""
        if self.done(s):
            return self.reached(s)
        key = (sure, exact_key(s))
        got = self._memo.get(key)
        if got is not None:
            return got
        mine = s.to_move == self.seat
        result = not mine
        for a in s.legal_actions():
            c = self.child(s, a)
            v = self.after(s, c, sure)
            if v == mine:
                result = mine
                break
        self._memo[key] = result
        return result

    def after(self, s: SkirmishState, c: SkirmishState, sure: bool) -> bool:
        """The value of `c`, reached from `s` by one action."""
        if self.done(c):
            return self.reached(c)
        if sure and chanced(s, c):
            return False
        return self.value(c, sure)

    def plans(self, s: SkirmishState) -> list[tuple[tuple, list[Any], SkirmishState, bool]]:
        """Every plan of the solver from `s` (the solver to move): (its key, the
        actions of one way to make it, the position it leaves, whether chance came
        in on the way). One entry a key, the first way found."""
        out: dict[tuple, tuple[tuple, list[Any], SkirmishState, bool]] = {}
        seen: set[tuple] = set()

        def walk(x: SkirmishState, path: list[Any], luck: bool) -> None:
            for a in x.legal_actions():
                c = self.child(x, a)
                way = path + [a]
                lucky = luck or (not self.done(c) and chanced(x, c))
                if self.done(c) or c.to_move != self.seat:
                    k = plan_key(c)
                    if k not in out:
                        out[k] = (k, way, c, lucky)
                    continue
                k2 = (lucky, plan_key(c))
                if k2 in seen:
                    continue
                seen.add(k2)
                walk(c, way, lucky)

        walk(s, [], False)
        return list(out.values())

    def wins_plan(self, c: SkirmishState, luck: bool, sure: bool) -> bool:
        """The value of a plan's position `c`."""
        if self.done(c):
            return self.reached(c)
        if sure and luck:
            return False
        return self.value(c, sure)


def solve(s: SkirmishState, search: Search) -> tuple[list[Any], list[int]] | None:
    """The puzzle's line from `s` (the solver to move): at each of the solver's
    decisions the only winning plan, the replies a stubborn defence (a card
    played or a block rather than a pass); None when some decision has no plan
    that is sure to win or more than one that might. Also the count of plans
    the solver chose among at each decision (for the difficulty)."""
    line: list[Any] = []
    widths: list[int] = []
    x = s
    while not search.done(x):
        if x.to_move == search.seat:
            winners = []
            plans = search.plans(x)
            for key, way, c, luck in plans:
                if search.wins_plan(c, luck, sure=False):
                    winners.append((key, way, c, luck))
                    if len(winners) > 1:
                        return None
            if len(winners) != 1:
                return None
            key, way, c, luck = winners[0]
            if not search.wins_plan(c, luck, sure=True):
                return None
            line.extend(way)
            widths.append(len(plans))
            x = c
        else:
            acts = x.legal_actions()
            acts = [a for a in acts if a != A.DONE] + [a for a in acts if a == A.DONE]
            x = search.child(x, acts[0])
            line.append(acts[0])
    if not search.reached(x):
        return None
    return line, widths


def check_line(s: SkirmishState, search: Search, line: list[Any]) -> str | None:
    """None when `line` from `s` is a puzzle's line: each solver plan in it the only
    one that may win and sure to win, each reply legal, the goal reached at the
    end; else why not."""
    x = s
    i = 0
    while not search.done(x):
        if i >= len(line):
            return "The line stops before the goal is reached."
        if x.to_move == search.seat:
            plans = search.plans(x)
            y, n = x, i
            while n < len(line) and not search.done(y) and y.to_move == search.seat:
                if line[n] not in y.legal_actions():
                    return f"Move {n + 1} of the line is not legal there."
                y = search.child(y, line[n])
                n += 1
            mine = plan_key(y)
            others = [p for p in plans if p[0] != mine]
            if not any(p[0] == mine for p in plans):
                return f"The solver's moves {i + 1}-{n} are not a plan of that position."
            for key, way, c, luck in others:
                if search.wins_plan(c, luck, sure=False):
                    return f"Another plan at move {i + 1} wins too: {way}."
            # the line's own way: sure, chance anywhere in it fails
            z, luck = x, False
            for a in line[i:n]:
                z2 = search.child(z, a)
                luck = luck or (not search.done(z2) and chanced(z, z2))
                z = z2
            if not search.wins_plan(z, luck, sure=True):
                return f"The line's plan at move {i + 1} is not sure to reach the goal."
            x, i = y, n
        else:
            if line[i] not in x.legal_actions():
                return f"Reply {i + 1} of the line is not legal there."
            x = search.child(x, line[i])
            i += 1
    if i != len(line):
        return "The line goes on after the goal's turn is over."
    if not search.reached(x):
        return "The line does not reach the goal."
    return None
