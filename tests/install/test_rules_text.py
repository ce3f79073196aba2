"""The rules texts ship inside the package and `houses rules` says what went wrong."""

from __future__ import annotations

import re

import pytest

from tui import cli, rules
from tui.games import playable
from tui.rules import RULES_DIR, read_rules


def test_packaged_rules_equal_docs_rules():
    """tui/rules_text/<id>.md, read as the app reads it, is docs/rules/<id>.md."""
    shipped = {p.name for p in rules.resources.files("tui.rules_text").iterdir() if p.name.endswith(".md")}
    assert shipped == {p.name for p in RULES_DIR.glob("*.md")}
    for game_id in playable():
        assert read_rules(game_id) == (RULES_DIR / f"{game_id}.md").read_text(encoding="utf-8")


def test_rules_of_every_game_print_its_text_as_players_read_it(capsys):
    for game_id in playable():
        assert cli.main(["rules", game_id]) == 0
        docs = (RULES_DIR / f"{game_id}.md").read_text(encoding="utf-8")
        assert capsys.readouterr().out == rules.for_players(docs)


TEST_REFERENCES = re.compile(r"Tests?: `|tests/|\.py::|rulings\.md|names the test|legal_actions")


def headings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("#")]


@pytest.mark.parametrize("game_id", playable())
def test_rules_players_read_keep_every_heading_and_rule_but_no_test_reference(game_id):
    docs = (RULES_DIR / f"{game_id}.md").read_text(encoding="utf-8")
    assert TEST_REFERENCES.search(docs)  # the repository's copy keeps them
    shown = rules.for_players(docs)
    assert not TEST_REFERENCES.search(shown), TEST_REFERENCES.search(shown)
    assert headings(shown) == headings(docs)
    # the words of the rules stay: every line of the docs without a test reference is shown
    for line in docs.splitlines():
        if line.strip() and not re.search(r"`|Test|rulings\.md|\bEach\b|^\s*the test|altered ones|^choice\)", line):
            assert line in shown, line


def test_rules_of_an_unknown_game_is_an_error_naming_the_games(capsys):
    assert cli.main(["rules", "no-such-game"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "no game called 'no-such-game'" in err
    for game_id in playable():
        assert game_id in err


def test_a_missing_rules_file_is_an_error_on_the_command_line_and_a_page_in_the_app(
        capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(rules.resources, "files", lambda package: tmp_path)
    read_rules.cache_clear()
    try:
        assert cli.main(["rules", "dash"]) == 1
        out, err = capsys.readouterr()
        assert out == "" and "missing from this installation" in err
        assert "missing from this installation" in rules.rules_text("dash")
    finally:
        read_rules.cache_clear()
