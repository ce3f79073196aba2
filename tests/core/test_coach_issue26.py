"""The coach's words and the Dash coach's play (issue 26, items 1 and 2;
docs/architecture.md "Coach"): reasons that fit the status line whole, no figure
made up when there was one choice, and a review whose verdicts agree
with the move after which the deal was lost (streamed as they are made)."""

from __future__ import annotations

import random

import pytest

from core import GAMES
from core.ai.coach import REASON_MAX, Analysis, hint, only, review
from core.ai.common import action_key
from test_coach import random_positions
from test_coach_games import _losing_turn, _winnable_deal

ISSUE_DEAL = 373757115  # the deal of issue 26: a small piece bounced a3-a8-a1-a8


@pytest.mark.parametrize("game_id,seats", [("dash", 1), ("house-rules", 2), ("town", 3), ("town", 1),
                                           ("skirmish", 2), ("skirmish", 4)])
def test_hint_reasons_are_short_enough_to_wrap_whole_on_the_status_line(game_id, seats):
    """A reason is at most REASON_MAX characters: with "Hint (enter plays it): " it
    wraps onto at most three status lines at 80 columns, never cut."""
    for state in random_positions(game_id, seats, 25, seed=26):
        got = hint(game_id, state.view(state.to_move), 0.2, effort=1 if game_id == "dash" else 4)
        text = str(got.reason)
        assert len(text) <= REASON_MAX, text
        assert not text.endswith((":", ",", " (", " at")), text  # a whole sentence


def test_one_choice_to_search_says_so_and_makes_up_no_figure():
    """Skirmish and TOWN 77 search a shortlist: with one action on it there is no
    search and no "wins 50%" (issue 26); the words say it was the only one."""
    from core.ai.coach import compared
    from core.skirmish import coach as sk_coach

    view = GAMES["skirmish"].new(2, 8)
    action = view.legal_actions()[0]
    words = compared(view, action, only(action))
    assert "%" not in words and "only move" in words
    found = 0
    for state in random_positions("skirmish", 2, 300, seed=5):
        view = state.view(state.to_move)
        analysis = sk_coach.analyse(view, 0.05, random.Random(0), (), 2, None)
        if len(view.legal_actions()) > 1 and analysis.extra.get("only"):
            text = str(sk_coach.reason(view, analysis.best, analysis))
            assert "%" not in text and ("only move" in text or "wins the game" in text), text
            found += 1
    assert found, "no position with a one-action shortlist among 300"


def test_one_legal_action_is_called_the_only_move():
    for state in random_positions("skirmish", 2, 400, seed=7):
        if len(state.legal_actions()) == 1:
            got = hint("skirmish", state.view(state.to_move), 0.05)
            assert "the only move there is" in str(got.reason) and "%" not in str(got.reason)
            return
    pytest.skip("no forced position among 400")


def test_the_dash_view_carries_the_boards_seen_in_the_game():
    from core.dash.state import board_key

    game = GAMES["dash"]
    state = game.new(1, ISSUE_DEAL)
    assert state.boards == (board_key(state.stacks),)
    for _ in range(3):
        state.play(state.legal_actions()[0])
    assert len(state.boards) == 4 and state.boards[-1] == board_key(state.stacks)
    view = state.view(0)
    assert view.boards == state.boards  # public: every player saw the board
    assert view.determinize(random.Random(1)).boards == state.boards


def test_the_move_that_lost_the_deal_is_a_blunder_even_when_the_search_liked_it(monkeypatch):
    """Issue 26: the hint chose the move after which the deal was lost, the search
    from the view rated it fine, and the review said "no mistakes" and "could no
    longer be won after move 26". Now that move is a blunder, with the play that
    kept a winning line, and the summary names it."""
    from core.dash import coach as dash_coach

    def likes_every_move(view, budget_s, rng, include=(), effort=None, stop=None):
        played = include[0]
        return Analysis(played, {action_key(played): (played, 1.0)}, extra={"won": True, "tried": 1})

    monkeypatch.setattr(dash_coach.COACH, "_analyse", likes_every_move)  # what review() calls
    state, line = _winnable_deal()
    k, pos, bad, after = _losing_turn(state, line)
    played = [(0, a) for a in line[:k]] + [(0, bad)]
    while not after.over:
        a = after.legal_actions()[0]
        played.append((0, a))
        after.apply(a)
    streamed = []
    got = review("dash", state, played, {0}, 0.02, effort=1, judged=streamed.append)
    assert got.lost_at == k
    lost = next(j for j in got.judgements if j.index == k)
    assert lost.verdict == "blunder" and lost.best == line[k] and lost.played == bad
    assert "could no longer be won" in str(lost.reason)
    assert got.summary.startswith(f"1 blunder; the biggest: move {k + 1}.")
    assert got.summary.endswith(f"After move {k + 1} the deal could no longer be won.")
    # Every judgement was streamed as it was made, the lost move once more at the end.
    assert [j.index for j in streamed] == [j.index for j in got.judgements] + [k]
    assert streamed[k].verdict == "fine" and streamed[-1] == lost


def test_a_lost_deal_with_no_move_proven_is_not_summed_up_as_a_bare_no_mistakes(monkeypatch):
    """Out of time, lost_at names no move: the summary says the deal was lost."""
    from core.dash import coach as dash_coach

    monkeypatch.setattr(dash_coach.COACH, "_lost_move", lambda *args, **kwargs: None)
    state = GAMES["dash"].new(1, ISSUE_DEAL)
    start, played = state.clone(), []
    while not state.over:
        action = state.legal_actions()[0]
        played.append((0, action))
        state.apply(action)
    assert not state.outcome.winners  # the first legal play each time loses this deal
    got = review("dash", start, played, {0}, 0.01, effort=1)
    assert got.lost_at is None
    assert got.summary.endswith("The deal was lost; no move was proven to lose it in the coach's time.")
