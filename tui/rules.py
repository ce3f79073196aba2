"""The rules texts: docs/rules/<id>.md is the one source for `houses rules GAME` and
the in-game help."""

from __future__ import annotations

from functools import cache
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"

KEYS = """\
## Keys

| Keys | What they do |
| --- | --- |
| arrows, hjkl, wasd | move the cursor |
| enter, space | choose |
| escape | back out of a half-made move |
| tab, shift+tab | next / previous zone (hand, board, ...) |
| u, ctrl+z / ctrl+r | undo / redo, where the game allows it |
| ? | rules and keys |
| n | new game |
| q | back home (the game is already saved) |
| ctrl+p | command palette (themes, saves, statistics, ...) |
| ctrl+q | quit |
"""


@cache
def rules_text(game_id: str) -> str:
    path = RULES_DIR / f"{game_id}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# Rules\n\nThe rules file {path} is missing from this installation.\n"
