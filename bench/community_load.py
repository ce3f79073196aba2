"""A community host under load (issue 16). Prints figures; asserts nothing.

200 simulated players (protocol clients, as tests/serve/peer.py speaks) at 100
HOUSE RULES tables (no cards: short games), each table's two players playing the
first legal move as soon as it is their turn, table after table, for a while:

  - PostgreSQL, two hosts (each table service in its own process, one database):
    at each table one player comes through host A and one through host B, so every
    move travels between hosts (committed, NOTIFY, read and played by the other);
  - SQLite, one host: both players through the one host.

Figures: moves/s (committed), p50/p95 move delivery latency (the mover's act sent to
the other player's table message with that move), database size per 1,000 games.
The clients run in this process, the hosts in their own: on a shared machine the
figures are a floor, not a ceiling.

Usage:
  nice -n 10 .venv/bin/python bench/community_load.py                 # 100 tables, 30 s each
  .venv/bin/python bench/community_load.py --tables 5 --seconds 5      # a quick look
Needs Debian's postgresql binaries for the PostgreSQL run (tests/host/pg.py starts one).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "host"))


def run_host(data: str, db: str, names: list[str], ready) -> None:
    """One host's table service, in its own process, until killed."""
    from host.relay import table_host_class
    from host.storage import open_storage

    async def main() -> None:
        storage = open_storage(db)
        host = table_host_class(storage)(Path(data), storage=storage)
        host.log = lambda text: None
        await host.start()
        ready.put({name: host.token_for(name) for name in names} | {"": str(host.socket_path)})
        await asyncio.Event().wait()

    asyncio.run(main())


class Player:
    def __init__(self, name: str, socket_path: str, token: str) -> None:
        self.name, self.socket_path, self.token = name, socket_path, token

    async def connect(self) -> None:
        self.reader, self.writer = await asyncio.open_unix_connection(self.socket_path, limit=1 << 22)
        self.send(op="hello", token=self.token)
        await self.get()

    def send(self, **msg) -> None:
        self.writer.write(json.dumps(msg).encode() + b"\n")

    async def get(self) -> dict:
        return json.loads(await self.reader.readline())


class Load:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}  # (table, cursor after the move) -> when asked
        self.latency: list[float] = []
        self.moves = 0
        self.games = 0
        self.running = True


async def play_tables(me: Player, other: Player, load: Load) -> None:
    """Table after table between two players until the time is up."""
    from core import GAMES

    game = GAMES["house-rules"]
    players = {0: me, 1: other}
    while load.running:
        me.send(op="open", game="house-rules", options={"cards": "none"}, seats=[{"kind": "human"}, {"kind": "human"}])
        first = await me.get()
        while first["op"] != "table" or first["cursor"] != 0 or first["seats"][1]["name"]:
            first = await me.get()  # news of the table before
        code = first["code"]
        other.send(op="join", code=code)
        done = asyncio.Event()

        async def seat(n: int) -> None:
            player = players[n]
            last = -1
            while not done.is_set():
                msg = await player.get()
                if msg["op"] == "error" and "There is no table" in msg["message"] and n == 1:
                    await asyncio.sleep(0.05)  # the other host has not heard of the table yet
                    other.send(op="join", code=code)
                    continue
                if msg.get("code", code) != code or (msg["op"] == "finished" and not msg["save"]["id"].endswith(code)):
                    continue  # news of the table before
                if msg["op"] == "finished" or (msg["op"] == "table" and msg.get("save")):
                    done.set()
                    return
                if msg["op"] != "table":
                    continue
                cursor = msg["cursor"]
                mover = (msg.get("last") or {}).get("seat")
                asked = load.sent.pop((code, cursor), None) if mover is not None and mover != n else None
                if asked is not None:
                    load.latency.append(time.perf_counter() - asked)
                    load.moves += 1
                state = game.from_text(msg["view"])
                if state.over:
                    done.set()
                    return
                if state.to_move == n and cursor > last and load.running and msg["seats"][1]["name"]:
                    last = cursor
                    load.sent[(code, cursor + 1)] = time.perf_counter()
                    player.send(op="act", code=code, cursor=cursor,
                                action=game.action_to_builtins(state.legal_actions()[0]))

        tasks = [asyncio.create_task(seat(n)) for n in (0, 1)]
        try:
            await asyncio.wait_for(done.wait(), 120)
        except asyncio.TimeoutError:
            pass
        for t in tasks:
            t.cancel()
        if not load.running:
            return
        load.games += 1
        me.send(op="leave", code=code)
        other.send(op="leave", code=code)


