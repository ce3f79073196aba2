"""The host as its own layer (issue 14): host/ never imports Textual, `houses serve`
does not load it in the host process, and neither host/ nor the app's side of the
tables (tui/tables/) has an import cycle or a file over 700 lines. Imports are read
with ast, those inside functions too (a lazy import still ties two modules)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from layout_check import MAX_LINES, ROOT, cycle_in, import_graph, imports_of, long_files, module_name, python_files

PACKAGES = ("host", "tui/tables")
UI = ("textual", "rich")


def files():
    return python_files(*PACKAGES)


def test_no_import_cycle_in_host_or_the_tables_client_and_screens():
    graph = import_graph(files())
    assert "tui.tables.client" in graph["tui.tables.screens"]  # the screens use the client...
    assert cycle_in(graph) is None  # ...and nothing leads back


def test_no_file_over_700_lines_in_host_or_tui_tables():
    long = long_files(files())
    assert not long, f"files over {MAX_LINES} lines: {long}"


def test_host_source_never_imports_textual_or_the_app():
    """The app is what the host starts as a child process (`python -m houses`): no
    piece of tui is imported by the host (tests/test_layers.py checks every layer)."""
    offenders = [f"{p.relative_to(ROOT)}: {m}" for p in (ROOT / "host").rglob("*.py") for m in imports_of(p)
                 if m.split(".")[0] in (*UI, "tui")]
    assert offenders == []


def loaded_ui(code: str) -> list[str]:
    check = "\nimport sys\nprint('UI:' + ','.join(sorted(m for m in sys.modules if m.split('.')[0] in %r)))\n" % (UI,)
    out = subprocess.run([sys.executable, "-c", code + check], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0 and out.stdout.strip().splitlines()[-1].startswith("UI:"), out.stderr
    return [m for m in out.stdout.strip().splitlines()[-1].removeprefix("UI:").split(",") if m]


def test_importing_every_host_module_loads_no_textual():
    names = sorted(module_name(p) for p in (ROOT / "host").rglob("*.py"))
    assert "host.ssh" in names and "host.web" in names and "host.protocol" in names
    assert loaded_ui("import " + ", ".join(names)) == []


@pytest.mark.parametrize("kind", ["ssh", "web"])
def test_houses_serve_loads_no_textual_in_the_host_process(kind, tmp_path):
    """`houses serve ssh|web` up to the moment the server would start."""
    module, runner = {"ssh": ("host.ssh", "run"), "web": ("host.web", "run_web")}[kind]
    code = (f"import {module}, houses.cli\n"
            f"{module}.{runner} = lambda *a, **k: 0\n"
            f"assert houses.cli.main(['serve', {kind!r}]) == 0\n")
    assert loaded_ui(f"import os; os.environ['HOUSES_HOME'] = {str(tmp_path)!r}\n" + code) == []


def test_houses_serve_tables_lists_without_textual(tmp_path):
    from host.storage import open_storage

    (tmp_path / "host").mkdir()  # (tables reads a host's folder and database; it makes neither)
    open_storage(tmp_path / "host" / "houses.db").close()
    code = (f"import os; os.environ['HOUSES_HOME'] = {str(tmp_path)!r}\n"
            "import houses.cli\nassert houses.cli.main(['serve', 'tables']) == 0\n")
    assert loaded_ui(code) == []
