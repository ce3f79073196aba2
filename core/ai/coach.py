"""The coach: a hint for the player to move and a review of a finished game, in every
game, from what the player could see (docs/architecture.md, "Coach").

    h = hint(game_id, state.view(seat), budget_s=1.0)          # Hint(action, reason)
    r = review(game_id, start, [(seat, action), ...], humans={0})
    r.judgements[i].verdict                                      # "fine" ... "blunder"
    data = r.to_builtins(game_id); Review.from_builtins(game_id, data)

Shared machinery lives here; each game has a small `core/<game>/coach.py` with

    analyse(view, budget_s, rng, include, effort, stop) -> Analysis
        the hard bot's search from `view` (the seat to move's view): the best action
        and a value in 0..1 (the expected result for that seat) for the actions it
        looked at, always including those in `include` (the move played, in a review);
        `effort` caps its work, `stop.on(search.stop)` lets a cancel reach it;
    reason(view, action, analysis) -> str
        what `action` does and why it is good, in words;

and optionally `lost_move(start, seats_actions, ...)` (Dash: the move after which
the deal could no longer be won). The module's `COACH` (a `GameCoach` of those
functions) is what the game's `Game.coach()` gives: this module never looks a
game's coach up by name.

Honesty: both `hint` and `review` search from `view.view(view.to_move)` (a view of
a view is the same view), so a caller that passes a whole state still gets an
answer that uses nothing the player could not see. Hidden parts are filled in by
the search itself (`determinize`), seeded by `seed`, so two views that differ only
in what is hidden give the same answer for the same seed and the same `effort`.

Time: `budget_s` is a limit, not a target: a hint returns within budget_s + 0.2 s.
`effort` caps the work (search iterations, nodes, deals sampled) so an answer is
reproducible whatever the machine's load (tests); the time budget stays a ceiling.

Cancelling: setting `cancel` (a threading.Event) from another thread stops the
search at once and `hint` / `review` raise `Cancelled`: a cancelled answer is
never shown half-made.
"""

from __future__ import annotations

import math
import random
import string
import threading
import time
from collections.abc import Callable, Collection, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

from core.ai.common import action_key
from core.ai.ismcts import ISMCTSBot
from core.engine import ActionT, AnyCoach, AnyState, Coach, Line, StateT

VERDICTS = ("fine", "doubtful", "mistake", "blunder")

# What a move may cost (on the 0..1 expected-result scale) and still get a verdict:
# below DOUBTFUL it is fine, below MISTAKE doubtful, below BLUNDER a mistake, else a
# blunder. Searches under a budget are noisy by a few hundredths, so "fine" has room.
# Whatever the cost, missing a proven win or walking into a proven loss (when the
# best move does not lose too) is a blunder (`Analysis.proven`).
DOUBTFUL = 0.06
MISTAKE = 0.15
BLUNDER = 0.30

# Seconds at least for a review's look for the move that lost the deal (`lost_at`).
LOST_BUDGET_S = 3.0

# The share of the budget a game's search gets; the rest pays for the view, the
# shortlist and the reason, so the answer is in within budget_s + 0.2 s.
SEARCH_SHARE = 0.85


class Cancelled(Exception):
    """`cancel` was set: the hint or the review was stopped and gives no answer."""


@dataclass(frozen=True)
class Hint:
    action: Any  # legal in the view's position (view.legal_actions())
    # One line of words for the player: "captures the cube: 4 against 3"; a
    # core.engine.Line where it names a seat (the UI draws it with the seats' names).
    reason: str


@dataclass(frozen=True)
class Judgement:
    index: int  # index of the step (move number - 1) in the game's actions
    seat: int
    played: Any  # the action played
    best: Any  # the better action (== played when fine)
    verdict: str  # one of VERDICTS
    loss: float  # what the move cost, on a 0..1 expected-result scale
    reason: str  # words: why `best` is better (or "" when fine); a Line where it names a seat

    def to_builtins(self, game_id: str) -> dict:
        game = _game(game_id)
        return {
            "index": self.index, "seat": self.seat,
            "played": game.action_to_builtins(self.played), "best": game.action_to_builtins(self.best),
            "verdict": self.verdict, "loss": self.loss,
            "reason": self.reason.to_builtins() if isinstance(self.reason, Line) else str(self.reason),
        }

    @classmethod
    def from_builtins(cls, game_id: str, data: dict) -> Judgement:
        game = _game(game_id)
        verdict = data["verdict"]
        if verdict not in VERDICTS:
            raise ValueError(f"Unknown verdict {verdict!r} in a saved review.")
        reason = data.get("reason", "")  # a Line as [template, seats, words]
        return cls(int(data["index"]), int(data["seat"]), game.action_from_builtins(data["played"]),
                   game.action_from_builtins(data["best"]), verdict, float(data["loss"]),
                   Line.from_builtins(reason) if isinstance(reason, list) else str(reason))


