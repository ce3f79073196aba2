"""The coach (core.ai.coach, docs/architecture.md "Coach"): hints on random positions
of every game and seat count, honest (the same hint whatever is hidden), within
budget, cancellable; reviews saved and read back.

Kept cheap: a 0.03 s budget, and `effort` caps each search to a few iterations on
the 200 positions; the budget alone (no cap) is checked on a few positions a game.
"""

from __future__ import annotations

import gc
import random
import threading
import time

import pytest

from core import GAMES
from core.ai.coach import (
    VERDICTS, Cancelled, Hint, Judgement, Review, hint, review, summarize, verdict_for,
)

CONFIGS = [(gid, n) for gid in GAMES for n in GAMES[gid].seats]
POSITIONS = 200
EFFORT = 2  # search iterations, nodes or sampled deals: enough to run every path
EFFORTS = {"dash": 1}  # sampled deals of 100 solver positions: the solver is the slow part
SLACK_S = 0.2  # the hint may take its budget and this much more
CPU_SLACK_S = 0.2  # the same, in CPU time over 200 effort-capped positions


def random_positions(game_id: str, seats: int, count: int, seed: int = 0, options=None) -> list:
    """`count` positions (whole states, someone to move) from seeded random games."""
    game = GAMES[game_id]
    rng = random.Random(f"{game_id}-{seats}-{seed}")
    out = []
    game_seed = 0
    while len(out) < count:
        state = game.new(seats, game_seed, options)
        game_seed += 1
        while not state.over and len(out) < count:
            if rng.random() < 0.25:
                out.append(state.clone())
            state.play(rng.choice(state.legal_actions()))
    return out


def warmed_up(game_id: str, states: list) -> list:
    """`states`, after one untimed hint: the first call imports the game's coach and
    bots, and from a fresh clone compiles them (CI saw 0.37 s of CPU), which is not
    a hint's time."""
    hint(game_id, states[0].view(states[0].to_move), 0.0, effort=1)
    return states


@pytest.mark.parametrize("game_id,seats", CONFIGS)
def test_hint_is_legal_with_a_reason_on_200_random_positions(game_id, seats):
    budget = 0.03
    for i, state in enumerate(warmed_up(game_id, random_positions(game_id, seats, POSITIONS))):
        view = state.view(state.to_move)
        # This thread's CPU time: over 200 positions a busy machine can pause the
        # process longer than the slack (CI saw 0.87 s at load 5), and process time
        # also counts other threads of the test worker (CI saw 0.24 s for a hint that
        # takes 0.002 s). A hint doing unbudgeted work still shows. The wall-clock
        # promise is test_hint_stays_within_its_budget's.
        # The collector off while timed: a full collection of the worker's heap (the
        # whole suite's objects) is not the hint's work (CI saw 0.37 s at position 177).
        gc.disable()
        try:
            start = time.thread_time()
            got = hint(game_id, view, budget, seed=i, effort=EFFORTS.get(game_id, EFFORT))
            took = time.thread_time() - start
        finally:
            gc.enable()
        assert took <= budget + CPU_SLACK_S, (i, took, state.to_text())
        assert isinstance(got, Hint)
        assert got.action in view.legal_actions(), (i, state.to_text(), got)
        assert state.check(got.action) is None, (i, got)
        assert got.reason.strip(), (i, got)


@pytest.mark.parametrize("game_id,seats", CONFIGS)
@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_hint_stays_within_its_budget(game_id, seats):
    budget = 0.03
    for i, state in enumerate(warmed_up(game_id, random_positions(game_id, seats, 8, seed=1))):
        view = state.view(state.to_move)
        start = time.perf_counter()
        got = hint(game_id, view, budget, seed=i)
        took = time.perf_counter() - start
        assert took <= budget + SLACK_S, (i, took, state.to_text())
        assert got.action in view.legal_actions()


HIDDEN_HANDS = [("dash", n, {"hidden_hands": True}) for n in (2, 3, 4)]


