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
    """No cycle among the imports that run; an `if TYPE_CHECKING:` import (a helper
    module naming the state class it is given, e.g. core/house_rules/rules.py) only
    feeds the type checker."""
    cycle = cycle_in(import_graph(python_files("core"), typing_imports=False))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_an_import_cycle_is_found_unless_one_side_is_for_the_type_checker_only(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "state.py").write_text("from pkg.rules import legal\n")
    (pkg / "rules.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from pkg.state import State\n")
    files = python_files("pkg", root=tmp_path)
    assert cycle_in(import_graph(files, tmp_path, typing_imports=False)) is None
    assert cycle_in(import_graph(files, tmp_path)) is not None
    # a lazy import inside a function runs: it is a cycle either way
    (pkg / "rules.py").write_text("def legal(s):\n    from pkg.state import State\n")
    assert cycle_in(import_graph(python_files("pkg", root=tmp_path), tmp_path, typing_imports=False)) is not None


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


def test_a_game_state_is_one_class_not_mixins_split_across_files():
    """Issue 23: each game's State subclass has core.engine.State as its only base
    (no mixin classes sharing undeclared attributes from other files), and no class
    in core is named or built as a mixin; its helpers are functions taking the state."""
    from core import GAMES
    from core.engine import State

    for game_id in GAMES:
        cls = type(GAMES[game_id].new(min(GAMES[game_id].seats), 1))
        assert cls.__bases__ == (State,), f"{game_id}: {cls.__name__} has bases {cls.__bases__}"
    mixins = [f"{path.relative_to(CORE)}:{node.lineno} {node.name}"
              for path in CORE.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
              if isinstance(node, ast.ClassDef) and node.name.endswith("Mixin")]
    assert mixins == []

