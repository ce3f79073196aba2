"""TOWN 77 puzzles (docs/rules/town.md, "Puzzles"): endgames from bot games where
exactly one order of placements, tile by tile and cell by cell, reaches the goal.

- "clear": place every tile in your rack (leave with none), one tile a turn.
- "last": leave last and win: be the last player still in the game when it ends,
  holding no more tiles than anybody (the rules give a tie to the later leaver).

Every rack is shown (`shown`); the bag's draws are taken at their worst and the
solver's line gives each drawn tile back (core/town/endgame.py), so the claim holds
for every draw. Each of the solver's placements in the line is the only one that
reaches the goal, and every other one fails even with a lucky choice after the draw;
the other players' replies are any of theirs (none saves them), the one the line
shows being the most cramping one after which the solver's next move is again the
only one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

from core.puzzles import Puzzle, PuzzleKit, puzzle_id
from core.town.actions import KEEP, Exchange, GiveBack, Keep, Place
from core.town.endgame import (
    CLEAR, LAST, Unsupported, can_exchange, reached, still_wins, winning_moves,
)
from core.town.state import GIVEBACK, TURN, TownState

MIN_CHOICES = 2  # a puzzle's first move is chosen among at least this many placements
MAX_RACK = 3  # the most tiles the solver holds (the search stays exact and quick)
MAX_CLEAR = 2  # in "clear" with others holding more than one tile: the solver's most tiles


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
    if any(len(st.racks[s]) > 1 for s in others) and not (goal == CLEAR and len(rack) <= MAX_CLEAR):
        return "another player still in holds more than one tile"
    if any(can_exchange(tuple(st.racks[s]), len(st.bag)) for s in others):
        return "another player could exchange"
    if len(rack) > MAX_RACK:
        return f"the player to move holds more than {MAX_RACK} tiles"
    return None


def solution_from(st: TownState, solver: int, goal: str, turns: int, used: int,
                  unique: bool = True, last_rack: list[str] | None = None) -> list[Any] | None:
    """The line from `st` to `goal`: the solver's winning placements (with `unique`,
    each the only one that wins and every other failing), the drawn tile given back,
    the others' most cramping replies. None when there is no such line."""
    if reached(st, solver, goal):
        return []
    if st.over or solver in st.left_order:
        return None
    if st.current == solver and st.phase == TURN:
        win, lose, unsure = winning_moves(st, goal, turns, used)
        if not win or (unique and (len(win) != 1 or unsure)):
            return None
        move = win[0]
        rack = list(st.racks[solver])
        rack.remove(move.tile)
        rest = solution_from(_after(st, move), solver, goal, turns, used + 1, unique, rack)
        return None if rest is None else [move, *rest]
    if st.phase == GIVEBACK:
        move = GiveBack(_drawn(st.racks[solver], last_rack or [])) if st.current == solver else KEEP
        rest = solution_from(_after(st, move), solver, goal, turns, used, unique, last_rack)
        return None if rest is None else [move, *rest]
    replies = st.legal_actions()
    if any(isinstance(a, Exchange) for a in replies):
        return None
    after = [(_after(st, a), a) for a in replies]
    after.sort(key=lambda x: _room(x[0], solver))
    for nxt, reply in after:
        rest = solution_from(nxt, solver, goal, turns, used, unique, last_rack)
        if rest is not None:
            return [reply, *rest]
    return None


def _room(st: TownState, seat: int) -> int:
    """How many placements `seat`'s rack has: a reply that leaves fewer cramps more."""
    return sum(len(st.legal_cells(t)) for t in dict.fromkeys(st.racks[seat]))
