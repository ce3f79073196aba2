"""Every app process ends, and soon: the real `houses` on a pseudo-terminal that is its
controlling terminal (as the SSH host runs it), random keys, then the end comes at a
random moment - the terminal closes, SIGHUP, SIGTERM, ctrl+q (with the terminal
closed right after, as a window does), or its parent dies. The process must be gone
within 2 s and the save must read back. And input bytes that are not UTF-8, or an
unexpected error, never show the player a traceback."""

from __future__ import annotations

import fcntl
import os
import pty
import random
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

import saves
from waits import until

LIMIT_S = 2.0  # the promise: gone within 2 s of the end, in every state
# The keys of play, help, a new game (`n`) and home then back (`q` `c`: at home `q`
# would quit, and this test ends the app its own ways).
KEYS = [b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\r", b" ", b"\t", b"\x1b[Z", b"\x1b",
        b"1", b"2", b"3", b"4", b"5", b"e", b"p", b"x", b"t", b"u", b"r", b"?", b"m", b"n", b"qc"]
ROOT = Path(__file__).resolve().parents[2]


def app_env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TEXTUAL_", "HOUSES_"))}
    env.update(HOUSES_HOME=str(home), TERM="xterm-256color", LANG="C.UTF-8", **extra)
    return env


def open_terminal() -> tuple[int, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return master, slave


def take_terminal() -> None:  # in the child, after setsid(): the pty becomes its terminal
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """The test's side of the pty: reads everything (a terminal always reads)."""

    def __init__(self, master: int) -> None:
        os.set_blocking(master, False)  # an app that stops reading must not stop the test
        self.master = master
        self.out = b""
        self.open = True
        self.unread = 0  # keys the app did not take in (its input was full)

    def pump(self, seconds: float = 0.0) -> None:
        end = time.monotonic() + seconds
        while self.open:
            ready, _, _ = select.select([self.master], [], [], max(0.0, min(0.02, end - time.monotonic())))
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    return
                self.out += data
            if time.monotonic() >= end:
                return

    def send(self, data: bytes) -> None:
        if self.open:
            try:
                os.write(self.master, data)
            except BlockingIOError:
                self.unread += 1
            except OSError:
                pass

    def close(self) -> None:
        if self.open:
            self.open = False
            os.close(self.master)


def gone(pid: int) -> bool:
    """Ended (a zombie waiting for a parent that is not us counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def assert_ends_in_time(is_gone, way: str, term: Terminal | None = None) -> None:
    """Called just after `way` (a signal, the terminal closed): the app is gone within
    LIMIT_S. Waits up to 5 s, reading the terminal meanwhile (an app may block on it)."""
    started = time.monotonic()
    while not is_gone() and time.monotonic() - started < 5:
        term.pump(0.02) if term is not None else time.sleep(0.02)
    took = time.monotonic() - started
    assert is_gone(), f"the app was still running 5 s after {way}"
    assert took < LIMIT_S, f"the app took {took:.2f} s to end after {way}"


def main_thread_stuck(pid: int) -> bool:
    """Whether the process's main thread sleeps in the kernel on a lock (a futex)."""
    task = Path(f"/proc/{pid}/task/{pid}")
    return (task.joinpath("stat").read_text().rsplit(")", 1)[1].split()[0] == "S"
            and "futex" in task.joinpath("wchan").read_text())


def assert_a_stuck_process_ends_on(code: str, sig: signal.Signals, home: Path, before=None) -> None:
    """Python `code` that prints `ready`, then (after `before(proc)`, if given) sleeps
    on a lock for good in its main thread: `sig` still ends it within LIMIT_S."""
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, cwd=ROOT, env=app_env(home))
    try:
        assert proc.stdout.readline().strip() == b"ready"
        if before is not None:
            before(proc)
        until(lambda: main_thread_stuck(proc.pid), timeout=5, what="the main thread asleep on its lock")
        os.kill(proc.pid, sig)
        assert_ends_in_time(lambda: proc.poll() is not None, sig.name)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def wait_for_save(home: Path, term: Terminal, proc=None, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not list((home / "saves").glob("*.json")):
        assert time.monotonic() < deadline, "the game never saved:\n" + term.out.decode(errors="replace")[-2000:]
        assert proc is None or proc.poll() is None, "the app ended:\n" + term.out.decode(errors="replace")[-2000:]
        term.pump(0.05)


def random_keys(term: Terminal, rng: random.Random, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        term.send(rng.choice(KEYS))
        term.pump(rng.uniform(0.0, 0.08))


def assert_saves_read_back(home: Path, game: str) -> None:
    good, bad = saves.Store(home).scan()
    assert not bad, [u.message for u in bad]
    assert game in {s.game for s in good}
    for save in good:
        saves.replay(save)  # every move in every file still replays


# Each game meets at least two ways of ending, and each way at least one game.
CASES = [
    ("dash", ["new", "dash", "--seed", "11"], "close"),
    ("dash", ["new", "dash", "--seed", "12"], "sigterm"),
    ("house-rules", ["new", "house-rules", "--bots", "easy"], "sighup"),
    ("house-rules", ["new", "house-rules", "--bots", "normal"], "parent"),
    ("town", ["new", "town", "--seats", "2", "--bots", "easy"], "ctrl+q"),
    ("town", ["new", "town", "--seats", "1"], "close"),
    ("skirmish", ["new", "skirmish", "--bots", "easy"], "ctrl+q"),
    ("skirmish", ["new", "skirmish", "--bots", "easy"], "parent"),
]


@pytest.mark.parametrize("game,args,way", CASES, ids=[f"{g}-{w}" for g, _, w in CASES])
def test_the_app_ends_within_2s_however_it_is_ended(tmp_path, game, args, way):
    rng = random.Random(f"{game}-{way}")
    master, slave = open_terminal()
    term = Terminal(master)
    if way == "parent":
        # A stand-in host: it starts the app with HOUSES_PARENT_PID (as `serve` does)
        # and is then killed with SIGKILL. The test keeps the pty open, so only the
        # parent-death signal can tell the app.
        pid_file = tmp_path / "app.pid"
        code = ("import os, subprocess, sys\n"
                "env = dict(os.environ, HOUSES_PARENT_PID=str(os.getpid()))\n"
                f"p = subprocess.Popen([sys.executable, '-m', 'tui.cli', *{args!r}], env=env)\n"
                f"open({str(pid_file)!r}, 'w').write(str(p.pid))\n"
                "p.wait()\n")
        parent = subprocess.Popen([sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=slave,
                                  env=app_env(tmp_path), cwd=ROOT, start_new_session=True)
        os.close(slave)
        deadline = time.monotonic() + 20
        while not (pid_file.exists() and pid_file.read_text()):
            assert time.monotonic() < deadline, "the stand-in host never started the app"
            term.pump(0.05)
        pid = int(pid_file.read_text())
        proc = None
    else:
        proc = subprocess.Popen([sys.executable, "-m", "tui.cli", *args], stdin=slave, stdout=slave, stderr=slave,
                                env=app_env(tmp_path), cwd=ROOT, start_new_session=True, preexec_fn=take_terminal)
        os.close(slave)
        pid = proc.pid
    try:
        wait_for_save(tmp_path, term, proc)
        random_keys(term, rng, rng.uniform(0.5, 2.5))
        assert not gone(pid), "the app ended on its own:\n" + term.out.decode(errors="replace")[-2000:]
        assert term.unread == 0, f"the app stopped reading keys ({term.unread} not taken)"
        if way == "close":
            term.close()
        elif way == "sighup":
            os.kill(pid, signal.SIGHUP)
        elif way == "sigterm":
            os.kill(pid, signal.SIGTERM)
        elif way == "ctrl+q":
            # ctrl+q in a game with no move removes its save (issue 26): then there
            # is nothing to read back but nothing may be unreadable either.
            played = any(s.actions for s in saves.Store(tmp_path).list())
            term.send(b"\x11")
            term.pump(rng.uniform(0.0, 0.1))
            term.close()
        elif way == "parent":
            parent.kill()
            parent.wait()
        assert_ends_in_time(lambda: gone(pid), way, term)  # a zombie counts as gone
    finally:
        if not gone(pid):
            os.kill(pid, signal.SIGKILL)
        if proc is not None:
            proc.wait()
        term.close()
    assert b"Traceback" not in term.out
    if way == "ctrl+q" and not played:
        assert not saves.Store(tmp_path).scan()[1]
    else:
        assert_saves_read_back(tmp_path, game)


def start_app(home: Path, args: list[str], **env: str) -> tuple[subprocess.Popen, Terminal]:
    master, slave = open_terminal()
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", *args], stdin=slave, stdout=slave, stderr=slave,
                            env=app_env(home, **env), cwd=ROOT, start_new_session=True, preexec_fn=take_terminal)
    os.close(slave)
    return proc, Terminal(master)


def finish(proc: subprocess.Popen, term: Terminal) -> int:
    deadline = time.monotonic() + 10
    while proc.poll() is None and time.monotonic() < deadline:
        term.pump(0.05)
    if proc.poll() is None:
        proc.kill()
    term.pump(0.2)
    term.close()
    return proc.wait()


def test_bytes_that_are_not_utf8_are_keys_not_a_crash(tmp_path):
    """A Latin-1 `é` (0xE9), `printf 'abc\\xff\\xfe'` and a paste of random bytes: the
    app goes on, the next keys work, ctrl+q leaves with code 0, and no traceback."""
    proc, term = start_app(tmp_path, ["new", "dash", "--seed", "7"])
    try:
        wait_for_save(tmp_path, term, proc)
        term.pump(0.3)
        term.send(b"\xe9")
        term.send(b"abc\xff\xfe")
        rng = random.Random(13)
        term.send(bytes(b | 0x80 for b in rng.randbytes(400)))  # a paste of bytes, none UTF-8 as it comes
        term.send(b"\x1b")  # close any half-made escape sequence
        term.pump(1.0)
        assert proc.poll() is None, "the app ended on input bytes:\n" + term.out.decode(errors="replace")[-1500:]
        term.out = b""
        term.send(b"?")  # the help screen still opens: input still works
        deadline = time.monotonic() + 30
        # its footer's "Close" is drawn once the screen is up (the rules are long: on a
        # busy machine seconds), and only then is ctrl+q read
        while not (b"Icehouse Dash" in term.out and b"Close" in term.out) and time.monotonic() < deadline:
            term.pump(0.05)
        assert b"Icehouse Dash" in term.out and b"Close" in term.out
        term.send(b"\x11")
        code = finish(proc, term)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 0
    assert b"Traceback" not in term.out
    assert not (tmp_path / "houses-crash.log").exists()


CRASHING_APP = """
import sys
from pathlib import Path
import saves
from tui import lifecycle
from tui.app import HousesApp

class Crashing(HousesApp):
    CSS_PATH = str(Path(sys.modules["tui.app"].__file__).with_name("app.tcss"))

    def on_mount(self):
        super().on_mount()
        self.set_timer(0.3, self.boom)

    def boom(self):
        raise RuntimeError("boom in " + str(Path.cwd()))

store = saves.Store()
lifecycle.leave(lifecycle.run(Crashing(store), store.root))
"""


@pytest.mark.parametrize("hosted", [False, True], ids=["local", "hosted"])
def test_an_unexpected_error_is_logged_and_told_in_words(tmp_path, hosted):
    """No traceback on the player's terminal: the details go to HOUSES_HOME/houses-crash.log;
    the player reads a sentence (a hosted player is not shown the host's paths)."""
    env = app_env(tmp_path, **({"HOUSES_PLAYER": "alice"} if hosted else {}))
    master, slave = open_terminal()
    script = tmp_path / "crashing.py"  # (a file: Textual finds the app's CSS beside its class)
    script.write_text(CRASHING_APP)
    proc = subprocess.Popen([sys.executable, str(script)], stdin=slave, stdout=slave, stderr=slave,
                            env=env, cwd=tmp_path, start_new_session=True, preexec_fn=take_terminal)
    os.close(slave)
    term = Terminal(master)
    code = finish(proc, term)
    screen = term.out.decode(errors="replace")
    assert code == 1
    assert "Traceback" not in screen and "RuntimeError" not in screen and "boom" not in screen
    assert "unexpected error" in screen and "Your games are saved" in screen
    assert ("houses-crash.log in your Houses folder" in screen) == hosted
    assert (str(tmp_path) in screen) != hosted
    log = (tmp_path / "houses-crash.log").read_text()
    assert "RuntimeError" in log and "boom in" in log


# SIGTERM at a random moment of start-up (issue 26, item 11: once a process outlived
# `timeout 4 houses new skirmish --bots '' </dev/null` by minutes). Seeded moments
# from the first import to a drawn game; stdin a terminal or /dev/null (as `timeout`
# ran it). Whenever it comes, the process is gone within LIMIT_S, without a traceback.
START_UP_CASES = [
    (["new", "skirmish", "--bots", ""], "pty"),
    (["new", "skirmish", "--bots", ""], "devnull"),
    (["new", "dash", "--seed", "5"], "pty"),
    ([], "devnull"),
]


@pytest.mark.parametrize("args,stdin", START_UP_CASES, ids=[f"{' '.join(a) or 'home'}-{i}" for a, i in START_UP_CASES])
def test_sigterm_at_any_moment_of_start_up_ends_the_app_soon(tmp_path, args, stdin):
    rng = random.Random(f"start-up {args} {stdin}")
    for attempt in range(5):
        home = tmp_path / str(attempt)
        master, slave = open_terminal()
        term = Terminal(master)
        proc = subprocess.Popen([sys.executable, "-m", "tui.cli", *args],
                                stdin=slave if stdin == "pty" else subprocess.DEVNULL, stdout=slave, stderr=slave,
                                env=app_env(home), cwd=ROOT, start_new_session=True,
                                preexec_fn=take_terminal if stdin == "pty" else None)
        os.close(slave)
        try:
            term.pump(rng.uniform(0.0, 2.0))  # from the interpreter's start to a drawn screen
            os.kill(proc.pid, signal.SIGTERM)
            assert_ends_in_time(lambda: proc.poll() is not None, f"SIGTERM (try {attempt})", term)
            assert proc.returncode in (0, -signal.SIGTERM), proc.returncode
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            term.close()
        assert b"Traceback" not in term.out


def test_sigterm_reaches_the_watchdog_when_the_main_thread_is_stuck(tmp_path):
    """The exit does not depend on the main thread running Python: with SIGTERM
    blocked there (so the kernel hands it to another thread) and the main thread
    asleep for good on a lock, SIGTERM still ends the process within LIMIT_S. (A
    handler that only the main thread runs, as before, never runs here.)"""
    code = ("import signal, threading\n"
            "from tui import lifecycle\n"
            "lifecycle.watchdog.enable()\n"
            "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})\n"
            "print('ready', flush=True)\n"
            "lock = threading.Lock(); lock.acquire(); lock.acquire()\n")
    assert_a_stuck_process_ends_on(code, signal.SIGTERM, tmp_path)


def test_sighup_reaches_the_watchdog_after_asyncio_took_the_wake_up_fd(tmp_path):
    """Textual's web driver calls loop.add_signal_handler, which makes asyncio's socket
    the process's one wake-up fd: the watchdog heard nothing after that, so a web app
    outlived its killed server (parent death is a SIGHUP). Once the app runs the
    watchdog takes the fd back (`install_exit_signals`) and passes each signal on to
    asyncio, whose handler still runs; then, with the main thread stuck and SIGHUP
    blocked there, a SIGHUP still ends the process within LIMIT_S."""
    code = ("import asyncio, os, signal, threading\n"
            "from tui import lifecycle\n"
            "lifecycle.watchdog.enable()\n"
            "async def main():\n"
            "    loop = asyncio.get_running_loop()\n"
            "    done = loop.create_future()\n"
            "    loop.add_signal_handler(signal.SIGUSR1, lambda: done.set_result(None))\n"
            "    lifecycle.install_exit_signals(None)\n"
            "    print('ready', flush=True)\n"
            "    await done\n"
            "    print('asyncio got SIGUSR1', flush=True)\n"
            "    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})\n"
            "    print('stuck', flush=True)\n"
            "    lock = threading.Lock(); lock.acquire(); lock.acquire()\n"
            "asyncio.run(main())\n")

    def asyncio_hears_sigusr1(proc) -> None:
        os.kill(proc.pid, signal.SIGUSR1)
        assert proc.stdout.readline().strip() == b"asyncio got SIGUSR1"
        assert proc.stdout.readline().strip() == b"stuck"

    assert_a_stuck_process_ends_on(code, signal.SIGHUP, tmp_path, before=asyncio_hears_sigusr1)
