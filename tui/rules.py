"""The rules texts, for `houses rules GAME` and the in-game help.

docs/rules/<id>.md is the one copy people edit; the package ships it as
tui/rules_text/<id>.md (a symlink in the checkout, the real text in a wheel), and the
app reads it from there with importlib.resources, so an installed copy has its rules.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

# The source texts in a checkout (for tests and tools that edit them, never for the app).
RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"

class RulesMissing(Exception):
    """A game's rules text is not in this installation (a broken install)."""


@cache
def read_rules(game_id: str) -> str:
    """The rules of one game as Markdown; RulesMissing if the package lacks them."""
    resource = resources.files("tui.rules_text").joinpath(f"{game_id}.md")
    try:
        return resource.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesMissing(f"the rules of {game_id!r} are missing from this installation "
                           f"({resource}: {exc.strerror if isinstance(exc, OSError) else exc})") from None


def rules_text(game_id: str) -> str:
    """The rules for a screen: the text, or a page saying it is missing."""
    try:
        return read_rules(game_id)
    except RulesMissing as exc:
        return f"# Rules\n\nSorry: {exc}. Reinstall Houses to get them back.\n"
