"""Computer opponents for HOUSE RULES: an evaluation, a transposition key and a
move order for the shared searches in core/ai.

    easy    GreedyBot: one action ahead with the evaluation, plus noise
    normal  AlphaBetaBot, 2 actions deep
    hard    AlphaBetaBot, iterative deepening until its time budget runs out

Cards are actions like any other, so the searching levels weigh playing a card
now, later or never; the evaluation gives a card in hand a value of its own so
that a card is only played when it buys more than it costs.
In the app the time budget is the limit: hard deepens until it is spent (it
answers with its last finished depth), so it uses all the time it is given
(issue 17). `make_bot(level, rng, iterations=n)` caps a search at n nodes a
decision instead, so a seeded bot plays the same game on any machine (benches,
tests); give such a bot a budget that never binds.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from core.ai.alphabeta import AlphaBetaBot
from core.ai.basic import GreedyBot
from core.house_rules.actions import Action, EndTurn, Move, PlayCard, Revive
from core.house_rules.board import (
    BASE,
    BASE_CELL_COLOUR as CELL_COLOUR,
    CELL_INDEX,
    COL,
    DIAG,
    NCELLS,
    ORTH,
    SPRINT,
    UP,
    VALUE,
    WHITE,
)
from core.house_rules.cards import END_LIMITS
from core.house_rules.rules import can_capture

if TYPE_CHECKING:
    from core.house_rules.state import HouseRulesState

# Weights of the evaluation (centi-pawns: a point of value is 100).
W_MATERIAL = 100
W_ADVANCE = (0, 4, 9, 16, 26, 0)  # an un-upgraded pawn by rows travelled (far row: 0)
W_REVIVE_READY = 40  # an unspent value-4 pawn while a pawn of its colour is captured
W_MOBILITY = 3
W_THREAT_MOVER = 70  # per point of the best capture open to the side about to move
W_THREAT_OTHER = 20  # per point of the best capture open to the other side
W_CARD = 25  # a card still in hand
W_CELL = 6  # a pawn standing on a cell of its own colour (it defends with +1)
W_DANGER = 40  # per point a total is above the losing line, when within 3 of it


# Per cell: the advancement bonus of an un-upgraded pawn, by colour.
ADV = tuple(tuple(W_ADVANCE[i // 7 if c == WHITE else 5 - i // 7] for i in range(NCELLS)) for c in (0, 1))
ORTH_DIAG = tuple(ORTH[i] + DIAG[i] for i in range(NCELLS))


def evaluate(s: Any, seat: int) -> float:
    """Higher is better for `seat`. Called on positions that are not over.

    Material (totals) first, then: un-upgraded pawns on their way to the far row,
    a value-4 pawn ready to bring a pawn back, pawns on cells of their colour,
    mobility, the best capture each side has on offer (worth more to the side about
    to move), cards still in hand, and extra weight near the losing line."""
    board = s.board
    inf = s.cards_in_force
    steps = ORTH_DIAG if "diagonal-step" in inf else ORTH
    sprint = "sprint" in inf
    colour_cells = () if "colour-blind" in inf else CELL_COLOUR
    marks = s.marker_cells
    capt = s.captured_bases
    ready = (W_REVIVE_READY if capt[0] else -1000, W_REVIVE_READY if capt[1] else -1000)
    capture = can_capture
    adv = [0, 0]
    cells = [0, 0]
    mob = [0, 0]
    best = [0, 0]
    for i, k in enumerate(board):
        if not k:
            continue
        c = COL[k]
        if UP[k] == 0:
            if BASE[k] < 4:
                adv[c] += ADV[c][i]
            elif ready[c] > 0:
                adv[c] += ADV[c][i] + ready[c]
        if colour_cells:
            cc = colour_cells[i]
            if marks and i in marks:
                cc ^= 1
            if cc == c:
                cells[c] += 1
        # Mobility and the best capture on offer.
        m = 0
        bc = best[c]
        for j in steps[i]:
            d = board[j]
            if not d:
                m += 1
            elif COL[d] != c and VALUE[d] > bc and capture(s, i, j):
                bc = VALUE[d]
        if sprint:
            for mid, j in SPRINT[i]:
                if not board[mid]:
                    d = board[j]
                    if not d:
                        m += 1
                    elif COL[d] != c and VALUE[d] > bc and capture(s, i, j):
                        bc = VALUE[d]
        mob[c] += m
        best[c] = bc
    tot = s.tot
    me, opp = seat, 1 - seat
    lose, _lead = END_LIMITS["last-stand" in inf]
    score = W_MATERIAL * (tot[me] - tot[opp])
    score += adv[me] - adv[opp]
    score += W_CELL * (cells[me] - cells[opp])
    # Near the losing line every point counts more.
    margin = tot[me] - lose
    if margin <= 3:
        score -= W_DANGER * (4 - margin)
    margin = tot[opp] - lose
    if margin <= 3:
        score += W_DANGER * (4 - margin)
    score += W_MOBILITY * (mob[me] - mob[opp])
    mover = s.side if s.phase == "before" else 1 - s.side
    if mover == me:
        score += W_THREAT_MOVER * best[me] - W_THREAT_OTHER * best[opp]
    else:
        score += W_THREAT_OTHER * best[me] - W_THREAT_MOVER * best[opp]
    h = s.hands
    score += W_CARD * (len(h[me]) - len(h[opp]))
    return float(score)


_PHASE = {"before": 0, "upgrade": 1, "after": 2, "over": 3}


def key(s: Any) -> Any:
    """What decides the future of a position (the repetition history aside): the
    board, who decides what, the hands (which fix the cards in force) and the markers."""
    h = s.hands
    return (
        bytes(s.board),
        s.side,
        _PHASE[s.phase],
        s.card_played,
        s.pending,
        tuple(h[0]),
        tuple(h[1]),
        tuple(s.cards_in_force) if s.options.cards != "hands" else None,
        tuple(s.marker_cells),
    )


def move_order(s: Any, actions: list[Any]) -> list[Any]:
    """Captures first (biggest victim first), then other moves, then the rest; in
    the after phase, ending the turn first."""
    board = s.board
    scored = []
    for n, a in enumerate(actions):
        t = type(a)
        if t is Move:
            d = board[CELL_INDEX[a.dst]]
            pri = 100 + 10 * VALUE[d] if d else 50
        elif t is EndTurn:
            pri = 90
        elif t is Revive:
            pri = 80 + a.pawn
        elif t is PlayCard:
            pri = 20
        else:
            pri = 40
        scored.append((-pri, n, a))
    scored.sort()
    return [a for _, _, a in scored]


# What each level of core.ai.LEVELS plays with. A search runs until its time
# budget, its depth or `iterations` (nodes, given by benches and tests) runs out.
class Level(NamedTuple):
    """A level's search: greedy with `noise`, or alpha-beta to `max_depth` (None: deepen)."""

    kind: str
    noise: float = 0.0
    max_depth: int | None = None


