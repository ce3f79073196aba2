"""A textbook UCT (Kocsis and Szepesvari 2006; the survey of Browne et al. 2012,
Algorithm 2) with uniformly random rollouts: an outside yardstick for the
HOUSE RULES bots (issue 17), never a shipped level.

HOUSE RULES has no hidden information (both hands are open, docs/rules/house-rules.md,
and a `cards=random` draw is in force and shown from the first move), so plain UCT on
the position itself is the textbook search; no determinization is needed.

It is written apart from core/ai on purpose (no shared code) and reads only the
engine protocol (core.engine): `clone()`, `legal_actions()`, `play`, `over`,
`outcome`, `to_move`, `seats`. It works for any perfect-information game.

    from bench.textbook_uct import TextbookUCT
    bot = TextbookUCT(random.Random(1))                  # time-limited
    bot = TextbookUCT(random.Random(1), iterations=200)  # reproducible
    action = bot.choose(state.view(seat), budget_s=0.25)

Every iteration:
1. select: from the root, while the node is fully expanded and the game goes on,
   descend to the child maximising UCB1, mean + c * sqrt(ln(parent visits) / visits);
2. expand one untried legal action, chosen uniformly at random;
3. simulate: uniformly random legal actions to the end of the game;
4. backpropagate: each node on the path gets a visit and the reward of the seat
   that chose the action leading to it (1 for a sole winner, shared by joint
   winners, 1/seats each for a game without winners). A seat that acts several
   times in a row (HOUSE RULES: a card, then a move) is simply credited each time.
The move played is the root child with the most visits.

Like any searcher it may work on the engine's quiet copy (`silent = True` where a
state has it: no log lines written during the search), the same fast path the
project's bots use, so the comparison at equal time is about the search alone.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

EXPLORATION = math.sqrt(2)  # UCB1's constant for rewards in [0, 1]


class _Node:
    __slots__ = ("action", "seat", "parent", "children", "untried", "visits", "reward")

    def __init__(self, action: Any, seat: int | None, parent: _Node | None, untried: list) -> None:
        self.action = action
        self.seat = seat  # who chose `action`
        self.parent = parent
        self.children: list[_Node] = []
        self.untried = untried  # legal actions not expanded yet
        self.visits = 0
        self.reward = 0.0


def _rewards(outcome: Any, seats: int) -> list[float]:
    winners = list(outcome.winners)
    if not winners:
        return [1.0 / seats] * seats
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(seats)]


def _actions(state: Any) -> list:
    return [] if state.over else list(state.legal_actions())


class TextbookUCT:
    """`iterations` caps the search (reproducible for a seeded rng); `budget_s` in
    `choose` is the time limit either way. After `choose`, `stats` holds the
    iterations and the seconds of the last search."""

    def __init__(self, rng: random.Random, iterations: int | None = None, c: float = EXPLORATION) -> None:
        self.rng = rng
        self.iterations = iterations
        self.c = c
        self.stats: dict[str, Any] = {}

    def choose(self, view: Any, budget_s: float = 1.0) -> Any:
        start = time.perf_counter()
        legal = list(view.legal_actions())
        if len(legal) == 1:
            self.stats = {"iterations": 0, "seconds": 0.0}
            return legal[0]
        root_state = view.clone()
        if hasattr(root_state, "silent"):
            root_state.silent = True
        root = _Node(None, None, None, list(legal))
        deadline = start + budget_s
        n = 0
        while self.iterations is None or n < self.iterations:
            self._iterate(root, root_state.clone())
            n += 1
            if time.perf_counter() >= deadline:
                break
        best = max(root.children, key=lambda ch: ch.visits)
        self.stats = {"iterations": n, "seconds": time.perf_counter() - start}
        return best.action

    def _iterate(self, root: _Node, state: Any) -> None:
        rng = self.rng
        node = root
        # 1. Select.
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            c = self.c
            node = max(node.children, key=lambda ch: ch.reward / ch.visits + c * math.sqrt(log_n / ch.visits))
            state.play(node.action)
        # 2. Expand.
        if node.untried:
            action = node.untried.pop(rng.randrange(len(node.untried)))
            seat = state.to_move
            state.play(action)
            child = _Node(action, seat, node, _actions(state))
            node.children.append(child)
            node = child
        # 3. Simulate.
        while not state.over:
            legal = state.legal_actions()
            state.play(legal[rng.randrange(len(legal))])
        rewards = _rewards(state.outcome, state.seats)
        # 4. Backpropagate.
        while node is not None:
            node.visits += 1
            if node.seat is not None:
                node.reward += rewards[node.seat]
            node = node.parent
