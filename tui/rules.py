"""The rules texts, for `houses rules GAME` and the in-game help.

docs/rules/<id>.md is the one copy people edit; the package ships it as
tui/rules_text/<id>.md (a symlink in the checkout, the real text in a wheel), and the
app reads it from there with importlib.resources, so an installed copy has its rules.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path

# The source texts in a checkout (for tests and tools that edit them, never for the app).
RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"

# What the docs say for developers, not players: the test that pins each ruling (a
# code span naming a test file or test), the sentence saying rulings name their
# tests, and references into the designers' rulings file.
_TEST_REF = r"`[^`\n]*(?:\.py|::)[^`\n]*`"
_TEST_NAMES = rf"(?:{_TEST_REF}|`test_\w*`)"  # in a list of tests, a bare test name too
_FOR_DEVELOPERS = [
    re.compile(rf"(?:\n[ \t]*|[ \t]+)?\bTests?(?:\s*\({_TEST_REF}\))?:(?:\s*{_TEST_NAMES}[.,;]?(?:\s*and\b)?)+"),
    re.compile(r"[ \t]*\bEach\s+ruling\s+names\s+the\s+test\b[^.]*\."),
    re.compile(r"[ \t]*\bTests\s+are\s+in\s+`[^`]*`[^.]*\."),
    re.compile(r"[ \t]*\((?:each\s+)?tests?\s+(?:is\s+|are\s+)?in\s+`tests/[^`]*`\)"),
    # the designers' rulings file, by name: gone where it is only cited, "our ruling"
    # where the sentence needs a subject
    re.compile(r"[ \t]*\(rulings\.md(?:\s+section)?\s+\d+\)"),
    # the engine's names for how a refused move is checked: words for developers
    re.compile(r"\s*\(`check`\s+agrees\s+with\s+`legal_actions`[^)]*\)"),
]


def _our_ruling(text: str, at: int) -> str:
    """"our ruling", capitalised where it starts a sentence."""
    before = text[:at].rstrip().rstrip('"\u201d')
    return "Our ruling" if not before or before[-1] in ".!?\n" else "our ruling"


def for_players(text: str) -> str:
    """The rules as a player reads them (the app's rules screen, `houses rules`):
    docs/rules/<id>.md without its references to tests and to rulings.md, which
    stay in the repository's copy for the people who keep the rules."""
    for pattern in _FOR_DEVELOPERS:
        text = pattern.sub("", text)
    text = re.sub(r"\(rulings\.md(?:\s+section)?\s+\d+;\s*", "(", text)
    text = re.sub(r"\brulings\.md(?:\s+section)?\s+\d+", lambda m: _our_ruling(text, m.start()), text)
    text = re.sub(r"[ \t]+\n", "\n", text)  # what a removal left at a line's end
    return re.sub(r"\n{3,}", "\n\n", text)


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
    """The rules for a screen, as a player reads them, or a page saying they are missing."""
    try:
        return for_players(read_rules(game_id))
    except RulesMissing as exc:
        return f"# Rules\n\nSorry: {exc}. Reinstall Houses to get them back.\n"
