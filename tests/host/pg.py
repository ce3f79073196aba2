"""A throwaway PostgreSQL cluster for the tests: initdb and pg_ctl from Debian's
`postgresql` package (/usr/lib/postgresql/*/bin), in a temp folder, on a free port
and a socket in that folder, stopped and removed at the end of the session.

initdb refuses to run as root (CI runs as root): then the cluster runs as the
`postgres` system user that the package makes (or `nobody`), through runuser.
Skips, saying why, only when no PostgreSQL binaries are installed."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="houses-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.user = None
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                try:
                    self.user = pwd.getpwnam(name)
                    break
                except KeyError:
                    continue
            if self.user is None:
                raise RuntimeError("running as root and no 'postgres' or 'nobody' user to run PostgreSQL as")
            os.chown(self.dir, self.user.pw_uid, self.user.pw_gid)
        self.db_user = self.user.pw_name if self.user else pwd.getpwuid(os.getuid()).pw_name

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = list(args)
        if self.user is not None:
            cmd = ["runuser", "-u", self.user.pw_name, "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, check=check, cwd=self.dir, timeout=120)

    def start(self) -> None:
        self.run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", self.db_user,
                 "--no-sync", "-E", "UTF8", "--locale=C")
        self.restart()

    def url(self, db: str = "postgres") -> str:
        return f"postgresql://{self.db_user}@127.0.0.1:{self.port}/{db}"

    def create_db(self, name: str) -> str:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self, mode: str = "fast") -> None:
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def restart(self) -> None:
        """Start the server (again): committed data survives a stop of any kind
        (fsync is off: only the machine itself crashing would lose it)."""
        opts = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c full_page_writes=off -c max_connections=60")
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "log"), "-o", opts,
                 "-w", "-t", "60", "start")

    def remove(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_cluster():
    bin_dir = pg_bin()
    if bin_dir is None:
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl): install Debian's 'postgresql' package "
                    "(.ci/run does) to run the PostgreSQL tests")
    cluster = Cluster(bin_dir)
    try:
        cluster.start()
    except subprocess.CalledProcessError as exc:
        cluster.remove()
        pytest.fail(f"could not start a throwaway PostgreSQL: {exc.stderr or exc.stdout}")
    yield cluster
    cluster.stop("immediate")
    cluster.remove()


_count = 0


@pytest.fixture
def pg_url(pg_cluster) -> str:
    """A fresh, empty database on the session's cluster, for one test."""
    global _count
    _count += 1
    return pg_cluster.create_db(f"houses_test_{os.getpid()}_{_count}")
