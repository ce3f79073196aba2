"""TOWN 77 solo: the daily game, the level table, and the strong strategy behind
`solo_hint` (and the calibration in bench/town_solo_levels.py).

The strategy sees only what the player sees (the town, the revealed tile and the
colour of each stack's top). It scores a town by how well the tiles still unseen
would fit it: every unseen tile should keep some free cell (next to the town or
not yet) whose row and column lack its colour and its style, no free cell should
become one that no unseen tile fits, and above all one of the colours showing on
the stack tops should have a good chance to fit next. It places a tile in the
cell that leaves the best score, and picks the stack whose top tile, averaged over
the styles it may still have, is most likely to fit and leaves the best score.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from typing import Any

from core.town.state import (
    ALL7,
    COLS_MASK,
    FULL,
    ROWS_MASK,
    SOLO_CHOOSE,
    SOLO_PLACE,
    SOLO_START,
    TownState,
    cells_of,
    frontier_of,
)
from core.town.actions import ChooseStack, Place
from core.town.tiles import CELLS, COLOUR_OF, SIZE, TILE_CS, TILES

def daily_seed(date: _dt.date | str | None = None) -> int:
    """The seed of the day's solo game: the same for everyone on a date (UTC)."""
    if date is None:
        date = _dt.datetime.now(_dt.timezone.utc).date()
    text = date if isinstance(date, str) else date.isoformat()
    digest = hashlib.sha256(("town77-daily-" + text).encode()).digest()
    return int.from_bytes(digest[:4], "big")


# -- the strong strategy -----------------------------------------------------------------

# Weights of the town score: a tile that fits no free cell, a free cell that no
# unseen tile fits, a tile that fits next to the town now, each such cell (up to 3),
# each free cell it fits (up to 4).
COEF = (3.0, 2.0, 2.0, 0.5, 0.1)
# Weight of the best chance, among the colours on the stack tops, that the next
# tile revealed fits.
K_NEXT = 30.0


def evaluate(occ: int, rc, rs, cc, cs, unseen: list[tuple[int, int]], weights: list[float],
             coef: tuple[float, ...] = COEF, tops: tuple[int, ...] = (), k_next: float = 0.0) -> float:
    """How well a town suits the unseen tiles (higher is better). With `tops` (the
    colours on the stack tops), add `k_next` times the best chance among them that
    the next tile revealed fits."""
    k_lost, k_dead, k_fit, k_front, k_free = coef
    fits = [0] * SIZE
    counts = [0] * SIZE
    free = FULL & ~occ
    front = frontier_of(occ)
    score = 0.0
    covered = 0
    for (c, s), w in zip(unseen, weights):
        counts[c] += 1
        fit = ROWS_MASK[ALL7 ^ (rc[c] | rs[s])] & COLS_MASK[ALL7 ^ (cc[c] | cs[s])] & free
        if not fit:
            score -= k_lost * w
            continue
        covered |= fit
        n = fit.bit_count()
        f = (fit & front).bit_count()
        if f:
            fits[c] += 1
        score += w * ((k_fit if f else 0.0) + k_front * min(f, 3) + k_free * min(n, 4))
    dead = (free & ~covered).bit_count()
    score -= k_dead * dead
    if tops and k_next:
        score += k_next * max(fits[c] / counts[c] if counts[c] else 0.0 for c in tops)
    return score


class SoloPlanner:
    """The strong solo strategy, on what the player can see."""

    def __init__(self, top_weight: float = 0.0, coef: tuple[float, ...] = COEF,
                 k_next: float = K_NEXT) -> None:
        self.top_weight = top_weight
        self.coef = coef
        self.k_next = k_next

    def _unseen(self, st: TownState) -> list[tuple[int, int]]:
        seen = set(t for t in st.cells if t is not None)
        if st.revealed in TILE_CS:
            seen.add(st.revealed)
        return [TILE_CS[t] for t in TILES if t not in seen]

    def _weights(self, st: TownState, unseen: list[tuple[int, int]]) -> list[float]:
        tops = [COLOUR_OF[s[-1][0]] for s in st.stacks if s]
        counts = [0] * SIZE
        for c, _ in unseen:
            counts[c] += 1
        return [1.0 + self.top_weight * sum(1 for t in tops if t == c) / max(1, counts[c])
                for c, _ in unseen]

    def _place_value(self, st: TownState, tile: tuple[int, int], unseen, weights) -> tuple[float, int]:
        """Best (value, cell) for placing `tile` now; (-inf, -1) when it fits nowhere."""
        c, s = tile
        if st.occ == 0:
            cells = [0]
        else:
            cells = cells_of(st._legal_mask(c, s))
        best = (float("-inf"), -1)
        tops = tuple(COLOUR_OF[x[-1][0]] for x in st.stacks if x) if self.k_next else ()
        for i in cells:
            rc, rs, cc, cs = st.masks_after(i, c, s)
            v = evaluate(st.occ | (1 << i), rc, rs, cc, cs, unseen, weights, self.coef, tops, self.k_next)
            if v > best[0]:
                best = (v, i)
        return best

    def choose_cell(self, st: TownState) -> str:
        tile = TILE_CS[st.revealed]  # type: ignore[index]
        unseen = self._unseen(st)
        weights = self._weights(st, unseen)
        return CELLS[self._place_value(st, tile, unseen, weights)[1]]

    def stack_values(self, st: TownState) -> list[float]:
        """For each stack: the expected value of revealing its top (-inf if empty)."""
        unseen = self._unseen(st)
        out = []
        for stack in st.stacks:
            if not stack:
                out.append(float("-inf"))
                continue
            c = COLOUR_OF[stack[-1][0]]
            cands = [t for t in unseen if t[0] == c]
            total = 0.0
            fits = 0
            for tile in cands:
                rest = [t for t in unseen if t != tile]
                w = self._weights(st, rest)
                v, cell = self._place_value(st, tile, rest, w)
                if cell >= 0:
                    fits += 1
                    total += v
            n = max(1, len(cands))
            # Above all, the chance that the tile fits; then the town it leaves.
            out.append(fits / n * 1000.0 + total / n)
        return out

    def choose_stack(self, st: TownState) -> int:
        vals = self.stack_values(st)
        return max(range(len(vals)), key=lambda i: (vals[i], -i))

    def choose(self, st: TownState) -> Any:
        if st.phase == SOLO_PLACE:
            return Place(st.revealed, self.choose_cell(st))  # type: ignore[arg-type]
        if st.phase in (SOLO_START, SOLO_CHOOSE):
            return ChooseStack(self.choose_stack(st))
        raise ValueError("The solo planner only plays solo games that are not over.")


_PLANNER = SoloPlanner()


def solo_hint(state: TownState) -> Any:
    """The action the strong strategy takes now: a `ChooseStack` or a `Place`.
    It looks only at what the player may see (the seat's view)."""
    if not state.solo or state.over:
        raise ValueError("Hints are for solo games in progress.")
    return _PLANNER.choose(state.view(0) if not state.hidden else state)


class SoloBot:
    """A bot for the solo game (any level): the strong strategy."""

    def __init__(self, planner: SoloPlanner | None = None) -> None:
        self.planner = planner or _PLANNER

    def choose(self, view: TownState, budget_s: float = 1.0) -> Any:
        return self.planner.choose(view)


__all__ = ["SoloBot", "SoloPlanner", "daily_seed", "evaluate", "solo_hint"]
