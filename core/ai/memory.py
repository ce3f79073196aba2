"""Giving a search's memory back to the system once it is done (issue 22: an app grew
from 77 to 146 MB RSS over ~100 hints; docs/performance.md, "Memory of hints").

A hint's search builds its tree in a worker thread while the app's thread keeps
allocating; when the tree is freed, the C allocator (glibc) keeps the freed pages in
its per-thread arenas, so the process's RSS grows hint by hint although nothing is
kept (no node, screen or widget stays alive: bench/coach_memory.py counts them).
`malloc_trim` hands those free pages back. Elsewhere (no glibc) it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

_trim = None
if sys.platform.startswith("linux"):
    try:
        _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        _trim = _libc.malloc_trim
        _trim.argtypes = [ctypes.c_size_t]
    except (OSError, AttributeError):  # musl and others: no malloc_trim
        _trim = None


def give_back_memory() -> None:
    """After a search (a hint, a bot's move): free pages back to the system."""
    if _trim is not None:
        _trim(0)
