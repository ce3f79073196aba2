"""TOWN 77 puzzles (docs/rules/town.md, "Puzzles"): endgames from bot games where
exactly one order of placements, tile by tile and cell by cell, reaches the goal.

- "clear": place every tile of your rack, one a turn (leave with none).
- "last": leave last and win: be the last player still in the game when it ends,
  holding no more tiles than anybody (the rules give a tie to the later leaver).

Every rack is shown (`shown`), so the bag's contents are known too; only the order
of the draws is hidden, and the search (core/town/endgame.py) tries every draw.
The solver's line gives each drawn tile back, so it reaches the goal whatever is
drawn. Each of the solver's placements in the line is the only one that reaches the
goal for every draw; every other placement fails for some draw or reply even with
the best choices after it. The others' replies are all tried (none saves them); the
line shows the most cramping one after which the solver's next placement is again
the only one. At the give-back question any answer that keeps the goal sure is
accepted (giving back the tile just drawn always does).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from typing import Any, ClassVar

from core.engine import State
from core.puzzles import Puzzle, PuzzleKit, puzzle_id
from core.town.actions import KEEP, Exchange, GiveBack, Place
from core.town.bots import TownPolicy
from core.town.endgame import (
    BUDGET, CLEAR, LAST, Endgame, Unsupported, can_exchange, node_of, reached, still_wins, winning_moves,
)
from core.town.state import GIVEBACK, TURN, TownState
from core.town.tiles import CELL_INDEX

MIN_CHOICES = 3  # a puzzle's first move is chosen among at least this many placements
MAX_RACK = 3  # the most tiles the solver holds (the search stays exact and quick)
MAX_TWO = 2  # with others holding two tiles: the solver's most tiles
MINE_BUDGET = 5000  # nodes a miner's search may visit (verify allows endgame.BUDGET)
# A puzzle's starting rating from its difficulty, and the bands by rating.
EASY_BELOW, HARD_FROM = 1400.0, 1700.0
RATING_BASE, RATING_STEP = 1180.0, 170.0  # rating = base + step * difficulty


def _after(st: TownState, action: Any) -> TownState:
    nxt = st.clone()
    nxt.logging = False
    nxt.play(action)
    return nxt


def _drawn(rack: list[str], before: list[str]) -> str:
    rest = list(rack)
    for t in before:
        if t in rest:
            rest.remove(t)
    return rest[0]


def supported(st: TownState, goal: str) -> str | None:
    """None when the search can prove a puzzle at `st` (the solver to move), else why
    not, in words."""
    if st.solo or st.over or st.phase != TURN:
        return "the position is not a turn of the game for two or more"
    solver = st.current
    rack = st.racks[solver]
    if not rack:
        return "the player to move holds no tile"
    if can_exchange(tuple(rack), len(st.bag)):
        return "the player to move could exchange"
    others = [s for s in range(st.seats) if s != solver and s not in st.left_order]
    if any(len(st.racks[s]) > 2 for s in others):
        return "another player still in holds more than two tiles"
    if any(len(st.racks[s]) > 1 for s in others) and len(rack) > MAX_TWO:
        return f"another player holds two tiles and the player to move more than {MAX_TWO}"
    if any(can_exchange(tuple(st.racks[s]), len(st.bag)) for s in others):
        return "another player could exchange"
    if len(rack) > MAX_RACK:
        return f"the player to move holds more than {MAX_RACK} tiles"
    return None


def solution_from(st: TownState, solver: int, goal: str, turns: int, used: int,
                  unique: bool = True, last_rack: list[str] | None = None,
                  budget: int = BUDGET) -> list[Any] | None:
    """The line from `st` to `goal`: the solver's winning placements (with `unique`,
    each the only one that wins and every other failing), the drawn tile given back,
    the others' most cramping replies. None when there is no such line."""
    if reached(st, solver, goal):
        return []
    if st.over or solver in st.left_order:
        return None
    if st.current == solver and st.phase == TURN:
        win, lose, unsure = winning_moves(st, goal, turns, used, budget)
        if not win or (unique and (len(win) != 1 or unsure)):
            return None
        move = win[0]
        rack = list(st.racks[solver])
        rack.remove(move.tile)
        rest = solution_from(_after(st, move), solver, goal, turns, used + 1, unique, rack, budget)
        return None if rest is None else [move, *rest]
    if st.phase == GIVEBACK:
        move = GiveBack(_drawn(st.racks[solver], last_rack or [])) if st.current == solver else KEEP
        rest = solution_from(_after(st, move), solver, goal, turns, used, unique, last_rack, budget)
        return None if rest is None else [move, *rest]
    replies = st.legal_actions()
    if any(isinstance(a, Exchange) for a in replies):
        return None
    after = [(_after(st, a), a) for a in replies]
    after.sort(key=lambda x: _room(x[0], solver))
    for nxt, reply in after:
        rest = solution_from(nxt, solver, goal, turns, used, unique, last_rack, budget)
        if rest is not None:
            return [reply, *rest]
    return None


