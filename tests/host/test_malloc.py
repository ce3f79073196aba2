"""The host caps glibc's arenas (host/malloc.py): RSS flat over many finished tables
under load (docs/performance.md)."""

import ctypes.util
import platform
import subprocess
import sys

import pytest

from host.malloc import limit_arenas


@pytest.mark.skipif(platform.system() != "Linux" or "musl" in (ctypes.util.find_library("c") or ""),
                    reason="glibc only")
def test_a_host_caps_the_allocators_arenas():
    # In a process of its own: the cap lasts for the process.
    code = "from host.malloc import limit_arenas; import sys; sys.exit(0 if limit_arenas() else 1)"
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0


def test_serve_caps_the_arenas_before_anything_else():
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "host" / "cli.py").read_text()
    body = source[source.index("def _run_serve("):]
    assert body.index("limit_arenas()") < body.index("if args.serve_kind")
    assert callable(limit_arenas)