LEVEL_SETTINGS = {
    "easy": Level("greedy", noise=150.0),
    "normal": Level("alphabeta", max_depth=2),
    "hard": Level("alphabeta", max_depth=None),
}


class HouseRulesBot:
    """A shared search with our evaluation. It searches a silent copy of the view
    (no log lines written in the search: they cost more than the rules)."""

    def __init__(self, inner: Any, level: str) -> None:
        self.inner = inner
        self.level = level

    @property
    def stats(self) -> dict:
        """The search's last figures; its nodes also as `iterations` (the name the
        bench tables read, core/ai/arena.py)."""
        stats = dict(getattr(self.inner, "stats", {}))
        if "nodes" in stats:
            stats["iterations"] = stats["nodes"]
        return stats

    def choose(self, view: HouseRulesState, budget_s: float = 1.0) -> Action:
        quiet = view.clone()
        quiet.silent = True
        return self.inner.choose(quiet, budget_s)

    def stop(self) -> None:
        """Ask a `choose` running in another thread to answer now (the app calls this
        on undo or when the player leaves; hard would otherwise think its full budget)."""
        stop = getattr(self.inner, "stop", None)
        if stop is not None:
            stop()


def make_bot(level: str, rng: random.Random | None = None, iterations: int | None = None) -> HouseRulesBot:
    """The bot for `level`; `iterations` caps its search at that many nodes a
    decision (None: the time budget alone), for reproducible games."""
    rng = rng if rng is not None else random.Random()
    if level not in LEVEL_SETTINGS:
        raise ValueError(f"Unknown level {level!r}: easy, normal or hard.")
    cfg = LEVEL_SETTINGS[level]
    inner: GreedyBot | AlphaBetaBot
    if cfg.kind == "greedy":
        inner = GreedyBot(evaluate, rng=rng, noise=cfg.noise)
    else:
        inner = AlphaBetaBot(
            evaluate, rng=rng, max_depth=cfg.max_depth, move_order=move_order, key=key,
            max_nodes=iterations,
        )
    return HouseRulesBot(inner, level)