def _room(st: TownState, seat: int) -> int:
    """How many placements `seat`'s rack has: a reply that leaves fewer cramps more."""
    return sum(len(st.legal_cells(t)) for t in dict.fromkeys(st.racks[seat]))


def band_of(rating: float) -> str:
    return "easy" if rating < EASY_BELOW else "hard" if rating >= HARD_FROM else "medium"


def _tile_room(st: TownState, tile: str) -> int:
    return len(st.legal_cells(tile))


class TownPuzzles(PuzzleKit):
    prefix: ClassVar[str] = "T"
    version: ClassVar[str] = "1"
    goals: ClassVar[dict[str, str]] = {
        CLEAR: "Place all {n} tiles of your rack in {n} turns",
        LAST: "Leave the game last and win, in {n} turns at most",
    }

    def shown(self, state: State, puzzle: Puzzle) -> list[str]:
        assert isinstance(state, TownState)
        lines = [f"Player {s + 1}'s rack: {' '.join(state.racks[s]) or 'no tiles'}"
                 for s in range(state.seats) if s != puzzle.seat and s not in state.left_order]
        if state.bag:
            lines.append(f"The bag (drawn at random): {' '.join(state.bag)}")
        return lines

    # -- proving ---------------------------------------------------------------

    def verify(self, puzzle: Puzzle) -> str | None:
        if puzzle.goal not in self.goals:
            return f"Unknown goal {puzzle.goal!r}."
        try:
            st = self.game.from_text(puzzle.position)
        except ValueError as e:
            return f"The position does not read: {e}"
        if st.hidden or st.phase != TURN or st.current != puzzle.seat:
            return "The solver is not the one to place in the position."
        why = supported(st, puzzle.goal)
        if why is not None:
            return f"The search cannot prove this position: {why}."
        if puzzle.moves != len(st.racks[puzzle.seat]):
            return f"The goal's {puzzle.moves} turns are not the {len(st.racks[puzzle.seat])} tiles of the rack."
        try:
            line = self.line(puzzle)
        except Exception as e:  # noqa: BLE001 - any bad builtins: say why
            return f"The line does not read: {e}"
        st.logging = False
        try:
            return self._check_line(st, puzzle, line)
        except Unsupported as e:
            return f"The proof needs more than the search allows: {e}."

    def _check_line(self, st: TownState, puzzle: Puzzle, line: list[Any]) -> str | None:
        seat, goal, turns, used = puzzle.seat, puzzle.goal, puzzle.moves, 0
        for k, action in enumerate(line, 1):
            if reached(st, seat, goal):
                return f"The goal is reached before move {k} of the line."
            if st.check(action) is not None:
                return f"Move {k} of the line is not legal: {st.check(action)}"
            if st.current == seat and st.phase == TURN:
                win, _lose, unsure = winning_moves(st, goal, turns, used)
                if action not in win:
                    return f"Move {k} of the line does not reach the goal for every draw."
                if len(win) > 1 or unsure:
                    return f"Move {k} of the line is not the only placement that reaches the goal."
                used += 1
            st.play(action)
            if st.phase != GIVEBACK and not still_wins(st, seat, goal, turns, used):
                return f"After move {k} of the line the goal is no longer sure."
        return None if reached(st, seat, goal) else "The line does not reach the goal."

    def accepts(self, before: State, action: Any, puzzle: Puzzle, step: int) -> list[Any] | None:
        """The line's move; at the give-back question also any answer after which
        the goal is still sure (the rest of the line found anew)."""
        line = self.line(puzzle)
        if step < len(line) and action == line[step]:
            return line[step + 1:]
        assert isinstance(before, TownState)
        if before.phase != GIVEBACK or before.current != puzzle.seat or before.check(action) is not None:
            return None
        used = self._placed_by(puzzle, line[:step])
        after = _after(before, action)
        try:
            if not still_wins(after, puzzle.seat, puzzle.goal, puzzle.moves, used):
                return None
            return solution_from(after, puzzle.seat, puzzle.goal, puzzle.moves, used, unique=False)
        except Unsupported:
            return None

    def _placed_by(self, puzzle: Puzzle, actions: list[Any]) -> int:
        """The solver's placements among the line's first `actions`."""
        st = self.start(puzzle)
        assert isinstance(st, TownState)
        st.logging = False
        n = 0
        for a in actions:
            n += st.current == puzzle.seat and isinstance(a, Place)
            st.play(a)
        return n

    # -- mining ----------------------------------------------------------------

    def mine(self, seed: int, count: int) -> Iterator[Puzzle]:
        games = (self._mine_game(seed, g) for g in itertools.count())
        return itertools.islice(_once_each(itertools.chain.from_iterable(games)), count)

    def _mine_game(self, seed: int, game_no: int) -> Iterator[Puzzle]:
        """The puzzles of one game between easy bots (2 to 4 seats), each found right
        after a player's turn: the next player's endgame."""
        rng = random.Random(f"town-puzzles/{seed}/{game_no}")
        seats = rng.choice((2, 2, 3, 3, 4))
        st = self.game.new(seats, rng.randrange(1 << 30))
        st.logging = False
        bots = [self.game.make_bot("easy", random.Random(rng.random())) for _ in range(seats)]
        while not st.over:
            mover, before, acts = st.current, st.to_text(), []
            while True:
                action = bots[st.current].choose(st.view(st.current), 0.05)
                acts.append(action)
                st.play(action)
                if st.over or (st.phase == TURN and not isinstance(action, Exchange)):
                    break
            if st.over or st.current == mover:
                continue
            mistake = [self.game.action_to_builtins(a) for a in acts]
            for goal in (CLEAR, LAST):
                puzzle = self._try(st, goal, before, mistake, seed)
                if puzzle is not None:
                    yield puzzle

    def _try(self, s: TownState, goal: str, before: str, mistake: Any, seed: int) -> Puzzle | None:
        position = s.to_text()
        st = self.game.from_text(position)  # what verify will read
        st.logging = False
        seat = st.current
        n = len(st.racks[seat])
        if n < 2 or supported(st, goal) is not None:
            return None
        widths = [len(st.legal_cells(t)) for t in dict.fromkeys(st.racks[seat])]
        if sum(widths) < MIN_CHOICES:
            return None
        try:
            line = solution_from(st, seat, goal, n, 0, budget=MINE_BUDGET)
            if line is None or _sure_anyway(self.game.from_text(before), seat, goal, n):
                return None
        except Unsupported:
            return None
        solution = [self.game.action_to_builtins(a) for a in line]
        themes, rating = _judge(st, seat, goal, line)
        puzzle = Puzzle(
            id=puzzle_id(self.prefix, position, solution), game=self.game.info.id, goal=goal, moves=n,
            position=position, seat=seat, solution=solution, band=band_of(rating), rating=rating,
            themes=themes, generator=f"{self.game.info.id}/{self.version}", seed=seed, before=before,
            mistake=mistake)
        return puzzle if self.verify(puzzle) is None else None


