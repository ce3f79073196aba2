"""TOWN 77 computer opponents.

- easy: places the tile that keeps the rest of its hand easiest to place, gives a
  tile back every time it may (its least useful one), exchanges only when stuck.
- The judgement behind normal and hard's short lists (TownPolicy with `deep`): the
  same, sharper: it also counts how many free cells each tile will still fit
  later, exchanges a hand that is going stale, and times its last give-backs.
- normal: flat Monte Carlo (core.ai.flat) over that judgement's four best moves,
  played out to the end with light rollouts, for a quarter of its budget.
- hard: Information Set MCTS (core.ai.ismcts) over that judgement's three best
  placements, at the root and for every seat below it (the replies it fears; a
  node below the root widens to more of them as it earns visits), light
  rollouts, determinizations that remember tiles shown in exchanges, for its
  whole budget (issue 17; the figures are in docs/performance.md).
- Solo: any level plays the strong solo strategy (core.town.solo).

Every bot reads only its view: its own rack, the town, the colours of the other
racks, the bag's size.
"""

from __future__ import annotations

import math
import random
from typing import Any

from core.engine import Bot, Line
from core.town.actions import KEEP, LEAVE, Action, Exchange, GiveBack, Place
from core.town.state import (
    ALL7,
    COLS_MASK,
    FULL,
    GIVEBACK,
    ROWS_MASK,
    TURN,
    TownState,
    cells_of,
    frontier_of,
)
from core.town.tiles import CELL_INDEX, CELLS, TILE_CS, TILES, sort_key, tile_name

# -- judging a hand ---------------------------------------------------------------------


def hand_score(occ: int, rc, rs, cc, cs, tiles: list[tuple[int, int]], deep: bool) -> float:
    """How easy `tiles` will be to place in this town (higher is easier)."""
    front = frontier_of(occ)
    free = FULL & ~occ
    score = 0.0
    for c, s in tiles:
        fit = ROWS_MASK[ALL7 ^ (rc[c] | rs[s])] & COLS_MASK[ALL7 ^ (cc[c] | cs[s])] & free
        f = (fit & front).bit_count()
        if f:
            score += 1.0 + 0.2 * min(f, 4)
        else:
            score -= 1.0
        if deep:
            n = fit.bit_count()
            score += 0.1 * min(n, 8) - (1.0 if n == 0 else 0.0)
    return score


def _placements(st: TownState, seat: int, deep: bool) -> list[tuple[float, Place]]:
    rack = [t for t in st.racks[seat]]
    out = []
    for a in st.legal_actions():
        if not isinstance(a, Place):
            continue
        i = CELL_INDEX[a.cell]
        rc, rs, cc, cs = st.masks_after(i, *TILE_CS[a.tile])
        rest = list(rack)
        rest.remove(a.tile)
        v = hand_score(st.occ | (1 << i), rc, rs, cc, cs, [TILE_CS[t] for t in rest], deep)
        out.append((v, a))
    return out


