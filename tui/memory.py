"""What the app would keep of the keys it drew and the screens it left (issue 22: an
app grew by tens of MB over a hundred hints; docs/performance.md, "Memory of hints
and of finished tables"). Two ways Textual 8.2.8 keeps them, and what undoes each:

Watchers. `self.watch(other, "name", ...)`, and the `data_bind` that Textual's Footer
gives each of its keys, store (watcher, callback) on the WATCHED object; Textual drops
the entry of a watcher since removed only when the watched value next changes
(Textualize/textual#6666). A Footer never changes its `compact`, so it kept every key
it had ever drawn, some ten keys a move with all their styles and caches; the app's
`app_focus` kept every game screen that watched it. `drop_dead_watchers` drops them.

Thread workers. Textual runs `@work(thread=True)` in the loop's default executor and
sets `active_worker` in the executor thread's own context, where it stays until that
thread's next job: each idle thread kept its last worker, so the screen of a bot or a
hint long gone. `FreshContextExecutor` runs each job in a copy of the caller's
context, dropped when the job ends.
"""

from __future__ import annotations

import asyncio
import contextvars
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable

# Where Textual keeps a watched object's watchers: {attribute name: [(node, callback)]}
# (textual/reactive.py, `_watch`). A literal name, not mangled.
_WATCHERS = "__watchers"


def drop_dead_watchers(*watched: Any) -> int:
    """Forget the watchers of `watched` that belong to nodes being or already removed
    (as Textual itself does when the value changes); gives how many went."""
    dropped = 0
    for obj in watched:
        table = getattr(obj, _WATCHERS, None)
        if not isinstance(table, dict):
            continue
        for entries in table.values():
            alive = [(node, callback) for node, callback in entries if not getattr(node, "_closing", False)]
            dropped += len(entries) - len(alive)
            entries[:] = alive
    return dropped


def watcher_count(obj: Any) -> int:
    """How many watchers `obj` holds (tests and the memory bench)."""
    table = getattr(obj, _WATCHERS, None)
    return sum(len(entries) for entries in table.values()) if isinstance(table, dict) else 0


class FreshContextExecutor(ThreadPoolExecutor):
    """A thread pool whose jobs each run in a copy of the submitter's context, as
    `asyncio.to_thread` does: what a job sets there goes with the job."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        return super().submit(contextvars.copy_context().run, fn, *args, **kwargs)


def use_fresh_context_executor() -> None:
    """For the running loop's `run_in_executor(None, ...)` (Textual's thread workers)."""
    asyncio.get_running_loop().set_default_executor(FreshContextExecutor(thread_name_prefix="houses-worker"))