@dataclass(frozen=True)
class Review:
    judgements: tuple[Judgement, ...]
    summary: str  # "3 mistakes; the biggest: move 14" / "No mistakes."
    lost_at: int | None = None  # Dash: index of the move after which the deal could no longer be won

    def to_builtins(self, game_id: str) -> dict:
        """Plain JSON data (for the save file); actions as the save file writes them."""
        return {
            "version": 1,
            "judgements": [j.to_builtins(game_id) for j in self.judgements],
            "summary": self.summary,
            "lost_at": self.lost_at,
        }

    @classmethod
    def from_builtins(cls, game_id: str, data: dict) -> Review:
        """The review back from `to_builtins`; ValueError (or msgspec.ValidationError,
        a ValueError) for data that is not one."""
        try:
            judgements = tuple(Judgement.from_builtins(game_id, j) for j in data["judgements"])
            lost_at = data.get("lost_at")
            return cls(judgements, str(data["summary"]), None if lost_at is None else int(lost_at))
        except (KeyError, TypeError) as e:
            raise ValueError(f"A saved review that cannot be read: {e!r}.") from None


@dataclass
class Analysis:
    """What a game's search found from one view: `best`, and a value in 0..1 for
    the seat to move (`values`: action_key -> (action, value)). `note`: words the
    reason may use ("wins in 7 of 9 deck orders"); `extra`: anything else the
    game's `reason` wants to keep."""

    best: Any
    values: dict[Any, tuple[Any, float]] = field(default_factory=dict)
    note: str = ""
    extra: dict = field(default_factory=dict)
    proven: set = field(default_factory=set)  # keys whose value is a proven win (1) or loss (0)

    def value(self, action: Any) -> float | None:
        got = self.values.get(action_key(action))
        return None if got is None else got[1]

    def is_proven(self, action: Any, value: float) -> bool:
        return action_key(action) in self.proven and self.value(action) == value


# -- the API ------------------------------------------------------------------------------


def hint(game_id: str, view: AnyState, budget_s: float = 1.0, *, seed: int = 0,
         cancel: threading.Event | None = None, effort: int | None = None) -> Hint:
    """The coach's suggestion for the seat to move in `view`, with a reason in words.

    Returns within budget_s + 0.2 s; raises Cancelled when `cancel` is set before it
    is done, ValueError when nobody is to move."""
    start = time.perf_counter()
    view = _honest(view)
    legal = view.legal_actions()
    if not legal:
        raise ValueError("The game is over: there is nothing to suggest.")
    coach = game_coach(game_id)
    if len(legal) == 1:
        return Hint(legal[0], joined(_said(view, legal[0]), ": the only move there is."))
    rng = random.Random(seed)
    left = max(0.0, budget_s - (time.perf_counter() - start))
    with stopping(cancel) as stop:
        analysis = coach.analyse(view, left * SEARCH_SHARE, rng, (), effort, stop)
    if cancel is not None and cancel.is_set():
        raise Cancelled()
    action = analysis.best
    return Hint(action, coach.reason(view, action, analysis))


