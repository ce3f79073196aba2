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
    GameCoach, Analysis, Stop, compared, fitted,
    ismcts_analysis, joined, only, root_search_like, wins_at_once,
)
from core.ai.common import action_key
from core.skirmish import actions as A
from core.skirmish.bots import HardBot, search_actions
from core.skirmish.cards import JACK_OF, QUEEN_OF
from core.skirmish.phases import DEPLOY
from core.skirmish.phases import Decision as D
from core.skirmish.state import SkirmishState
from core.engine import Line


def analyse(view: SkirmishState, budget_s: float, rng: random.Random, include: tuple[A.Action, ...] = (),
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


def reason(view: SkirmishState, action: A.Action, analysis: Analysis) -> str:
    """The move and why, a core.engine.Line where it names a seat (the UI draws
    the seat with its name: "scout Easy bot 2's hand")."""
    what = view.describe(action)

    def make(name: bool) -> str:
        why = _why(view, action, analysis, name)
        return joined(what, ": ", why) if why else what

    return fitted(make)


# What a Doppelganger imitating each Jack and Queen does as it arrives, from a rear
# space it then keeps (rulings.md 4); short, so a reason fits the status line.
_POWERS = {
    JACK_OF[0]: "ends your turn at once, with no combat",
    JACK_OF[1]: "makes one unit deal double damage this turn",
    JACK_OF[2]: "keeps all damage off one unit this turn",
    JACK_OF[3]: "takes an opposing unit into your ranks",
    QUEEN_OF[0]: "gives you one more turn after your next",
    QUEEN_OF[1]: "sends two units to the Barrows",
    QUEEN_OF[2]: "brings a card back from the Barrows",
    QUEEN_OF[3]: "lets you keep one of the top four cards",
}


def _rule(view: Any, action: Any) -> str | Line:
    """The rule behind a move the rulings of issue 25 opened, in words ("" if none)."""
    t = type(action)
    if t is A.Attack and action.pos >= 4 and action.tpos < 0:
        return "no one can block it, then the Ace goes to the Barrows"
    if t is A.CopyRank and action.rank in (11, 12):
        return "it takes a rear space and uses that card's power once"
    if t is A.CopySuit and view.pending and view.pending[-1][0] == D.COPYSUIT:
        power = _POWERS.get(action.suit * 13 + view.pending[-1][2] - 1)
        if power:
            return f"the Doppelganger {power}"
    if t is A.Deploy and action.card == JACK_OF[0] and view.phase == DEPLOY:
        return "in your own turn it ends that turn at once, with no combat"
    if (t is A.Target and view.pending and view.pending[-1][0] in (D.JC, D.JH)
            and 0 <= action.seat < view.seats and action.seat != view.to_move):
        return Line("it helps a unit of {0}, not one of yours", action.seat)
    return ""


def _why(view: Any, action: Any, analysis: Analysis, name: bool = True) -> str:
    if wins_at_once(view, action):
        return "it wins the game at once"
    t = type(action)
    search = compared(view, action, analysis, name=name)
    rule = _rule(view, action)
    if t is A.Attack and action.tpos < 0 and 0 <= action.seat < view.seats and (name or not rule):
        life = Line("{0} {0:has/have} {life} life left", action.seat, life=str(view.life[action.seat]))
        rule = joined(rule, "; ", life) if rule else life
    if rule:
        return joined(rule, "; ", search) if search else rule
    return search


# The game's coach, as its Game gives it (core.ai.coach drives it).
COACH = GameCoach(analyse, reason)
