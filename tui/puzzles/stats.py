"""The puzzle lines of the statistics screen: per game the puzzle rating, streaks and
solved/tried, then the latest attempts (id, game, solved, rating change)."""

from __future__ import annotations

from typing import Any, Callable

SHOWN = 5  # latest attempts listed


def puzzle_lines(records: Any, problem: str | None) -> list[str]:
    from core import GAMES
    from saves.puzzles import describe, rating_words
    from tui.puzzles.catalogue import games_with_puzzles

    lines = []
    for gid in games_with_puzzles():
        mine = records.game(gid)
        lines.append(f"{GAMES.info(gid).title} puzzles: rating {rating_words(mine)}, solved {mine.solved}/"
                     f"{mine.tried}, streak {mine.streak} (best {mine.best_streak})")
    titles = {gid: GAMES.info(gid).title for gid in GAMES}
    latest = records.history[-SHOWN:][::-1]
    if latest:
        lines.append("Latest puzzles:")
        lines += ["  " + describe(a, titles.get(a.game, a.game)) for a in latest]
    if problem:
        lines.append(problem)
    return lines


def read_puzzle_lines(app: Any, show: Callable[[list[str]], None]) -> None:
    """Read the records in the app's writer thread, then `show` their lines."""
    from saves import puzzles as records_file
    from tui.puzzles.catalogue import any_puzzles

    if not any_puzzles():
        return
    root = app.store.root

    def read() -> None:
        records, problem = records_file.read(root)
        app.call_from_thread(show, puzzle_lines(records, problem))

    app._saver.submit(read)
