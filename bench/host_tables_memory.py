"""Memory of a table host (host/tables.py, SQLite) over many finished tables (issue
22: a host grew from 49 to 105 MB): one player opens a solo Icehouse Dash table, plays
its deal to the win and the table closes "finished", again and again, over the host's
own socket and protocol as an app does. Prints RSS after the first 20 tables and every
100 after.

Usage: nice -n 10 .venv/bin/python bench/host_tables_memory.py [--tables 1000]
Bounded: at most 2,000 tables; a Unix socket in a temporary folder, no network.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "serve"), str(ROOT / "tests" / "tui")]

from _memory import Checkpoints, rss_mib  # noqa: E402


async def run(count: int, trace: bool = False) -> None:
    from core import GAMES
    from host.storage import open_host_storage
    from host.tables import TableHost
    from peer import Peer
    from tui_support import winning_line

    line = [GAMES["dash"].action_to_builtins(a) for a in winning_line(4242)]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        storage = open_host_storage(data, None, log=lambda text: None)
        host = TableHost(data, storage=storage)
        host.log = lambda text: None
        await host.start()
        try:
            alice = await Peer.connect(host, "alice")
            marks = Checkpoints("finished tables", trace, frames=8)
            for i in range(1, count + 1):
                alice.send(op="open", game="dash", seed=4242, options={"winnable": True}, seats=[{"kind": "human"}])
                code = (await alice.get("table"))["code"]
                for cursor, action in enumerate(line):
                    alice.send(op="act", code=code, cursor=cursor, action=action)
                await alice.get("finished")
                if i == 20 or i % 100 == 0:
                    await host.flush()  # the writer's queue done
                    marks.at(i, f"open {len(host.tables)}")
            alice.close()
            marks.summary()
        finally:
            await host.stop()
            storage.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--trace", action="store_true", help="where the memory kept since table 20 was allocated")
    parser.add_argument("--glibc-default", action="store_true", help="leave the C allocator's arenas uncapped")
    args = parser.parse_args()
    from host.malloc import limit_arenas

    if not args.glibc_default:
        limit_arenas()  # as `houses serve` does (host/cli.py)
    print(f"start: RSS {rss_mib():.1f} MiB")
    asyncio.run(run(max(20, min(args.tables, 2000)), args.trace))


if __name__ == "__main__":
    main()
