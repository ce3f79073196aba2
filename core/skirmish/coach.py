"""The coach for HOUSES - Skirmish (core.ai.coach): the hard bot's Information Set
MCTS (core.skirmish.bots.HardBot: its shortlist of this seat's decisions, the
others playing the Tactician's choice, a leaf scored after the turn and a
counter-strike), over determinizations of the view. An action's value is the mean
reward of the seat to move in the search after it (life, units and cards, or the
result of a finished game), on 0..1.
"""

from __future__ import annotations

import random
from typing import Any

from core.ai.coach import (
    Analysis, Stop, compared, fitted,
    ismcts_analysis, joined, only, root_search_like, wins_at_once,
)
from core.ai.common import action_key
from core.skirmish import actions as A
from core.skirmish.bots import HardBot, search_actions
from core.engine import Line


def analyse(view: Any, budget_s: float, rng: random.Random, include: tuple = (),
            effort: int | None = None, stop: Stop | None = None) -> Analysis:
    stop = stop or Stop()
    bot = HardBot(rng, iterations=effort)
    search = bot.search = root_search_like(bot.search)
    bot.me = view.to_move
    root = search_actions(view, bot.me)
    keys = {action_key(a) for a in root}
    root += [a for a in include if action_key(a) not in keys]
    if len(root) == 1:
        return only(root[0])
    return ismcts_analysis(search, view, budget_s, root, stop, include)


def reason(view: Any, action: Any, analysis: Analysis) -> str:
    """The move and why, a core.engine.Line where it names a seat (the UI draws
    the seat with its name: "scout Easy bot 2's hand")."""
    what = view.describe(action)

    def make(name: bool) -> str:
        why = _why(view, action, analysis, name)
        return joined(what, ": ", why) if why else what

    return fitted(make)


def _why(view: Any, action: Any, analysis: Analysis, name: bool = True) -> str:
    if wins_at_once(view, action):
        return "it wins the game at once"
    t = type(action)
    search = compared(view, action, analysis, name=name)
    if t is A.Attack and action.tpos < 0 and 0 <= action.seat < view.seats:
        life = Line("{0} {0:has/have} {life} life left", action.seat, life=str(view.life[action.seat]))
        return joined(life, "; ", search) if search else life
    return search
