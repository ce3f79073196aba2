"""The Review after a game (issue 15; tui/screens/review.py): opened with v from the
game-over dialog and the saves browser, computed in a worker (escape cancels, nothing
kept), kept in the save so a second review opens at once, marks a known blunder.

Reviews here think 0.01 s a decision ($HOUSES_REVIEW_BUDGET_S): the coach's own
judgement is tested in tests/core/test_coach*.py; these test the screens."""

from __future__ import annotations

import functools
import json
import random

import msgspec
import pytest

import saves
from core import GAMES
import tui_support
from every_game import game_registered, one_person_games  # noqa: F401  (the fixture)
from tui_support import dash_save, game_save, make_app, put_save, resume_app, status, wait_for

winning_line = functools.lru_cache(tui_support.winning_line)  # the solver's line, found once

SIZE = (80, 24)

# (game, seats, seed): random games that end soon (the people's moves are the review's);
# Icehouse Dash: a winnable deal won by the solver's line (a random lost deal would
# have the coach look for the lost winning line for many seconds).
# Every game (and the test-only toy: every_game) against bots, on deals that suit;
# a new game joins with deal 1. And TOWN 77 solo.
GAMES_TO_REVIEW = one_person_games({"dash": 4242, "house-rules": 19, "town": 8, "skirmish": 8})
GAMES_TO_REVIEW.insert(3, ("town", ["human"], 3))


@pytest.fixture(autouse=True)
def tiny_budget(monkeypatch):
    monkeypatch.setenv("HOUSES_REVIEW_BUDGET_S", "0.01")


def finished_save(game_id: str, kinds: list[str], seed: int) -> saves.SaveFile:
    """A finished game of random moves, as a save."""
    if game_id == "dash":
        save = dash_save(seed, winning_line(seed), f"dash-20261129-100000-{seed}",
                         options=GAMES["dash"].Options(winnable=True))
        assert save.over
        return save
    state = GAMES[game_id].new(len(kinds), seed)
    rng = random.Random(seed)
    actions = []
    while not state.over:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply(action)
    save = game_save(game_id, kinds, seed, actions, f"{game_id}-20261129-100000-{len(kinds)}r")
    save.summary = f"{GAMES[game_id].title}: over"
    assert save.over
    return save


def note(app) -> str:
    return str(app.screen.query_one("#review-note").render())


def reviewing(app) -> bool:
    return getattr(app.screen, "review_notes", None) is not None


def working(app) -> bool:
    from tui.screens.review import ReviewWork

    return isinstance(app.screen, ReviewWork)


def kept(store, save_id: str):
    return json.loads((store.saves_dir / f"{save_id}.json").read_bytes()).get("review")


@pytest.mark.parametrize("game_id,kinds,seed", GAMES_TO_REVIEW, ids=lambda v: str(v))
async def test_review_from_the_game_over_dialog(store, game_id, kinds, seed):
    from tui.screens.game_over import GameOverScreen

    save = finished_save(game_id, kinds, seed)
    app = resume_app(store, save)  # a finished game opens as a replay
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen = app.screen
        app.push_screen(GameOverScreen(game_screen))
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, lambda: reviewing(app))
        review = app.screen.review
        assert app.screen.replay and app.screen.replay_at == 0
        assert review.summary in note(app)  # the summary first
        assert review.summary.endswith(".") and ("No mistakes" in review.summary or "the biggest: move" in review.summary)
        humans = [i for i, seat in enumerate(save.seats) if seat.kind == "human"]
        steps, _ = saves.Steps.replay(save, keep=0)
        assert len(review.judgements) == sum(1 for s in steps.seats if s in humans)
        assert "Review: the start" in status(app)
        await pilot.press("right")
        await pilot.pause()
        assert "Review: after move 1 of" in status(app)
        await pilot.press("q")  # back to the finished board
        await pilot.pause()
        assert app.screen is game_screen
    assert kept(store, save.id)["moves"] == save.cursor


@pytest.mark.parametrize("game_id,kinds,seed", GAMES_TO_REVIEW, ids=lambda v: str(v))
async def test_review_from_the_saves_browser_then_again_at_once_from_the_save(store, game_id, kinds, seed):
    from tui.screens.saves_browser import SavesScreen

    save = finished_save(game_id, kinds, seed)
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await wait_for(pilot, lambda: reviewing(app))
        first = app.screen.review
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        app.flush_saves()
        # The second one never computes: no progress screen comes between.
        await pilot.press("v")
        assert not working(app)
        await pilot.pause()
        assert reviewing(app) and app.screen.review == first


async def test_a_kept_review_opens_at_once_in_a_new_run_of_the_app(store):
    save = finished_save("town", ["human", "easy"], 8)
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await wait_for(pilot, lambda: reviewing(app))
        first = app.screen.review
        app.flush_saves()
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        assert not working(app)
        await pilot.pause()
        assert reviewing(app) and app.screen.review.summary == first.summary


def blunder_save() -> tuple[saves.SaveFile, int]:
    """Icehouse Dash, a winnable deal played by the solver's line but for its last
    move, which leaves the deal lost (4S north from d4 in place of the winning one)."""
    from core.dash.actions import Play

    line = winning_line(4242)
    blunder = Play("4S", "N", "d4")
    assert line[-1] != blunder
    options = GAMES["dash"].Options(winnable=True)
    save = dash_save(4242, line[:-1] + [blunder], "dash-20261129-100000-blun", options=options)
    assert save.over
    return save, len(line) - 1


