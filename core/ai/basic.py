"""The simplest bots: RandomBot and the one-ply GreedyBot, plus rollout policies
for ISMCTS (`random_policy`, `epsilon_greedy_policy`).

Every bot here has `choose(view, budget_s) -> action`, picks only from
`view.legal_actions()`, and draws its randomness from its own `rng`
(a `random.Random`), never from the game's chance. A view may hide things
(another player's hand, the order of a deck), so GreedyBot plays its trial
actions on `view.determinize(rng)`, a copy with the hidden parts filled in at
random; for a perfect-information game that is just a clone.

    from core.ai.basic import GreedyBot
    bot = GreedyBot(evaluate=lambda state, seat: my_score(state, seat), rng=rng, noise=0.5)
    action = bot.choose(state.view(seat), budget_s=1.0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from core.engine import AnyState

from core.ai.common import action_key, first_if_forced, fresh_state, mover, outcome_score

Evaluate = Callable[[Any, int], float]
Policy = Callable[[Any, random.Random], Any]


class RandomBot:
    """Chooses uniformly at random among the legal actions."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, view: AnyState, budget_s: float = 0.0) -> Any:
        actions, forced = first_if_forced(view)
        if forced is not None:
            return forced
        return self.rng.choice(actions)


class GreedyBot:
    """Looks one action ahead: plays each legal action on a copy and keeps the one
    whose result `evaluate(state, seat)` scores best for the seat that moves.

    - `evaluate(state, seat) -> float`: higher is better for `seat`. It is called
      on positions that are not over; finished games are scored from their outcome
      (win = +WIN_SCORE, loss = -WIN_SCORE, draw = 0, see core.ai.common), unless
      `terminal(state, seat)` is given; `cooperative=True` (Dash) scores a shared
      win +WIN_SCORE and a game without winners -WIN_SCORE.
    - `noise`: each score gets a uniform random term in [-noise, +noise], so a
      weaker level can blunder now and then (0 = always the best).
    - `samples`: how many determinizations of the view to average over (1 is
      enough for perfect-information games). An action that is not legal in some
      determinization is scored on the others only.
    - Ties are broken by `rng`. One action ahead means one *action*: in a game
      where a seat makes several actions in a row, the bot judges each step alone.
    - `budget_s` is a ceiling: when it runs out the bot returns the best action
      scored so far (it always scores at least the first sample in full).
    """

    def __init__(
        self,
        evaluate: Evaluate,
        rng: random.Random | None = None,
        noise: float = 0.0,
        samples: int = 1,
        terminal: Evaluate | None = None,
        cooperative: bool = False,
    ) -> None:
        self.evaluate = evaluate
        self.rng = rng if rng is not None else random.Random()
        self.noise = noise
        self.samples = max(1, samples)
        self.terminal = terminal
        self.cooperative = cooperative

    def score_actions(self, view: AnyState, actions: list[Any], budget_s: float = 60.0) -> list[float]:
        """The mean score of each action (same order as `actions`), without noise."""
        seat = mover(view)
        deadline = time.perf_counter() + budget_s
        totals = [0.0] * len(actions)
        counts = [0] * len(actions)
        for sample in range(self.samples):
            if sample and time.perf_counter() > deadline:
                break
            base = fresh_state(view, self.rng)
            legal = {action_key(a) for a in base.legal_actions()}
            for i, action in enumerate(actions):
                if action_key(action) not in legal:
                    continue  # not possible in this determinization
                state = base.clone()
                state.play(action)
                if state.over:
                    if self.terminal is not None:
                        value = self.terminal(state, seat)
                    else:
                        value = outcome_score(state.outcome, seat, state.seats, self.cooperative)
                else:
                    value = self.evaluate(state, seat)
                totals[i] += value
                counts[i] += 1
        return [t / c if c else float("-inf") for t, c in zip(totals, counts)]

    def choose(self, view: AnyState, budget_s: float = 1.0) -> Any:
        actions, forced = first_if_forced(view)
        if forced is not None:
            return forced
        scores = self.score_actions(view, actions, budget_s)
        rng = self.rng
        if max(scores) == float("-inf"):  # no sample allowed any: should not happen
            return rng.choice(actions)
        if self.noise:
            noise = self.noise
            scores = [s + rng.uniform(-noise, noise) for s in scores]
        best = max(scores)
        best_actions = [a for a, s in zip(actions, scores) if s == best]
        return best_actions[0] if len(best_actions) == 1 else rng.choice(best_actions)


# -- rollout policies (for core.ai.ismcts) ------------------------------------------


def random_policy(state: AnyState, rng: random.Random) -> Any:
    """A uniformly random legal action: the default ISMCTS rollout."""
    return rng.choice(state.legal_actions())


def greedy_policy(evaluate: Evaluate) -> Policy:
    """A rollout policy that plays the one-ply best action for the seat to move
    (ties broken at random). `state` is a full (determinized) state, so actions
    are played on clones of it directly. Costs one clone a legal action."""

    def policy(state: AnyState, rng: random.Random) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = mover(state)
        best = float("-inf")
        best_actions: list[Any] = []
        for action in actions:
            child = state.clone()
            child.play(action)
            if child.over:
                value = outcome_score(child.outcome, seat, child.seats)
            else:
                value = evaluate(child, seat)
            if value > best:
                best = value
                best_actions = [action]
            elif value == best:
                best_actions.append(action)
        return best_actions[0] if len(best_actions) == 1 else rng.choice(best_actions)

    return policy


def epsilon_greedy_policy(evaluate: Evaluate, eps: float = 0.1) -> Policy:
    """A rollout policy: with probability `eps` a random legal action, else the
    one-ply greedy action for the seat to move (see `greedy_policy`)."""
    greedy = greedy_policy(evaluate)

    def policy(state: AnyState, rng: random.Random) -> Any:
        if rng.random() < eps:
            return rng.choice(state.legal_actions())
        return greedy(state, rng)

    return policy
