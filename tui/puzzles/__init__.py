"""The puzzle trainer (docs/architecture.md, "Puzzles"): the puzzles screen, a puzzle
played on its game's own screen (play.py, match.py), and what an attempt leaves
behind (report.py). Generic: it asks each game's registry entry (`puzzles=True`),
its PuzzleKit and the Game protocol, never a game by name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.puzzles import Puzzle


def warm_up(app: Any, game_ids: list[str]) -> None:
    """Ready each game to open a puzzle at once (a worker thread of the puzzles
    screen, while the player reads the menu): its rules, its puzzle kit, its shipped
    puzzles decoded, its screen's module and the trainer's; then, on the app's
    thread, the screen's style sheet read. Opening then pays mostly for drawing the
    screen (docs/performance.md, "Opening a puzzle")."""
    from core import GAMES
    from core.puzzles import load
    from tui.games import screen_class

    import tui.puzzles.play  # noqa: F401  (the trainer itself)

    classes: list[Any] = []
    for gid in game_ids:
        GAMES[gid].puzzle_kit()
        load(gid)
        classes.append(screen_class(gid))
    app.call_from_thread(read_styles, app, classes)


def read_styles(app: Any, classes: list[Any]) -> None:
    """The CSS files of these screen classes (CSS_PATH) read into the app's style
    sheet now, as Textual reads them the first time such a screen is shown (the
    same file names: a file read here is not read again then)."""
    import inspect
    from pathlib import Path

    sheet = app.stylesheet
    fresh = False
    for cls in classes:
        names = cls.CSS_PATH if isinstance(cls.CSS_PATH, list) else [cls.CSS_PATH] if cls.CSS_PATH else []
        for name in names:
            path = (Path(inspect.getfile(cls)).parent / name).resolve()
            if not sheet.has_source(str(path), ""):
                sheet.read(path)
                fresh = True
    if fresh:
        sheet.reparse()
        sheet.update(app)


def open_puzzle(app: Any, puzzle: Puzzle, daily: bool = False, replace: Any = None) -> None:
    """Play `puzzle` on its game's screen (tui/puzzles/play.py)."""
    from tui.puzzles.play import open_puzzle as open_it

    open_it(app, puzzle, daily, replace)


def open_next(app: Any, game_id: str, replace: Any = None) -> None:
    """The game's next puzzle near the player's rating (tui/puzzles/play.py)."""
    from tui.puzzles.play import open_next as open_it

    open_it(app, game_id, replace)