def review(game_id: str, start: AnyState, seats_actions: Sequence[tuple[int | None, Any]],
           humans: Collection[int], budget_s: float = 1.0, *,
           progress: Callable[[int, int], None] | None = None,
           cancel: threading.Event | None = None, seed: int = 0,
           effort: int | None = None, judged: Callable[[Judgement], None] | None = None) -> Review:
    """Judge every decision the `humans` made in the game that starts at `start` (the
    whole position before the first action) and goes on with `seats_actions`.

    Each decision is judged by the hard bot's search from the view that seat had
    then (no hindsight), `budget_s` a decision. A game whose coach `finds_lost_move`
    (Icehouse Dash) then looks for the move that lost the deal, within
    max(LOST_BUDGET_S, 3 x budget_s). `progress(done, total)` is called (from this
    thread) after each decision and each position `lost_at` looks at (its steps
    come after the decisions). `judged(judgement)` is called (from this thread) with
    each judgement as soon as it is made, so a screen can show the first verdicts
    while the rest are worked out; the move `lost_at` names is judged again at the
    end (a blunder whatever the search said), and `judged` hears it again.
    Raises Cancelled when `cancel` is set."""
    coach = game_coach(game_id)
    humans = set(humans)
    state = start.clone()
    todo = [i for i, (seat, _) in enumerate(seats_actions) if seat is not None and seat in humans]
    finder = coach.lost_move if coach.finds_lost_move else None
    # The steps of the progress: each decision, then (Icehouse Dash) each position
    # looked at for the lost winning line.
    total = len(todo) + (len(seats_actions) if finder is not None else 0)
    judgements: list[Judgement] = []
    done = 0
    if progress is not None:
        progress(0, total)
    with stopping(cancel) as stop:
        for i, (seat, action) in enumerate(seats_actions):
            if cancel is not None and cancel.is_set():
                raise Cancelled()
            if seat is not None and seat in humans:
                judgements.append(judge(coach, state, i, seat, action, budget_s,
                                        random.Random(seed * 1_000_003 + i), effort, stop))
                if judged is not None:
                    judged(judgements[-1])
                done += 1
                if progress is not None:
                    progress(done, total)
            state.apply(action)
        if cancel is not None and cancel.is_set():
            raise Cancelled()
        lost_at = None
        if finder is not None:
            def looked(i: int, _: int) -> None:
                if progress is not None:
                    progress(done + i + 1, total)

            lost = finder(start, seats_actions, stop, budget_s=max(LOST_BUDGET_S, 3 * budget_s),
                          progress=looked)
            if lost is not None:
                lost_at = lost[0]
                judgements = [_lost_here(j, lost[1], start, seats_actions) if j.index == lost_at else j
                              for j in judgements]
                again = next((j for j in judgements if j.index == lost_at), None)
                if judged is not None and again is not None:
                    judged(again)
    if cancel is not None and cancel.is_set():
        raise Cancelled()
    summary = summarize(judgements, lost_at)
    if finder is not None and lost_at is None and state.over and state.outcome and not state.outcome.winners:
        # A lost deal with no move named: say so, not a bare "No mistakes."
        summary += " The deal was lost; no move was proven to lose it in the coach's time."
    return Review(tuple(judgements), summary, lost_at)


def _lost_here(judgement: Judgement, better: Any, start: AnyState, seats_actions: Sequence) -> Judgement:
    """The move after which the deal could no longer be won (proven on the real deal,
    after the game) is a blunder, whatever the search from the player's view said;
    `better` kept a winning line. The review and its `lost_at` then agree."""
    if judgement.verdict == "blunder" and action_key(judgement.best) == action_key(better):
        return judgement
    state = start.clone()
    for _, action in seats_actions[:judgement.index]:
        state.apply(action)
    view = state.view(judgement.seat)
    reason = joined(_said(view, better), ": it keeps a winning line; after the move played the deal "
                    "could no longer be won (the solver, on the real deal, after the game)")
    return Judgement(judgement.index, judgement.seat, judgement.played, better, "blunder",
                     max(judgement.loss, BLUNDER), reason)


def judge(coach: AnyCoach, state: AnyState, index: int, seat: int, played: Any, budget_s: float,
          rng: random.Random, effort: int | None, stop: Stop) -> Judgement:
    """One decision: what the search from `seat`'s view says `played` cost."""
    view = state.view(seat)
    legal = view.legal_actions()
    if len(legal) <= 1:
        return Judgement(index, seat, played, played, "fine", 0.0, "")
    analysis = coach.analyse(view, budget_s * SEARCH_SHARE, rng, (played,), effort, stop)
    best = analysis.best
    v_best = analysis.value(best)
    v_played = analysis.value(played)
    if action_key(best) == action_key(played) or v_best is None or v_played is None:
        return Judgement(index, seat, played, played, "fine", 0.0, "")
    loss = round(min(1.0, max(0.0, v_best - v_played)), 4)
    verdict = verdict_for(loss)
    # A forced win thrown away, or a forced loss walked into, is a blunder whatever
    # the numbers say (a search's values near the end are squeezed towards 0 and 1).
    if (analysis.is_proven(best, 1.0) and not analysis.is_proven(played, 1.0)) or (
            analysis.is_proven(played, 0.0) and not analysis.is_proven(best, 0.0)):
        verdict = "blunder"
    if verdict == "fine":
        return Judgement(index, seat, played, played, "fine", loss, "")
    return Judgement(index, seat, played, best, verdict, loss, coach.reason(view, best, analysis))