async def drive(hosts: list[dict], tables: int, seconds: float) -> Load:
    load = Load()
    pairs = []
    for i in range(tables):
        a, b = hosts[0], hosts[-1]
        me = Player(f"p{i}a", a[""], a[f"p{i}a"])
        other = Player(f"p{i}b", b[""], b[f"p{i}b"])
        await me.connect()
        await other.connect()
        pairs.append((me, other))

    tasks = [asyncio.create_task(play_tables(me, other, load)) for me, other in pairs]
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    load.running = False
    load.elapsed = time.perf_counter() - started
    for t in tasks:
        t.cancel()
    return load


def db_size(url_or_path: str) -> int:
    if url_or_path.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(url_or_path) as conn:
            return conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
    return sum(p.stat().st_size for p in Path(url_or_path).parent.glob(Path(url_or_path).name + "*"))


def finished_games(db: str) -> int:
    from host.storage import open_storage

    storage = open_storage(db)
    with storage._tx() as tx:
        n = tx.run("SELECT COUNT(*) FROM tables WHERE closed = 1")[0][0]
    storage.close()
    return n


def run(label: str, db: str, host_count: int, tables: int, seconds: float, folder: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    names = [[f"p{i}a" for i in range(tables)], [f"p{i}b" for i in range(tables)]]
    if host_count == 1:
        names = [names[0] + names[1]]
    import resource

    procs, hosts = [], []
    cpu = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    before = db_size(db) if db.startswith("postgresql://") else 0
    for n in range(host_count):
        data = folder / f"{label}-{n}"
        data.mkdir()
        ready = ctx.Queue()
        proc = ctx.Process(target=run_host, args=(str(data), db, names[n], ready), daemon=True)
        proc.start()
        procs.append(proc)
        hosts.append(ready.get(timeout=60))
    try:
        load = asyncio.run(drive(hosts, tables, seconds))
    finally:
        for proc in procs:
            proc.kill()
            proc.join()
    used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    clients_s, hosts_s = (u.ru_utime + u.ru_stime - c.ru_utime - c.ru_stime for u, c in zip(used, cpu))
    games = finished_games(db)
    grown = db_size(db) - before
    lat = sorted(load.latency) or [0.0]
    p95 = lat[min(len(lat) - 1, int(len(lat) * 0.95))]
    per_game = grown / games if games else float("nan")
    print(f"{label}: {host_count} host(s), {tables} tables, {2 * tables} players, {load.elapsed:.0f} s: "
          f"{load.moves} moves ({load.moves / load.elapsed:.0f} moves/s), {games} games finished; "
          f"delivery p50 {statistics.median(lat) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms; "
          f"database {grown / 1e6:.1f} MB, {per_game * 1000 / 1e6:.1f} MB per 1,000 games; "
          f"CPU: the {2 * tables} clients {clients_s:.0f} s, the host(s) {hosts_s:.0f} s, load now "
          f"{os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--skip-sqlite", action="store_true")
    args = parser.parse_args()
    print(f"load on this machine at start: {os.getloadavg()[0]:.1f} (cores: {os.cpu_count()})", flush=True)
    with tempfile.TemporaryDirectory(prefix="houses-community-") as tmp:
        folder = Path(tmp)
        from pg import Cluster, pg_bin

        bin_dir = pg_bin()
        if bin_dir is None:
            print("no PostgreSQL binaries: the PostgreSQL run is skipped")
        else:
            cluster = Cluster(bin_dir)
            cluster.start()
            try:
                run("postgresql", cluster.create_db("houses_bench"), 2, args.tables, args.seconds, folder)
            finally:
                cluster.stop("immediate")
                cluster.remove()
        if not args.skip_sqlite:
            run("sqlite", str(folder / "houses.db"), 1, args.tables, args.seconds, folder)


if __name__ == "__main__":
    main()
