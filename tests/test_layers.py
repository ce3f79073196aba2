"""The layers of docs/architecture.md ("Layers"), checked both ways: every import of
every module of every layer, read with ast (those inside functions too: a lazy import
still ties two layers), against the rules the architecture page states.

    houses  imports tui, host, saves, core (the command: where the layers meet)
    tui     imports saves, core, and of the host only its wire protocol (host.protocol)
    host    imports saves, core; never tui
    saves   imports core; no database driver, no SQL of the host
    core    imports none of them

Nothing imports `houses`. The third-party packages are checked too: only the host
uses its server packages (the `host` extra), so a player's install runs the app.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from layout_check import ROOT, imports_of, module_name, python_files

LAYERS = ("houses", "tui", "host", "saves", "core")
# What each layer may import of the others (a module name, or a whole layer).
ALLOWED = {
    "houses": {"tui", "host", "saves", "core"},
    "tui": {"saves", "core", "host.protocol"},
    "host": {"saves", "core"},
    "saves": {"core"},
    "core": set(),
}
# Packages a layer must not import: the UI outside the app, the host's server
# packages (pyproject's `host` extra) outside the host.
HOST_EXTRA = {"asyncssh", "textual_serve", "psycopg", "psycopg_pool", "openskill"}
FORBIDDEN_PACKAGES = {
    "houses": {"textual", "rich"} | HOST_EXTRA,  # the command starts quickly; serve imports its own
    "tui": HOST_EXTRA,
    "host": {"textual", "rich"},
    "saves": {"textual", "rich", "sqlite3"} | HOST_EXTRA,
    "core": {"textual", "rich", "sqlite3", "platformdirs"} | HOST_EXTRA,
}


def allowed(layer: str, target: str) -> bool:
    """Whether a module of `layer` may import module `target` (another layer's)."""
    return any(target == rule or target.startswith(rule + ".") for rule in ALLOWED[layer])


def crossings(root: Path = ROOT) -> list[str]:
    """Every import of one layer by another that the rules do not allow: "a.b -> c.d"
    (`from host import protocol` is host.protocol; `from host.tables import x`, host.tables)."""
    paths = {layer: python_files(layer, root=root) for layer in LAYERS}
    modules = {module_name(p, root) for group in paths.values() for p in group}
    found = []
    for layer in LAYERS:
        for path in paths[layer]:
            me = module_name(path, root)
            for target in sorted(imports_of(path, root, modules)):
                top = target.split(".")[0]
                if top in LAYERS and top != layer and not allowed(layer, target):
                    found.append(f"{me} -> {target}")
                elif top in FORBIDDEN_PACKAGES[layer]:
                    found.append(f"{me} -> {target}")
    return found


def test_every_layer_imports_only_what_the_architecture_allows():
    assert crossings() == []


def test_the_rules_are_the_ones_docs_architecture_states():
    """docs/architecture.md's figure of the layers says what each imports: this test's
    rules are that page's, so the page and the check cannot drift apart."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    figure = text.split("## Layers", 1)[1].split("```")[1]
    stated = {}
    for line in figure.strip().splitlines():
        m = re.match(r"(\w+)/\s.*\(imports ([^;)]*)", line)
        assert m, f"a line of the layers figure that says no imports: {line!r}"
        names = re.findall(r"[a-z_.]+(?=[,\s]|$)", m.group(2).replace(" only", ""))
        stated[m.group(1)] = {n for n in names if n.split(".")[0] in LAYERS}
    assert stated == ALLOWED


def test_the_check_finds_an_import_across_layers_in_each_direction(tmp_path):
    """A check that could not fail proves nothing: a tree with one forbidden import
    each way (the app reaching into the host, the host into the app, saves into a
    database driver, core into saves) is caught, and the allowed ones are not."""
    bad = {
        "tui/a.py": "from host.tables import x\nfrom host import protocol\nimport saves\n",
        "tui/b.py": "import asyncssh\n",
        "host/c.py": "def f():\n    from tui.glyphs import y\n",
        "saves/d.py": "import psycopg\nfrom core import GAMES\n",
        "core/e.py": "import saves.model\n",
        "houses/f.py": "import tui.cli, host.cli\n",
        "host/protocol.py": "import msgspec\n",
        "tui/cli.py": "", "host/cli.py": "", "core/__init__.py": "",
    }
    for name, code in bad.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(code, encoding="utf-8")
    assert sorted(crossings(tmp_path)) == sorted([
        "tui.a -> host.tables", "tui.b -> asyncssh", "host.c -> tui.glyphs",
        "saves.d -> psycopg", "core.e -> saves.model"])


@pytest.mark.parametrize("layer", [layer for layer in LAYERS if layer != "houses"])
def test_nothing_imports_the_command(layer):
    """`houses` wires the layers together; a layer that imported it would import them all."""
    users = [f"{module_name(p)} -> {m}" for p in python_files(layer) for m in imports_of(p)
             if m.split(".")[0] == "houses"]
    assert users == []


def test_saves_holds_no_sql():
    """The host's schema and SQL live in host/storage; saves speaks to a host's
    database only through the `Documents` interface the host provides."""
    sql = re.compile(r"\b(SELECT|INSERT INTO|CREATE TABLE|DELETE FROM|UPDATE \w+ SET)\b")
    found = [f"{p.relative_to(ROOT)}:{i}" for p in python_files("saves")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if sql.search(line)]
    assert found == []


def test_the_whole_app_loaded_holds_only_the_hosts_protocol():
    """At run time too: with every module of the app imported, of the host only its
    protocol is loaded, and none of the host's server packages, so a player's install
    runs it (imports inside functions are read by the ast check above)."""
    import subprocess
    import sys

    code = ("import importlib, pkgutil, sys, tui\n"
            "for m in pkgutil.walk_packages(tui.__path__, 'tui.'):\n"
            "    importlib.import_module(m.name)\n"
            "print(','.join(sorted(k for k in sys.modules if k.split('.')[0] in %r)))\n"
            % (("host", "houses", *sorted(HOST_EXTRA)),))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().split(",") == ["host", "host.protocol"]