def verdict_for(loss: float) -> str:
    """The verdict for a move that cost `loss` (0..1 expected result)."""
    if loss < DOUBTFUL:
        return "fine"
    if loss < MISTAKE:
        return "doubtful"
    if loss < BLUNDER:
        return "mistake"
    return "blunder"


def summarize(judgements: Sequence[Judgement], lost_at: int | None = None) -> str:
    """One line for the top of a review: "1 blunder, 2 mistakes; the biggest: move 14"."""
    counts = {v: sum(1 for j in judgements if j.verdict == v) for v in VERDICTS}
    parts = []
    for verdict in ("blunder", "mistake"):
        n = counts[verdict]
        if n:
            parts.append(f"{n} {verdict}{'s' if n > 1 else ''}")
    bad = [j for j in judgements if j.verdict in ("mistake", "blunder")]
    if bad:
        # The biggest: the larger loss, then the worse verdict (a proven blunder may
        # cost less on the numbers), then the earliest move: one answer, whatever the order.
        worst = max(bad, key=lambda j: (j.loss, VERDICTS.index(j.verdict), -j.index))
        text = f"{', '.join(parts)}; the biggest: move {worst.index + 1}"
    else:
        text = "No mistakes"
        n = counts["doubtful"]
        if n:
            text += f"; {n} doubtful move{'s' if n > 1 else ''}"
    if lost_at is not None:
        text += f". After move {lost_at + 1} the deal could no longer be won"
    return text + "."


# -- shared machinery for the games' coach modules ----------------------------------------


class Stop:
    """Who to tell when the player cancels: searches register their `stop` here."""

    def __init__(self) -> None:
        self.cancelled = False
        self._stoppers: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def on(self, stopper: Callable[[], None]) -> None:
        """Register a search's `stop`, before it starts; raises Cancelled when the
        cancel came already (a search's `choose` would clear an early stop)."""
        with self._lock:
            if self.cancelled:
                raise Cancelled()
            self._stoppers.append(stopper)

    def fire(self) -> None:
        with self._lock:
            self.cancelled = True
            for stopper in self._stoppers:
                stopper()


@contextmanager
def stopping(cancel: threading.Event | None) -> Iterator[Stop]:
    """A `Stop` that fires when `cancel` is set while the block runs (a small
    watcher thread polls it every 20 ms and ends with the block)."""
    stop = Stop()
    if cancel is None:
        yield stop
        return
    finished = threading.Event()

    def watch() -> None:
        while not finished.is_set():
            if cancel.wait(0.02):
                stop.fire()
                return

    if cancel.is_set():
        stop.fire()
    watcher = threading.Thread(target=watch, name="coach-cancel", daemon=True)
    watcher.start()
    try:
        yield stop
    finally:
        finished.set()


class RootISMCTS(ISMCTSBot):
    """ISMCTS that keeps its root after `choose`, so the coach can read each root
    action's visits and mean reward (the bots only report visits)."""

    root: Any = None

    def _best_root_action(self, root: Any, actions: list[Any]) -> Any:
        self.root = root
        return super()._best_root_action(root, actions)


def root_search_like(search: ISMCTSBot) -> RootISMCTS:
    """A root-keeping ISMCTS with the same settings and hooks as a bot's `search`."""
    return RootISMCTS(
        rng=search.rng, c=search.c, max_iterations=search.max_iterations,
        rollout_policy=search.rollout_policy, rollout_depth=search.rollout_depth,
        evaluate=search.evaluate, outcome_reward=search.outcome_reward, actions=search.actions,
        tree_actions=search.tree_actions,
    )


