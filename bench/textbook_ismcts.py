"""A textbook single-observer ISMCTS (SO-ISMCTS) after Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012:
an outside yardstick for the project's bots (issue 17), never a shipped level.

It is written apart from core/ai on purpose (it shares no code with
core/ai/ismcts.py) and reads only the engine protocol (core.engine): a view's
`legal_actions()`, `determinize(rng)` (or `clone()` for a game without hidden
information), `play`, `over`, `outcome`, `to_move`, `seats`.

    from bench.textbook_ismcts import TextbookISMCTS
    bot = TextbookISMCTS(random.Random(1))            # time-limited
    bot = TextbookISMCTS(random.Random(1), iterations=500)  # reproducible
    action = bot.choose(state.view(seat), budget_s=0.25)

Every iteration, exactly as in the paper's Algorithm 3:
1. choose a determinization of the observer's information set at random;
2. select: while every action legal in this determinization has a child,
   descend to the child maximising UCB1 with availability counts,
   mean + c * sqrt(ln(availability) / visits), among the children legal here;
3. expand one untried legal action, chosen uniformly at random;
4. simulate: uniformly random actions to the end of the game;
5. backpropagate: each node on the path gets a visit and the reward of the
   seat that chose the action leading to it (1 for a sole winner, shared by
   joint winners, 1/seats each for a game without winners).
The move played is the root child with the most visits.
"""

from __future__ import annotations

import json
import math
import random
import time
from typing import Any

import msgspec

EXPLORATION = 0.7  # the constant the paper uses for its card games


def _key(action: Any) -> Any:
    try:
        hash(action)
        return action
    except TypeError:
        return json.dumps(msgspec.to_builtins(action), sort_keys=True)


class _Node:
    __slots__ = ("action", "seat", "parent", "children", "visits", "avail", "reward")

    def __init__(self, action: Any, seat: int | None, parent: _Node | None) -> None:
        self.action = action
        self.seat = seat  # who chose `action`
        self.parent = parent
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def _rewards(outcome: Any, seats: int) -> list[float]:
    winners = tuple(outcome.winners)
    if not winners:
        return [1.0 / seats] * seats
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(seats)]


def _sample(view: Any, rng: random.Random) -> Any:
    try:
        return view.determinize(rng)
    except NotImplementedError:
        return view.clone()


class TextbookISMCTS:
    """SO-ISMCTS with uniformly random rollouts. `iterations` caps the search
    (a seeded rng then gives the same move every time); `budget_s` in `choose`
    is always a ceiling. `stats` holds the last decision's iterations and time."""

    def __init__(self, rng: random.Random, iterations: int | None = None, c: float = EXPLORATION) -> None:
        self.rng = rng
        self.iterations = iterations
        self.c = c
        self.stats: dict[str, float] = {}

    def choose(self, view: Any, budget_s: float = 1.0) -> Any:
        start = time.perf_counter()
        legal = view.legal_actions()
        if len(legal) == 1:
            self.stats = {"iterations": 0, "seconds": 0.0}
            return legal[0]
        deadline = start + budget_s
        root = _Node(None, None, None)
        n = 0
        while self.iterations is None or n < self.iterations:
            self._iterate(root, _sample(view, self.rng))
            n += 1
            if time.perf_counter() >= deadline:
                break
        best = None
        best_visits = -1
        for action in legal:
            child = root.children.get(_key(action))
            visits = child.visits if child is not None else 0
            if visits > best_visits:
                best, best_visits = action, visits
        self.stats = {"iterations": n, "seconds": time.perf_counter() - start}
        return best

    def _iterate(self, root: _Node, state: Any) -> None:
        rng = self.rng
        node = root
        while not state.over:
            legal = state.legal_actions()
            untried = []
            present = []
            for action in legal:
                child = node.children.get(_key(action))
                if child is None:
                    untried.append(action)
                else:
                    present.append(child)
            for child in present:  # each legal child was available on this visit
                child.avail += 1
            if untried:
                action = rng.choice(untried)
                child = _Node(action, state.to_move, node)
                node.children[_key(action)] = child
                state.play(action)
                node = child
                break
            node = max(present, key=lambda ch: ch.reward / ch.visits
                       + self.c * math.sqrt(math.log(ch.avail) / ch.visits))
            state.play(node.action)
        while not state.over:
            state.play(rng.choice(state.legal_actions()))
        rewards = _rewards(state.outcome, state.seats)
        while node is not None:
            node.visits += 1
            if node.seat is not None:
                node.reward += rewards[node.seat]
            node = node.parent
