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
from core.ai.coach import Analysis, GameCoach, Stop, percent, probability
from core.ai.common import action_key, outcome_score
from core.house_rules.actions import Action, Move, Revive, Swap
from core.house_rules.board import BASE, CELL_INDEX, COL, KIND_NAMES
from core.house_rules.bots import evaluate, key, move_order
from core.house_rules.rules import targets
from core.house_rules.state import HouseRulesState

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


def analyse(view: HouseRulesState, budget_s: float, rng: random.Random, include: tuple[Action, ...] = (),
            effort: int | None = None, stop: Stop | None = None) -> Analysis:
    stop = stop or Stop()
    seat = view.to_move
    assert seat is not None, "the coach is asked about a position with a player to move"
    quiet = view.clone()
    quiet.silent = True
    bot = _bot(rng, effort)
    stop.on(bot.stop)
    share = budget_s / 2 if include else budget_s
    best = bot.choose(quiet, share)
    score = bot.stats.get("value")
    analysis = Analysis(best, {action_key(best): (best, _to_value(score))},
                        extra={"score": score, "depth": bot.stats.get("depth", 0)})
    _mark_proven(analysis, best, score)
    others = [a for a in include if action_key(a) != action_key(best)]
    if others:
        # Measure the best and the played move alike: each from the position it leaves.
        each = (budget_s - share) / (len(others) + 1)
        for action in [best, *others]:
            s = _score_after(quiet, action, seat, each, rng, effort, stop)
            analysis.values[action_key(action)] = (action, _to_value(s))
            _mark_proven(analysis, action, s)
    return analysis


def _mark_proven(analysis: Analysis, action: Any, score: float | None) -> None:
    if score is not None and abs(score) >= WIN_THRESHOLD:
        analysis.proven.add(action_key(action))
    else:
        analysis.proven.discard(action_key(action))


def reason(view: HouseRulesState, action: Action, analysis: Analysis) -> str:
    """What `action` does, and why the search likes it."""
    what = view.describe(action)
    why = _why(view, action, analysis)
    text = f"{what}: {why}" if why else what
    return text[:1].upper() + text[1:]


def _why(view: Any, action: Any, analysis: Analysis) -> str:
    seat = view.to_move
    value = analysis.value(action)
    after = view.clone()
    after.silent = True
    after.play(action)
    if after.over:
        if after.outcome.winners == (seat,):
            return f"it wins the game at once ({_lower(after.outcome.reason)})"
        return f"it ends the game ({_lower(after.outcome.reason)})"
    if value is not None and value >= 1.0 and action_key(action) in analysis.proven:
        return "it wins by force: the search sees no defence"
    t = type(action)
    mine, theirs = after.tot[seat], after.tot[1 - seat]
    rated = f"the search rates your game after it at {percent(value)}" if value is not None else ""
    if t is Move and view.board[CELL_INDEX[action.dst]]:
        return f"a capture: your total goes to {mine} against their {theirs}"
    if t is Revive:
        return f"brings a pawn back: your total goes to {mine} against their {theirs}"
    if t in (Move, Swap):
        threat = _threat_words(view, after, seat)
        if threat:
            return threat
    if value is not None and value < 0.2:
        return f"the least bad move the search finds ({rated})"
    return rated


def _threat_words(before: Any, after: Any, seat: int) -> str:
    """What the move changes in the captures on offer: one of ours it saves, or one of
    theirs it threatens, or that it leaves them nothing to take."""
    ours_before, theirs_before = _best_captures(before, seat)
    ours, theirs = _best_captures(after, seat)
    if theirs_before and theirs < theirs_before:
        saved = KIND_NAMES[seat][theirs_before]
        if theirs:
            return f"takes your {saved} out of danger (their best capture is now a {KIND_NAMES[seat][theirs]})"
        return f"takes your {saved} out of danger and leaves them nothing to take"
    if ours > ours_before and not theirs:
        return f"threatens their {KIND_NAMES[1 - seat][ours]} and leaves them nothing to take"
    if ours > ours_before:
        return f"threatens their {KIND_NAMES[1 - seat][ours]}"
    if not theirs:
        return "leaves them nothing to take"
    return ""


def _lower(text: str) -> str:
    """An outcome's reason inside a sentence: "White wins: Black's total fell to 6."
    -> "Black's total fell to 6"."""
    text = text.split(": ", 1)[-1]
    return text.rstrip(".")


def _best_captures(state: Any, seat: int) -> tuple[int, int]:
    """The base value of the biggest pawn `seat` could capture, and of the biggest of
    `seat`'s the other side could capture, if each were to move now (0: none)."""
    board = state.board
    ours = theirs = 0
    for i, k in enumerate(board):
        if not k:
            continue
        for j in targets(state, i):
            d = board[j]
            if d and COL[d] != COL[k]:
                if COL[k] == seat:
                    ours = max(ours, BASE[d])
                else:
                    theirs = max(theirs, BASE[d])
    return ours, theirs


# The game's coach, as its Game gives it (core.ai.coach drives it).
COACH = GameCoach(analyse, reason)
