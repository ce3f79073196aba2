"""docs/architecture.md, "Layers": `core` is pure Python rules and bots. It imports
neither textual (the UI) nor saves (the files) nor the host (host/), so bots and tools
can use it anywhere."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"
FORBIDDEN = ("textual", "rich", "saves", "tui", "host")


def test_core_source_never_imports_the_ui_or_saves():
    offenders = []
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.relative_to(CORE.parent)}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_importing_every_game_and_bot_loads_no_ui_or_saves():
    code = (
        "import sys, core, core.ai\n"
        "from core import GAMES\n"
        "for gid in GAMES:\n"
        "    GAMES[gid].new(max(2, GAMES[gid].seats.start) if 2 in GAMES[gid].seats else GAMES[gid].seats.start, 1)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'saves', 'tui', 'host'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
