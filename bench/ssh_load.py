"""`houses serve ssh` under load, over loopback (issue 13). Prints figures; asserts nothing.

  1. N concurrent SSH sessions (asyncssh clients, one event loop), each pressing a
     key every 2 s for a while: key-to-echo p50/p95, the host's CPU (the SSH process
     and all the apps), memory a session, sessions lost.
  2. A flood of unauthenticated connections (TCP connected, then silent) while a
     real player logs in: how long the player's login takes. The flood comes from
     several loopback addresses (127.0.0.2 on, 10 each: the host's limit an address)
     and the players from addresses of their own, as from many machines; what the
     host's limits refused (256 strangers in all) is counted, not hidden.
  3. A fuzz run: random-byte pastes (bracketed, as terminals paste) and bursts of
     bytes that are not UTF-8, spread over sessions: sessions lost.

Usage:
  .venv/bin/python bench/ssh_load.py                       # the issue's figures:
      --sessions 100 --seconds 60 --flood 250 --pastes 1000
  .venv/bin/python bench/ssh_load.py --sessions 5 --seconds 10 --flood 50 --pastes 50

Everything targets 127.0.0.1 only; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "serve"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ssh_host import children, mem_kib  # noqa: E402
from sshkit import HostProcess  # noqa: E402

from host.limits import MAX_STRANGERS, MAX_STRANGERS_PER_ADDRESS  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
KEYS = (b"\x1b[B", b"\x1b[A")  # down, up on the home menu: each repaints a line or two
READY = b"New game"


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (0 if gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def tree_cpu(pid: int) -> float:
    return cpu_seconds(pid) + sum(cpu_seconds(child) for child in children(pid))


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


class Player(asyncssh.SSHClientSession):
    def __init__(self) -> None:
        self.output = bytearray()
        self.sent_at: float | None = None
        self.latencies: list[float] = []
        self.closed = asyncio.Event()
        self.chan = None

    def connection_made(self, chan) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype) -> None:
        if self.sent_at is not None:
            self.latencies.append(time.perf_counter() - self.sent_at)
            self.sent_at = None
        if len(self.output) < 1 << 20:
            self.output += data

    def connection_lost(self, exc) -> None:
        self.closed.set()

    def press(self, key: bytes) -> None:
        self.sent_at = time.perf_counter()
        self.chan.write(key)


async def connect(port: int, name: str, source: str = "127.0.0.1") -> tuple[asyncssh.SSHClientConnection, Player]:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None, client_keys=None,
                                  agent_path=None, config=None, preferred_auth="none,publickey",
                                  local_addr=(source, 0))
    _, player = await conn.create_session(Player, term_type="xterm-256color", term_size=(80, 24), encoding=None)
    return conn, player


async def ready(player: Player, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while READY not in player.output:
        if player.closed.is_set() or time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.1)
    return True


async def open_sessions(port: int, n: int, prefix: str, block: int) -> list[tuple]:
    sessions, started = [], time.monotonic()
    for i in range(n):  # a few at a time: each app's start costs a CPU-second or so
        sessions.append(await connect(port, f"{prefix}{i:03d}", loopback(block, i)))
        if i % 4 == 3:
            await asyncio.sleep(0.5)
    ok = await asyncio.gather(*(ready(p, 240) for _, p in sessions))
    print(f"  {sum(ok)}/{n} sessions drawn in {time.monotonic() - started:.0f} s")
    return sessions


async def close_sessions(sessions: list[tuple]) -> None:
    for conn, player in sessions:
        if not player.closed.is_set():
            player.chan.write(b"\x11")  # ctrl+q
    await asyncio.sleep(3)
    for conn, _ in sessions:
        conn.close()


async def load(port: int, host: HostProcess, n: int, seconds: float) -> None:
    print(f"1. {n} sessions, a key each every 2 s for {seconds:.0f} s")
    sessions = await open_sessions(port, n, "p", 1)
    await asyncio.sleep(3)
    apps = children(host.proc.pid)
    mems = [mem_kib(pid) for pid in apps]
    host_rss, _ = mem_kib(host.proc.pid)
    cpu0, t0 = tree_cpu(host.proc.pid), time.monotonic()
    rng = random.Random(1)

    async def play(index: int, player: Player) -> None:
        await asyncio.sleep(rng.random() * 2)  # spread over the 2 s
        end = time.monotonic() + seconds
        presses = 0
        while time.monotonic() < end and not player.closed.is_set():
            player.press(KEYS[presses % 2])
            presses += 1
            await asyncio.sleep(2)

    await asyncio.gather(*(play(i, p) for i, (_, p) in enumerate(sessions)))
    await asyncio.sleep(1)
    cpu = (tree_cpu(host.proc.pid) - cpu0) / (time.monotonic() - t0)
    lat = [x for _, p in sessions for x in p.latencies]
    lost = sum(1 for _, p in sessions if p.closed.is_set())
    expected = n * int(seconds / 2)
    print(f"  key to echo: p50 {pct(lat, 0.5) * 1000:.0f} ms, p95 {pct(lat, 0.95) * 1000:.0f} ms, "
          f"max {max(lat, default=float('nan')) * 1000:.0f} ms ({len(lat)} echoes of ~{expected} keys)")
    print(f"  host CPU (SSH process + every app): {cpu * 100:.0f}% of one core, on {os.cpu_count()} cores")
    print(f"  memory: an app RSS median {statistics.median(m[0] for m in mems) / 1024:.0f} MiB, "
          f"PSS median {statistics.median(m[1] for m in mems) / 1024:.0f} MiB; "
          f"SSH process RSS {host_rss / 1024:.0f} MiB ({len(apps)} apps)")
    print(f"  sessions lost: {lost}")
    await close_sessions(sessions)


def loopback(block: int, index: int) -> str:
    """A loopback address of its own for connection `index` (127.0.<block>.1-250): the
    host's stranger limits count connections by address (host/limits.py), as from the
    many machines real players and a real flood come from."""
    return f"127.0.{block}.{index % 250 + 1}"


def still_open(s: socket.socket) -> bool:
    """Whether the host kept this connection (a refused one is closed at once)."""
    try:
        while s.recv(4096):  # the host's banner, if it sent one
            pass
        return False  # closed by the host
    except BlockingIOError:
        return True
    except OSError:
        return False


async def flood(port: int, count: int, per_address: int) -> None:
    addresses = -(-count // per_address)
    print(f"2. {count} unauthenticated connections held open from {addresses} loopback addresses "
          f"({per_address} each), then a player logs in from 127.0.0.1")
    socks = []
    loop = asyncio.get_running_loop()
    for i in range(count):
        s = socket.socket()
        s.setblocking(False)
        s.bind((f"127.0.0.{2 + i // per_address}", 0))
        try:
            await asyncio.wait_for(loop.sock_connect(s, ("127.0.0.1", port)), 5)
            s.send(b"SSH-2.0-flood\r\n")  # a client banner, then nothing: no key exchange
        except (OSError, asyncio.TimeoutError):
            s.close()
            continue
        socks.append(s)
    await asyncio.sleep(1)
    held = sum(still_open(s) for s in socks)
    times, refused = [], 0
    for i in range(5):
        t0 = time.perf_counter()
        try:
            conn = await asyncio.wait_for(asyncssh.connect(
                "127.0.0.1", port, username=f"login{i}", known_hosts=None, client_keys=None, agent_path=None,
                config=None, preferred_auth="none,publickey"), 30)
        except (OSError, asyncssh.Error, asyncio.TimeoutError):
            refused += 1
            continue
        times.append(time.perf_counter() - t0)
        conn.close()
    logins = (f"median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms"
              if times else "none signed in")
    print(f"  {held} held open by the host, {count - held} refused (its limits: {MAX_STRANGERS} strangers, "
          f"{MAX_STRANGERS_PER_ADDRESS} an address); a player's login (TCP to signed in): {logins}; "
          f"{refused} of 5 refused")
    for s in socks:
        s.close()


async def fuzz(port: int, pastes: int, n: int) -> None:
    print(f"3. {pastes} random-byte pastes over {n} sessions")
    sessions = await open_sessions(port, n, "f", 2)
    await asyncio.sleep(2)
    rng = random.Random(13)
    for _, player in sessions:
        player.chan.write(b"\x10")  # the palette: its input takes the pastes
    await asyncio.sleep(1)
    for i in range(pastes):
        _, player = sessions[i % n]
        if player.closed.is_set():
            continue
        if i % 2 == 0:  # printable or not UTF-8, as a terminal pastes it
            body = bytes(b for b in rng.randbytes(400) if b >= 0x20 and b != 0x7F)
            player.chan.write(b"\x1b[200~" + body + b"\x1b[201~")
        else:  # not UTF-8, typed outside a paste (a Latin-1 keyboard, a glitch)
            player.chan.write(bytes(rng.randrange(0x80, 0x100) for _ in range(rng.randrange(1, 60))))
        await asyncio.sleep(0.02)
    await asyncio.sleep(3)
    answering = 0
    for _, player in sessions:  # each still answers a key
        if player.closed.is_set():
            continue
        before = len(player.output)
        player.chan.write(b"\x1b\x1b")
        await asyncio.sleep(0.5)
        answering += len(player.output) > before
    lost = sum(1 for _, p in sessions if p.closed.is_set())
    shown = sum(p.output.count(b"Traceback") for _, p in sessions)
    print(f"  sessions lost: {lost} of {n}; answering a key afterwards: {answering}; tracebacks shown: {shown}")
    await close_sessions(sessions)


async def run(args, host: HostProcess) -> None:
    if args.sessions:
        await load(host.port, host, args.sessions, args.seconds)
    if args.flood:
        await flood(host.port, args.flood, MAX_STRANGERS_PER_ADDRESS)
    if args.pastes:
        await fuzz(host.port, args.pastes, args.fuzz_sessions)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--flood", type=int, default=250)
    parser.add_argument("--pastes", type=int, default=1000)
    parser.add_argument("--fuzz-sessions", type=int, default=20)
    args = parser.parse_args()
    if not 0 <= args.flood <= 1000 or not 0 <= args.sessions <= 200 or args.seconds > 600:
        parser.error("bounded: --flood at most 1000, --sessions at most 200, --seconds at most 600")
    root = Path(tempfile.mkdtemp(prefix="houses-ssh-load-"))
    host = HostProcess(root, "--open", "--idle-timeout", "0",
                       "--max-sessions", str(max(args.sessions, args.fuzz_sessions) + 10))
    try:
        asyncio.run(run(args, host))
    finally:
        host.stop()
    log = host.log_text()
    print(f"host log: {log.count('stopped with an error')} app crashes, {log.count('Traceback')} tracebacks")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
