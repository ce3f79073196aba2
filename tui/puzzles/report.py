"""What an attempt at a puzzle leaves behind: `attempt_finished`, called once per
attempt (the first wrong move, hint or solution shown, or the solve), records it in
the player's puzzle records (saves/puzzles.py) in the app's writer thread, so the
screen never waits for the disk. A host's leaderboards (issue 24, part 4) hang on
this same call: it is the one place an attempt's result passes through
(tui/tables/community.py `report_puzzle` sends it to the host)."""

from __future__ import annotations

from typing import Any, Callable

from core.puzzles import Puzzle


def attempt_finished(app: Any, puzzle: Puzzle, solved: bool, actions: list[Any], *, daily: bool = False,
                     done: Callable[[str], None] | None = None) -> None:
    """Count the attempt: the ratings move on the first attempt at `puzzle` only.
    `actions`: the line's actions played in it (for a host to check again); `done`
    is told the rating's change in words once it is written (on the app's thread)."""
    import saves
    from saves import puzzles as records_file

    from tui.tables.community import report_puzzle

    root = app.store.root
    day = app.today.isoformat() if daily else None
    # On a host the host counts it too, and its answer says the rating (`host_answered`).
    on_host = report_puzzle(app, puzzle, solved, actions, day, elapsed(app, puzzle),
                            lambda msg: host_answered(app, puzzle, msg, done))

    def record() -> None:
        try:
            attempt, mine = records_file.record(root, puzzle.game, puzzle.id, puzzle.rating, solved, day)
        except (saves.SaveError, OSError) as exc:  # play goes on; the player is told
            app.call_from_thread(app.notify, f"Puzzle not recorded: {exc}", severity="warning", timeout=8)
            return
        except Exception as exc:  # a fault: shown, never lost in the writer thread
            app.call_from_thread(app.notify, f"Puzzle not recorded (a fault): {exc!r}", severity="error", timeout=8)
            return
        if done is not None and not on_host:
            app.call_from_thread(done, rating_words(mine.rating.rating, attempt.change, attempt.first))

    app._saver.submit(record)


def rating_words(rating: float, change: float, first: bool) -> str:
    """"Puzzle rating 1604 (+104)"; a puzzle tried before moves nothing (kept short: the
    head line has the puzzle's id and state too, in 80 columns)."""
    return (f"Puzzle rating {rating:.0f} ({change:+.0f})" if first
            else f"Puzzle rating {rating:.0f} (tried before)")


def host_answered(app: Any, puzzle: Puzzle, msg: Any, done: Callable[[str], None] | None) -> None:
    """The host counted the attempt (a host.protocol PuzzleRated, on the app's thread):
    its rating becomes the player's records' (saves.puzzles.adopt), then `done` is
    told; kept (its database away): said so, and told again once it is counted."""
    import saves
    from core.puzzles import Rating
    from saves import puzzles as records_file

    if msg.kept:
        if done is not None:
            done("Rating: counted when the host's database is back")
        return
    root = app.store.root

    def adopt() -> None:
        try:
            records_file.adopt(root, puzzle.game, Rating(msg.rating, msg.rd, msg.volatility))
        except (saves.SaveError, OSError) as exc:
            app.call_from_thread(app.notify, f"Puzzle rating not recorded: {exc}", severity="warning", timeout=8)
        if done is not None:
            today = f", today {msg.place}/{msg.players}" if msg.place else ""  # the puzzle of the day's board
            app.call_from_thread(done, rating_words(msg.rating, msg.change, msg.first) + today)

    app._saver.submit(adopt)


def elapsed(app: Any, puzzle: Puzzle) -> float:
    """Seconds since the puzzle on screen was opened (its PuzzleMatch), 0 if unknown."""
    import time

    match = getattr(app.screen, "match", None)
    started = getattr(match, "started", None)
    if getattr(match, "puzzle", None) is not puzzle or started is None:
        return 0.0
    return max(0.0, time.monotonic() - started)
