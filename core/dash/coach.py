"""The coach for Icehouse Dash (core.ai.coach).

Dash has hidden information: the order of the draw pile is never seen, and with
hidden hands neither are the other players' hands. The solver (core.dash.solver)
needs the whole deal, so the coach never runs it on the real one while a game is
being played. It samples deals instead: each a `determinize` of the view (the
unseen cards shuffled at random, seeded), solved with a small node limit
(`NODE_LIMIT`).

- First, votes: on each sampled deal the first play of the winning line found.
- Then the few plays with most votes (and, in a review, the play made) are tried
  on fresh sampled deals: a play's value is the share of those deals the solver
  still wins after it. The best is the play with the highest share.
- When no sampled deal can be won (or the solver gives up on every one), the play
  that leaves the best-looking board (the solver's own position score) on one
  sampled deal.

A sampled deal the solver does not finish within the limit counts as not won, so
the shares are a lower bound, alike for every play.

`lost_at` (the review's "after move 9 the deal could no longer be won") is the one
place the real deal is used: the review comes after the game, when nothing is left
to hide. The solver runs on the real position after each move (`LOST_NODE_LIMIT`);
the answer is a move only when the position before it had a winning line and the
one after it is proven to have none.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any, Sequence

from core.ai.coach import Analysis, Stop, percent
from core.ai.common import action_key
from core.dash.solver import hint as solver_hint
from core.dash.solver import search

# Positions the solver may look at on one sampled deal.
NODE_LIMIT = 400
# The plays tried on fresh deals after the votes.
FINALISTS = 3
# Positions the solver may look at for each real position in `lost_at`.
LOST_NODE_LIMIT = 20_000


def analyse(view: Any, budget_s: float, rng: random.Random, include: tuple = (),
            effort: int | None = None, stop: Stop | None = None) -> Analysis:
    """`effort`: the sampled deals of each stage (None: as many as time allows)."""
    stop = stop or Stop()
    start = time.perf_counter()
    deadline = start + budget_s
    legal = {action_key(a): a for a in view.legal_actions()}
    votes: Counter = Counter()
    sampled = 0
    vote_until = start + budget_s / 2
    while not stop.cancelled:
        if effort is not None and sampled >= effort:
            break
        if effort is None and sampled and time.perf_counter() > vote_until:
            break
        deal = view.determinize(rng)
        result = search(deal, NODE_LIMIT)
        sampled += 1
        if result.line and action_key(result.line[0]) in legal:
            votes[action_key(result.line[0])] += 1
    finalists = [legal[k] for k, _ in votes.most_common(FINALISTS)]
    keys = {action_key(a) for a in finalists}
    finalists += [a for a in include if action_key(a) not in keys and action_key(a) in legal]
    wins: Counter = Counter()
    tried = 0  # deals on which every finalist was tried
    while votes and not stop.cancelled:
        if effort is not None and tried >= effort:
            break
        deal = view.determinize(rng)
        won = []
        for action in finalists:
            if effort is None and time.perf_counter() > deadline:
                break
            after = deal.clone()
            after.play(action)
            if search(after, NODE_LIMIT).line is not None:
                won.append(action_key(action))
        else:
            tried += 1
            wins.update(won)
            continue
        break
    if votes and not tried:
        # No time to try the finalists on fresh deals: the votes are the values.
        tried = sampled
        wins = Counter({k: votes[k] for k in keys})
    if not wins:
        best = _best_looking(view, rng, legal)
        values = {action_key(a): (a, 0.0) for a in [best, *finalists]}
        note = "no winning line found on the deals sampled"
        return Analysis(best, values, note=note, extra={"tried": tried, "won": False})
    values = {action_key(a): (a, wins[action_key(a)] / tried) for a in finalists}
    best = max(finalists, key=lambda a: (wins[action_key(a)], votes[action_key(a)]))
    return Analysis(best, values, extra={"tried": tried, "won": True})


def _best_looking(view: Any, rng: random.Random, legal: dict) -> Any:
    """The play the solver's position score likes best, on one sampled deal."""
    play = solver_hint(view.determinize(rng), 0)
    if play is not None and action_key(play) in legal:
        return play
    return next(iter(legal.values()))


def reason(view: Any, action: Any, analysis: Analysis) -> str:
    what = view.describe(action)
    text = what[:1].upper() + what[1:]
    tried = analysis.extra.get("tried", 0)
    if not analysis.extra.get("won"):
        return f"{text}: no winning line shows up, so this leaves the best-looking board"
    value = analysis.value(action) or 0.0
    won = round(value * tried)
    why = "completes a tree" if "completes" in what else "keeps a winning line open"
    return (f"{text}: {why}; the solver still wins {won} of {tried} shuffles of the unseen cards "
            f"after it ({percent(value)})")


def lost_at(start: Any, seats_actions: Sequence[tuple[int | None, Any]], stop: Stop | None = None) -> int | None:
    """The index of the move after which the real deal could no longer be won, or
    None (it was won, it never had a winning line, or the solver could not tell)."""
    stop = stop or Stop()
    state = start.clone()
    line = search(state, LOST_NODE_LIMIT).line
    if not line:
        return None
    for i, (_, action) in enumerate(seats_actions):
        if stop.cancelled:
            return None
        state.apply(action)
        if line and action == line[0]:
            line = line[1:]  # still on the winning line: no search needed
            continue
        result = search(state, LOST_NODE_LIMIT)
        if result.line is not None:
            line = result.line
            continue
        return i if result.decided else None
    return None
