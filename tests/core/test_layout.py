"""The layout of core/ (issue 14): no import cycle between its modules and no
file over 700 lines. Imports are read with ast, those inside functions too (a
lazy import still ties two modules together); the checks are tests/support/layout_check.py."""

from __future__ import annotations

import ast

from layout_check import MAX_LINES, ROOT, cycle_in, import_graph, long_files, python_files

CORE = ROOT / "core"


def test_the_import_graph_reads_core():
    graph = import_graph(python_files("core"))
    assert "core.ai.alphabeta" in graph["core.house_rules.bots"]  # from core.ai.alphabeta import ...
    assert "core.dash.state" in graph["core.dash"]  # a package's __init__


def test_no_import_cycle_inside_core():
    cycle = cycle_in(import_graph(python_files("core")))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_no_core_file_over_700_lines():
    long = long_files(python_files("core"))
    assert not long, f"files over {MAX_LINES} lines: {long}"


def test_no_class_is_changed_or_built_at_run_time_in_core():
    """Search hooks (core.ai.ismcts `actions`, `root_actions`) instead of class
    swapping: nothing in core assigns `__class__` or calls type() with three
    arguments."""
    offenders = []
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == "__class__" and isinstance(node.ctx, ast.Store):
                offenders.append(f"{path.name}:{node.lineno} assigns __class__")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"
                    and len(node.args) == 3):
                offenders.append(f"{path.name}:{node.lineno} builds a class")
    assert offenders == []
