"""The layout checks shared by the layer tests (issue 14): which modules a file
imports, the import graph of a set of files, an import cycle in it, and the files
over MAX_LINES lines. Imports are read with ast, those inside functions too (a lazy
import still ties two modules together); with `typing_imports=False`, not those under
`if TYPE_CHECKING:` (they name a type for the checker and never run, so a helper
module may annotate with the state class that calls it without a cycle at run time). Used by tests/core/test_layout.py,
tests/host/test_host_layout.py and tests/tui/test_layout.py (pyproject puts
tests/support on the path)."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 700


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def python_files(*packages: str, root: Path = ROOT) -> list[Path]:
    """Every .py file under these folders of `root` (e.g. "core", "tui/tables")."""
    return sorted(p for pkg in packages for p in (root / pkg).rglob("*.py"))


def _type_checking_only(tree: ast.AST) -> set[ast.AST]:
    """The import nodes inside an `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`) block."""
    out: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
            if name == "TYPE_CHECKING":
                for stmt in node.body:
                    out.update(n for n in ast.walk(stmt) if isinstance(n, (ast.Import, ast.ImportFrom)))
    return out


def imports_of(path: Path, root: Path = ROOT, modules: set[str] | None = None,
               typing_imports: bool = True) -> set[str]:
    """The modules `path` imports, by absolute name. `from a import b`: a.b when b is
    one of `modules`, else a; with no `modules` given, both (b may be a module).
    `typing_imports=False` leaves out the imports under `if TYPE_CHECKING:`."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if typing_imports else _type_checking_only(tree)
    for node in ast.walk(tree):
        if node in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from . import x
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for a in node.names:
                whole = f"{base}.{a.name}"
                if modules is None:
                    found.update((base, whole))
                else:
                    found.add(whole if whole in modules else base)
    return found


def import_graph(paths: list[Path], root: Path = ROOT, typing_imports: bool = True) -> dict[str, set[str]]:
    """Each module -> the modules among `paths` it imports (`typing_imports`: see imports_of)."""
    names = {module_name(p, root) for p in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        name = module_name(path, root)
        graph[name] = {m for m in imports_of(path, root, names, typing_imports) if m in names and m != name}
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        return exc.args[1]
    return None


def long_files(paths: list[Path], root: Path = ROOT) -> dict[str, int]:
    """The files over MAX_LINES lines, by path under `root`, with their length."""
    return {str(p.relative_to(root)): n for p in paths
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}


def classes_made_at_run_time(paths: list[Path], root: Path = ROOT) -> list[str]:
    """Where `type(name, bases, namespace)` builds a class at run time ("path:line")."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"
                    and len(node.args) + len(node.keywords) == 3):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found
