"""The layout of tui/ and saves/ (issue 14): no import cycle between their modules,
and (issue 23) no file over 700 lines in any layer. Imports are read with ast, those inside functions too
(a lazy import still ties two modules together). core/ has its own test
(tests/core/test_layout.py), the host its own (tests/host/); the checks they share are
tests/support/layout_check.py."""

from __future__ import annotations

from layout_check import MAX_LINES, ROOT, classes_made_at_run_time, cycle_in, import_graph, long_files, python_files


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


LAYERS = ("core", "saves", "host", "tui")


def test_no_file_over_700_lines_in_any_layer():
    """Issue 23 item 4: the cap holds in every layer again (it had been dropped for
    tui/ and saves/), met by splitting a file where its parts do different things."""
    files = python_files(*LAYERS)
    assert {p.parts[len(ROOT.parts)] for p in files} == set(LAYERS)  # every layer was read
    long = long_files(files)
    assert not long, f"files over {MAX_LINES} lines: {long}"


def test_the_import_graph_reads_tui_and_saves():
    graph = import_graph(files())
    assert "tui.games.skirmish.targets" in graph["tui.games.skirmish.screen"]  # from a import b
    assert "saves.game" in graph["saves.match"]
    assert "saves.match" in graph["saves"]  # a package's __init__


def test_no_import_cycle_in_tui_or_saves():
    # An import for the type checker only (`if TYPE_CHECKING:`, e.g. tui/app_typed.py
    # naming HousesApp) never runs, so it makes no cycle (as in core's test).
    cycle = cycle_in(import_graph(files(), typing_imports=False))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_class_check_sees_a_class_made_with_type(tmp_path):
    made = tmp_path / "made.py"
    made.write_text("Made = type('Made', (object,), {})\nkind = type(made)\n")
    assert classes_made_at_run_time([made], tmp_path) == ["made.py:1"]


def test_no_class_is_built_at_run_time():
    """Issue 14: a screen is given what it shows (a match, a review), never mixed
    into a class made at run time with type(name, bases, namespace)."""
    assert classes_made_at_run_time(python_files("core", "saves", "host", "tui")) == []
