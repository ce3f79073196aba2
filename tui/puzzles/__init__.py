"""The puzzle trainer (docs/architecture.md, "Puzzles"): the puzzles screen, a puzzle
played on its game's own screen (play.py, match.py), and what an attempt leaves
behind (report.py). Generic: it asks each game's registry entry (`puzzles=True`),
its PuzzleKit and the Game protocol, never a game by name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.puzzles import Puzzle


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
    """Play `puzzle` on its game's screen (tui/puzzles/play.py)."""
    from tui.puzzles.play import open_puzzle as open_it

    open_it(app, puzzle, daily, replace)


def open_next(app: Any, game_id: str, replace: Any = None) -> None:
    """The game's next puzzle near the player's rating (tui/puzzles/play.py)."""
    from tui.puzzles.play import open_next as open_it

    open_it(app, game_id, replace)
