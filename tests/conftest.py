"""How the suite shares the machine's cores (README: `pytest -n 2 --dist loadgroup`).

Tests run on two pytest-xdist workers. Two kinds of test files are kept whole on one
worker (an xdist group; without -n the groups change nothing):

- "serial": tests that time a real process, a pty, real SSH, a signal or keys. They
  run one after another on one worker (the other worker runs the rest), never
  two at once; a test file can also ask for it with `@pytest.mark.serial`. Every test
  that asserts a duration on the wall clock (a bot's budget, a stalled host) is in it:
  tests/test_wall_clock_is_serial.py fails on one that is not.
- a file whose own fixture is module-scoped (a host, a built wheel): its tests go to
  one worker together, so the fixture is made once.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SERIAL_FILES = {
    "tests/tui/test_process_exit.py",  # the app ends within 2 s (real processes, signals)
    "tests/tui/test_pty_smoke.py",  # the real app on a pty
    "tests/tui/test_signals.py",
    "tests/tui/test_fast_keys.py",  # keys in bursts: key timing
    "tests/serve/test_ssh.py",  # real OpenSSH clients against a real host process
    "tests/serve/test_ssh_hardening.py",
    "tests/serve/test_tables.py",
    "tests/serve/test_web.py",  # a real web server process
    "tests/serve/test_table_host.py",  # table timeouts measured in seconds
    "tests/install/test_pipes.py",  # SIGPIPE on real processes
    "tests/serve/test_ssh_limits.py",  # connections counted on a real host, in seconds
    "tests/host/test_two_hosts_ssh.py",  # two real hosts, real OpenSSH clients, a SIGKILL
    "tests/host/test_two_hosts.py",  # hosts' leases and sweeps timed in fractions of a second
    "tests/host/test_outage.py",  # a real PostgreSQL stopped and started under two hosts
    "tests/host/test_outage_ssh.py",  # the same, with two real host processes and OpenSSH clients
}


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "serial: timing-sensitive; with -n, run one at a time on one worker")
    config.addinivalue_line("markers", "xdist_group(name): run on one xdist worker with the rest of the group")
    # A test that forgets its own folder writes here, not in the player's real
    # saves, and never in another worker's.
    if "HOUSES_HOME" not in os.environ:
        os.environ["HOUSES_HOME"] = tempfile.mkdtemp(prefix="houses-tests-")


def xdist_group_of(item) -> str | None:
    path = Path(str(item.path)).resolve()
    try:
        name = path.relative_to(ROOT).as_posix()
    except ValueError:
        return None
    if name in SERIAL_FILES or item.get_closest_marker("serial"):
        return "serial"
    for defs in item._fixtureinfo.name2fixturedefs.values():
        if any(d.scope == "module" and d.baseid.startswith("tests/") for d in defs):
            return name
    return None


def pytest_collection_modifyitems(config, items) -> None:
    serial = set()
    for item in items:
        group = xdist_group_of(item)
        if group is not None and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(group))
        if group == "serial":
            serial.add(item.nodeid)
    # The serial group first: one worker starts on it at once (it is mostly waiting on
    # real processes) while the other takes the rest, and both share what is left.
    items.sort(key=lambda item: item.nodeid not in serial)
