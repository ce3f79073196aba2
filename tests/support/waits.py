"""Waiting in tests on a condition, never on a clock (issue 23 item 8).

A fixed sleep is too short on a loaded machine (the test fails for nothing) and too
long on an idle one (the suite is slow); a loop of pauses that ends without a word
lets the test go on and fail later, far from the cause. So a test waits for what it
needs, for at most `timeout` seconds, and when that does not come it fails naming
`what` it waited for. The app's own waits (with a pilot) are `tui_support.wait_for`.
A sleep stays only where time itself is tested (an idle timeout, "nothing more is
said meanwhile"): tests/serve/test_waits.py keeps the list of those."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

POLL_S = 0.02  # how often a condition is asked again: short, it only costs a call


def until(condition: Callable[[], object], timeout: float = 10.0, what: str = "the condition") -> float:
    """Block until `condition()` is true; the seconds it took. Fails saying `what`."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            raise AssertionError(f"waited {timeout:g} s for {what}; it did not come")
        time.sleep(POLL_S)
    return time.monotonic() - started


async def until_async(condition: Callable[[], object], timeout: float = 10.0, what: str = "the condition") -> float:
    """`until` for a test in the event loop: other tasks (a host, its peers) run meanwhile."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            raise AssertionError(f"waited {timeout:g} s for {what}; it did not come")
        await asyncio.sleep(POLL_S)
    return time.monotonic() - started