class TownPolicy:
    """The rule-of-thumb player behind easy (and, with `deep`, normal and hard's shortlists)."""

    def __init__(self, deep: bool, timing: bool, noise: float = 0.0, wait_until: int = 30) -> None:
        self.deep = deep
        self.timing = timing
        self.noise = noise
        self.wait_until = wait_until  # keep two tiles while fewer tiles than this are placed

    def __call__(self, st: TownState, rng: random.Random) -> Any:
        return self.act(st, rng)

    def act(self, st: TownState, rng: random.Random) -> Any:
        seat = st.current
        if st.phase == GIVEBACK:
            return self._give_back(st, seat, rng)
        if st.phase != TURN:
            raise ValueError("TownPolicy plays the 2-5 player game.")
        legal = st.legal_actions()
        places = _placements(st, seat, self.deep)
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if not places:
            if exchanges:
                return self._best_exchange(st, seat, exchanges, rng)
            return LEAVE
        if self.deep and exchanges:
            # A stale hand: at most one tile fits and three could be swapped.
            rack = st.racks[seat]
            fitting = sum(1 for t in dict.fromkeys(rack) if st._legal_mask(*TILE_CS[t]))
            if fitting <= 1 and len(rack) >= 3 and st.bag_count >= 3:
                return self._best_exchange(st, seat, exchanges, rng)
        noise = self.noise
        best = None
        best_v = float("-inf")
        for v, a in places:
            if noise:
                v += rng.uniform(-noise, noise)
            if v > best_v:
                best_v, best = v, a
        return best

    def _best_exchange(self, st: TownState, seat: int, exchanges: list[Exchange], rng) -> Exchange:
        # Swap away the three that fit worst; keep the best other tile.
        rack = st.racks[seat]
        best = None
        best_v = float("-inf")
        for a in exchanges:
            keep = [TILE_CS[t] for t in rack if t not in a.tiles]
            v = hand_score(st.occ, st.rc, st.rs, st.cc, st.cs, keep, self.deep) + rng.random() * 1e-3
            if v > best_v:
                best_v, best = v, a
        return best  # type: ignore[return-value]

    def _give_back(self, st: TownState, seat: int, rng: random.Random) -> Any:
        rack = st.racks[seat]
        if self.timing and not self._should_give_back(st, seat):
            return KEEP
        best = None
        best_v = float("-inf")
        for t in dict.fromkeys(rack):
            rest = list(rack)
            rest.remove(t)
            v = hand_score(st.occ, st.rc, st.rs, st.cc, st.cs, [TILE_CS[x] for x in rest], self.deep)
            v += rng.random() * 1e-3
            if v > best_v:
                best_v, best = v, t
        return GiveBack(best)  # type: ignore[arg-type]

    def _should_give_back(self, st: TownState, seat: int) -> bool:
        """Going down to one tile means leaving with none next turn. When a rival
        still in the game could do the same later, and would win the tie, wait
        with two tiles as long as the town stays roomy."""
        h = len(st.racks[seat])
        if h > 2:
            return True
        gone = set(st.left_order)
        rivals = [s for s in range(st.seats) if s != seat and s not in gone]
        if not rivals:
            return True
        best_left = min((len(st.racks[s]) for s in gone), default=99)
        if best_left > 0:
            # nobody has gone out with 0 yet: being first out with 0 cannot lose
            # unless a rival also reaches 0 later. Stay at two while rivals hold more.
            smallest_rival = min(len(st.racks[s]) for s in rivals)
            if smallest_rival <= 2 and st.placed < self.wait_until:
                return False
        return True


class LightRollout:
    """A fast, nearly uniform rollout: a random placement (every fitting tile and
    cell alike, found from the masks without listing actions), exchanges only when
    stuck; at the give-back question it keeps as often as a uniform pick among
    keeping and each tile would, and gives back a tile that fits nowhere first.
    Rollouts this close to random judge positions with little bias (a sharper
    rule of thumb in every seat's rollout made hard weaker, see docs/performance.md)."""

    def __init__(self, smart_giveback: bool = True) -> None:
        self.smart_giveback = smart_giveback

    def __call__(self, st: TownState, rng: random.Random) -> Any:
        rack = st.racks[st.current]
        if st.phase == GIVEBACK:
            tiles = list(dict.fromkeys(rack))
            if int(rng.random() * (len(tiles) + 1)) == 0:
                return KEEP
            if self.smart_giveback:
                for t in tiles:
                    if not st._legal_mask(*TILE_CS[t]):
                        return GiveBack(t)
            return GiveBack(tiles[int(rng.random() * len(tiles))])
        masks = []
        total = 0
        for t in dict.fromkeys(rack):
            m = st._legal_mask(*TILE_CS[t])
            if m:
                n = m.bit_count()
                masks.append((t, m, n))
                total += n
        if not total:
            for x in st.legal_actions():
                if isinstance(x, Exchange):
                    return x
            return LEAVE
        pick = int(rng.random() * total)
        for t, m, n in masks:
            if pick < n:
                return Place(t, CELLS[cells_of(m)[pick]])
            pick -= n
        raise AssertionError("unreachable")


class PolicyBot:
    def __init__(self, policy: TownPolicy, rng: random.Random) -> None:
        self.policy = policy
        self.rng = rng

    def choose(self, view: TownState, budget_s: float = 1.0) -> Action:
        if view.solo:
            from core.town.solo import SoloBot

            return SoloBot().choose(view, budget_s)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.policy.act(view, self.rng)


_NAMED = {tile_name(t): t for t in TILES}
_EXCHANGED = "{0} {0:exchanges/exchange} the {tiles}."
_PLACED = "{0} {0:places/place} the {tile} in {cell}."


