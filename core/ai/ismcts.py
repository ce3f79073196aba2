"""Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley and
Whitehouse, 2012) for 2-5 players with hidden information (TOWN 77, Skirmish).
It works for perfect-information games too, where `determinize` is a clone.

    bot = ISMCTSBot(rng, c=0.7, max_iterations=None, rollout_policy=None,
                    rollout_depth=None, evaluate=None, actions=None,
                    tree_actions=None)
    action = bot.choose(state.view(seat), budget_s=1.0, root_actions=None)

Three hooks let a game narrow the search without touching its states:
- `actions(state)`: the actions the search considers in `state` (at every node,
  in the default rollout, and at the root), in place of `state.legal_actions()`:
  a shortlist, or the one move a modelled opponent would make.
- `tree_actions(state, visits)`: the actions a tree node visited `visits` times
  considers, in place of `actions` in the tree (not in rollouts): progressive
  widening, a shortlist that grows as the node earns visits.
- `choose(..., root_actions=[...])`: the actions searched at the root only, and
  the answer is one of them (a shortlist of the first decision; deeper nodes use
  `actions`/legal ones).
A third, `determinize(view, rng)`, samples the hidden parts with what the bot
remembers beyond its view (step 1 below).

One iteration
1. Determinize: `view.determinize(rng)` fills what the bot cannot see (other
   hands, the deck order) at random, consistently with what it knows.
2. Select: from the root, while every action legal in this determinization has a
   child, go to the child with the best UCB1 value among the *available* ones
   (legal here). Each node keeps an availability count (how often it was
   available when its parent was visited), used in place of the parent's visits:
   mean + c * sqrt(ln(availability) / visits).
3. Expand: add one untried legal action (chosen at random) as a new child.
4. Roll out: play `rollout_policy(state, rng)` (default: uniformly random) to the
   end, or for at most `rollout_depth` actions, then score with `evaluate(state)
   -> tuple of per-seat rewards in [0, 1]`; a finished game is scored from its
   outcome (winners share 1, no winners: 1 / seats each; see
   core.ai.common.outcome_rewards) unless `outcome_reward(outcome, seats)` is given.
5. Backpropagate: every node on the path gets one visit and adds the reward of
   the seat that *chose* the action leading to it. So a seat that acts several
   times in a row is simply credited at each step, and every seat maximises its
   own reward (no zero-sum assumption: works for 2-5 players).

The answer is the root action visited most (ties: the better mean, then `rng`).
Tree nodes are keyed by the actions themselves (frozen msgspec Structs hash; an
action that does not hash is keyed by its JSON encoding).

Stopping: after `max_iterations` (deterministic for a fixed rng seed) or when
the time budget `budget_s` runs out (a ceiling, checked with time.perf_counter
after every iteration), whichever comes first; `stop()` from another thread
(the TUI cancelling a worker) ends the search after the current iteration. After `choose`, `bot.stats`
holds iterations, seconds and the root children's visits as
(action, visits) pairs.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from core.engine import AnyState

from core.ai.common import action_key, first_if_forced, fresh_state, outcome_rewards


class Node:
    """A tree node: the action that leads here, the seat that chose it, and the
    statistics for that seat."""

    __slots__ = ("action", "seat", "parent", "children", "visits", "avail", "total")

    def __init__(self, action: Any, seat: int | None, parent: Node | None) -> None:
        self.action = action
        self.seat = seat
        self.parent = parent
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class ISMCTSBot:
    def __init__(
        self,
        rng: random.Random | None = None,
        c: float = 0.7,
        max_iterations: int | None = None,
        rollout_policy: Callable[[Any, random.Random], Any] | None = None,
        rollout_depth: int | None = None,
        evaluate: Callable[[Any], tuple[float, ...]] | None = None,
        outcome_reward: Callable[[Any, int], tuple[float, ...]] | None = None,
        cooperative: bool = False,
        actions: Callable[[Any], list[Any]] | None = None,
        tree_actions: Callable[[Any, int], list[Any]] | None = None,
        determinize: Callable[[Any, random.Random], Any] | None = None,
    ) -> None:
        """`c` is the UCB1 exploration constant (rewards are in [0, 1]; 0.7 is a
        good start, larger explores more). `evaluate` scores a rollout cut by
        `rollout_depth`; without it a cut rollout counts as a fair share for
        everybody, so give one whenever you set `rollout_depth`. `cooperative`
        (Dash): a finished game pays every seat 1 when there are winners, else 0.
        `actions(state)`: the actions to consider in a state (default: all legal).
        `tree_actions(state, visits)`: those a tree node visited `visits` times
        considers (default: `actions`).
        `determinize(view, rng)`: a state sampled from the view, in place of
        `view.determinize(rng)` (a game's bot that remembers more than the view
        shows, such as tiles seen in an exchange, samples with that memory)."""
        self.rng = rng if rng is not None else random.Random()
        self.c = c
        self.max_iterations = max_iterations
        self.rollout_policy = rollout_policy
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.actions = actions
        self.tree_actions = tree_actions
        self.determinize = determinize
        if outcome_reward is None:
            if cooperative:
                def outcome_reward(outcome: Any, seats: int) -> tuple[float, ...]:
                    return outcome_rewards(outcome, seats, True)
            else:
                outcome_reward = outcome_rewards
        self.outcome_reward = outcome_reward
        self.stats: dict[str, Any] = {}
        self._stopped = False

    def choose(self, view: AnyState, budget_s: float = 1.0, root_actions: list[Any] | None = None) -> Any:
        """The action to play in `view`. `root_actions`: search only these at the
        root, and answer with one of them (even if stopped before the first
        iteration)."""
        actions, forced = first_if_forced(view, self.actions)
        start = time.perf_counter()
        if forced is not None:
            self.stats = {"iterations": 0, "seconds": 0.0, "visits": []}
            return forced
        deadline = start + max(0.0, budget_s)
        root = Node(None, None, None)
        rng = self.rng
        cap = self.max_iterations
        n = 0
        self._stopped = False
        while cap is None or n < cap:
            self._iterate(root, view, rng, root_actions)
            n += 1
            if time.perf_counter() > deadline or self._stopped:
                break

        best = self._best_root_action(root, root_actions if root_actions is not None else actions)
        self.stats = {
            "iterations": n,
            "seconds": time.perf_counter() - start,
            "visits": [(child.action, child.visits) for child in root.children.values()],
        }
        return best

    def stop(self) -> None:
        """Ask a `choose` running in another thread to finish now: it returns the
        best action found so far after the current iteration."""
        self._stopped = True

    # -- one iteration -----------------------------------------------------------

    def _iterate(self, root: Node, view: AnyState, rng: random.Random, root_actions: list[Any] | None) -> None:
        state = fresh_state(view, rng) if self.determinize is None else self.determinize(view, rng)
        node = root
        c = self.c
        log = math.log
        sqrt = math.sqrt
        consider = self.actions
        widen = self.tree_actions
        # Select and expand.
        while not state.over:
            if node is root and root_actions is not None:
                actions = root_actions
            elif widen is not None:
                actions = widen(state, node.visits)
            elif consider is not None:
                actions = consider(state)
            else:
                actions = state.legal_actions()
            get = node.children.get
            untried = []
            available = []
            for action in actions:
                try:
                    child = get(action)
                except TypeError:  # an unhashable action: keyed by its JSON
                    child = get(action_key(action))
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
                    available.append(child)
            if untried:
                action = untried[0] if len(untried) == 1 else untried[int(rng.random() * len(untried))]
                seat = state.to_move
                state.play(action)
                child = Node(action, seat, node)
                node.children[action_key(action)] = child
                node = child
                break
            best_child = available[0]  # replaced by the first child scoring above -1
            best_ucb = -1.0
            for child in available:
                visits = child.visits
                ucb = child.total / visits + c * sqrt(log(child.avail) / visits)
                if ucb > best_ucb:
                    best_ucb, best_child = ucb, child
            node = best_child
            state.play(node.action)

        # Roll out.
        if not state.over:
            policy = self.rollout_policy
            limit = self.rollout_depth
            if policy is None and limit is None and consider is None:
                rnd = rng.random
                while not state.over:
                    legal = state.legal_actions()
                    state.play(legal[int(rnd() * len(legal))])
            else:
                steps = 0
                while not state.over and (limit is None or steps < limit):
                    if policy is None:
                        state.play(rng.choice(consider(state) if consider else state.legal_actions()))
                    else:
                        state.play(policy(state, rng))
                    steps += 1
        if state.over:
            rewards = self.outcome_reward(state.outcome, state.seats)
        elif self.evaluate is not None:
            rewards = self.evaluate(state)
        else:
            share = 1.0 / state.seats
            rewards = (share,) * state.seats

        # Backpropagate.
        up: Node | None = node
        while up is not None:
            up.visits += 1
            if up.seat is not None:
                up.total += rewards[up.seat]
            up = up.parent

    def _best_root_action(self, root: Node, actions: list[Any]) -> Any:
        best_actions: list[Any] = []
        best = (-1, -1.0)
        for action in actions:
            child = root.children.get(action_key(action))
            if child is None:
                score = (0, 0.0)
            else:
                score = (child.visits, child.total / child.visits if child.visits else 0.0)
            if score > best:
                best, best_actions = score, [action]
            elif score == best:
                best_actions.append(action)
        return best_actions[0] if len(best_actions) == 1 else self.rng.choice(best_actions)