async def test_a_known_blunder_is_marked_with_the_better_move_and_when_the_deal_was_lost(store):
    save, index = blunder_save()
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await wait_for(pilot, lambda: reviewing(app))
        assert app.screen.review.summary in note(app)
        assert f"After move {index + 1} the deal could no longer be won." in note(app)
        judgement = app.screen.review_notes.judged[index]
        assert judgement.verdict == "blunder" and judgement.best == winning_line(4242)[-1]
        while app.screen.replay_at != index:  # ] jumps from mistake to mistake
            before = app.screen.replay_at
            await pilot.press("right_square_bracket")
            await pilot.pause()
            assert app.screen.replay_at > before
        text = note(app)
        assert f"Move {index + 1}, yours: " in text and "Blunder ??" in text
        assert "Better (on the board): " in text
        assert app.screen.card == judgement.best.card  # the better move's card picked on the board
        await pilot.press("right")
        await pilot.pause()
        assert f"After move {index + 1} the deal could no longer be won." in status(app)
        assert app.screen.card is None  # ... and put back on leaving that position
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert app.screen.replay_at == index


async def test_escape_cancels_the_review_and_nothing_is_kept(store, monkeypatch):
    from tui.screens.saves_browser import SavesScreen

    monkeypatch.setenv("HOUSES_REVIEW_BUDGET_S", "5")  # long enough to be cancelled
    save = finished_save("house-rules", ["human", "easy"], 19)
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await pilot.pause()
        assert working(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await wait_for(pilot, lambda: not app.workers, timeout=5)  # the search heard the cancel
        app.flush_saves()
    assert kept(store, save.id) is None


def test_an_old_save_without_the_review_field_loads(store):
    save = finished_save("town", ["human", "easy"], 8)
    data = msgspec.to_builtins(save)
    del data["review"]  # as an older Houses wrote it
    store.saves_dir.mkdir(parents=True, exist_ok=True)
    (store.saves_dir / f"{save.id}.json").write_text(json.dumps(data))
    loaded = store.load(save.id)
    assert loaded.review is None and loaded.actions == save.actions


async def test_a_corrupt_review_is_reported_and_made_again_the_save_kept(store):
    save = finished_save("town", ["human", "easy"], 8)
    from tui.screens.review import moves_key

    save.review = {"moves": save.cursor, "of": moves_key(save), "judgements": [{"verdict": "superb"}], "summary": "x"}
    put_save(store, save)
    assert store.load(save.id).actions == save.actions  # the save itself still reads
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await pilot.pause()
        assert any("cannot be read" in n.message for n in app._notifications)
        await wait_for(pilot, lambda: reviewing(app))
        app.flush_saves()
    assert kept(store, save.id)["summary"] != "x"


def kept_blunder_review(save: saves.SaveFile, index: int) -> None:
    """A review of `blunder_save` written by hand (a computed one varies with the
    machine's pace), kept in the save as the app keeps one."""
    from core.ai.coach import Judgement, Review, summarize
    from tui.screens.review import moves_key

    steps, _ = saves.Steps.replay(save, keep=0)
    best = winning_line(4242)[-1]
    judgements = (Judgement(index, 0, steps.actions[index], best, "blunder", 1.0,
                            "the deal is won with it"),)
    review = Review(judgements, summarize(judgements, index), index)
    keep = {"moves": save.cursor, "of": moves_key(save)}
    save.review = {**keep, **review.to_builtins("dash")}


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_snapshot_review_at_the_blunder(snap_compare, store, ascii):
    save, index = blunder_save()
    kept_blunder_review(save, index)
    put_save(store, save)
    assert snap_compare(make_app(store, ascii=ascii), terminal_size=SIZE, press=["s", "v", "right_square_bracket"])


def test_a_kept_review_of_other_moves_is_not_used():
    from tui.screens.review import moves_key, saved_review

    save = finished_save("town", ["human", "easy"], 8)
    save.review = {"moves": save.cursor, "of": moves_key(save), "judgements": [], "summary": "No mistakes."}
    assert saved_review(save)[0].summary == "No mistakes."
    save.actions[-1], save.actions[-2] = save.actions[-2], save.actions[-1]  # as if undone and played again
    assert saved_review(save) == (None, None)


async def test_keeping_a_review_leaves_last_played_as_it_was(store):
    save = finished_save("house-rules", ["human", "easy"], 19)
    put_save(store, save)
    before = json.loads((store.saves_dir / f"{save.id}.json").read_bytes())["updated"]
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await wait_for(pilot, lambda: reviewing(app))
        app.flush_saves()
    assert kept(store, save.id) is not None
    assert json.loads((store.saves_dir / f"{save.id}.json").read_bytes())["updated"] == before


async def test_a_reason_that_names_a_seat_shows_the_seats_name(store):
    """Issue 15: the coach's reasons speak of seats as the log does (a Line): the
    note draws "Easy bot 2", never "Player 2"."""
    from core.ai.coach import Judgement, Review, summarize
    from core.engine import Line
    from tui.screens.review import moves_key

    save = finished_save("skirmish", ["human", "easy"], 8)
    steps, _ = saves.Steps.replay(save, keep=0)
    index = next(i for i, seat in enumerate(steps.seats) if seat == 0)
    played = steps.actions[index]
    reason = Line("{0} {0:has/have} {life} life left", 1, life="3")
    judgements = (Judgement(index, 0, played, played, "mistake", 0.2, reason),)
    review = Review(judgements, summarize(judgements))
    save.review = {"moves": save.cursor, "of": moves_key(save), **review.to_builtins("skirmish")}
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await wait_for(pilot, lambda: reviewing(app))
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert app.screen.replay_at == index
        text = note(app).replace("\n", " ")
        assert "Easy bot 2 has 3 life left" in text and "Player 2" not in text
