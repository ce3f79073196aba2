"""Which games offer puzzles, asked without importing any game or the trainer (a leaf
module: the home menu, the statistics and the host's boards ask it, and the
trainer's report reaches the boards, so it must import nothing of the trainer)."""

from __future__ import annotations


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
