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
- In the endgame, when only the pile is hidden and it has at most `ENUM_ORDERS`
  orders (4 cards: 24), the plays are tried on every order of it, once each,
  instead of on sampled deals: the share is then exact as far as the solver
  finishes.
- When no sampled deal can be won (or the solver gives up on every one), the play
  that leaves the best-looking board (the solver's own position score) on one
  sampled deal.
- A play that brings back a board already seen in this game (the state's `boards`,
  which a view carries) spends a card for the board's sake, so the votes and the
  candidates are plays to a new board (or that move nothing) whenever there is one
  (issue 26: a small piece bounced a3-a8-a1-a8, spending both 8s).
- But in the endgame (every order of the pile tried, or nothing hidden) a play back to
  a board seen before is tried as well, and is the hint only when it wins more
  orders than every play to a new board: late in a deal it is often the one play
  that builds the last tree, and the hand and pile are not what they were.

A sampled deal the solver does not finish within the limit counts as not won, so
the shares are a lower bound, alike for every play.

`lost_at` (the review's "after move 9 the deal could no longer be won") is the one
place the real deal is used: the review comes after the game, when nothing is left
to hide. The solver runs on the real position after each move (`LOST_NODE_LIMIT`),
within `LOST_BUDGET_S` seconds in all; the answer is a move only when the position
before it had a winning line and the one after it is proven to have none (out of
time, it says nothing).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter
from typing import Any, Callable, Sequence

from core.ai.coach import Analysis, GameCoach, Stop, percent
from core.ai.common import action_key
from core.dash.cards import UNKNOWN
from core.dash.solver import _kind
from core.dash.solver import hint as solver_hint
from core.dash.solver import SearchResult, ranked, search
from core.dash.actions import Play
from core.dash.state import DashState, board_key, board_key_after

# Positions the solver may look at on one sampled deal.
NODE_LIMIT = 400
# The plays tried on fresh deals after the votes.
FINALISTS = 4
CANDIDATES = 4
# With an effort: positions the solver may look at after the votes, per unit of effort,
# and the most sampled deals per unit.
ALLOWANCE = 1_600
MAX_ROUNDS = 1
# A candidate is dropped when it wins DROP_MARGIN + (deals tried) // DROP_EVERY fewer
# sampled deals than the best.
DROP_MARGIN = 2
DROP_EVERY = 4
# The candidates are tried on each sampled deal first with the last pile // div
# cards cut off for each div of CUT_DIVS in turn (a play that still wins then wins
# with cards to spare: len(CUT_DIVS) + 1 points for the first cut, one fewer for each
# next), then whole (1 point). With every play winning nearly every whole sampled deal early
# on, the cut tells them apart (0: whole deals only). 20 deals, seeds 2000-2019,
# bench/dash_follow.py --effort 10: main 7 won, this 10 (not yet measured on 100).
CUT_DIVS: tuple[int, ...] = (4,)
# Endgame: when only the pile is hidden and its cards have at most ENUM_ORDERS orders
# (4 cards: 24), the candidates are tried on every order of it instead of sampled
# deals, each counted once, and judged by the orders won (the exact share, as far as
# the solver finishes), with no cut pile.
ENUM_ORDERS = 24
# Endgame: the plays back to a board seen before that are tried beside the others
# (those most often first on a winning line over the orders of the pile).
BACK_CANDIDATES = 2
# Positions the solver may look at when nothing is hidden (one exact solve).
EXACT_NODE_LIMIT = 5_000
# The solver's pace guessed before the first solve (positions a second; a loaded
# machine's), and the fewest positions a solve is given.
FIRST_NODES_PER_S = 1_500
MIN_NODES = 50
# Positions the solver may look at for each real position in `lost_at`, and the
# seconds it may take in all (a lost deal's positions can each take seconds to solve).
LOST_NODE_LIMIT = 20_000
LOST_BUDGET_S = 3.0


class _Pace:
    """The solver's pace as measured on this machine now (it may be loaded), so
    that no solve is started that cannot end by the deadline."""

    def __init__(self, deadline: float, effort: int | None) -> None:
        self.deadline = deadline
        self.effort_cap = None if effort is None else 100 * effort
        self.timed = effort is None
        self.nodes = 0
        self.seconds = 0.0

    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0.02 else FIRST_NODES_PER_S

    def limit(self, share: int = 1, cap: int | None = None) -> int:
        """Positions for the next solve: within the cap, and (timed) within a
        `share`-th of the time left."""
        cap = NODE_LIMIT if cap is None else cap
        if self.effort_cap is not None:
            cap = min(cap, self.effort_cap)
        if not self.timed:
            return cap
        left = max(0.0, self.deadline - time.perf_counter())
        return max(MIN_NODES, min(cap, int(self.rate() * left / share)))

    def solve(self, state: Any, limit: int, first: set | None = None) -> Any:
        t = time.perf_counter()
        result = search(state, limit, first=first)
        self.seconds += time.perf_counter() - t
        self.nodes += result.nodes
        return result

    def late(self) -> bool:
        return self.timed and time.perf_counter() > self.deadline


def analyse(view: DashState, budget_s: float, rng: random.Random, include: tuple[Play, ...] = (),
            effort: int | None = None, stop: Stop | None = None) -> Analysis:
    """`effort`: the sampled deals of each stage, each solved within 100 x effort
    positions (None: as many deals as time allows, at most `NODE_LIMIT` positions each)."""
    stop = stop or Stop()
    start = time.perf_counter()
    pace = _Pace(start + budget_s, effort)
    legal = {action_key(a): a for a in view.legal_actions()}
    # The plays the hint may choose: those to a board not seen before in the game,
    # or every play when none is (issue 26: hints never go back).
    where = {k: _move(view, a) for k, a in legal.items()}
    ways = _fresh_moves(view, set(where.values()))
    moves = {k: a for k, a in legal.items() if where[k] in ways} or legal
    first = ways or None
    if not _hides_anything(view):
        return _exact(view, legal, moves, first, include, pace)
    orders = _all_orders(view)
    votes: Counter = Counter()
    sampled = 0
    vote_until = start + budget_s / 2
    while not stop.cancelled:
        if effort is not None and sampled >= effort:
            break
        if effort is None and sampled and time.perf_counter() > vote_until:
            break
        deal = view.determinize(rng)
        result = pace.solve(deal, pace.limit(share=4), first)
        sampled += 1
        if result.line and action_key(result.line[0]) in moves:
            votes[action_key(result.line[0])] += 1
    # The candidates: the most voted plays, then the plays the solver tries first,
    # one per distinct move (a card of the same kind moved the same way is the same play).
    candidates: list = []
    taken: set = set()

    def take(action: Any, pool: dict = moves) -> None:
        k = action_key(action)
        same = (_kind(action.card), *where[k])
        if k in pool and same not in taken:
            taken.add(same)
            candidates.append(pool[k])

    for k, _ in votes.most_common():
        take(moves[k])
    if votes:
        for action in ranked(view.determinize(rng), first):
            if len(candidates) >= CANDIDATES:
                break
            take(action)
    candidates = candidates[:max(CANDIDATES, FINALISTS)]
    back = {k: a for k, a in legal.items() if k not in moves}
    if orders is not None and back:
        # In the endgame a play back to a board seen before is tried too: late in a
        # deal it is often the one play that builds the last tree, and every order
        # of the pile shows whether it wins more than any play to a new board.
        back_ways = {where[k] for k in back}
        back_votes: Counter = Counter()
        for deal in orders[:effort or len(orders)]:
            if stop.cancelled or pace.late():
                break
            result = pace.solve(deal, pace.limit(share=4), back_ways)
            if result.line and action_key(result.line[0]) in back:
                back_votes[action_key(result.line[0])] += 1
        start_back = len(candidates)
        for k, _ in back_votes.most_common():
            if len(candidates) - start_back < BACK_CANDIDATES:
                take(back[k], back)
        votes.update(back_votes)
    keys = {action_key(a) for a in candidates}
    judged = [a for a in include if action_key(a) not in keys and action_key(a) in legal]
    wins: Counter = Counter()
    plays: Counter = Counter()  # the plays of the winning lines found after each candidate
    points: Counter = Counter()  # 2 a deal won with the pile cut short, 1 won only whole
    rounds: Counter = Counter()  # the sampled deals each candidate was tried on
    alive = candidates + judged
    spent = 0
    allowance = ALLOWANCE * (effort or 0)
    nodes = pace.limit(share=2 * len(alive) or 1)  # the same limit for every candidate
    tried = 0
    deals = iter(orders) if orders is not None else None
    if orders is not None:
        allowance = allowance * len(orders) // max(1, MAX_ROUNDS * (effort or 1))
    graded = bool(CUT_DIVS) and orders is None
    top_score = len(CUT_DIVS) + 1 if graded else 1
    while votes and not stop.cancelled:
        if effort is not None and orders is None and (tried >= MAX_ROUNDS * effort or spent >= allowance):
            break
        if orders is not None and (tried >= len(orders) or (effort is not None and spent >= allowance)):
            break
        deal = next(deals) if deals is not None else view.determinize(rng)
        results = []
        cuts = [len(deal.pile) // div for div in CUT_DIVS] if graded else []
        for action in alive:
            if pace.late():
                break
            after = deal.clone()
            after.play(action)
            score, line = 0, None
            for n, cut in enumerate(cuts):
                # First with the last cards of the pile cut off, the most first: a
                # play that still wins then wins with cards to spare.
                if not cut or line is not None:
                    continue
                short = after.clone()
                short.pile = short.pile[:len(short.pile) - cut]
                got = pace.solve(short, nodes)
                spent += got.nodes
                if got.line is not None:
                    score, line = top_score - n, got.line
            if line is None:
                got = pace.solve(after, nodes)
                spent += got.nodes
                if got.line is not None:
                    score, line = 1, got.line
            results.append((action, score, line))
        else:
            tried += 1
            for action, score, line in results:
                k = action_key(action)
                rounds[k] += 1
                if line is not None:
                    wins[k] += 1
                    points[k] += score
                    plays[k] += len(line)
            # Plays far behind the best are dropped, so the deals go to the close ones.
            value = points if graded else wins
            top = max(value[action_key(a)] for a in alive)
            scale = top_score
            alive = [a for a in alive if top - value[action_key(a)] <= scale * (DROP_MARGIN + tried // DROP_EVERY)
                     or action_key(a) not in keys]
            if effort is None and len([a for a in alive if action_key(a) in keys]) <= 1:
                break
            continue
        break
    if votes and not tried:
        # No time to try the candidates on fresh deals: the votes are the values.
        tried = sampled
        wins = Counter({k: votes[k] for k in keys})
        rounds = Counter({k: sampled for k in keys})
    choices = [a for a in candidates if rounds[action_key(a)] == tried]
    values = {action_key(a): (a, wins[action_key(a)] / rounds[action_key(a)] if rounds[action_key(a)] else 0.0)
              for a in candidates + judged}
    if not any(wins[action_key(a)] for a in choices):
        best = _best_looking(view, rng, legal, moves)
        values.setdefault(action_key(best), (best, 0.0))
        note = "no winning line found on the deals sampled"
        return Analysis(best, values, note=note, extra={"tried": tried, "won": False})

    def merit(action: Any) -> tuple:
        # Most deals won; then the shortest winning lines (cards to spare: lost deals
        # end at four trees with the cards spent); then votes.
        k = action_key(action)
        return points[k] if graded else wins[k], k in moves, -plays[k] / max(1, wins[k]), votes[k]

    best = max(choices, key=merit)
    extra = {"tried": tried, "won": True}
    if action_key(best) not in moves:
        extra["back"] = True  # it wins more orders of the pile than any play to a new board
    return Analysis(best, values, extra=extra)


def _all_orders(view: Any, cap: int = ENUM_ORDERS) -> list[DashState] | None:
    """Every order of the unseen pile as a full deal, when the hands are all seen
    and the orders are at most `cap` (None otherwise)."""
    if any(UNKNOWN in h for h in view.hands):
        return None
    holes = [i for i, c in enumerate(view.pile) if c == UNKNOWN]
    if not holes or math.factorial(len(holes)) > cap:
        return None
    base = view.determinize(random.Random(0))
    out = []
    for order in itertools.permutations([base.pile[i] for i in holes]):
        deal = base.clone()
        for i, card in zip(holes, order):
            deal.pile[i] = card
        out.append(deal)
    return out


def _hides_anything(view: Any) -> bool:
    return UNKNOWN in view.pile or any(UNKNOWN in h for h in view.hands)


def _exact(view: Any, legal: dict, moves: dict, first: set | None, include: tuple, pace: _Pace) -> Analysis:
    """Nothing is hidden (the pile is empty, the hands open): one solve of the real
    position (its first play one of `moves`), and of the position after each play to
    judge; a value is proven when its solve finished."""
    deal = view.determinize(random.Random(0))  # fills only the seed: nothing is unknown
    judged = [a for a in include if action_key(a) in legal]
    result = pace.solve(deal, pace.limit(share=2 + len(judged), cap=EXACT_NODE_LIMIT), first)
    if result.line is None and first is not None:
        # No win found through a new board: a play back to one, if that wins, is the hint.
        result = pace.solve(deal, pace.limit(share=2 + len(judged), cap=EXACT_NODE_LIMIT))
    if result.line and action_key(result.line[0]) in legal:
        best = result.line[0]
    else:
        best = _best_looking(view, random.Random(0), legal, moves)
    extra = {"tried": 1, "won": bool(result.line), "exact": True}
    if action_key(best) not in moves:
        extra["back"] = True
    analysis = Analysis(best, extra=extra)
    todo = list(dict.fromkeys([best, *judged]))
    for n, action in enumerate(todo):
        after = deal.clone()
        after.play(action)
        got = pace.solve(after, pace.limit(share=len(todo) - n, cap=EXACT_NODE_LIMIT))
        analysis.values[action_key(action)] = (action, 1.0 if got.line is not None else 0.0)
        if got.decided:
            analysis.proven.add(action_key(action))
    return analysis


def _best_looking(view: Any, rng: random.Random, legal: dict, moves: dict) -> Any:
    """The play among `moves` the solver's position score likes best, on one sampled
    deal (another play only when every one of `moves` loses at once)."""
    play = solver_hint(view.determinize(rng), 0, avoid=lambda p: action_key(p) not in moves)
    if play is not None and action_key(play) in legal:
        return play
    return next(iter(moves.values()))


def _move(view: Any, action: Any) -> tuple[str, str]:
    """(src, dest) of a legal play: where its pyramid goes (dest == src: it stays)."""
    dest, _ = view.target(action.card, action.side, action.src)
    return action.src, dest


def _fresh_moves(view: Any, ways: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (src, dest) moves among `ways` that do not go back to a board this game
    has shown: a move to a new board, or a play that moves nothing (the board stays
    as it is; the card is spent, which is sometimes the best use of it). Each board
    after is the current board's key with two bytes changed."""
    here = board_key(view.stacks)
    seen = {*getattr(view, "boards", ()), here}
    return {(src, dest) for src, dest in ways
            if src == dest or board_key_after(here, view.stacks, src, dest) not in seen}


def reason(view: DashState, action: Play, analysis: Analysis) -> str:
    what = view.describe(action)
    text = what[:1].upper() + what[1:]
    after = view.clone()
    after.play(action)
    if after.outcome is not None and after.outcome.winners:  # over, and won
        return f"{text}: the fifth tree stands, the deal is won"
    if not analysis.extra.get("won"):
        return f"{text}: no winning line shows up, so this leaves the best-looking board"
    value = analysis.value(action) or 0.0
    lead = "builds a tree and " if "completes" in what else ""
    if analysis.extra.get("back"):
        # Hints do not go back to an earlier board: say why this one does.
        if analysis.extra.get("exact"):
            return f"{text}: back to an earlier board, the one way to win the solver finds"
        if view.pile.count(UNKNOWN) == 1:
            return f"{text}: back to an earlier board, but it wins with the card still to draw"
        return f"{text}: back to an earlier board, as plays to a new board win on fewer orders of the unseen cards"
    if analysis.extra.get("exact"):
        return f"{text}: {lead}keeps a winning line open (the solver finds one)"
    tried = analysis.extra.get("tried", 0)
    won = round(value * tried)
    return (f"{text}: {lead}keeps a winning line open in {won} of {tried} shuffles of the "
            f"unseen cards ({percent(value)})")


def lost_at(start: Any, seats_actions: Sequence[tuple[int | None, Any]], stop: Stop | None = None,
            budget_s: float = LOST_BUDGET_S, progress: Callable[[int, int], None] | None = None) -> int | None:
    """The index of the move after which the real deal could no longer be won, or
    None (it was won, it never had a winning line, or the solver could not tell
    within `budget_s` seconds: a move is named only when proven). `progress(done,
    total)` is called as the positions after the moves are looked at."""
    found = lost_move(start, seats_actions, stop, budget_s, progress)
    return None if found is None else found[0]


def lost_move(start: DashState, seats_actions: Sequence[tuple[int | None, Play]], stop: Stop | None = None,
              budget_s: float = LOST_BUDGET_S,
              progress: Callable[[int, int], None] | None = None) -> tuple[int, Play] | None:
    """`lost_at`'s move and the play that would have kept the deal winnable there
    (the first play of the winning line the solver had found before it).

    Whether the real deal can still be won only ever turns from yes to no along a
    game, so the move is where it turns. Forward, the positions after each move are
    looked at while a winning line is found (a move on the line needs no search).
    A position the solver cannot decide in time does not end the look (issue 26: a
    lost deal named no move): the positions from the end of the game back are
    proven lost one by one (the fewer cards left, the quicker), until one with a
    winning line; the move is named when the last position with a line and the
    first proven lost are one move apart."""
    stop = stop or Stop()
    pace = _Pace(time.perf_counter() + budget_s, None)
    total = len(seats_actions)
    state = start.clone()
    line = _solve_growing(state, stop, pace).line
    if not line:
        return None
    positions = [state.clone()]
    for _, action in seats_actions:
        state.apply(action)
        positions.append(state.clone())
    if state.outcome is not None and state.outcome.winners:  # over, and won
        return None
    winnable, lost = 0, total  # positions[winnable] has `line`; positions[lost] is lost (the end)
    undecided = None
    for i, (_, action) in enumerate(seats_actions):
        if progress is not None:
            progress(i, total)
        if stop.cancelled:
            return None
        if line and action == line[0]:
            winnable, line = i + 1, line[1:]  # still on the winning line: no search needed
            continue
        result = _solve_growing(positions[i + 1], stop, pace)
        if result.line is not None:
            winnable, line = i + 1, result.line
            continue
        if result.decided:
            lost = i + 1
        else:
            undecided = i + 1
        break
    if undecided is not None:
        # Back from the end of the game: each position proven lost moves the end of
        # the gap a move closer; one with a winning line closes it from below.
        for k in range(total - 1, undecided - 1, -1):
            if stop.cancelled:
                return None
            result = _solve_growing(positions[k], stop, pace)
            if result.line is not None:
                winnable, line = k, result.line
                break
            if not result.decided:
                break
            lost = k
    if lost != winnable + 1 or not line:
        return None
    return lost - 1, line[0]


def _solve_growing(state: Any, stop: Stop, pace: _Pace) -> Any:
    """The solver with a node limit that grows 1,250 -> 5,000 -> 20,000
    (`LOST_NODE_LIMIT`) while undecided, so a cancel is heard between tries. Past
    the deadline no try is started, nor a larger one that would not end by it (at
    the pace measured): the answer is then undecided."""
    first = limit = LOST_NODE_LIMIT // 16
    result = SearchResult(None, False, 0)
    while not stop.cancelled:
        now = time.perf_counter()
        if now > pace.deadline or (limit > first and now + limit / pace.rate() > pace.deadline):
            break  # out of time: undecided, nothing claimed
        result = pace.solve(state, limit)
        if result.decided or limit >= LOST_NODE_LIMIT:
            break
        limit *= 4
    return result


# The game's coach, as its Game gives it (core.ai.coach drives it).
COACH = GameCoach(analyse, reason, lost_move)
