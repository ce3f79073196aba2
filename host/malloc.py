"""A long-lived host's C allocator (docs/performance.md, "Memory of hints and of
finished tables"): glibc gives a thread that finds the allocator busy an arena of its
own, up to eight a core, and each keeps the memory it once held. Under load the host's
threads (the event loop, the storage writer, hints and bots) made new arenas as the
tables went on, in steps of ~6 MiB: 1,000 finished tables grew RSS by 7 to 14 MiB at
a load average of 8, and by 2.7 MiB with two arenas. So a host uses two."""

from __future__ import annotations

import ctypes
import ctypes.util

M_ARENA_MAX = -8  # glibc's malloc.h


def limit_arenas(count: int = 2) -> bool:
    """Cap the allocator's arenas at `count` for the rest of the process, where the C
    library is glibc (elsewhere nothing changes); whether it was done."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError, TypeError):  # not glibc (musl, macOS): nothing to cap
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return mallopt(M_ARENA_MAX, count) == 1