def _once_each(puzzles: Iterator[Puzzle]) -> Iterator[Puzzle]:
    """The puzzles, a repeated id left out (two games may reach the same endgame)."""
    seen: set[str] = set()
    for p in puzzles:
        if p.id not in seen:
            seen.add(p.id)
            yield p


def _sure_anyway(before: TownState, solver: int, goal: str, turns: int) -> bool:
    """The solver reached the goal whatever the player before did (no mistake): then
    the position is no puzzle after a mistake."""
    if before.phase != TURN or before.current == solver:
        return False
    try:
        return Endgame(solver, goal, True, turns, MINE_BUDGET).wins(node_of(before))
    except Unsupported:  # not known: kept
        return False


def _judge(st: TownState, seat: int, goal: str, line: list[Any]) -> tuple[tuple[str, ...], float]:
    """The line's themes and a starting rating from its difficulty (`difficulty`)."""
    themes = ["clear the rack" if goal == CLEAR else "outlast"]
    first = line[0]
    rack = list(dict.fromkeys(st.racks[seat]))
    rooms = {t: _tile_room(st, t) for t in rack}
    others = [t for t in rack if t != first.tile]
    if any(rooms[t] for t in others):
        tightest = rooms[first.tile] <= min(rooms[t] for t in others if rooms[t])
        themes.append("tightest first" if tightest else "tile order")
    if rooms[first.tile] >= 2:
        themes.append("the right cell")
    rivals = [q for q in range(st.seats) if q != seat and q not in st.left_order]
    after = _after(st, first)
    if any(_room_of(after, q) < _room_of(st, q) for q in rivals):
        themes.append("block")
    if others and any(_cost(st, first.tile, c, others) for c in st.legal_cells(first.tile) if c != first.cell):
        themes.append("keep a cell open")
    subtle = _subtle(st, seat, first)
    if subtle:
        themes.append("think ahead")
    if any(isinstance(a, GiveBack) for a in line):
        themes.append("give back")
    if not st.bag:
        themes.append("empty bag")
    themes.append(f"{st.seats} players")
    natural = TownPolicy(deep=True, timing=True).act(st.clone(), random.Random(0)) == first
    score = difficulty(subtle, sum(rooms.values()), natural, len(rivals), goal, len(st.racks[seat]))
    return tuple(dict.fromkeys(themes)), float(round(min(2100.0, RATING_BASE + RATING_STEP * score)))


