"""Figures of `houses serve ssh` on this machine, over loopback with the real OpenSSH
client (as the tests connect):

  - memory per connected player (RSS and PSS of each player's app; the host's own);
  - bytes for one cursor move at 80x24: terminal bytes the client gets, and bytes on
    the wire (counted by a relay between the client and the host);
  - key-to-echo latency: a key sent until the first byte of the screen's answer;
  - N sessions held for a while, each pressing a key every few seconds: no error.

Usage: .venv/bin/python bench/ssh_host.py [--sessions 20] [--hold 60]
Everything listens on 127.0.0.1 only, and every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "serve"))

from sshkit import Client, HostProcess, free_port, make_key  # noqa: E402


def mem_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process in KiB."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Relay:
    """A TCP relay on 127.0.0.1 that counts the bytes from the host to the client."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.port = free_port()
        self.down = 0
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        threading.Thread(target=self._run, daemon=True).start()
        self.ready.wait(5)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)

        async def pipe(reader, writer, count: bool) -> None:
            try:
                while data := await reader.read(65536):
                    if count:
                        self.down += len(data)
                    writer.write(data)
                    await writer.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                writer.close()

        async def handle(creader, cwriter) -> None:
            hreader, hwriter = await asyncio.open_connection("127.0.0.1", self.target)
            await asyncio.gather(pipe(creader, hwriter, False), pipe(hreader, cwriter, True))

        async def main() -> None:
            server = await asyncio.start_server(handle, "127.0.0.1", self.port)
            self.ready.set()
            async with server:
                await server.serve_forever()

        self.loop.run_until_complete(main())


def quiet(c: Client, seconds: float = 0.6) -> None:
    """Read until the screen has been still for `seconds` (bounded)."""
    deadline = time.monotonic() + 10
    last = len(c.raw)
    still = time.monotonic()
    while time.monotonic() < deadline:
        c.pump(0.05)
        if len(c.raw) != last:
            last, still = len(c.raw), time.monotonic()
        elif time.monotonic() - still >= seconds:
            return


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--hold", type=float, default=60.0)
    parser.add_argument("--players", type=int, default=5, help="sessions for the memory figure")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="houses-ssh-bench-"))
    keys = root / "keys"
    keys.mkdir()
    (root / "h").mkdir()
    host = HostProcess(root / "h", "--idle-timeout", "0", "--max-sessions", str(args.sessions + 5))
    names = [f"p{i:02d}" for i in range(max(args.sessions, args.players))]
    for name in names:
        host.add_key(name, make_key(keys, name))
    try:
        # -- memory per player ---------------------------------------------------------
        base_rss, base_pss = mem_kib(host.proc.pid)
        clients = []
        for name in names[: args.players]:
            c = Client(host, name, keys / f"id_{name}")
            c.wait_for("H O U S E S", timeout=60)
            clients.append(c)
        for c in clients:
            quiet(c, 0.3)
        apps = children(host.proc.pid)
        app_mem = [mem_kib(p) for p in apps]
        host_rss, host_pss = mem_kib(host.proc.pid)
        print(f"players connected: {len(clients)} (apps: {len(apps)})")
        print(f"host process: RSS {host_rss / 1024:.0f} MiB (empty: {base_rss / 1024:.0f} MiB), "
              f"+{(host_rss - base_rss) / 1024 / len(clients):.1f} MiB a player")
        print(f"an app, median: RSS {statistics.median(m[0] for m in app_mem) / 1024:.0f} MiB, "
              f"PSS {statistics.median(m[1] for m in app_mem) / 1024:.0f} MiB")
        for c in clients:
            c.press("ctrl+q")
            c.wait_exit()

        # -- bytes for one cursor move, and key-to-echo latency --------------------------
        relay = Relay(host.port)

        class Via:
            port = relay.port

        c = Client(Via, names[0], keys / f"id_{names[0]}")  # through the relay
        c.wait_for("H O U S E S", timeout=60)
        quiet(c)
        results = {}
        for label, setup, key_pair in (
            ("home menu, cursor down", [], ("down", "up")),
            ("Icehouse Dash board, cursor right", ["t"], ("right", "left")),
        ):
            for key in setup:
                c.press(key)
                quiet(c, 1.0)
            term, wire, lat = [], [], []
            for i in range(20):
                key = key_pair[i % 2]
                raw0, wire0 = len(c.raw), relay.down
                t0 = time.perf_counter()
                c.child.send({"down": "\x1b[B", "up": "\x1b[A", "right": "\x1b[C", "left": "\x1b[D"}[key])
                first = None
                while first is None and time.perf_counter() - t0 < 5:
                    c.pump(0.01)
                    if len(c.raw) > raw0:
                        first = time.perf_counter() - t0
                quiet(c, 0.4)
                lat.append(first if first is not None else float("nan"))
                term.append(len(c.raw) - raw0)
                wire.append(relay.down - wire0)
            results[label] = (statistics.median(term), statistics.median(wire), statistics.median(lat),
                              max(lat))
        for label, (term, wire, lat, worst) in results.items():
            print(f"{label}: {term:.0f} terminal bytes, {wire:.0f} bytes on the wire; "
                  f"key to echo median {lat * 1000:.0f} ms (worst of 20: {worst * 1000:.0f} ms)")
        c.press("q")
        c.press("ctrl+q")
        c.wait_exit()

        # -- N sessions held -------------------------------------------------------------
        t0 = time.monotonic()
        many = []
        for name in names[: args.sessions]:
            many.append(Client(host, name, keys / f"id_{name}"))
        for c in many:
            c.wait_for("H O U S E S", timeout=120)
        print(f"{len(many)} sessions up in {time.monotonic() - t0:.1f} s")
        errors = 0
        end = time.monotonic() + args.hold
        presses = 0
        while time.monotonic() < end:
            for i, c in enumerate(many):
                c.child.send("\x1b[B" if presses % 2 == 0 else "\x1b[A")
                c.pump(0.01)
            presses += 1
            for c in many:
                c.settle(0.1)
        for c in many:
            quiet(c, 0.3)
            if not c.child.isalive() or "H O U S E S" not in c.text():
                errors += 1
        for c in many:
            c.press("ctrl+q", gap=0)
        for c in many:
            c.wait_exit(timeout=30)
        log = host.log_text()
        bad = log.count("Traceback") + log.count("Error")
        print(f"{len(many)} sessions held {args.hold:.0f} s, {presses} key rounds: "
              f"{errors} sessions lost, {bad} errors in the host's log")
    finally:
        host.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
