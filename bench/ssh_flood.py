"""Idle connections against `houses serve ssh` (issue 22): N idle TCP connections from
one address (they never send an SSH banner), then real OpenSSH logins, each timed from
the `ssh` command to the host's program running. Before the fix ten idle connections
locked every login from that address out for 60 s.

Usage: nice -n 10 .venv/bin/python bench/ssh_flood.py [--idle 200] [--logins 5] [--banner]
Loopback only (127.0.0.1), the counts bounded (--idle at most 1000), under a minute.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "serve"))

from sshkit import HostThread, make_key, ssh_args  # noqa: E402

APP = [sys.executable, "-c", "print('app ran', flush=True)"]


def login(host, key) -> float:
    import pexpect

    env = {k: v for k, v in os.environ.items() if not k.startswith("SSH_")}
    started = time.monotonic()
    child = pexpect.spawn("ssh", ssh_args(host, "alice", key, "-t"), env=env, timeout=20)
    try:
        child.expect("app ran")
        return time.monotonic() - started
    finally:
        child.close(force=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--logins", type=int, default=5)
    parser.add_argument("--banner", action="store_true",
                        help="each idle connection sends an SSH banner first, then nothing")
    args = parser.parse_args()
    idle_count = max(0, min(args.idle, 1000))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        key = make_key(root, "alice")
        host = HostThread(root, idle_timeout=0, app_command=APP)
        host.add_key("alice", key)
        try:
            quiet = [login(host, key) for _ in range(args.logins)]
            started = time.monotonic()
            idle = [socket.create_connection(("127.0.0.1", host.port)) for _ in range(idle_count)]
            if args.banner:
                for s in idle:
                    s.sendall(b"SSH-2.0-idle\r\n")
            opened = time.monotonic() - started
            flooded = [login(host, key) for _ in range(args.logins)]
            log = host.log_text()
            print(f"{idle_count} idle connections{' (each sent a banner)' if args.banner else ''} from 127.0.0.1 opened in {opened:.2f} s; "
                  f"host counts {host.host.strangers.count()} not signed in")
            print(f"login, no idle connections: median {statistics.median(quiet):.3f} s, max {max(quiet):.3f} s")
            print(f"login, {idle_count} idle:           median {statistics.median(flooded):.3f} s, "
                  f"max {max(flooded):.3f} s ({args.logins} logins, all in)")
            print(f"host log lines about them: {log.count('closed before signing in')}")
            for s in idle:
                s.close()
        finally:
            host.stop()


if __name__ == "__main__":
    main()