def ismcts_analysis(search: RootISMCTS, view: AnyState, budget_s: float, root_actions: list[Any] | None,
                    stop: Stop, include: tuple = ()) -> Analysis:
    """Run `search` from `view` and read the root: value = mean reward of the seat to
    move after each root action (0..1); best = the bot's own pick.

    With `include` (a review's played move), the search gets half the budget, and
    the best and each included action then get a search of their own (the rest,
    shared): each value is then measured alike, on many playouts, not on the few a
    poor move gets in a shared tree (and not on the lucky mean that made the best
    one best)."""
    stop.on(search.stop)
    judged = [a for a in include if action_key(a) in {action_key(r) for r in root_actions or []}]
    main = budget_s / 2 if judged else budget_s
    search.root = None
    t = time.perf_counter()
    best = search.choose(view, main, root_actions=root_actions)
    values = _root_values(search.root)
    visits = {k: n for k, (_, _, n) in values.items()}
    analysis = Analysis(best, {k: (a, v) for k, (a, v, _) in values.items()},
                        extra={"visits": visits, "iterations": search.stats.get("iterations", 0)})
    # A best the search never got to (no time, no iteration) gets no figure: none is made up.
    todo = list({action_key(a): a for a in [best, *judged]}.values())
    if len(todo) > 1:
        analysis.extra["measured"] = {action_key(a) for a in todo}  # each on a search of its own
        left = max(0.0, budget_s - (time.perf_counter() - t))
        for n, action in enumerate(todo):
            if stop.cancelled:
                break
            share = left / (len(todo) - n)
            t = time.perf_counter()
            search.root = None
            search.choose(view, share, root_actions=[action])
            left -= time.perf_counter() - t
            got = _root_values(search.root).get(action_key(action))
            if got is not None:
                analysis.values[action_key(action)] = (action, got[1])
    return analysis


def _root_values(root: Any) -> dict[Any, tuple[Any, float, int]]:
    out = {}
    if root is not None:
        for key, child in root.children.items():
            if child.visits:
                out[key] = (child.action, child.total / child.visits, child.visits)
    return out


def probability(score: float, scale: float) -> float:
    """A score of a heuristic (0 = even) as an expected result in 0..1."""
    x = max(-50.0, min(50.0, score / scale))
    return 1.0 / (1.0 + math.exp(-x))


def percent(value: float) -> str:
    return f"{round(100 * value)}%"


def wins_at_once(view: AnyState, action: Any, limit: int = 12) -> bool:
    """Whether `action` wins the game for the seat to move before anybody has a
    real choice to make (only forced steps follow it), in the view's position."""
    seat = view.to_move
    state = view.clone()
    try:
        state.play(action)
        for _ in range(limit):
            if state.over:
                break
            legal = state.legal_actions()
            if len(legal) != 1:
                return False
            state.play(legal[0])
    except Exception:  # a view that cannot play on (hidden cards): no claim
        return False
    return bool(state.over and state.outcome is not None and state.outcome.winners == (seat,))


def only(action: Any) -> Analysis:
    """The analysis when the search has one action to look at (the others left out
    by the bot's shortlist): no search, no figure; `compared` says so in words."""
    return Analysis(action, extra={"only": True})


def compared(view: AnyState, action: Any, analysis: Analysis, what: str = "games", name: bool = True) -> str:
    """Words for how the search rates `action` against the next best it looked at:
    "the search wins 58% of its games with it, 41% with the next best (Deploy the 7)".

    Figures are compared only when measured alike: a move searched on its own (the
    best and a review's played move, `extra["measured"]`) with the other such move
    ("41% with the move played"); otherwise with the search's own runner-up (most
    visited after it) in the shared tree. A runner-up whose figure is not below the
    move's is not named: "the next best" never scores more than the best. With one
    action to look at (`only`), no figure: there was nothing to compare."""
    if analysis.extra.get("only"):
        return "the only move worth a search here, the others being clearly weaker"
    value = analysis.value(action)
    if value is None:
        return ""
    key = action_key(action)
    text = f"the search wins {percent(value)} of its {what} with it"
    measured = analysis.extra.get("measured", set())
    visits = analysis.extra.get("visits", {})
    alike = [(k, a, v) for k, (a, v) in analysis.values.items()
             if k != key and (k in measured) == (key in measured)]
    if not alike:
        return text
    k2, a2, v2 = max(alike, key=lambda x: (visits.get(x[0], 0), x[2]))
    if v2 >= value:
        return text
    if key in measured:
        return text + f", {percent(v2)} with the move played"
    if not name:  # a reason that must stay short (`fitted`): the figure alone
        return text + f", {percent(v2)} with the next best"
    return joined(text, f", {percent(v2)} with the next best (", view.describe(a2), ")")


