"""Flat Monte Carlo over determinizations: a search one level deep, for the
middle levels (TOWN 77 normal). Every iteration samples the hidden parts
(`view.determinize(rng)`, or the `determinize(view, rng)` given), picks a root
action by UCB1 (so good moves get most of the play-outs), plays it and then
`rollout_policy(state, rng)` (default: uniformly random) to the end, and credits
the result to that action. The answer is the action played out most.

    bot = FlatMonteCarloBot(rng, rollout_policy=None, max_iterations=None, c=0.7,
                            determinize=None)
    action = bot.choose(view, budget_s=1.0, root_actions=None)

Unlike ISMCTS (core.ai.ismcts) nothing below the first move is remembered, so
it sees no reply coming: weaker, on purpose, at the same time. It stops after
`max_iterations` or when `budget_s` is spent, whichever is first; `stats` holds
the last decision's iterations and seconds, as ISMCTSBot's does; `stop()` from
another thread ends the search after the current play-out.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from core.engine import AnyState

from core.ai.common import first_if_forced, fresh_state, mover, outcome_rewards


class FlatMonteCarloBot:
    def __init__(
        self,
        rng: random.Random,
        rollout_policy: Callable[[Any, random.Random], Any] | None = None,
        max_iterations: int | None = None,
        c: float = 0.7,
        determinize: Callable[[Any, random.Random], Any] | None = None,
    ) -> None:
        self.rng = rng
        self.rollout_policy = rollout_policy
        self.max_iterations = max_iterations
        self.c = c
        self.determinize = determinize
        self.stats: dict[str, Any] = {}
        self._stopped = False

    def stop(self) -> None:
        """Ask a `choose` running in another thread to answer now (the best so far)."""
        self._stopped = True

    def choose(self, view: AnyState, budget_s: float = 1.0, root_actions: list[Any] | None = None) -> Any:
        actions, forced = first_if_forced(view, None)
        start = time.perf_counter()
        if forced is not None:
            self.stats = {"iterations": 0, "seconds": 0.0}
            return forced
        candidates = list(root_actions) if root_actions else actions
        deadline = start + max(0.0, budget_s)
        rng = self.rng
        seat = mover(view)
        visits = [0] * len(candidates)
        totals = [0.0] * len(candidates)
        n = 0
        cap = self.max_iterations
        self._stopped = False
        while cap is None or n < cap:
            n += 1
            i = self._pick(visits, totals, n)
            state = fresh_state(view, rng) if self.determinize is None else self.determinize(view, rng)
            action = candidates[i]
            if action in state.legal_actions():
                state.play(action)
                self._roll_out(state)
                reward = outcome_rewards(state.outcome, state.seats)[seat]
            else:  # not possible in this sample (a game whose own hand is hidden)
                reward = 0.0
            visits[i] += 1
            totals[i] += reward
            if time.perf_counter() > deadline or self._stopped:
                break
        best = max(range(len(candidates)), key=lambda j: (visits[j], totals[j], -j))
        self.stats = {"iterations": n, "seconds": time.perf_counter() - start,
                      "visits": list(zip(candidates, visits))}
        return candidates[best]

    def _pick(self, visits: list[int], totals: list[float], n: int) -> int:
        for i, v in enumerate(visits):
            if v == 0:
                return i
        log_n = math.log(n)
        c = self.c
        return max(range(len(visits)), key=lambda i: totals[i] / visits[i] + c * math.sqrt(log_n / visits[i]))

    def _roll_out(self, state: AnyState) -> None:
        policy = self.rollout_policy
        rng = self.rng
        while not state.over:
            if policy is None:
                legal = state.legal_actions()
                state.play(legal[int(rng.random() * len(legal))])
            else:
                state.play(policy(state, rng))
