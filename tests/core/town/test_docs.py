"""docs/rules/town.md names every rule and ruling test, and only tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "rules" / "town.md"


def _tests_here() -> dict[str, set[str]]:
    out = {}
    for f in HERE.glob("test_*.py"):
        out[f.name] = set(re.findall(r"^def (test_\w+)", f.read_text(), re.M))
    return out


def test_docs_name_existing_tests_and_every_rule_test():
    text = DOC.read_text(encoding="utf-8")
    named = re.findall(r"tests/core/town/(test_\w+\.py)::(test_\w+)", text)
    assert named
    here = _tests_here()
    for fname, test in named:
        assert test in here.get(fname, set()), f"{fname}::{test} is named in town.md but missing"
    named_set = {t for _, t in named}
    for fname, tests in here.items():
        for t in tests:
            if t.startswith(("test_rule_", "test_ruling_")):
                assert t in named_set, f"{t} is not named in docs/rules/town.md"
    assert len(text.splitlines()) < 260


def test_docs_level_table_matches_the_code():
    from core.town.words import LEVELS

    text = DOC.read_text(encoding="utf-8")
    for i, (low, name) in enumerate(LEVELS):
        high = LEVELS[i + 1][0] - 1 if i + 1 < len(LEVELS) else 49
        cell = f"{max(low, 1)} - {high}" if high != low else f"{low}"
        assert re.search(rf"\|\s*{re.escape(cell)}\s*\|\s*{re.escape(name)}\s*\|", text), (cell, name)
