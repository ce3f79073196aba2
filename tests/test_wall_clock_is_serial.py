"""Issue 23 item 8: a test that asserts how long something took (on the wall clock)
runs in the serial xdist group (tests/conftest.py), never beside another test of
its own kind: with two workers, the other worker's load is the only noise it meets.
CPU-time checks (time.process_time, time.thread_time) are not wall clock and may run
anywhere; so may a deadline that only ends a wait (`time.monotonic() < deadline`).

A wall-clock assertion, as this check reads a test: an `assert` on a duration, i.e.
on a subtraction involving time.perf_counter(), time.monotonic() or time.time(), or
on a name that holds one."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
CLOCKS = {"perf_counter", "monotonic", "time"}


def serial_files() -> set[str]:
    """tests/conftest.py's SERIAL_FILES, read without importing it."""
    tree = ast.parse((TESTS / "conftest.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "SERIAL_FILES" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError("tests/conftest.py has no SERIAL_FILES")


def _is_clock(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr in CLOCKS and getattr(func.value, "id", None) == "time"
    return isinstance(func, ast.Name) and func.id in ("perf_counter", "monotonic")


def _is_duration(expr: ast.AST, durations: set[str]) -> bool:
    for node in ast.walk(expr):
        if isinstance(node, ast.Name) and node.id in durations:
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and (
                any(_is_clock(n) for n in ast.walk(node.left)) or any(_is_clock(n) for n in ast.walk(node.right))):
            return True
    return False


def _assigned(node: ast.AST) -> tuple[list[str], ast.AST | None]:
    if isinstance(node, ast.Assign):
        return [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)], node.value
    if isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)) and isinstance(node.target, ast.Name):
        return [node.target.id], node.value
    return [], None


def wall_clock_asserts(function: ast.AST) -> list[int]:
    """The lines of `function` (nested helpers included) that assert a duration."""
    durations: set[str] = set()
    changed = True
    while changed:  # a duration passed through names: took = end - start; worst = max(worst, took)
        changed = False
        for node in ast.walk(function):
            names, value = _assigned(node)
            if value is not None and _is_duration(value, durations) and not set(names) <= durations:
                durations |= set(names)
                changed = True
    return [node.lineno for node in ast.walk(function)
            if isinstance(node, ast.Assert) and _is_duration(node.test, durations)]


def _marks_serial(decorators: list[ast.expr]) -> bool:
    return any("serial" in ast.unparse(d) for d in decorators)


def unserial_wall_clock_tests(source: str, name: str, serial: set[str]) -> list[str]:
    """'file:line test' for each wall-clock assertion of a test outside the serial group."""
    tree = ast.parse(source)
    if name in serial or any(isinstance(n, ast.Assign) and any(getattr(t, "id", None) == "pytestmark"
                                                                 for t in n.targets)
                             and "serial" in ast.unparse(n.value) for n in tree.body):
        return []
    found = []
    for node in tree.body:
        functions = [(node, getattr(node, "decorator_list", []))]
        if isinstance(node, ast.ClassDef):
            if _marks_serial(node.decorator_list):
                continue
            functions = [(f, getattr(f, "decorator_list", [])) for f in node.body]
        for f, decorators in functions:
            if not isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) or _marks_serial(decorators):
                continue
            # A helper's timing assertion runs in every test that calls it: its file is serial.
            why = f.name if f.name.startswith("test") else f"{f.name} (a helper: mark the file's pytestmark)"
            found += [f"{name}:{line} {why}" for line in wall_clock_asserts(f)]
    return found


def test_every_wall_clock_assertion_runs_in_the_serial_group():
    serial = serial_files()
    found = []
    for path in sorted(TESTS.rglob("test_*.py")):
        found += unserial_wall_clock_tests(path.read_text(), path.relative_to(ROOT).as_posix(), serial)
    assert found == [], ("mark these tests @pytest.mark.serial (or time them in CPU seconds):\n" + "\n".join(found))


def test_the_check_finds_a_timed_test_outside_the_serial_group():
    """The check can fail: a duration asserted in a plain test or a helper is caught; a serial one,
    a CPU-time one and a deadline that only ends a wait pass."""
    source = '''
import time
import pytest

def within(seconds, work):
    started = time.monotonic()
    work()
    assert time.monotonic() - started < seconds

def test_timed():
    t = time.perf_counter()
    work()
    took = time.perf_counter() - t
    assert took < 0.5

def test_inline():
    t0 = time.monotonic()
    assert time.monotonic() - t0 < 2.0

@pytest.mark.serial
def test_timed_serial():
    t = time.perf_counter()
    assert time.perf_counter() - t < 0.5

def test_cpu():
    t = time.process_time()
    assert time.process_time() - t < 0.5

def test_deadline():
    deadline = time.monotonic() + 5
    while not ready():
        assert time.monotonic() < deadline, "never ready"
'''
    found = unserial_wall_clock_tests(source, "tests/x.py", set())
    assert [f.split()[1] for f in found] == ["within", "test_timed", "test_inline"], found
    assert unserial_wall_clock_tests(source, "tests/x.py", {"tests/x.py"}) == []
