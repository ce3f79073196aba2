"""The puzzle trainer (issue 24 item 3), pressed through with the keys on the toy
game's puzzles (tests/support/toygame/puzzles.json): no real game's puzzles needed.
Toy Nim's puzzles: the second seat has just taken too few (its mistake, played by
itself first); the only winning take leaves a multiple of four."""

from __future__ import annotations

import pytest

import toygame
from saves import puzzles as records_file
from tui_support import TODAY, make_app, settle, status, wait_for

SIZE = (80, 24)
HEAP5 = "N-4W4FMQ"  # heap 5 after the mistake (6 - 1): take 1, reply 1, take 3
HEAP2 = "N-BCKEQ4"  # heap 2: take 2


@pytest.fixture(autouse=True)
def toy():
    with toygame.registered():
        yield


def puzzle_app(store, puzzle_id: str | None = None, game_id: str | None = None):
    from tui.start import OpenPuzzle

    return make_app(store, start=OpenPuzzle(puzzle_id=puzzle_id, game_id=game_id))


def head(app) -> str:
    return str(app.screen.query_one("#puzzle-head").render())


def records(store):
    got, problem = records_file.read(store.root)
    assert problem is None
    return got


async def at_puzzle(pilot) -> None:
    """Until the opponent's mistake is shown and the player is to move."""
    from tui.puzzles.match import SOLVING

    await wait_for(pilot, lambda: getattr(pilot.app.screen, "match", None) is not None
                   and getattr(pilot.app.screen.match, "phase", None) == SOLVING
                   and pilot.app.screen.match.solver_to_move(), what="the player to move in the puzzle")


async def written(pilot, store, count: int) -> None:
    pilot.app.flush_saves()
    await wait_for(pilot, lambda: len(records_file.read(store.root)[0].history) >= count, what="the attempt recorded")
    await settle(pilot)


