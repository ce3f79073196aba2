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
    report_puzzle(app, puzzle, solved, actions, day, elapsed(app, puzzle))  # on a host only

    def record() -> None:
        try:
            attempt, mine = records_file.record(root, puzzle.game, puzzle.id, puzzle.rating, solved, day)
        except (saves.SaveError, OSError) as exc:  # play goes on; the player is told
            app.call_from_thread(app.notify, f"Puzzle not recorded: {exc}", severity="warning", timeout=8)
            return
        except Exception as exc:  # a fault: shown, never lost in the writer thread
            app.call_from_thread(app.notify, f"Puzzle not recorded (a fault): {exc!r}", severity="error", timeout=8)
            return
        rating = f"{mine.rating.rating:.0f}"
        words = (f"Puzzle rating {rating} ({attempt.change:+.0f})" if attempt.first
                 else f"Puzzle rating {rating} (tried before: unchanged)")
        if done is not None:
            app.call_from_thread(done, words)

    app._saver.submit(record)


def elapsed(app: Any, puzzle: Puzzle) -> float:
    """Seconds since the puzzle on screen was opened (its PuzzleMatch), 0 if unknown."""
    import time

    match = getattr(app.screen, "match", None)
    started = getattr(match, "started", None)
    if getattr(match, "puzzle", None) is not puzzle or started is None:
        return 0.0
    return max(0.0, time.monotonic() - started)
