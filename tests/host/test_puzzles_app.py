"""Issue 24, part 4 in the app (no SSH: the app talks to a table host in its own event
loop, as test_community_screens.py does): the puzzle of the day solved with the keys
reaches the host's database (tui/puzzles/report.py -> tui/tables/community.py ->
host/puzzles.py), the host's rating becomes the app's, and the attempt shows on the
leaderboards screen's puzzle boards."""

from __future__ import annotations

import pytest

import toygame
from core.puzzles import daily

from test_table_screens import SIZE, tables  # noqa: F401  (the fixture)
from tui_support import make_app, store, wait_for  # noqa: F401  (the fixture)


@pytest.fixture(autouse=True)
def toy():
    with toygame.registered():
        yield


async def test_the_puzzle_of_the_day_solved_in_the_app_lands_on_the_hosts_boards(store, tables, monkeypatch):
    from tui.puzzles import open_puzzle
    from tui.puzzles.match import SOLVING
    from tui.tables.community import LeaderboardsScreen

    await tables.start()
    try:
        app = make_app(store)
        monkeypatch.setattr(tables, "today", lambda: app.today)
        puzzle = daily(toygame.ID, app.today)
        day = app.today.isoformat()
        async with app.run_test(size=SIZE) as pilot:
            open_puzzle(app, puzzle, daily=True)
            for step, take in enumerate(puzzle.solution):
                if step % 2:
                    continue  # the opponent's reply plays by itself
                await wait_for(pilot, lambda: getattr(getattr(app.screen, "match", None), "phase", None) == SOLVING
                               and app.screen.match.solver_to_move() and len(app.screen.match.played) == step,
                               10, f"the player to move at step {step}")
                await pilot.press(str(take["count"]), "enter")
            await wait_for(pilot, lambda: tables.storage.daily_puzzle_results(toygame.ID, day), 10,
                           "the attempt in the host's database")
            [result] = tables.storage.daily_puzzle_results(toygame.ID, day)
            assert (result.player, result.puzzle, result.solved, result.tries) == ("alice", puzzle.id, True, 1)
            assert 0 < result.seconds < 60  # the app's clock, from the puzzle's opening
            on_host = tables.storage.puzzle_rating(toygame.ID, "alice")
            assert on_host.rating > 1500
            # The host's rating is the player's: the app's records take it, the head line says it.
            from saves import puzzles as records_file

            app.flush_saves()
            await wait_for(pilot, lambda: records_file.read(store.root)[0].game(toygame.ID).rating.rd == on_host.rd,
                           10, "the host's rating in the app's records")
            mine = records_file.read(store.root)[0].game(toygame.ID)
            assert (mine.rating.rating, mine.tried, mine.solved) == (on_host.rating, 1, 1)
            await wait_for(pilot, lambda: f"Puzzle rating {on_host.rating:.0f} (+" in
                           str(app.screen.query_one("#puzzle-head").render()), 10, "the rating in the head line")
            assert ", today 1/1" in str(app.screen.query_one("#puzzle-head").render())  # the day's board
            await app.push_screen(LeaderboardsScreen(f"puzzle-day:{toygame.ID}"))
            screen = app.screen
            board = screen.query_one("#board")
            await wait_for(pilot, lambda: board.row_count == 1, 10, "the day's puzzle board")
            row = [str(c) for c in board.get_row_at(0)]
            assert row[:5] == ["*", "1", "alice", "yes", "1"]
            note = str(screen.query_one("#board-note").render())
            assert f"Puzzle of the day {day}: {puzzle.id}" in note and "Days solved in a row: 1" in note
            await pilot.press("left")  # the game's puzzle ratings, just before
            await wait_for(pilot, lambda: "after 1 puzzle." in str(screen.query_one("#board-note").render()), 10,
                           "the puzzle ratings board")
            row = [str(c) for c in board.get_row_at(0)]
            assert row[2] == "alice" and row[3].endswith("?") and int(row[3][:-1]) > 1500  # provisional
            assert "[Toy Nim puzzles]" in str(screen.query_one("#boards").render())
    finally:
        await tables.stop()


def test_the_tables_client_hands_the_hosts_answer_to_the_attempt_kept_first_then_counted():
    """A kept attempt is answered twice (kept, then counted once the database is back):
    the attempt's screen hears both, then nothing more; another key is nobody's."""
    from types import SimpleNamespace

    from host import protocol as p
    from tui.tables.client import TableClient

    notes: list[str] = []
    app = SimpleNamespace(notify=lambda text, **_: notes.append(text))
    client = TableClient(app, "/nowhere", "token", show_tables=lambda rows: None, seat_screen=lambda c, m: None)
    heard: list[p.PuzzleRated] = []
    client.puzzle_answers["k1"] = heard.append
    kept = p.PuzzleRated(game=toygame.ID, puzzle="N-X", attempt="k1", kept=True)
    counted = p.PuzzleRated(game=toygame.ID, puzzle="N-X", attempt="k1", first=True, rating=1600, rd=280,
                            volatility=0.06, change=100)
    for msg in (kept, counted, counted, p.PuzzleRated(game=toygame.ID, puzzle="N-X", attempt="other")):
        client.dispatch(msg)
    assert heard == [kept, counted] and client.puzzle_answers == {} and notes == []
