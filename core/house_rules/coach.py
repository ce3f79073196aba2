"""The coach for HOUSE RULES (core.ai.coach): the hard bot's alpha-beta search with
its evaluation (core.house_rules.bots), and the reasons in words.

HOUSE RULES hides nothing (both hands are open), so the view is the position. A
score of the evaluation (a point of material is 100) becomes an expected result
through a logistic curve (`SCALE`); a proven win is 1 and a proven loss 0.

In a review the played move and the best one are each searched from the position
they leave, with the same budget, so their values are measured alike.
"""

from __future__ import annotations

import random
from typing import Any

from core.ai.alphabeta import WIN_THRESHOLD, AlphaBetaBot
from core.ai.coach import Analysis, Stop, probability
from core.ai.common import action_key, outcome_score
from core.house_rules.actions import EndTurn, Move, PlaceMarker, PlayCard, Revive, Swap, TakeBonus
from core.house_rules.board import BASE, CELL_INDEX, COL, KIND_NAMES
from core.house_rules.bots import evaluate, key, move_order

# Evaluation points for one step of the logistic curve: 300 (three points of
# material) turns into a 73% expected result.
SCALE = 300.0


def _bot(rng: random.Random, effort: int | None) -> AlphaBetaBot:
    return AlphaBetaBot(evaluate, rng=rng, move_order=move_order, key=key, max_nodes=effort)


def _to_value(score: float | None) -> float:
    if score is None:
        return 0.5
    if score >= WIN_THRESHOLD:
        return 1.0
    if score <= -WIN_THRESHOLD:
        return 0.0
    return probability(score, SCALE)


def _score_after(quiet: Any, action: Any, seat: int, budget_s: float, rng: random.Random,
                 effort: int | None, stop: Stop) -> float:
    """The search's score for `seat` of the position `action` leaves."""
    child = quiet.clone()
    child.play(action)
    while not child.over:
        legal = child.legal_actions()
        if len(legal) != 1:
            break
        child.play(legal[0])
    if child.over:
        return outcome_score(child.outcome, seat, child.seats)
    bot = _bot(rng, effort)
    stop.on(bot.stop)
    bot.choose(child, budget_s)
    value = bot.stats.get("value")
    if value is None:
        return evaluate(child, seat)
    return value if child.to_move == seat else -value


def analyse(view: Any, budget_s: float, rng: random.Random, include: tuple = (),
            effort: int | None = None, stop: Stop | None = None) -> Analysis:
    stop = stop or Stop()
    seat = view.to_move
    quiet = view.clone()
    quiet.silent = True
    bot = _bot(rng, effort)
    stop.on(bot.stop)
    share = budget_s / 2 if include else budget_s
    best = bot.choose(quiet, share)
    score = bot.stats.get("value")
    analysis = Analysis(best, {action_key(best): (best, _to_value(score))},
                        extra={"score": score, "depth": bot.stats.get("depth", 0)})
    others = [a for a in include if action_key(a) != action_key(best)]
    if others:
        # Measure the best and the played move alike: each from the position it leaves.
        each = (budget_s - share) / (len(others) + 1)
        for action in [best, *others]:
            s = _score_after(quiet, action, seat, each, rng, effort, stop)
            analysis.values[action_key(action)] = (action, _to_value(s))
    return analysis


def reason(view: Any, action: Any, analysis: Analysis) -> str:
    """What `action` does, and why the search likes it."""
    what = view.describe(action)
    why = _why(view, action, analysis)
    text = f"{what}: {why}" if why else what
    return text[:1].upper() + text[1:]


def _why(view: Any, action: Any, analysis: Analysis) -> str:
    seat = view.to_move
    value = analysis.value(action)
    if value is not None and value >= 1.0:
        return "it wins by force"
    after = view.clone()
    after.silent = True
    after.play(action)
    if after.over:
        return "it wins the game" if seat in after.outcome.winners else "it ends the game"
    t = type(action)
    mine, theirs = after.tot[seat], after.tot[1 - seat]
    if t is Move and view.board[CELL_INDEX[action.dst]]:
        return f"a capture: your total goes to {mine} against their {theirs}"
    if t is Revive:
        return f"brings a pawn back: your total goes to {mine} against their {theirs}"
    if t is TakeBonus:
        return "the +1 now is worth more than a pawn back"
    if t is PlayCard:
        return "this card helps you more now than later"
    if t is EndTurn:
        return "keeps your cards for a better moment"
    if t is PlaceMarker:
        return "the marker changes a cell's colour where it counts"
    threat = _threat_after(after, seat)
    if threat:
        return threat
    if t is Swap:
        return "regrouping leaves your pawns better placed"
    if value is not None and value < 0.2:
        return "the least bad move the search finds"
    return "the search's best, a few moves deep"


def _threat_after(after: Any, seat: int) -> str:
    """Words for the best capture the other side would have after the move, when none
    is left ("leaves them nothing to take") or when we threaten one ourselves."""
    board = after.board
    theirs = ours = 0
    for i, k in enumerate(board):
        if not k:
            continue
        for j in after._targets(i):
            d = board[j]
            if d and COL[d] != COL[k] and after._can_capture(i, j):
                if COL[k] == seat:
                    ours = max(ours, BASE[d])
                else:
                    theirs = max(theirs, BASE[d])
    if ours and not theirs:
        return f"threatens their {KIND_NAMES[1 - seat][ours]} and leaves them nothing to take"
    if not theirs:
        return "leaves them nothing to take"
    return ""
