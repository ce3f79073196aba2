"""A printing sub-command whose reader has gone (`houses saves | head -1`) ends
quietly, with the exit status of a Unix tool killed by SIGPIPE."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest


@pytest.mark.parametrize("args", [["saves"], ["rules", "dash"], ["--help"], ["--version"],
                                  ["new", "dash", "--help"]], ids=" ".join)
def test_a_closed_pipe_ends_quietly(args, tmp_path):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line is written
    env = dict(os.environ, HOUSES_HOME=str(tmp_path))
    try:
        proc = subprocess.run([sys.executable, "-m", "houses", *args], stdout=write_end,
                              stderr=subprocess.PIPE, env=env, timeout=60)
    finally:
        os.close(write_end)
    assert proc.stderr.decode() == ""
    assert proc.returncode == 128 + signal.SIGPIPE


def test_a_listing_read_to_the_end_still_succeeds(tmp_path):
    env = dict(os.environ, HOUSES_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "houses", "saves"], capture_output=True, env=env, timeout=60)
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert proc.stdout.decode() == f"No saved games in {tmp_path}.\n"