def shown_in_exchanges(view: TownState) -> dict[str, float]:
    """Tiles shown in an exchange (the log says which) that are still unaccounted
    for (not in the town, not in the viewer's rack), each with the chance that it
    is still in the bag: it went in face up, and each draw since (one a tile
    placed, three an exchange, counted from the log) took it with about one
    chance in the bag's size."""
    draws: dict[str, int] = {}
    for line in view.log:
        template = getattr(line, "template", None)
        if template == _PLACED:
            for t in draws:
                draws[t] += 1
        elif template == _EXCHANGED and isinstance(line, Line):
            for t in draws:
                draws[t] += 3
            for name in line.words.get("tiles", "").split(", "):
                if name in _NAMED:
                    draws[_NAMED[name]] = 3  # the exchanger's own three draws
    for placed in view.cells:
        if placed is not None:
            draws.pop(placed, None)
    if view.viewer is not None and view.viewer < len(view.racks):
        for t in view.racks[view.viewer]:
            draws.pop(t, None)
    bag = view.bag_count
    out = {}
    for t, n in draws.items():
        size = max(1.0, bag + n / 2)  # the bag's mean size over those draws
        out[t] = (1.0 - 1.0 / size) ** n if bag else 0.0
    return out


def determinize_remembering(view: TownState, rng: random.Random, shown: dict[str, float]) -> TownState:
    """`view.determinize(rng)`, then each tile in `shown` is put back in the bag
    with its chance of being there: when the plain fill gave it to a rival, it is
    swapped with a bag tile of the same colour (rack backs show colours, so the
    swap keeps what everybody sees). Without a tile of its colour left in the bag
    it stays with the rival (then a rival must hold it)."""
    d = view.determinize(rng)
    if not shown:
        return d
    keep = {t for t, p in shown.items() if p >= 1.0 or rng.random() < p}
    if not keep:
        return d
    bag = d.bag
    me = view.viewer
    moved = False
    for seat, rack in enumerate(d.racks):
        if seat == me:
            continue
        for i, t in enumerate(rack):
            if t not in keep:
                continue
            colour = TILE_CS[t][0]
            stand_ins = [j for j, b in enumerate(bag) if TILE_CS[b][0] == colour and b not in keep]
            if not stand_ins:
                continue
            j = stand_ins[int(rng.random() * len(stand_ins))]
            rack[i], bag[j] = bag[j], t
            moved = True
    if moved:
        for rack in d.racks:
            rack.sort(key=sort_key)
        bag.sort(key=sort_key)
    return d


# How many placements hard searches, at the root and below it for every seat: its
# judgement's best three (issue 17: 2, 3, 4 and 8 were measured against the
# textbook search, docs/performance.md).
SHORTLIST = 3
# Below the root a node considers one placement more at this many visits, two more
# at four times as many, and so on (`widened`; docs/performance.md).
WIDEN_STEP: int | None = 400


class HardBot:
    """ISMCTS (core.ai.ismcts) over determinizations that remember the tiles shown
    in exchanges, searching a shortlist (the best placements by the normal
    judgement, every exchange) at the root and at every node below it, with a
    cheap policy as rollout.

    The time budget is the limit: the search runs until `budget_s` is spent.
    `iterations` caps it instead (benches and tests: a seeded rng then plays the
    same game every time); the budget stays a ceiling."""

    def __init__(self, rng: random.Random, iterations: int | None = None, c: float = 0.7,
                 shortlist: int = SHORTLIST, memory: bool = True,
                 tree_shortlist: int = SHORTLIST, widen_step: int | None = WIDEN_STEP) -> None:
        from core.ai.ismcts import ISMCTSBot

        self.rng = rng
        self.shortlist = shortlist
        self.memory = memory
        self.tree_shortlist = tree_shortlist
        self.widen_step = widen_step
        self._tree_cache: dict[tuple, tuple[list[Any], list[Any]]] = {}
        self._shown: dict[str, float] = {}
        self.search = ISMCTSBot(rng=rng, c=c, max_iterations=iterations, rollout_policy=LightRollout(),
                                    determinize=self._determinize,
                                    tree_actions=self._tree_actions if tree_shortlist else None)

    def stop(self) -> None:
        """Answer now (the app calls this from another thread when the player leaves)."""
        self.search.stop()

    def _tree_actions(self, st: TownState, visits: int = 0) -> list[Any]:
        """Below the root, every seat (the bot itself and its modelled rivals)
        considers only the normal judgement's best placements: the tree then
        follows the replies worth fearing and reaches deeper in the same time.
        A node that has earned `visits` considers more of them (progressive
        widening, `widened`). The ranking depends on the town, the rack and
        whether an exchange is open, so one worked out is kept for the rest of
        this decision."""
        if st.phase != TURN:
            return st.legal_actions()
        rack = st.racks[st.current]
        key = (tuple(st.cells), tuple(rack), st.exchanges < st.options.max_exchanges and bool(st.bag))
        found = self._tree_cache.get(key)
        if found is None:
            places = ranked_placements(st)
            others = [a for a in st.legal_actions() if not isinstance(a, Place)]
            found = self._tree_cache[key] = (places, others)
        places, others = found
        return places[:widened(self.tree_shortlist, visits, self.widen_step)] + others

    def _determinize(self, view: TownState, rng: random.Random) -> TownState:
        return determinize_remembering(view, rng, self._shown)

    def choose(self, view: TownState, budget_s: float = 1.0) -> Action:
        if view.solo:
            from core.town.solo import SoloBot

            return SoloBot().choose(view, budget_s)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self._shortlist(view, legal)
        if len(root) == 1:
            return root[0]
        self._shown = shown_in_exchanges(view) if self.memory else {}
        self._tree_cache = {}
        return self.search.choose(view, budget_s, root_actions=root)

    def _shortlist(self, view: TownState, legal: list[Any]) -> list[Any]:
        return shortlist(view, legal, self.shortlist) if self.shortlist else legal


