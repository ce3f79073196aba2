"""Issue 23 item 8: the host's tests wait on conditions, not on a clock.

A fixed sleep before an assertion is too short on a busy machine and too long on an
idle one; a loop of pauses that ends without a word lets the test go on and fail far
from the cause. So in tests/serve and tests/host a sleep (or a pilot's pause for a
time) stands only:
- inside a `while` loop that fails (an `assert` or `raise` in it), or a `for` loop whose
  `else` fails: a poll with a deadline;
- where time itself is what is tested (an idle timeout, "nothing more is said
  meanwhile"): the places listed in ALLOWED, each with why.
and no `for` loop of pauses or sleeps ends without failing when its `break` never comes.
The waits themselves are tests/support/waits.py and tui_support.wait_for."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
CHECKED = ("serve", "host")

# (file under tests/, the function that holds the sleep): why time itself is the point.
ALLOWED = {
    ("serve/test_table_host.py", "test_a_table_abandoned_by_all_its_players_is_closed_into_their_saves"):
        "a table with a player present outlives the idle timeout: the wait must pass that timeout",
    ("serve/test_ssh_hardening.py", "test_an_app_starts_only_once_the_table_service_is_up"):
        "no app starts for a while after the login while the tables are down: nothing to wait for",
    ("host/test_outage.py", "test_moves_pressed_while_postgresql_is_stopped_are_kept_told_and_sent_once"):
        "the outage goes on and the log says nothing more meanwhile: the quiet is what is tested",
    ("host/test_outage.py", "test_nobody_is_shown_away_when_postgresql_comes_back"):
        "nobody is shown away through the rejoin grace and the sweep after it: a span of time",
}

WAITS = {"sleep", "pause"}


def _delay(call: ast.Call) -> ast.expr | None:
    """The delay a sleep or pause is given, if any."""
    if call.args:
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg in ("delay", "seconds")), None)


def _is_wait(node: ast.AST, timed: bool) -> bool:
    """A call of sleep(...) or .pause(...); with `timed`, only one given a time (not 0)."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name not in WAITS:
        return False
    if not timed:
        return True
    delay = _delay(node)
    return delay is not None and not (isinstance(delay, ast.Constant) and delay.value == 0)


def _fails(loop: ast.AST) -> bool:
    return any(isinstance(n, (ast.Assert, ast.Raise)) for n in ast.walk(loop))


def bare_waits(source: str, filename: str) -> list[str]:
    """The fixed sleeps and silent pause loops in `source`, as 'file:line function: what'."""
    tree = ast.parse(source)
    found: list[str] = []

    def visit(node: ast.AST, function: str, in_failing_while: bool) -> None:
        for child in ast.iter_child_nodes(node):
            name, polls = function, in_failing_while
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                # A nested helper belongs to the test that holds it (its allowance too).
                name, polls = (child.name if function == "" else function), False
            elif isinstance(child, ast.While):
                polls = in_failing_while or _fails(child)
            elif isinstance(child, (ast.For, ast.AsyncFor)) and any(map(_fails, child.orelse)):
                polls = True  # a bounded poll whose `else` fails
            elif isinstance(child, (ast.For, ast.AsyncFor)):
                waits = any(_is_wait(n, timed=False) for n in ast.walk(child))
                breaks = any(isinstance(n, ast.Break) for n in ast.walk(child))
                if waits and breaks:
                    found.append(f"{filename}:{child.lineno} {function}: a loop of waits that ends without failing")
            if _is_wait(child, timed=True) and not polls and (filename, function) not in ALLOWED:
                found.append(f"{filename}:{child.lineno} {function}: a fixed sleep")
            visit(child, name, polls)

    visit(tree, "", False)
    return found


def test_the_host_tests_wait_on_conditions_not_on_fixed_sleeps():
    found = []
    for folder in CHECKED:
        for path in sorted((TESTS / folder).glob("*.py")):
            found += bare_waits(path.read_text(), path.relative_to(TESTS).as_posix())
    assert found == [], ("wait on the condition (waits.until / until_async, tui_support.wait_for), "
                         "or list the place in ALLOWED with why time itself is tested:\n" + "\n".join(found))


def test_every_allowed_place_still_exists():
    """An allowance outlives nothing: a place renamed or freed of its sleep leaves the list."""
    for (name, function), why in ALLOWED.items():
        tree = ast.parse((TESTS / name).read_text())
        funcs = [f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and f.name == function]
        assert funcs, f"{name}: no function {function}"
        assert any(_is_wait(n, timed=True) for n in ast.walk(funcs[0])), f"{name} {function}: no sleep left ({why})"


def test_the_check_finds_a_bare_sleep_and_a_silent_pause_loop():
    """The check can fail: each bad shape is caught, each good one passes."""
    bad = '''
import asyncio, time
async def test_a(pilot):
    await pilot.pause(0.2)
def test_b():
    time.sleep(1)
async def test_c(pilot, screen):
    for _ in range(50):
        await pilot.pause()
        if screen.ready:
            break
async def test_d():
    while True:
        await asyncio.sleep(0.1)  # a loop that never fails: waits for ever
'''
    found = bare_waits(bad, "x.py")
    assert [line.split(" ")[1] for line in found] == ["test_a:", "test_b:", "test_c:", "test_d:"], found
    good = '''
import asyncio, time
async def test_a(pilot, deadline):
    await pilot.pause()
    await asyncio.sleep(0)
    while not ready():
        assert time.monotonic() < deadline, "ready never came"
        await asyncio.sleep(0.05)
def test_b():
    for _ in range(3):
        time.sleep(0.1)
        if done():
            break
    else:
        raise AssertionError("not done")
'''
    assert bare_waits(good, "x.py") == []