# The longest reason a hint gives, in characters: after "Hint (enter plays it): " it
# wraps onto at most three status lines at 80 columns (76 each), whole.
REASON_MAX = 160


def fitted(make: Callable[[bool], str]) -> str:
    """`make(name=True)`, or `make(False)` (the next best not named: `compared`'s
    `name`) when the first is longer than REASON_MAX."""
    text = make(True)
    return text if len(str(text)) <= REASON_MAX else make(False)


def joined(*parts: str) -> str:
    """`parts` written one after the other: a core.engine.Line when one of them
    names a seat (its seats and words renumbered into one template), so the UI draws
    every seat with its name; else a plain str."""
    if not any(isinstance(part, Line) and part.seats for part in parts):
        return "".join(str(part) for part in parts)
    template: list[str] = []
    seats: list[int] = []
    words: dict[str, str] = {}
    for n, part in enumerate(parts):
        if not isinstance(part, Line):
            template.append(_escaped(str(part)))
            continue
        for literal, name, spec, conversion in string.Formatter().parse(part.template):
            template.append(_escaped(literal))
            if name is None:
                continue
            name = str(int(name) + len(seats)) if name.isdigit() else f"p{n}_{name}"
            template.append("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
        words.update({f"p{n}_{key}": value for key, value in part.words.items()})
        seats.extend(part.seats)
    return Line("".join(template), *seats, **words)


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


class GameCoach(Coach[StateT, ActionT]):
    """A game's `Coach` made of its coach module's functions (`COACH` in each
    `core/<game>/coach.py`; `Game.coach()` returns it), typed by them: a game's
    `analyse(view: DashState, ...)` makes a `GameCoach[DashState, Play]`."""

    def __init__(self, analyse: Callable[[StateT, float, random.Random, tuple[ActionT, ...], int | None, Stop | None],
                                         Analysis],
                 reason: Callable[[StateT, ActionT, Analysis], str],
                 lost_move: Callable[..., tuple[int, ActionT] | None] | None = None) -> None:
        self._analyse, self._reason, self._lost_move = analyse, reason, lost_move
        self.finds_lost_move = lost_move is not None

    def analyse(self, view: StateT, budget_s: float, rng: random.Random, include: tuple[ActionT, ...],
                effort: int | None, stop: Stop | None) -> Analysis:
        return self._analyse(view, budget_s, rng, include, effort, stop)

    def reason(self, view: StateT, action: ActionT, analysis: Analysis) -> str:
        return self._reason(view, action, analysis)

    def lost_move(self, start: StateT, seats_actions: Sequence[tuple[int | None, ActionT]], stop: Stop | None, *,
                  budget_s: float, progress: Callable[[int, int], None] | None = None) -> tuple[int, ActionT] | None:
        if self._lost_move is None:
            return None
        return self._lost_move(start, seats_actions, stop, budget_s=budget_s, progress=progress)


def game_coach(game_id: str) -> AnyCoach:
    """The coach of `game_id`, as its Game declares it."""
    return _game(game_id).coach()


def _game(game_id: str) -> Any:
    from core import GAMES

    return GAMES[game_id]


def _honest(view: AnyState) -> Any:
    """The view of the seat to move (a view of a view is the same view): whatever
    the caller passed, the coach sees only what that player may see."""
    if view.over or view.to_move is None:
        raise ValueError("The game is over: there is nothing to suggest.")
    return view.view(view.to_move)


def _said(view: AnyState, action: Any) -> str:
    text = view.describe(action)
    if isinstance(text, Line):
        return text  # (a Line starts with a capital letter when drawn)
    return text[:1].upper() + text[1:]


__all__ = [
    "BLUNDER", "DOUBTFUL", "MISTAKE", "VERDICTS", "Analysis", "Cancelled", "Hint", "Judgement",
    "REASON_MAX", "Review", "RootISMCTS", "Stop", "GameCoach", "game_coach", "compared", "fitted", "hint", "ismcts_analysis", "joined", "judge", "only",
    "percent",
    "probability", "review", "wins_at_once", "root_search_like", "stopping", "summarize", "verdict_for",
]
