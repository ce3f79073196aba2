"""Issue 26, items 1 and 3, by the keys a player presses: escape puts a hint away in
every game (the choices and the cursors as they were before it), a hint's reason
wraps whole on the status line at 80x24 and 120x40, `t` says why it gives no hint,
`v` reviews a finished game from its board, a review counts moves one way and
names them in the game's own words, TOWN 77's better cell is marked on the board,
and the review's progress dialog lists the verdicts as they come."""

from __future__ import annotations

import pytest
from textual.content import Content

import saves
from core import GAMES
from test_hints import FAST, footer_keys, new_app
from test_review import GAMES_TO_REVIEW, finished_save, note, reviewing, working
from every_game import game_registered, one_person_games  # noqa: F401  (the fixture)
from tui_support import make_app, put_save, resume_app, status, wait_for

SIZE = (80, 24)

# Every game (and the test-only toy: every_game), one person against bots, on deals
# these tests know suit them; a new game joins with deal 1.
HINT_GAMES = one_person_games({"dash": 4242, "house-rules": 7, "town": 5, "skirmish": 11})
IDS = [g for g, _, _ in HINT_GAMES]


@pytest.fixture(autouse=True)
def quick(monkeypatch):  # bots think briefly already (tests/tui/conftest.py)
    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", FAST)
    monkeypatch.setenv("HOUSES_REVIEW_BUDGET_S", "0.01")


def cursor_values(screen) -> list:
    return [value for _, _, value in screen._cursors()]


async def hint_shown(pilot, screen) -> None:
    await wait_for(pilot, lambda: screen.check_action("hint", ()) is True)
    screen.last_hint = None
    await pilot.press("t")
    await wait_for(pilot, lambda: screen.last_hint is not None and not screen.hint_thinking)
    await pilot.pause()


@pytest.mark.parametrize(("game_id", "kinds", "seed"), HINT_GAMES, ids=IDS)
async def test_escape_puts_a_hint_away_choices_and_cursors_as_before(store, game_id, kinds, seed):
    """Issue 26: in Skirmish escape left the hinted card chosen and the next enter
    played it. In every game escape now undoes all the hint chose."""
    app = new_app(store, game_id, kinds, seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(2):  # two decisions: the first may be a forced-looking one
            await wait_for(pilot, lambda: screen.check_action("hint", ()) is True)
            choice, cursors, focused, cursor = screen.choice, cursor_values(screen), app.focused, screen.save.cursor
            await hint_shown(pilot, screen)
            assert screen.check_action("put_hint_away", ()) is True
            await pilot.press("escape")
            await pilot.pause()
            assert screen.choice == choice, "the hint's choice was left in place"
            assert cursor_values(screen) == cursors and app.focused is focused
            assert screen.save.cursor == cursor and screen.check_action("put_hint_away", ()) is False
            assert status(app) != "" and not status(app).startswith("Hint")
            # The hint again, and played this time: the game goes on.
            await hint_shown(pilot, screen)
            key = "x" if "x exchanges" in status(app) else "e" if "e ends" in status(app) else \
                "p" if "p passes" in status(app) else "enter"
            await pilot.press(key)
            await wait_for(pilot, lambda: screen.save.cursor > cursor)
            await wait_for(pilot, lambda: screen.state.over or screen.check_action("hint", ()) is True)
            if screen.state.over:
                break


async def test_skirmish_escape_after_a_hint_then_enter_does_not_play_the_hinted_card(store):
    """The issue's case: a deployment hinted, escape, enter. Enter acts on the card
    the cursor was on before the hint, never on the hinted one left chosen."""
    app = new_app(store, "skirmish", ["human", "easy"], 11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await hint_shown(pilot, screen)  # who starts: taken as hinted
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.check_action("hint", ()) is True and screen.save.cursor > 0)
        hand = list(screen._view.hands[screen.me])
        under = hand[screen.hand_bar.cursor]
        await hint_shown(pilot, screen)
        hinted, cursor = screen.last_hint.action, screen.save.cursor
        assert getattr(hinted, "card", None) != under, "this seed's hint is another card"
        assert screen.offer == [hinted]
        await pilot.press("escape")
        await pilot.pause()
        assert screen.sel is None and screen.offer is None
        assert app.focused is screen.hand_bar and hand[screen.hand_bar.cursor] == under
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.save.cursor > cursor or screen.sel == ("card", under), timeout=10,
                       what="the card under the cursor played or chosen")
        if screen.save.cursor > cursor:  # the card under the cursor had one way to go
            assert screen.game.action_from_builtins(screen.save.actions[cursor]).card == under
        else:
            assert screen.sel == ("card", under)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize(("game_id", "kinds", "seed"), HINT_GAMES, ids=IDS)
