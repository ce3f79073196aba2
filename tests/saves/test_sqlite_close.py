"""Closing the SQLite database while another thread writes (a host stopping while its
writer thread still works) waits for the write, and later writes are refused in words:
closing under a running statement crashed the process with a segmentation fault."""

from __future__ import annotations

import threading
import time

import pytest

from host.storage.connect import SqliteDb
from saves.db import DatabaseError


def test_closing_waits_for_a_write_in_progress_and_later_writes_are_refused(tmp_path):
    db = SqliteDb(tmp_path / "h.db")
    with db.tx() as run:
        run.run("CREATE TABLE t (x INTEGER)")
    inside, closed = threading.Event(), threading.Event()

    def write() -> None:
        with db.tx() as run:
            inside.set()
            time.sleep(0.3)  # close() is called meanwhile
            assert not closed.is_set(), "the connection was closed under a running transaction"
            run.run("INSERT INTO t VALUES (1)")

    writer = threading.Thread(target=write)
    writer.start()
    assert inside.wait(5)
    db.close()
    closed.set()
    writer.join(5)
    with pytest.raises(DatabaseError, match="closed"):
        with db.tx() as run:
            run.run("SELECT 1")
    check = SqliteDb(tmp_path / "h.db")
    with check.tx() as run:
        assert run.run("SELECT x FROM t") == [(1,)]  # the write in progress was kept
    check.close()
