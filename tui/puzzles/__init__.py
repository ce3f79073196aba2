"""The puzzle trainer (docs/architecture.md, "Puzzles"): the puzzles screen, a puzzle
played on its game's own screen (play.py, match.py), and what an attempt leaves
behind (report.py). Generic: it asks each game's registry entry (`puzzles=True`),
its PuzzleKit and the Game protocol, never a game by name."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.puzzles import Puzzle
    from tui.start import OpenPuzzle


def games_with_puzzles() -> list[str]:
    """The playable games that ship puzzles, in menu order (no game is imported)."""
    from core import GAMES
    from core.puzzles import load
    from tui.games import playable

    return [gid for gid in playable() if GAMES.info(gid).puzzles and load(gid)]


def any_puzzles() -> bool:
    """Whether some game has puzzles (the home menu offers them only then)."""
    from core import GAMES
    from tui.games import playable

    return any(GAMES.info(gid).puzzles for gid in playable())


def open_puzzle(app: Any, puzzle: Puzzle, daily: bool = False, replace: Any = None) -> None:
    """Play `puzzle` on its game's screen; `replace`: the puzzle screen it takes the place of."""
    from tui.games import screen_class
    from tui.puzzles.play import puzzle_screen_class

    if app.stopping:
        return
    try:
        screen = puzzle_screen_class(screen_class(puzzle.game))(puzzle, daily)
    except (ValueError, TypeError, KeyError) as exc:  # a puzzle its game cannot start from
        app.notify(f"Puzzle {puzzle.id} cannot be opened: {exc}", title="Could not open", severity="error")
        return
    if replace is not None and app.screen is replace:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)


def open_next(app: Any, game_id: str, replace: Any = None) -> None:
    """The next puzzle of the game: one not tried yet, near the player's rating. The
    records are read in the app's writer thread (after any attempt still being
    written), then the puzzle opens."""
    from core.puzzles import pick
    from saves import puzzles as records_file

    root = app.store.root

    def choose() -> None:
        records, _ = records_file.read(root)
        rating = records.game(game_id).rating.rating
        puzzle = pick(game_id, rating, records.seen(game_id), random.Random(), records.current())
        if puzzle is None:
            app.call_from_thread(app.notify, "No puzzles for this game.", severity="warning")
        else:
            app.call_from_thread(open_puzzle, app, puzzle, False, replace)

    app._saver.submit(choose)


def open_start(app: Any, start: OpenPuzzle) -> None:
    """`houses puzzle [ID | --game G]` (checked by tui/cli.py): the puzzles screen,
    with the puzzle opened over it, or the game's next puzzle."""
    from core.puzzles import by_id
    from tui.screens.puzzles import PuzzlesScreen

    app.push_screen(PuzzlesScreen())
    puzzle = by_id(start.puzzle_id) if start.puzzle_id else None
    if puzzle is not None:
        open_puzzle(app, puzzle)
    elif start.game_id:
        open_next(app, start.game_id)


def leave(app: Any, screen: Any) -> None:
    """q on a puzzle: back where it was opened from (the puzzles screen, home)."""
    if app.screen is screen and len(app.screen_stack) > 1:
        app.pop_screen()
    from tui.screens.home import HomeScreen

    if isinstance(app.screen, HomeScreen):
        app.screen.refresh_entries()