@pytest.mark.parametrize("game_id,seats,options", [(g, n, None) for g, n in CONFIGS] + HIDDEN_HANDS)
def test_hint_is_the_same_whatever_is_hidden(game_id, seats, options):
    """Two views that differ only in what the player cannot see (another deal of
    the unseen cards, another seed) give the same hint for the same seed."""
    differed = 0
    if options is not None:
        options = GAMES[game_id].Options(**options)
    for i, state in enumerate(random_positions(game_id, seats, 12, seed=2, options=options)):
        seat = state.to_move
        view = state.view(seat)
        other = view.determinize(random.Random(1000 + i))  # the same view, another hidden part
        assert other.view(seat).to_text() == view.to_text(), "determinize must keep what the seat sees"
        differed += other.to_text() != state.to_text()
        effort = EFFORTS.get(game_id, 3)
        a = hint(game_id, view, 30.0, seed=7, effort=effort)
        b = hint(game_id, other.view(seat), 30.0, seed=7, effort=effort)
        c = hint(game_id, other, 30.0, seed=7, effort=effort)  # a whole state: the coach takes its view
        assert a == b == c, (i, a, b, c)
    assert differed, "no position had anything hidden: the test proves nothing"


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_a_cancelled_hint_raises_cancelled_soon():
    state = random_positions("skirmish", 2, 1, seed=3)[0]
    cancel = threading.Event()
    threading.Timer(0.1, cancel.set).start()
    start = time.perf_counter()
    with pytest.raises(Cancelled):
        hint("skirmish", state.view(state.to_move), 30.0, cancel=cancel)
    assert time.perf_counter() - start < 2.0


def test_a_cancelled_review_raises_cancelled():
    game = GAMES["town"]
    state = game.new(3, 1)
    start = state.clone()
    rng = random.Random(0)
    steps = []
    for _ in range(20):
        action = rng.choice(state.legal_actions())
        steps.append((state.to_move, action))
        state.play(action)
    cancel = threading.Event()
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if done == 2:
            cancel.set()

    with pytest.raises(Cancelled):
        review("town", start, steps, {0, 1, 2}, 5.0, progress=progress, cancel=cancel, effort=3)
    assert seen[0] == (0, 20) and seen[-1][0] == 2


def test_review_judges_only_the_humans_and_reports_progress():
    game = GAMES["house-rules"]
    state = game.new(2, 4)
    start = state.clone()
    rng = random.Random(4)
    steps = []
    for _ in range(12):
        action = rng.choice(state.legal_actions())
        steps.append((state.to_move, action))
        state.play(action)
    seen = []
    got = review("house-rules", start, steps, {1}, 5.0, effort=40,
                 progress=lambda d, t: seen.append((d, t)))
    humans = [i for i, (seat, _) in enumerate(steps) if seat == 1]
    assert [j.index for j in got.judgements] == humans
    assert all(j.seat == 1 and j.verdict in VERDICTS for j in got.judgements)
    assert seen == [(d, len(humans)) for d in range(len(humans) + 1)]
    for j in got.judgements:
        assert (j.best == j.played) == (j.verdict == "fine")
        assert (j.reason == "") == (j.verdict == "fine")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_review_round_trips_through_builtins(game_id):
    game = GAMES[game_id]
    state = game.new(game.seats.start if game_id != "town" else 2, 5)
    action = state.legal_actions()[0]
    judgement = Judgement(3, 0, action, state.legal_actions()[-1], "mistake", 0.2, "because")
    original = Review((judgement, Judgement(4, 0, action, action, "fine", 0.0, "")), "1 mistake; the biggest: move 4.", None)
    import msgspec

    data = msgspec.json.decode(msgspec.json.encode(original.to_builtins(game_id)))
    assert Review.from_builtins(game_id, data) == original


def test_a_saved_review_that_is_not_one_is_refused_in_words():
    with pytest.raises(ValueError, match="review"):
        Review.from_builtins("dash", {"summary": "x"})
    with pytest.raises(ValueError):
        Review.from_builtins("dash", {"summary": "x", "judgements": [
            {"index": 0, "seat": 0, "played": {}, "best": {}, "verdict": "awful", "loss": 1}]})


def test_verdict_thresholds_and_summary():
    assert [verdict_for(x) for x in (0.0, 0.07, 0.2, 0.5)] == list(VERDICTS)
    j = lambda i, v, loss: Judgement(i, 0, None, None, v, loss, "")  # noqa: E731
    assert summarize([j(0, "fine", 0)]) == "No mistakes."
    assert summarize([j(0, "doubtful", 0.1)]) == "No mistakes; 1 doubtful move."
    text = summarize([j(2, "mistake", 0.2), j(13, "blunder", 0.6), j(20, "mistake", 0.25)])
    assert text == "1 blunder, 2 mistakes; the biggest: move 14."
    assert summarize([], lost_at=8) == "No mistakes. After move 9 the deal could no longer be won."


