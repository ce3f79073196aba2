"""What the coach and the host keep between calls is bounded (issue 22: an app grew
from 77 to 146 MB RSS over ~100 hints; bench/coach_memory.py and
bench/host_tables_memory.py measure it, docs/performance.md has the figures)."""

from __future__ import annotations

import random
import sys
import threading
from collections import deque

import pytest

from core import GAMES

# Module-level memos with a bound of their own: the Lines made (_MADE_MAX, checked
# below), one default reading per template in the code, one entry per action class.
BOUNDED = {("core.engine", "_MADE"), ("core.engine", "_DEFAULTS"), ("core.engine", "_FIELD_TYPES")}


def kept_sizes() -> dict[tuple[str, str], int]:
    """The size of every container a core module keeps at module level, and of the
    containers in module-level objects' attributes (a planner kept for all hints)."""
    sizes = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("core.") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if (name, attr) in BOUNDED or attr.startswith("__"):
                continue
            if isinstance(value, (dict, list, set, deque)):
                sizes[(name, attr)] = len(value)
            elif hasattr(value, "__dict__") and type(value).__module__.startswith("core.") \
                    and not isinstance(value, type):
                for field, inner in vars(value).items():
                    if isinstance(inner, (dict, list, set, deque)):
                        sizes[(name, f"{attr}.{field}")] = len(inner)
    return sizes


def hints(count: int, seed: int) -> None:
    from core.ai.coach import hint

    rng = random.Random(seed)
    for i in range(count):
        game_id = sorted(GAMES)[i % len(GAMES)]
        game = GAMES[game_id]
        state = game.new(1 if game_id == "dash" else 2, seed + i, game.Options())
        for _ in range(rng.randint(0, 4)):
            if not state.over:
                state.apply(rng.choice(state.legal_actions()))
        if state.over:
            continue
        worker = threading.Thread(target=hint, args=(game_id, state.view(state.to_move), 0.05),
                                  kwargs={"seed": i})
        worker.start()  # a thread of its own, as the app's hint worker
        worker.join()


def test_hints_leave_nothing_growing_in_the_coachs_modules():
    hints(8, 100)  # every game's coach imported, its tables built once
    before = kept_sizes()
    hints(16, 200)
    after = kept_sizes()
    grown = {k: (before.get(k), v) for k, v in after.items() if v > before.get(k, 0)}
    assert not grown, f"kept and growing from hint to hint: {grown}"


def test_the_memo_of_lines_is_bounded():
    from core import engine
    from core.engine import Line

    for i in range(engine._MADE_MAX + 100):
        Line("{0} {0:draws/draw} {card}", 0, card=f"card {i}")
    assert len(engine._MADE) <= engine._MADE_MAX


def test_the_memo_of_lines_holds_a_few_mib_at_most():
    """Issue 22: at 50,000 Lines (about 1 KB each with their keys and words) the memo
    alone could keep ~50 MiB in a long-lived host; now a few MiB, however many lines."""
    import gc
    import tracemalloc

    from core import engine
    from core.engine import Line

    engine._MADE.clear()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(20_000):  # different lines, as a host's many games write them
            Line("{0} {0:plays/play} {card} on {1:'s} house", i % 4, (i + 1) % 4, card=f"the card number {i}")
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 6 * 2**20, f"the memo of Lines keeps {kept / 2**20:.1f} MiB"


def test_a_shared_host_keeps_nothing_of_a_finished_table(tmp_path):
    """SharedTableHost (several hosts on PostgreSQL) kept a lock and the names seated
    elsewhere for every table it ever closed."""
    from host.relay import SharedTableHost

    class Storage:
        closed = []

        def close_table(self, code, when):
            self.closed.append(code)

    host = SharedTableHost(tmp_path, storage=Storage())
    host.lock_of("ABCD")
    host.seated_elsewhere["ABCD"] = {"bob"}
    host._archive_now("ABCD")
    assert Storage.closed == ["ABCD"]
    assert "ABCD" not in host.locks and "ABCD" not in host.seated_elsewhere
    host.writer.shutdown()
