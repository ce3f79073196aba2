"""Install what you use (issue 23 item 7): a player's install (`pip install .`) is the
app alone; the host's server packages are the `host` extra (`pip install '.[host]'`),
and `houses serve` without them says in one line what to install. (.ci/run's
check_installed installs the built wheel both ways and runs it.)"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from host.cli import HOST_PACKAGES

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0].lower() for r in requirements}


def test_a_players_install_pulls_no_server_package():
    assert names(PROJECT["dependencies"]) & set(HOST_PACKAGES.values()) == set()


def test_the_host_extra_is_every_package_serve_checks_for():
    assert names(PROJECT["optional-dependencies"]["host"]) == set(HOST_PACKAGES.values())


def test_textual_serve_is_pinned_like_textual():
    """The web host leans on how textual-serve starts its apps: a new release is
    taken on purpose, as a new Textual is."""
    pins = [r for r in PROJECT["dependencies"] + PROJECT["optional-dependencies"]["host"]
            if names([r]) & {"textual", "textual-serve"}]
    assert len(pins) == 2 and all(re.fullmatch(r"[a-z-]+==[0-9.]+", r) for r in pins), pins


def test_the_tests_install_the_host_too():
    assert "houses[host]" in PROJECT["optional-dependencies"]["test"]


@pytest.mark.parametrize("kind", ["ssh", "web", "tables"])
def test_serve_without_the_host_packages_says_in_one_line_what_to_install(kind, tmp_path):
    """As on a player's install: the host's packages cannot be imported (a None in
    sys.modules is what Python reads as "not installed")."""
    code = ("import sys\n"
            "for name in ('asyncssh', 'textual_serve', 'openskill'):\n"
            "    sys.modules[name] = None\n"
            "from houses.cli import main\n"
            f"raise SystemExit(main(['serve', {kind!r}]))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={"HOUSES_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    assert done.returncode == 2 and done.stdout == "", (done.returncode, done.stdout, done.stderr)
    said = done.stderr
    assert said.count("\n") == 1 and "Traceback" not in said, said
    assert said.startswith(f"houses serve {kind}: ") and "asyncssh, textual-serve, openskill" in said, said
    assert "pip install 'houses[host]'" in said, said
    assert not (tmp_path / "host").exists()  # nothing made before it refused


def test_the_app_runs_without_the_host_packages(tmp_path):
    """The app's own commands never import a server package."""
    code = ("import sys\n"
            "for name in ('asyncssh', 'textual_serve', 'openskill', 'psycopg', 'psycopg_pool'):\n"
            "    sys.modules[name] = None\n"
            "from houses.cli import main\n"
            "assert main(['saves']) == 0\n"
            "assert main(['rules', 'dash']) == 0\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={"HOUSES_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    assert done.returncode == 0, done.stderr
    assert "No saved games" in done.stdout