def test_a_reason_never_says_the_next_best_scores_more_than_the_best():
    """Issue 15: "68% of its games with it, 76% with the next best" (a poor move's
    lucky mean in the shared tree against the best's own search). The runner-up is
    the search's own (most visited after it), named only when it scores less; a
    move searched on its own (a review's best) is compared with the move played,
    searched alike."""
    import re

    from core.ai.coach import Analysis, compared
    from core.ai.common import action_key as key

    view = GAMES["skirmish"].new(2, 8)
    while len(view.legal_actions()) < 3:
        view.apply(view.legal_actions()[0])
    a, b, c = view.legal_actions()[:3]
    values = {key(a): (a, 0.68), key(b): (b, 0.76), key(c): (c, 0.5)}

    def figures(text):
        return [int(x) for x in re.findall(r"(\d+)%", text)]

    lucky = Analysis(a, dict(values), extra={"visits": {key(a): 50, key(b): 3, key(c): 20}})
    text = compared(view, a, lucky)
    assert figures(text) == [68, 50] and str(view.describe(c)) in text
    close = Analysis(a, dict(values), extra={"visits": {key(a): 50, key(b): 30, key(c): 20}})
    assert figures(compared(view, a, close)) == [68]  # its runner-up scores more: not named
    reviewed = Analysis(a, {**values, key(c): (c, 0.52)},
                        extra={"visits": {key(a): 50, key(b): 30, key(c): 2}, "measured": {key(a), key(c)}})
    assert compared(view, a, reviewed).endswith("68% of its games with it, 52% with the move played")


def test_joined_keeps_the_seats_of_each_part():
    from core.ai.coach import joined
    from core.engine import Line

    scout = Line("Send {card} to scout {0:'s} hand", 1, card="the 5")
    life = Line("{0} {0:has/have} {life} life left", 0, life="3")
    line = joined(scout, ": ", life, "; {odd} braces")
    assert str(line) == "Send the 5 to scout Player 2's hand: Player 1 has 3 life left; {odd} braces"
    assert line.text(["You", "Easy bot 2"]) == "Send the 5 to scout Easy bot 2's hand: You have 3 life left; {odd} braces"
    assert joined("plain", " words") == "plain words" and not isinstance(joined("a", "b"), Line)


def test_the_summarys_biggest_is_stable_on_a_tie_of_losses():
    """The biggest: the larger loss, then the worse verdict, then the earliest move;
    the same answer in any order of the judgements."""
    import itertools

    j = lambda i, v, loss: Judgement(i, 0, None, None, v, loss, "")  # noqa: E731
    tie = [j(20, "mistake", 0.3), j(9, "blunder", 0.3), j(4, "mistake", 0.3), j(30, "blunder", 0.3)]
    for order in itertools.permutations(tie):
        assert summarize(list(order)).endswith("the biggest: move 10.")  # the earlier blunder
    same = [j(20, "mistake", 0.2), j(4, "mistake", 0.2), j(12, "mistake", 0.2)]
    for order in itertools.permutations(same):
        assert summarize(list(order)) == "3 mistakes; the biggest: move 5."


@pytest.mark.parametrize("game_id", ["house-rules", "town", "skirmish", "dash"])
@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_a_hint_cancelled_before_it_starts_gives_no_answer(game_id):
    seats = 3 if game_id == "town" else GAMES[game_id].seats.start + (game_id == "dash")
    state = random_positions(game_id, seats, 1, seed=4)[0]
    cancel = threading.Event()
    cancel.set()
    start = time.perf_counter()
    with pytest.raises(Cancelled):
        hint(game_id, state.view(state.to_move), 30.0, cancel=cancel)
    assert time.perf_counter() - start < 1.0


def test_core_ai_hint_is_the_coachs_hint():
    """The issue's entry point: core.ai.hint(game_id, view, budget_s) -> Hint."""
    from core import GAMES
    from core.ai import hint
    from core.ai.coach import Hint

    state = GAMES["house-rules"].new(2, 7, GAMES["house-rules"].Options())
    got = hint("house-rules", state.view(state.to_move), 0.05, seed=1)
    assert isinstance(got, Hint) and got.action in state.legal_actions() and got.reason