def difficulty(subtle: int, choices: int, natural: bool, rivals: int, goal: str, tiles: int) -> float:
    """How hard a puzzle is, from what makes the wrong moves tempting: `subtle` wrong
    placements that leave every other tile of the rack a cell (they fail only after a
    reply or a draw), `choices` placements in all, whether the project's rule-of-thumb
    player finds the move (`natural`), the rivals still in, the goal, the rack's tiles.
    The weights put a third of the mined puzzles in each band."""
    return (1.2 * math.log2(1 + subtle) + 0.5 * math.log2(max(1, choices)) + (0.0 if natural else 0.8)
            + 0.3 * (rivals - 1) + (0.4 if goal == LAST else 0.0) + 0.8 * (tiles - 2))


def _subtle(st: TownState, seat: int, move: Place) -> int:
    """The wrong first placements after which every other tile of the rack still has
    a cell: their failure is a reply or a draw away."""
    n = 0
    for a in st.legal_actions():
        if not isinstance(a, Place) or a == move:
            continue
        rest = list(st.racks[seat])
        rest.remove(a.tile)
        y = st.clone()
        y.logging = False
        y._put(a.tile, CELL_INDEX[a.cell])
        n += all(y.legal_cells(t) for t in rest)
    return n


def _room_of(st: TownState, seat: int) -> int:
    return sum(_tile_room(st, t) for t in dict.fromkeys(st.racks[seat]))


def _cost(st: TownState, tile: str, cell: str, others: list[str]) -> bool:
    """Placing `tile` on `cell` would leave one of `others` with no cell."""
    y = st.clone()
    y.logging = False
    y._put(tile, CELL_INDEX[cell])
    return any(not y.legal_cells(t) for t in others)
