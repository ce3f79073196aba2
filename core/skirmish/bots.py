"""HOUSES - Skirmish computer opponents.

- **easy**: the Tactician (core.skirmish.tactician) with a quarter of its decisions made at random.
- **normal**: the Tactician, every decision by its rules.
- **hard**: Information Set MCTS (core.ai.ismcts) over `determinize`. The tree
  branches on the bot's own decisions (a `shortlist` of the legal ones: no
  returning or splitting units, the smaller card leading a new Blood Bond,
  attackers and blockers declared in slot order) while the other players make
  the Tactician's choice. A leaf is scored by a short rollout: the Tactician
  finishes the turn under way, the next player strikes back with what stands
  (`counter_strike`), and `rewards` weighs life, units and cards.

The Tactician lives in core.skirmish.tactician, the values it and the search
share in core.skirmish.values.

Every level answers within `budget_s` and has `stop()`. The hard bot's search
runs until the budget is spent (issue 17: the budget is the limit, so it uses all
the time it is given); `make_bot("hard", rng, iterations=n)` caps it at n
iterations instead, so a seeded bot plays the same game on any machine (benches,
tests). The Tactician levels answer in milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core.ai import LEVELS
from core.ai.common import first_if_forced
from core.ai.ismcts import ISMCTSBot
from core.engine import Bot
from core.skirmish import actions as A
from core.skirmish.cards import ATK
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY
from core.skirmish.tactician import Tactician
from core.skirmish.units import lead
from core.skirmish.values import rewards

if TYPE_CHECKING:
    from core.skirmish.state import SkirmishState

# -- the search's view of the game --------------------------------------------------------------


def shortlist(s, acts: list) -> list:
    """The legal actions the hard bot's search considers: no Return or Split, the
    smaller card leading a new Blood Bond, a redeploy Bond only with a full front,
    attackers declared in slot order and blocks in attacker order (so each set of
    attacks or blocks is reached one way)."""
    ph = s.phase
    if s.pending:
        return acts
    if ph == DEPLOY:
        p = s.cur
        front = s.front[p]
        out = []
        for a in acts:
            t = type(a)
            if t is A.Return or t is A.Split:
                continue
            if t is A.Deploy and a.slot >= 0:
                other = front[a.slot]
                if a.lead != (ATK[a.card] <= ATK[lead(other)]):
                    continue
            elif t is A.Bond:
                if len(front) < 4 or ATK[lead(front[a.pos])] > ATK[lead(front[a.other])]:
                    continue
            out.append(a)
        return out
    if ph == ATTACK:
        if not s.attacks:
            return acts
        last = max(at.attacker for at in s.attacks)
        return [a for a in acts if type(a) is not A.Attack or a.pos > last]
    if ph == BLOCK:
        d = s.blockers[0]
        last = max((at.attacker for at in s.attacks if at.seat == d and at.blocker >= 0), default=-1)
        if last < 0:
            return acts
        return [a for a in acts if type(a) is not A.Block or a.attacker > last]
    return acts


def search_actions(s, me: int | None = None) -> list:
    """The actions the hard bot's search considers in `s`: the `shortlist` of the
    legal ones; with `me` given, a seat other than `me` has one action, the
    Tactician's choice (the search models its opponents)."""
    acts = s.legal_actions()
    if len(acts) <= 1:
        return acts
    if me is not None and s.to_move != me:
        return [_MODEL.act(s, _MODEL_RNG, acts)]
    out = shortlist(s, acts)
    return out if out else acts


_MODEL = Tactician(0.0)
_MODEL_RNG = random.Random(0)       # unused: the model makes no random choice


# -- the bots ------------------------------------------------------------------------------------


class TacticianBot:
    """easy and normal: the Tactician deciding on the view."""

    def __init__(self, rng: random.Random, eps: float = 0.0) -> None:
        self.rng = rng
        self.policy = Tactician(eps)

    def choose(self, view: SkirmishState, budget_s: float = 1.0) -> A.Action:
        acts, forced = first_if_forced(view)
        if forced is not None:
            return forced
        return self.policy.act(view, self.rng, acts)

    def stop(self) -> None:
        """Nothing to stop: the Tactician answers in milliseconds."""