async def test_a_hint_reason_is_shown_whole_on_the_status_line(store, monkeypatch, game_id, kinds, seed, size):
    """The real reason, then one of the longest a reason may be (REASON_MAX): the
    status line wraps it, every word on screen, none cut ("the search rates your
    game after it at" was the end of the line before)."""
    import core.ai.coach as coach
    from core.ai.coach import REASON_MAX, Hint

    app = new_app(store, game_id, kinds, seed)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        line = screen.query_one("#status")
        for long in (False, True):
            if long:
                real = coach.hint

                def long_hint(*args, **kwargs):
                    got = real(*args, **kwargs)
                    words = ("and so on " * 20)[:REASON_MAX - len(str(got.reason)) - 2]
                    return Hint(got.action, f"{got.reason}, {words.strip()}")

                monkeypatch.setattr(coach, "hint", long_hint)
            await hint_shown(pilot, screen)
            text = status(app)
            assert text.startswith("Hint") and text.endswith(".")
            rows = Content(text).wrap(line.size.width - 2)
            assert len(rows) <= line.size.height <= 3, (text, line.size)
            await pilot.press("escape")
            await pilot.pause()
            least = int(line.styles.min_height.value) if line.styles.min_height else 1  # Dash keeps 2
            assert line.size.height == max(least, len(Content(status(app)).wrap(line.size.width - 2)))


async def test_t_says_why_there_is_no_hint_when_the_game_is_over(store):
    save = finished_save("house-rules", ["human", "easy"], 19)
    app = resume_app(store, save)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Hint" not in footer_keys(app)
        await pilot.press("t")
        await pilot.pause()
        assert status(app) == "The game is over: no hint to give. v reviews your moves."


@pytest.mark.parametrize("game_id,kinds,seed", GAMES_TO_REVIEW, ids=lambda v: str(v))
async def test_v_reviews_a_finished_game_from_its_board_after_the_dialog(store, game_id, kinds, seed):
    from tui.screens.game_over import GameOverScreen

    save = finished_save(game_id, kinds, seed)
    app = resume_app(store, save)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen
        app.push_screen(GameOverScreen(board))
        await pilot.pause()
        await pilot.press("escape")  # "See the board"
        await pilot.pause()
        assert app.screen is board and "Review" in footer_keys(app)
        await pilot.press("v")
        await wait_for(pilot, lambda: reviewing(app))
        assert app.screen is not board and app.screen.review is not None
        assert "Review" not in footer_keys(app)  # no review of a review
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is board