async def test_home_offers_puzzles_and_the_next_puzzle_opens(store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await settle(pilot)
        from tui.screens.puzzles import PuzzlesScreen

        assert isinstance(app.screen, PuzzlesScreen)
        menu = app.screen.query_one("#puzzle-menu")
        texts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert any("Toy Nim: rating 1500" in t for t in texts)
        assert any("Puzzle of the day" in t for t in texts) and "Enter a puzzle id" in texts
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        while menu.highlighted < ids.index(f"next:{toygame.ID}"):  # the real games come first
            await pilot.press("down")
        await pilot.press("enter")  # the toy's next puzzle
        await at_puzzle(pilot)
        assert "Puzzle N-" in head(app) and "Take the last counter" in head(app)
        assert app.screen.last_action is not None  # the opponent's mistake, shown as played


async def test_the_puzzle_of_the_day_opens_from_the_puzzles_screen_and_counts_for_today(store):
    from core.puzzles import daily

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await settle(pilot)
        menu = app.screen.query_one("#puzzle-menu")
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        while menu.highlighted < ids.index(f"daily:{toygame.ID}"):
            await pilot.press("down")
        await pilot.press("enter")
        await at_puzzle(pilot)
        today = daily(toygame.ID, app.today)
        assert app.screen.puzzle.puzzle == today and app.screen.puzzle.daily
        await pilot.press("o")
        await wait_for(pilot, lambda: "Line shown" in head(app), what="the line played out")
        await written(pilot, store, 1)
        assert records(store).days == {f"{toygame.ID}/{app.today.isoformat()}": False}


async def test_a_game_s_screen_without_a_puzzle_has_no_puzzle_keys(store):
    import saves
    from test_bindings import footer_keys
    from tui.start import NewGame

    seats = [saves.Seat("You"), saves.Seat("Bot", "bot", "easy")]
    app = make_app(store, start=NewGame(toygame.ID, seats, 3, toygame.Options()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.puzzle is None
        assert not any(screen.check_action("puzzle", (what,)) for what in ("solution", "replay", "next", "back"))
        shown = {key for _, key in footer_keys(app)}
        assert "o" not in shown and "y" not in shown and "n" in shown  # n: a new game here


async def test_a_wrong_move_is_refused_then_the_right_one_plays_and_the_reply_comes(store):
    app = puzzle_app(store, HEAP5)
    async with app.run_test(size=SIZE) as pilot:
        await at_puzzle(pilot)
        assert app.screen.state.heap == 5
        await pilot.press("2", "enter")  # takes 2: leaves 3, not a multiple of four
        await pilot.pause()
        assert "Not the winning move" in status(app)
        assert app.screen.state.heap == 5 and app.screen.match.failed  # nothing changed; the attempt is lost
        await pilot.press("1", "enter")  # the only winning take: 4 left
        await wait_for(pilot, lambda: app.screen.state.heap == 3, what="the opponent's reply, by itself")
        await at_puzzle(pilot)
        await pilot.press("3", "enter")
        await wait_for(pilot, lambda: "Solved, after help or a wrong move" in head(app), what="the end")
        assert not app.screen.match.solved  # solved after a wrong move: a failed first attempt
        await written(pilot, store, 1)
        mine = records(store).game(toygame.ID)
        assert mine.tried == 1 and mine.solved == 0 and mine.rating.rating < 1500


async def solve(pilot, *takes: int) -> None:
    """The puzzle's line by keys: each take of the player's, the replies coming by
    themselves (HEAP5: 1 then 3; HEAP2: 2)."""
    for take in takes:
        await at_puzzle(pilot)
        await pilot.press(str(take), "enter")
    await wait_for(pilot, lambda: "Solved" in head(pilot.app), what="Solved")


async def test_solved_first_time_raises_the_rating_once_and_replays(store):
    app = puzzle_app(store, HEAP5)
    async with app.run_test(size=SIZE) as pilot:
        await solve(pilot, 1, 3)
        await written(pilot, store, 1)
        assert "Solved" in status(app)
        mine = records(store).game(toygame.ID)
        assert (mine.tried, mine.solved, mine.streak) == (1, 1, 1) and mine.rating.rating > 1500
        assert records(store).puzzles[HEAP5].rating < 1700  # the puzzle's own rating moved down
        assert "Puzzle rating" in head(app)
        end = app.screen.replay_at
        await pilot.press("left")  # the line steps back, as a replay does
        assert app.screen.replay_at == end - 1 and app.screen.state.heap == 3
        await pilot.press("y")  # the line again from the start
        await wait_for(pilot, lambda: app.screen.replay_at == end, what="the replay to the end")
    # The same puzzle again: counted in the history, the rating unchanged.
    app = puzzle_app(store, HEAP5)
    async with app.run_test(size=SIZE) as pilot:
        await solve(pilot, 1, 3)
        await written(pilot, store, 2)
    got = records(store)
    assert got.game(toygame.ID).tried == 1 and got.game(toygame.ID).rating == mine.rating
    assert [a.first for a in got.history] == [True, False]


async def test_the_hint_shows_the_line_s_move_and_enter_plays_it(store):
    app = puzzle_app(store, HEAP5)
    async with app.run_test(size=SIZE) as pilot:
        await at_puzzle(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.pick == 1 and "Hint" in status(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen.state.heap == 3, what="the hinted move and the reply")
        assert app.screen.match.failed  # a hint: the first attempt counts as failed
        await written(pilot, store, 1)
        assert records(store).game(toygame.ID).solved == 0


async def test_show_the_solution_plays_the_line_out(store):
    app = puzzle_app(store, HEAP5)
    async with app.run_test(size=SIZE) as pilot:
        await at_puzzle(pilot)
        await pilot.press("o")
        await wait_for(pilot, lambda: "Line shown" in head(app), what="the line played out")
        assert app.screen.state.over and app.screen.state.heap == 0
        await written(pilot, store, 1)
        assert records(store).history[-1].solved is False


async def test_a_puzzle_has_no_undo_new_game_or_review(store):
    app = puzzle_app(store, HEAP5)
    async with app.run_test(size=SIZE) as pilot:
        await at_puzzle(pilot)
        screen = app.screen
        assert [screen.check_action(a, ()) for a in ("undo", "new_game", "review_game", "home")] == [False] * 4
        await pilot.press("u")
        await pilot.pause()
        assert screen.state.heap == 5 and app.screen is screen


async def test_next_puzzle_after_solving_is_another_one(store):
    app = puzzle_app(store, HEAP2)
    async with app.run_test(size=SIZE) as pilot:
        await solve(pilot, 2)
        await written(pilot, store, 1)
        await pilot.press("n")
        await wait_for(pilot, lambda: getattr(app.screen, "puzzle", None) is not None
                       and app.screen.puzzle.puzzle.id != HEAP2, what="the next puzzle")
        await pilot.press("q")
        await settle(pilot)
        from tui.screens.puzzles import PuzzlesScreen

        assert isinstance(app.screen, PuzzlesScreen)


def test_houses_puzzle_refuses_an_unknown_id_and_game(capsys):
    from tui import cli

    assert cli.main(["puzzle", "X-NOPE"]) == 2
    err = capsys.readouterr().err
    assert "There is no puzzle 'X-NOPE'" in err and len(err.strip().splitlines()) == 1
    assert cli.main(["puzzle", "--game", "chess"]) == 2
    assert "no puzzles for 'chess'" in capsys.readouterr().err


def test_houses_puzzle_takes_an_id_or_a_game(store):
    import argparse

    from tui.cli import puzzle_spec

    spec = puzzle_spec(argparse.Namespace(puzzle_id=HEAP2.lower(), game=None))
    assert spec.puzzle_id == HEAP2
    assert puzzle_spec(argparse.Namespace(puzzle_id=None, game="toy nim")).game_id == toygame.ID


def test_the_puzzle_of_the_day_is_the_same_for_everybody():
    from core.puzzles import daily

    assert daily(toygame.ID, TODAY) == daily(toygame.ID, TODAY)


async def test_statistics_show_the_puzzle_rating_streak_and_history(store):
    app = puzzle_app(store, HEAP2)
    async with app.run_test(size=SIZE) as pilot:
        await solve(pilot, 2)
        await written(pilot, store, 1)
        from tui.screens.stats import StatsScreen

        app.push_screen(StatsScreen())
        await settle(pilot)
        await wait_for(pilot, lambda: "Latest puzzles" in str(app.screen.query_one("#stats-detail").render()),
                       what="the puzzle lines")
        text = str(app.screen.query_one("#stats-detail").render())
        assert "Toy Nim puzzles: rating" in text and "solved 1/1, streak 1 (best 1)" in text
        assert HEAP2 in text and "solved" in text


def test_a_corrupt_record_file_is_kept_and_not_written_over(store):
    import saves

    path = records_file.path_of(store.root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{not json")
    got, problem = records_file.read(store.root)
    assert problem is not None and "kept as it is" in problem and got.history == []
    with pytest.raises(saves.SaveError):
        records_file.record(store.root, toygame.ID, HEAP2, 1400.0, True)
    assert path.read_bytes() == b"{not json"


def test_a_read_only_folder_is_a_save_error_in_words(store, monkeypatch):
    import saves

    def full(path, data):
        raise saves.SaveError(f"Could not save to {path}: disk full", path=path)

    monkeypatch.setattr(records_file, "atomic_write", full)
    with pytest.raises(saves.SaveError, match="disk full"):
        records_file.record(store.root, toygame.ID, HEAP2, 1400.0, True)


def test_only_the_first_attempt_moves_the_ratings():
    got = records_file.PuzzleRecords()
    first = records_file.count(got, toygame.ID, HEAP2, 1400.0, False)
    again = records_file.count(got, toygame.ID, HEAP2, 1400.0, True)
    assert first.first and first.change < 0 and not again.first and again.change == 0
    mine = got.game(toygame.ID)
    assert (mine.tried, mine.solved, mine.streak) == (1, 0, 0)
    assert got.puzzles[HEAP2].rating > 1400  # the puzzle beat the player: its rating rose
