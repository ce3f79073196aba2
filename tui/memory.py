"""Watchers that removed widgets leave behind (issue 22: an app grew by tens of MB over
a hundred hints; docs/performance.md, "Memory of hints and of finished tables").

`self.watch(other, "name", ...)`, and the `data_bind` that Textual's Footer gives each
of its keys, store (watcher, callback) on the WATCHED object; Textual drops the entry
of a watcher since removed only when the watched value next changes
(Textualize/textual#6666, open in 8.2.8). A Footer never changes its `compact`, so it
kept every key it had ever drawn, some ten keys a move with all their styles and
caches; the app's `app_focus` kept every game screen that watched it. This drops them.
"""

from __future__ import annotations

from typing import Any

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
