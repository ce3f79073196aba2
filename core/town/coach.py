"""The coach for TOWN 77 (core.ai.coach).

- 2-5 players: the hard bot's Information Set MCTS (core.town.bots.HardBot: the
  normal judgement's shortlist at the root and below it, widening with visits,
  cheap rollouts), run over determinizations of the view; an action's value is the
  mean result of the seat to move in the playouts after it (1 a win, a share of 1
  for a tie).
- Solo: the strong solo strategy (core.town.solo, the same as `solo_hint`), which
  sees only what the player sees. Its own scores become values: choosing a stack,
  the chance that its top tile fits (as the strategy counts it); placing a tile,
  the town score relative to the best cell (`SOLO_SCALE` points = the whole scale).
"""

from __future__ import annotations

import random
from typing import Any

from core.ai.coach import (
    GameCoach, Analysis, Stop, compared, fitted,
    ismcts_analysis, only, percent, root_search_like, wins_at_once,
)
from core.ai.common import action_key
from core.town.actions import Action, ChooseStack, Exchange, GiveBack, Keep, Leave, Place
from core.town.bots import HardBot
from core.town.solo import SoloPlanner, evaluate as town_score
from core.town.state import SOLO_PLACE, TownState
from core.town.tiles import CELL_INDEX, TILE_CS
from core.town.words import tile_name

# Town-score points that count as the whole 0..1 scale when judging a solo placement:
# a cell that leaves one unseen tile no place costs about 3 of them (a tenth).
SOLO_SCALE = 30.0

_PLANNER = SoloPlanner()


def analyse(view: TownState, budget_s: float, rng: random.Random, include: tuple[Action, ...] = (),
            effort: int | None = None, stop: Stop | None = None) -> Analysis:
    stop = stop or Stop()
    if view.solo:
        return _solo(view)
    bot = HardBot(rng)
    search = bot.search = root_search_like(bot.search)
    search.max_iterations = effort
    legal = view.legal_actions()
    root = bot._shortlist(view, legal)
    keys = {action_key(a) for a in root}
    root += [a for a in include if action_key(a) not in keys]
    hidden = view.clone()
    hidden.hidden = True  # as the hard bot searches it: tiles of others unknown
    if len(root) == 1:
        return only(root[0])
    return ismcts_analysis(search, hidden, budget_s, root, stop, include)


def _solo(view: Any) -> Analysis:
    """The solo strategy's choice, and its scores for every choice."""
    best = _PLANNER.choose(view)
    values: dict[Any, tuple[Any, float]] = {}
    if view.phase == SOLO_PLACE:
        tile = TILE_CS[view.revealed]
        unseen = _PLANNER._unseen(view)
        weights = _PLANNER._weights(view, unseen)
        tops = tuple(_top_colours(view))
        scores = {}
        for a in view.legal_actions():
            if not isinstance(a, Place):
                continue
            i = CELL_INDEX[a.cell]
            rc, rs, cc, cs = view.masks_after(i, *tile)
            scores[action_key(a)] = (a, town_score(view.occ | (1 << i), rc, rs, cc, cs, unseen, weights,
                                                   _PLANNER.coef, tops, _PLANNER.k_next))
        top = max(v for _, v in scores.values())
        for k, (a, v) in scores.items():
            values[k] = (a, max(0.0, 1.0 - (top - v) / SOLO_SCALE))
    else:
        for i, v in enumerate(_PLANNER.stack_values(view)):
            if v != float("-inf"):
                a = ChooseStack(i)
                # The strategy scores a stack by 1000 x the chance its top fits, plus a
                # town score: the chance, with the town as a tie-break.
                values[action_key(a)] = (a, max(0.0, v / 1000.0))
    return Analysis(best, values, extra={"solo": True})


def _top_colours(view: Any) -> list[int]:
    from core.town.tiles import COLOUR_OF

    return [COLOUR_OF[s[-1][0]] for s in view.stacks if s]


def reason(view: TownState, action: Action, analysis: Analysis) -> str:
    what = view.describe(action)

    def make(name: bool) -> str:
        why = _why(view, action, analysis, name)
        return f"{what}: {why}" if why else what

    return fitted(make)


def _why(view: Any, action: Any, analysis: Analysis, name: bool = True) -> str:
    if not view.solo and wins_at_once(view, action):
        return "it wins the game: after it nobody has a choice left"
    if isinstance(action, ChooseStack):
        return _stack_words(view, action)
    if isinstance(action, Place):
        cells = [a for a in view.legal_actions() if isinstance(a, Place) and a.tile == action.tile]
        if len(cells) == 1:
            return f"the only cell where the {tile_name(action.tile)} fits"
        if analysis.extra.get("solo"):
            return "of the cells it fits, this one leaves room for the most tiles still to come"
        after = view.clone()
        after.play(action)
        rack = list(view.racks[view.current])
        rack.remove(action.tile)
        rest = [t for t in rack if t in TILE_CS]
        fit = sum(1 for t in rest if after._legal_mask(*TILE_CS[t]))
        if rest:
            words = f"{fit} of your {len(rest)} other tile{'s' if len(rest) > 1 else ''} still fit{'s' if fit == 1 else ''}"
        else:
            words = "your last tile: you go out"
        search = compared(view, action, analysis, name=name)
        return f"{words}; {search}" if search else words
    if isinstance(action, Exchange):
        return "these fit badly; three fresh tiles give you more chances"
    if isinstance(action, GiveBack):
        return f"of your tiles, the {tile_name(action.tile)} fits the fewest cells"
    if isinstance(action, Keep):
        if len(view.racks[view.current]) <= 2:
            return "going down to one tile now could hand a rival the tie"
        return compared(view, action, analysis, name=name)
    if isinstance(action, Leave):
        return "no tile of yours fits and no exchange is left"
    return compared(view, action, analysis, name=name)


def _stack_words(view: Any, action: ChooseStack) -> str:
    """Solo: how many of the unseen tiles of the stack's top colour fit the town."""
    from core.town.tiles import COLOUR_OF

    chances = {}
    for i, stack in enumerate(view.stacks):
        if stack:
            colour = COLOUR_OF[stack[-1][0]]
            tiles = [t for t in _PLANNER._unseen(view) if t[0] == colour]
            fits = sum(1 for c, s in tiles if view.occ == 0 or view._legal_mask(c, s))
            chances[i] = (fits, len(tiles))
    fits, n = chances.get(action.stack, (0, 0))
    text = f"{fits} of the {n} unseen tiles of its colour fit the town"
    if all(fits * m >= f * n for f, m in chances.values()):
        others = [i for i, (f, m) in chances.items() if i != action.stack and f * n == fits * m]
        if others:
            return text + ", as good as another stack, and it leaves the better town"
        return text + ": the best chance of the stacks"
    return text + ", and the tile it may be leaves the best town"


__all__ = ["COACH", "SOLO_SCALE", "analyse", "reason"]


# The game's coach, as its Game gives it (core.ai.coach drives it).
COACH = GameCoach(analyse, reason)