async def test_v_is_not_offered_while_the_game_is_on(store):
    app = new_app(store, "house-rules", ["human", "easy"], 7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Review" not in footer_keys(app)
        await pilot.press("v")
        await pilot.pause()
        assert not reviewing(app) and not working(app)


@pytest.mark.parametrize("game_id,kinds,seed", GAMES_TO_REVIEW, ids=lambda v: str(v))
async def test_a_review_counts_moves_as_its_notes_do_and_names_them_in_the_games_words(store, game_id, kinds,
                                                                                        seed):
    """Issue 26: "move 0 of 31" beside "Move 1", "you played Place the Orange Mill",
    "you played You take the first turn". The status says the position is after
    move n; the note judges move n + 1, named as the game writes it."""
    from tui.screens.review import position_words

    save = finished_save(game_id, kinds, seed)
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await wait_for(pilot, lambda: reviewing(app))
        screen = app.screen
        total = screen.save.cursor
        # The first moves one by one, then the last ones back from the end: the words
        # at the start, in the game and at its end (every move would take 20 s a game).
        visits = [("right", n) for n in range(1, min(total, 5) + 1)]
        visits += [("end", total)] + [("left", n) for n in range(total - 1, max(total - 3, 5), -1)]
        n = 0
        while True:
            assert screen.replay_at == n
            assert status(app).startswith(f"Review: {position_words(n, total)}.")
            judged = screen.review_notes.judged.get(n)
            text = note(app)
            assert "you played" not in text.lower()  # (the reasons may say "the move played")
            if judged is not None and n < total:
                assert f"Move {n + 1}, yours: " in text
            if not visits:
                break
            key, n = visits.pop(0)
            await pilot.press(key)
            await pilot.pause()
    assert position_words(0, 31) == "the start of 31 moves"
    assert position_words(1, 31) == "after move 1 of 31" and position_words(31, 31) == "the end of 31 moves"


async def test_town_better_cell_is_marked_on_the_board(store):
    """Issue 26: TOWN 77's "Better (on the board)" showed nothing on the board."""
    from core.ai.coach import Judgement, Review, summarize
    from core.town.actions import Place
    from core.town import rowcol
    from tui.screens.review import moves_key
    from tui.widgets.board import BoardGrid

    save = finished_save("town", ["human", "easy"], 8)
    steps, _ = saves.Steps.replay(save, keep=0)
    index = next(i for i, (seat, a) in enumerate(zip(steps.seats, steps.actions))
                 if seat == 0 and isinstance(a, Place)
                 and len([b for b in steps.position(i).legal_actions() if isinstance(b, Place)]) > 1)
    played = steps.actions[index]
    best = next(b for b in steps.position(index).legal_actions() if isinstance(b, Place) and b != played)
    judgements = (Judgement(index, 0, played, best, "mistake", 0.2, "it fits better"),)
    review = Review(judgements, summarize(judgements))
    save.review = {"moves": save.cursor, "of": moves_key(save), **review.to_builtins("town")}
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await wait_for(pilot, lambda: reviewing(app))
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert app.screen.replay_at == index
        assert "Better (on the board): " in note(app)
        board = app.screen.query_one(BoardGrid)
        assert board.marks.get(rowcol(best.cell)) == "chosen"
        await pilot.press("right")
        await pilot.pause()
        assert rowcol(best.cell) not in board.marks or board.marks[rowcol(best.cell)] != "chosen"


async def test_the_progress_dialog_lists_the_first_verdicts_while_the_rest_are_worked_out(store, monkeypatch):
    monkeypatch.setenv("HOUSES_REVIEW_BUDGET_S", "0.3")
    save = finished_save("house-rules", ["human", "easy"], 19)
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await pilot.pause()
        assert working(app)
        verdicts = app.screen.query_one("#review-verdicts")
        await wait_for(pilot, lambda: "Move " in str(verdicts.render()) or not working(app))
        assert working(app), "the review ended before a verdict was shown"
        assert str(verdicts.render()).startswith("Move ")
        await pilot.press("escape")
        await pilot.pause()
        assert not working(app)


async def test_a_reviews_better_move_is_the_screens_choice_and_is_put_back(store):
    """Issue 23 item 5: the better move is shown by setting the screen's one choice
    value (tui/games/choice.py), and leaving the position sets the value from before
    back: no attribute of the screen is copied and restored."""
    from core.ai.coach import Judgement, Review, summarize
    from core.town.actions import Place
    from tui.games.town.choice import TownChoice
    from tui.screens.review import moves_key

    save = finished_save("town", ["human", "easy"], 8)
    steps, _ = saves.Steps.replay(save, keep=0)
    index = next(i for i, (seat, a) in enumerate(zip(steps.seats, steps.actions))
                 if seat == 0 and isinstance(a, Place)
                 and len([b for b in steps.position(i).legal_actions() if isinstance(b, Place)]) > 1)
    best = next(b for b in steps.position(index).legal_actions() if isinstance(b, Place) and b != steps.actions[index])
    judgements = (Judgement(index, 0, steps.actions[index], best, "mistake", 0.2, "it fits better"),)
    save.review = {"moves": save.cursor, "of": moves_key(save), **Review(judgements, summarize(judgements)).to_builtins("town")}
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "v")
        await wait_for(pilot, lambda: reviewing(app))
        screen = app.screen
        if screen.replay_at != index:
            await pilot.press("right_square_bracket")
            await pilot.pause()
        assert screen.replay_at == index and screen.choice.shown_cell == best.cell
        before = screen.review_notes._shown_choice
        assert before == TownChoice()  # what the review will put back
        screen.review_notes.leave_position(screen)
        assert screen.choice is before
