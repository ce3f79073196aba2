"""What a non-editable install (pip install ., pipx) gets: build the wheel from a
clean copy of the sources and look inside it."""

from __future__ import annotations

import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tui.games import playable

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "saves", "tui", "host", "houses")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    # A copy without build/ and egg-info: a stale build/lib would put old files in.
    src = tmp_path_factory.mktemp("src") / "houses"
    shutil.copytree(ROOT, src, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis", "tests", "bench"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
                   check=True, timeout=300)
    (path,) = out.glob("houses-*.whl")
    with zipfile.ZipFile(path) as zf:
        yield zf


@pytest.mark.install
def test_wheel_holds_every_games_rules_text(wheel):
    for game_id in playable():
        info = wheel.getinfo(f"tui/rules_text/{game_id}.md")
        assert not stat.S_ISLNK(info.external_attr >> 16), "a symlink, not the text"
        assert wheel.read(info) == (ROOT / "docs" / "rules" / f"{game_id}.md").read_bytes()


@pytest.mark.install
def test_wheel_holds_every_style_sheet(wheel):
    sheets = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tui").rglob("*.tcss"))
    assert sheets, "no .tcss found in tui/"
    for name in sheets:
        assert wheel.read(name) == (ROOT / name).read_bytes()


@pytest.mark.install
def test_wheel_holds_every_file_of_the_packages(wheel):
    """Any file the app may read at run time (code or data) is installed."""
    files = {p.relative_to(ROOT).as_posix() for package in PACKAGES for p in (ROOT / package).rglob("*")
             if p.is_file() and "__pycache__" not in p.parts}
    assert files - set(wheel.namelist()) == set()