def finish_turn(s, policy: Tactician, rng: random.Random, limit: int = 60,
                consider: Callable[[Any], list] | None = None) -> None:
    """Play the turn under way to its end with `policy` (so that a cut rollout is
    scored between turns, never in the middle of a combat), choosing among
    `consider(s)` when given (the search's actions), else the legal ones."""
    turn = s.turn
    n = 0
    while not s.over and s.turn == turn and n < limit:
        s.play(policy.act(s, rng, consider(s) if consider else None))
        n += 1


def counter_strike(s, policy: Tactician, rng: random.Random, limit: int = 60,
                   consider: Callable[[Any], list] | None = None) -> None:
    """From the start of a turn: the player to move deploys nothing and fights with
    what stands (responses, attacks and blocks by `policy`): what the position
    threatens, without the noise of a whole turn's deployments."""
    turn = s.turn
    n = 0
    while not s.over and s.turn == turn and n < limit:
        if s.phase == DEPLOY and not s.pending:
            s.play(A.DONE)
        else:
            s.play(policy.act(s, rng, consider(s) if consider else None))
        n += 1


class HardBot:
    """hard: Information Set MCTS (core.ai.ismcts) over determinizations of the view.

    - The tree branches on this seat's decisions, from the `shortlist`; the other
      seats play the Tactician's choice (`search_actions(state, me)`, the search's
      `actions` hook: it models its opponents rather than searching their moves too).
    - A leaf is scored by a short rollout in `score`: the Tactician plays `depth`
      actions (none by default: measured best), finishes the turn under way, the
      next player then fights with what stands (`counter_strike`: no
      deployments), and `rewards` scores the position.
    - `iterations` caps the search (reproducible with a seeded rng); `budget_s`
      is a ceiling on top of it; None (the level in the app): time alone.
      `stop()` ends a search from another thread.
    """

    def __init__(self, rng: random.Random, iterations: int | None = None, depth: int = 0,
                 eps: float = 0.1, c: float = 0.15, counter: bool = True,
                 model: bool = True) -> None:
        self.rng = rng
        self.model = model
        self.me: int | None = None  # the seat searched for (set by choose) when modelling
        finisher = Tactician(0.0)
        roller = Tactician(eps)
        erng = random.Random(rng.getrandbits(32))

        def consider(state) -> list:
            return search_actions(state, self.me)

        def rollout(state, r: random.Random) -> Any:
            return roller.act(state, r, consider(state))

        def score(state) -> tuple[float, ...]:
            finish_turn(state, finisher, erng, consider=consider)
            if counter and not state.over:
                counter_strike(state, finisher, erng, consider=consider)
            return rewards(state)

        self.search = ISMCTSBot(rng, c=c, max_iterations=iterations, rollout_policy=rollout,
                                rollout_depth=depth, evaluate=score, actions=consider)

    @property
    def stats(self) -> dict:
        return self.search.stats

    def choose(self, view: SkirmishState, budget_s: float = 1.0) -> A.Action:
        self.me = view.to_move if self.model else None
        acts, forced = first_if_forced(view, self.search.actions)
        if forced is not None:
            self.search.stats = {"iterations": 0, "seconds": 0.0, "visits": []}
            return forced
        return self.search.choose(view, budget_s)

    def stop(self) -> None:
        """Ask a running `choose` (in another thread) to answer now."""
        self.search.stop()


def make_bot(level: str, rng: random.Random | None = None,
             iterations: int | None = None) -> Bot[SkirmishState, A.Action]:
    """The Skirmish bot for `level` ("easy", "normal" or "hard"). `iterations` caps
    hard's search (benches, tests); by default it thinks for its whole budget."""
    rng = rng if rng is not None else random.Random()
    if level == "easy":
        return TacticianBot(rng, eps=0.25)
    if level == "normal":
        return TacticianBot(rng, eps=0.0)
    if level == "hard":
        return HardBot(rng, iterations=iterations)
    raise ValueError(f"Unknown bot level {level!r}; choose one of {', '.join(LEVELS)}.")
