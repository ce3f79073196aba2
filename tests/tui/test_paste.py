"""A bracketed paste is text, never keys: control bytes pasted over SSH (ctrl+q,
ctrl+c, an ESC before them) must not quit the app or press anything."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from test_process_exit import ROOT, Terminal, app_env, open_terminal, take_terminal
from tui.lifecycle import PasteFilter

START, END = "\x1b[200~", "\x1b[201~"


def test_paste_filter_drops_control_characters_inside_a_paste_only():
    text = f"a{START}he\x1bl\x11lo\tx\x03\x7f{END}q\x11"
    assert PasteFilter().feed(text) == f"a{START}hello\tx{END}q\x11"


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7])
def test_paste_filter_reads_markers_split_over_reads(size):
    text = f"\x1b[A{START}one\x1b\x11two\r\n{END}\x11{START}\x03{END}"
    paste = PasteFilter()
    out = "".join(paste.feed(text[i:i + size]) for i in range(0, len(text), size))
    assert out == f"\x1b[A{START}onetwo\r\n{END}\x11{START}{END}"


def run_houses(home):
    master, slave = open_terminal()
    term = Terminal(master)
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli"], stdin=slave, stdout=slave, stderr=slave,
                            env=app_env(home), cwd=ROOT, start_new_session=True, preexec_fn=take_terminal)
    os.close(slave)
    deadline = time.monotonic() + 30
    while b"four house games" not in term.out:
        assert time.monotonic() < deadline, "the home screen never showed"
        assert proc.poll() is None, term.out.decode(errors="replace")[-2000:]
        term.pump(0.05)
    term.pump(0.3)
    return proc, term


@pytest.mark.parametrize("pasted", [b"abc\x11def\x03", b"hello\x1b\x11world", b"\x1b\x1b\x11\x03\x1b[A"],
                         ids=["ctrl-q-ctrl-c", "esc-ctrl-q", "escapes"])
def test_a_paste_with_control_bytes_does_not_quit(tmp_path, pasted):
    proc, term = run_houses(tmp_path)
    try:
        term.send(b"\x1b[200~" + pasted + b"\x1b[201~")
        term.pump(1.5)
        assert proc.poll() is None, "the app quit on a paste"
        term.send(b"\x11")  # a real ctrl+q still quits
        proc.wait(timeout=10)
        assert proc.returncode == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        term.close()
