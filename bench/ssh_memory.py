"""Memory of a player on `houses serve ssh`: real OpenSSH clients on ptys at 80x24
(as the tests connect), each player's app measured from /proc/PID/smaps_rollup
(RSS, and PSS: the shared code pages split between the apps that map them).

Each player first sits on the home screen; then player i starts game i % 4 from
"New game" with the form's defaults and presses a bounded walk of keys (arrows,
enter, space, the game's keys), as someone playing does; then the same again a
second round of keys. Prints the figures; asserts nothing.

Usage: nice -n 10 .venv/bin/python bench/ssh_memory.py [--players 4] [--keys 60]
Everything listens on 127.0.0.1 only, and every wait is bounded.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "serve"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ssh_host import children, mem_kib, quiet  # noqa: E402
from sshkit import Client, HostProcess, make_key  # noqa: E402

GAMES = ["Icehouse Dash", "HOUSE RULES", "TOWN 77", "HOUSES - Skirmish"]
WALK = ["left", "right", "up", "down", "enter", "space", "tab", "e", "d", "escape"]


def mib(kib: float) -> str:
    return f"{kib / 1024:.0f}"


def player_of(pid: int) -> str:
    """The player an app serves, from its HOUSES_HOME (DATA/players/NAME)."""
    try:
        env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        return "?"
    home = next((v for v in env if v.startswith(b"HOUSES_HOME=")), b"")
    return Path(home.decode(errors="replace")).name or "?"


def line(label: str, apps: list[int], games: dict[str, str] | None = None) -> None:
    mem = [mem_kib(pid) for pid in apps]
    rss, pss = [m[0] for m in mem], [m[1] for m in mem]
    print(f"{label}: {len(apps)} apps; PSS median {mib(statistics.median(pss))} MiB "
          f"(min {mib(min(pss))}, max {mib(max(pss))}), RSS median {mib(statistics.median(rss))} MiB "
          f"(max {mib(max(rss))}); PSS of all apps {mib(sum(pss))} MiB")
    if games:
        by_game: dict[str, list[int]] = {}
        for pid, (_rss, one) in zip(apps, mem):
            by_game.setdefault(games.get(player_of(pid), "?"), []).append(one)
        print("   PSS by game: " + "; ".join(f"{game} {', '.join(mib(k) for k in sorted(kib))} MiB"
                                              for game, kib in sorted(by_game.items())))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--keys", type=int, default=60, help="keys each player presses a round")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    root = Path(tempfile.mkdtemp(prefix="houses-ssh-memory-"))
    (root / "keys").mkdir()
    (root / "h").mkdir()
    host = HostProcess(root / "h", "--idle-timeout", "0")
    names = [f"p{i}" for i in range(args.players)]
    for name in names:
        host.add_key(name, make_key(root / "keys", name))
    clients: list[Client] = []
    try:
        empty_rss, _ = mem_kib(host.proc.pid)
        for name in names:
            c = Client(host, name, root / "keys" / f"id_{name}")
            c.wait_for("H O U S E S", timeout=60)
            clients.append(c)
        for c in clients:
            quiet(c, 0.5)
        apps = children(host.proc.pid)
        line("home screen", apps)
        for i, c in enumerate(clients):
            c.press("n")
            c.wait_for("New game", timeout=20)
            c.press("enter", *(["down"] * (i % len(GAMES))), "enter")
            quiet(c, 0.5)
            c.press("ctrl+s")
            quiet(c, 1.0)
        for round_ in (1, 2):
            for _ in range(args.keys):
                for c in clients:
                    c.press(rng.choice(WALK), gap=0.02)
                    c.pump(0.02)
            for c in clients:
                quiet(c, 0.5)
            line(f"in a game, after {round_ * args.keys} keys", apps,
                 {name: GAMES[i % len(GAMES)] for i, name in enumerate(names)})
        host_rss, _ = mem_kib(host.proc.pid)
        print(f"host process: RSS {mib(host_rss)} MiB ({mib(empty_rss)} MiB before anyone connected)")
        for i, c in enumerate(clients):
            print(f"--- {names[i]} ({GAMES[i % len(GAMES)]}) ---")
            print("\n".join(c.text().splitlines()[:3]))
    finally:
        for c in clients:
            c.kill()
        host.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