def shortlist(view: TownState, legal: list[Any], places: int, give_backs: int = 2) -> list[Any]:
    """The actions worth searching: the best `places` placements by the normal
    judgement, every exchange, leaving; at the give-back question, keeping and
    the best `give_backs` tiles to give back."""
    seat = view.current
    if view.phase == GIVEBACK:
        rack = view.racks[seat]
        scored = []
        for t in dict.fromkeys(rack):
            rest = list(rack)
            rest.remove(t)
            v = hand_score(view.occ, view.rc, view.rs, view.cc, view.cs,
                           [TILE_CS[x] for x in rest], True)
            scored.append((v, GiveBack(t)))
        scored.sort(key=lambda x: -x[0])
        return [KEEP] + [a for _, a in scored[:give_backs]]
    out = ranked_placements(view)[:places]
    out.extend(a for a in legal if not isinstance(a, Place))
    return out


def ranked_placements(view: TownState) -> list[Place]:
    """Every placement of the player to move, best first by the normal judgement."""
    scored = _placements(view, view.current, True)
    scored.sort(key=lambda x: -x[0])
    return [a for _, a in scored]


def widened(base: int, visits: int, step: int | None) -> int:
    """How many placements a tree node visited `visits` times considers: `base`,
    one more at `step` visits, two more at 4 * `step`, three at 9 * `step`...
    (progressive widening: a node earns a wider look as the search comes back
    to it; None keeps it at `base`)."""
    if step is None:
        return base
    return base + math.isqrt(visits // step)


class FlatBot:
    """Flat Monte Carlo (core.ai.flat) over a short list of the normal judgement's
    best moves, light rollouts to the end, for the whole budget: it weighs its
    moves by how games end, but sees no reply coming (no tree)."""

    def __init__(self, rng: random.Random, iterations: int | None = None, places: int = 4,
                 fraction: float = 1.0) -> None:
        from core.ai.flat import FlatMonteCarloBot

        self.rng = rng
        self.places = places
        self.fraction = fraction
        self.search = FlatMonteCarloBot(rng, rollout_policy=LightRollout(), max_iterations=iterations)

    def stop(self) -> None:
        """Answer now (the app calls this from another thread when the player leaves)."""
        self.search.stop()

    def choose(self, view: TownState, budget_s: float = 1.0) -> Action:
        if view.solo:
            from core.town.solo import SoloBot

            return SoloBot().choose(view, budget_s)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = shortlist(view, legal, self.places)
        if len(root) == 1:
            return root[0]
        return self.search.choose(view, budget_s * self.fraction, root_actions=root)


EASY_WAIT = 20
# Normal thinks for this share of the budget it is given (a quarter: it answers
# sooner and plays weaker than hard, which thinks for all of it).
NORMAL_FRACTION = 0.25


def make_bot(level: str, rng: random.Random, iterations: int | None = None) -> Bot[TownState, Action]:
    """The bot at `level`. `iterations` caps hard's search (benches, tests); by
    default it thinks for the whole budget it is given."""
    if level == "easy":
        return PolicyBot(TownPolicy(deep=False, timing=True, noise=0.6, wait_until=EASY_WAIT), rng)
    if level == "normal":
        return FlatBot(rng, iterations=iterations, fraction=NORMAL_FRACTION)
    if level == "hard":
        return HardBot(rng, iterations=iterations)
    raise ValueError(f"Unknown level {level!r}")
