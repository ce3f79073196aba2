"""The layout of tui/ and saves/ (issue 14): no file over 700 lines and no import
cycle between their modules. Imports are read with ast, those inside functions too
(a lazy import still ties two modules together). core/ has its own test
(tests/core/test_layout.py), the host its own (tests/host/); the checks they share are
tests/support/layout_check.py."""

from __future__ import annotations

from layout_check import MAX_LINES, classes_made_at_run_time, cycle_in, import_graph, long_files, python_files


def files():
    return python_files("tui", "saves")


def test_the_layout_checks_see_a_cycle_and_a_long_file(tmp_path):
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) is not None
    assert cycle_in({"a": {"b"}, "b": set()}) is None
    long = tmp_path / "long.py"
    long.write_text("x = 1\n" * (MAX_LINES + 1))
    short = tmp_path / "short.py"
    short.write_text("x = 1\n" * MAX_LINES)
    assert long_files([long, short], tmp_path) == {"long.py": MAX_LINES + 1}


def test_the_import_graph_reads_tui_and_saves():
    graph = import_graph(files())
    assert "tui.games.skirmish.targets" in graph["tui.games.skirmish.screen"]  # from a import b
    assert "saves.game" in graph["saves.match"]
    assert "saves.match" in graph["saves"]  # a package's __init__


def test_no_import_cycle_in_tui_or_saves():
    cycle = cycle_in(import_graph(files()))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_class_check_sees_a_class_made_with_type(tmp_path):
    made = tmp_path / "made.py"
    made.write_text("Made = type('Made', (object,), {})\nkind = type(made)\n")
    assert classes_made_at_run_time([made], tmp_path) == ["made.py:1"]


def test_no_class_is_built_at_run_time():
    """Issue 14: a screen is given what it shows (a match, a review), never mixed
    into a class made at run time with type(name, bases, namespace)."""
    assert classes_made_at_run_time(python_files("core", "saves", "host", "tui")) == []
