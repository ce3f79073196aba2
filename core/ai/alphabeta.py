"""Alpha-beta search for two-player, perfect-information, chance-free games
(HOUSE RULES).

    bot = AlphaBetaBot(evaluate, rng, max_depth=None, move_order=None, key=None)
    action = bot.choose(state.view(seat), budget_s=2.0)

How it searches
- Depth counts *actions* (plies), not turns: the turn structure may be irregular
  (a seat may make several actions in a row: a move, then a card). So this is
  plain minimax, not negamax: a node maximises when `state.to_move` is the root
  seat and minimises otherwise, and every value is from the root seat's side.
- Iterative deepening, depth 1, 2, ... until `max_depth`, `max_nodes` or the time
  budget. Each depth searches the previous depth's best action first; when time
  (or the node cap) runs out in the middle of a depth, the bot returns the best
  of the root actions that depth finished (the previous best, unless another
  was proven better at the new depth), else the last completed depth's best. It stops early when
  the tree is exhausted (no leaf was cut by the depth limit) or a forced win or
  loss is proven.
- `evaluate(state, seat) -> float`: a heuristic for positions that are not over,
  higher is better for `seat` (it is always called with the root seat). Keep it
  well inside +-WIN_SCORE / 10 (100 000). Finished games are scored from
  `state.outcome`: a win is +WIN_SCORE minus the plies it takes (so faster wins
  are preferred, slower losses too), a loss -WIN_SCORE plus the plies, a draw 0.
- Transposition table keyed by `key(state)` (any hashable; include whose turn it
  is and everything that decides the legal moves and the future, e.g. pending
  sub-decisions). Without `key`, `state.to_text()` is used, which works but is
  slow; pass `key=False` to switch the table off. A game with history-dependent
  rules (repetition draws) should put what matters into the key or switch the
  table off.
- Move ordering: the table's best move first (at the root: the previous
  iteration's best), then the two killer moves of that ply (the last actions
  that cut the search off in a sibling), then the order from the optional
  `move_order(state, actions) -> list` hook (e.g. captures first). At the root the actions are
  first shuffled with the bot's `rng`, so equal moves vary from seed to seed.
- `max_nodes` and `max_depth` make a search reproducible (same rng seed, same
  caps -> same action); the time budget is a ceiling checked with
  time.perf_counter every few nodes. `stop()` from another thread (the TUI
  cancelling a worker) ends the search the same way.

After `choose`, `bot.stats` holds what the last search did: depth completed,
`partial_depth` (the depth stopped partway through whose best was kept, 0 for
none), nodes, value, seconds, and the principal move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable
from typing import Any

from core.engine import AnyState

from core.ai.common import WIN_SCORE, first_if_forced, mover, outcome_score

# Values above this are proven wins (below its negation, proven losses).
WIN_THRESHOLD = WIN_SCORE / 2
_INF = float("inf")
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Stop(Exception):
    """Time or node budget spent: unwind the search."""


class AlphaBetaBot:
    def __init__(
        self,
        evaluate: Callable[[Any, int], float],
        rng: random.Random | None = None,
        max_depth: int | None = None,
        move_order: Callable[[Any, list[Any]], list[Any]] | None = None,
        key: Callable[[Any], Hashable] | None | bool = None,
        max_nodes: int | None = None,
        tt_limit: int = 1_000_000,
    ) -> None:
        self.evaluate = evaluate
        self.rng = rng if rng is not None else random.Random()
        self.max_depth = max_depth
        self.move_order = move_order
        self.key: Callable[[Any], Hashable] | None
        if key is False:
            self.key = None
        elif key is None or key is True:
            self.key = _text_key
        else:
            self.key = key
        self.max_nodes = max_nodes
        self.tt_limit = tt_limit
        self.stats: dict[str, Any] = {}
        self._stopped = False

    def stop(self) -> None:
        """Ask a `choose` running in another thread to finish now: it returns as
        if the time budget had run out (best action of the last completed depth)."""
        self._stopped = True

    # -- the public entry --------------------------------------------------------

    def choose(self, view: AnyState, budget_s: float = 1.0) -> Any:
        actions, forced = first_if_forced(view)
        start = time.perf_counter()
        if forced is not None:
            self.stats = {"depth": 0, "nodes": 0, "value": None, "seconds": 0.0, "move": forced}
            return forced
        self._deadline = start + max(0.0, budget_s)
        self._stopped = False
        self._nodes = 0
        self._horizon = 0
        self._tt: dict[Hashable, tuple] = {}
        self._seat = mover(view)
        root = view.clone()
        actions = list(actions)
        self.rng.shuffle(actions)
        if self.move_order is not None:
            actions = list(self.move_order(root, actions))

        best_action = actions[0]
        best_value: float | None = None
        depth_done = 0
        partial_depth = 0
        depth = 1
        # Killer moves: per ply, the last two actions that cut off the search
        # there; tried right after the table's move in sibling positions.
        self._killers: list[list[Any]] = [[] for _ in range(64)]
        while self.max_depth is None or depth <= self.max_depth:
            horizon_before = self._horizon
            try:
                value, action, actions = self._root(root, actions, depth)
            except _Stop as stop:
                # The root searches the last depth's best action first, so a
                # partial result exists only once that action is done at this
                # depth, and an action that replaced it was proven better at
                # this depth: keep it rather than throw the deeper search away.
                partial = stop.args[0] if stop.args else None
                if partial is not None:
                    best_value, best_action = partial
                    partial_depth = depth
                break
            best_action, best_value, depth_done = action, value, depth
            if abs(value) >= WIN_THRESHOLD or self._horizon == horizon_before:
                break  # proven result, or the whole tree fits in this depth
            depth += 1
        self.stats = {
            "depth": depth_done,
            "partial_depth": partial_depth,
            "nodes": self._nodes,
            "value": best_value,
            "seconds": time.perf_counter() - start,
            "move": best_action,
        }
        self._tt = {}
        return best_action

    # -- the search --------------------------------------------------------------

    def _root(self, root: Any, actions: list[Any], depth: int) -> tuple[float, Any, list[Any]]:
        """Search every root action to `depth`; return the value, the best action and
        the actions reordered best first (for the next iteration)."""
        alpha, beta = -_INF, _INF
        best_value = -_INF
        best_action = actions[0]
        for action in actions:
            child = root.clone()
            child.play(action)
            try:
                value = self._search(child, depth - 1, alpha, beta, 1)
            except _Stop:
                raise _Stop((best_value, best_action) if best_value > -_INF else None) from None
            if value > best_value:
                best_value, best_action = value, action
            if value > alpha:
                alpha = value
        ordered = [best_action] + [a for a in actions if a is not best_action]
        return best_value, best_action, ordered

    def _search(self, state: AnyState, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._nodes += 1
        if not self._nodes & 63:
            if time.perf_counter() > self._deadline or self._stopped:
                raise _Stop()
        if self.max_nodes is not None and self._nodes > self.max_nodes:
            raise _Stop()
        if state.over:
            value = outcome_score(state.outcome, self._seat, state.seats)
            if value > 0:
                return value - ply
            if value < 0:
                return value + ply
            return value
        if depth <= 0:
            self._horizon += 1
            return self.evaluate(state, self._seat)

        keyf = self.key
        tt_move = None
        key = None
        if keyf is not None:
            key = keyf(state)
            entry = self._tt.get(key)
            if entry is not None:
                e_depth, e_value, e_flag, tt_move, e_cut = entry
                if e_depth >= depth:
                    v = _from_tt(e_value, ply)
                    hit = (
                        e_flag == _EXACT
                        or (e_flag == _LOWER and v >= beta)
                        or (e_flag == _UPPER and v <= alpha)
                    )
                    if hit:
                        if e_cut:
                            self._horizon += 1
                        return v

        actions = state.legal_actions()
        if self.move_order is not None and len(actions) > 1:
            actions = self.move_order(state, actions)
        killers = self._killers[ply] if ply < len(self._killers) else ()
        for first in (*killers, tt_move):  # ends as: table's move, newest killer, older
            if first is not None and actions[0] != first:
                try:
                    i = actions.index(first)
                except ValueError:
                    continue
                actions = [actions[i]] + actions[:i] + actions[i + 1 :]

        horizon_before = self._horizon
        alpha0, beta0 = alpha, beta
        best_action = actions[0]
        if state.to_move == self._seat:
            best = -_INF
            for action in actions:
                child = state.clone()
                child.play(action)
                v = self._search(child, depth - 1, alpha, beta, ply + 1)
                if v > best:
                    best, best_action = v, action
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            self._killer(ply, action)
                            break
        else:
            best = _INF
            for action in actions:
                child = state.clone()
                child.play(action)
                v = self._search(child, depth - 1, alpha, beta, ply + 1)
                if v < best:
                    best, best_action = v, action
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            self._killer(ply, action)
                            break

        if key is not None:
            if best <= alpha0:
                flag = _UPPER
            elif best >= beta0:
                flag = _LOWER
            else:
                flag = _EXACT
            tt = self._tt
            if len(tt) >= self.tt_limit:
                tt.clear()
            tt[key] = (depth, _to_tt(best, ply), flag, best_action, self._horizon != horizon_before)
        return best

    def _killer(self, ply: int, action: Any) -> None:
        if ply < len(self._killers):
            killers = self._killers[ply]
            if action not in killers:
                killers.append(action)
                if len(killers) > 2:
                    del killers[0]


def _to_tt(value: float, ply: int) -> float:
    """Win/loss scores are stored relative to the node, not the root."""
    if value >= WIN_THRESHOLD:
        return value + ply
    if value <= -WIN_THRESHOLD:
        return value - ply
    return value


def _from_tt(value: float, ply: int) -> float:
    if value >= WIN_THRESHOLD:
        return value - ply
    if value <= -WIN_THRESHOLD:
        return value + ply
    return value


def _text_key(state: AnyState) -> str:
    return state.to_text()
