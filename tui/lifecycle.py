"""How the app process starts and, above all, ends.

Every move is on disk before the next key is read, so leaving must never wait on a
terminal that is gone, a bot, or Textual's shutdown. This module gives:

- `HousesDriver`: Textual's Linux driver, robust to any input bytes (undecodable
  bytes become U+FFFD instead of ending the session), to a terminal that closes
  (a hang-up, not a crash) and to the SIGCONT the kernel sends at a hang-up.
- a watchdog: once the app is asked to leave (ctrl+q, SIGHUP, SIGTERM, a closed
  terminal, a crash), the process ends within about 1.5 s whatever else happens.
- parent death: with HOUSES_PARENT_PID set (by a host), the app leaves when that
  process dies (PR_SET_PDEATHSIG on Linux).
- a crash log: an unexpected exception goes to HOUSES_HOME/houses-crash.log, and the
  player reads a sentence, never a traceback.

Why the driver is needed (Textual 8.2.8, reported upstream): when a pty closes, the
kernel sends SIGHUP and then SIGCONT to the foreground process group. LinuxDriver's
SIGCONT handler restarts application mode although the app was never suspended,
which starts a second WriterThread; the first write to the dead terminal raises in
that thread and ends it; from then on every write is a Queue.put on a bounded queue
that nobody empties, so the event loop blocks for ever (and with it the SIGTERM
handler) - the process stays alive, holding its memory, until SIGKILL.
"""

from __future__ import annotations

import asyncio
import codecs
import ctypes
import os
import selectors
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from textual.drivers.linux_driver import LinuxDriver

from tui.textual_compat import app_loop, driver_app, key_parser, wrap_driver_output

EXIT_GRACE_S = 1.0     # a clean shutdown takes under this (0.8 s seen on a loaded host)
SAVE_FLUSH_S = 0.3     # then queued saves get this long before the process ends
CRASH_LOG = "houses-crash.log"
PARENT_ENV = "HOUSES_PARENT_PID"
PR_SET_PDEATHSIG = 1


# -- the watchdog ---------------------------------------------------------------------

EXIT_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
_ARM = b"\0"  # what `arm` writes into the watchdog's pipe (signal numbers are 1-64)


class Watchdog:
    """Ends the process a short while after it was asked to leave.

    Its thread starts with `enable`, before the app, and sleeps on a pipe. Two things
    write into that pipe, and neither takes a lock or starts a thread: `arm` (the app
    leaves: ctrl+q, a closed terminal, a crash) and the C-level signal handler, which
    writes a SIGTERM or SIGHUP's number there (signal.set_wakeup_fd). So a signal is
    acted on even when the main thread never runs Python again (a signal delivered
    to another thread while the main thread sleeps, a handler that would wait on a
    lock the interrupted code holds): the old handler armed the watchdog from the
    main thread, by starting a thread, and a process once outlived its SIGTERM.

    Only `enable`d in a real `houses` process (never under pytest's in-process app
    tests, where os._exit would end the test run)."""

    def __init__(self) -> None:
        self.enabled = False
        self.armed_at: float | None = None
        self.flush: Callable[[], None] | None = None        # waits for queued saves
        self.restore: Callable[[], None] | None = None      # puts the terminal back
        self.on_signal: Callable[[], bool] | None = None    # asks the app to leave; False if it is not running
        self.code = 0
        self._wake_fd: int | None = None
        self._forward_fd: int | None = None  # who had the wake-up fd before `reclaim`

    def enable(self, flush: Callable[[], None] | None = None, on_signal: Callable[[], bool] | None = None) -> None:
        """Start the watchdog and, from the main thread, route SIGTERM and SIGHUP to it."""
        self.enabled = True
        self.flush = flush
        self.on_signal = on_signal
        read_fd, self._wake_fd = os.pipe()
        os.set_blocking(self._wake_fd, False)  # a signal handler never waits on it
        threading.Thread(target=self._watch, args=(read_fd,), name="houses-watchdog", daemon=True).start()
        if threading.current_thread() is threading.main_thread():
            for sig in EXIT_SIGNALS:  # a Python handler, so the C handler writes the wake-up byte
                signal.signal(sig, _noted_by_the_watchdog)
            signal.set_wakeup_fd(self._wake_fd, warn_on_full_buffer=False)

    def reclaim(self) -> None:
        """Take the process's one wake-up fd back, from the main thread, once the app runs.

        asyncio's loop.add_signal_handler (Textual's web driver uses it for SIGTERM)
        sets the wake-up fd to the loop's own socket: from then on the watchdog heard
        no signal, and a web app whose server was killed (parent death = SIGHUP) lived
        on. The watchdog now passes each signal byte on to that previous owner, so its
        handlers still run; exit signals whose handler was reset get ours back."""
        wake_fd = self._wake_fd  # (set by `enable`)
        if not self.enabled or wake_fd is None or threading.current_thread() is not threading.main_thread():
            return
        for sig in EXIT_SIGNALS:
            if signal.getsignal(sig) in (signal.SIG_DFL, signal.SIG_IGN, None):
                signal.signal(sig, _noted_by_the_watchdog)
        previous = signal.set_wakeup_fd(wake_fd, warn_on_full_buffer=False)
        if previous != wake_fd:
            # A duplicate, so the number is never another file's once its owner closes
            # it (writes then fail, harmlessly); an old one is left open, not closed
            # under the watchdog thread's feet.
            self._forward_fd = os.dup(previous) if previous != -1 else None

    def _forward(self, data: bytes) -> None:
        signals = data.replace(_ARM, b"")
        if self._forward_fd is not None and signals:
            try:
                os.write(self._forward_fd, signals)
            except OSError:  # its owner closed it or it is full: it was told already
                pass

    def arm(self, code: int = 0) -> None:
        """Start the countdown (once; later calls keep the first deadline and code)."""
        if not self.enabled or self.armed_at is not None:
            return
        self.armed_at = time.monotonic()
        self.code = code
        self._wake()

    def _wake(self) -> None:
        if self._wake_fd is None:  # not enabled: no watchdog to wake
            return
        try:
            os.write(self._wake_fd, _ARM)
        except OSError:  # full: the watchdog has been woken already
            pass

    def _watch(self, read_fd: int) -> None:
        signalled = False
        while not signalled:
            try:
                data = os.read(read_fd, 64)
            except InterruptedError:
                continue
            if not data:
                return
            self._forward(data)
            # Other signals with Python handlers (SIGWINCH, SIGCONT, ...) write here too.
            signalled = any(b in EXIT_SIGNALS for b in data)
            if _ARM[0] in data and self.armed_at is not None:
                break
        grace = EXIT_GRACE_S
        armed_at = self.armed_at  # None here only when a signal woke it (an arm breaks once set)
        if armed_at is None:
            armed_at = self.armed_at = time.monotonic()
            self.code = 0
            asked = [False]
            _best_effort(lambda: asked.__setitem__(0, bool(self.on_signal and self.on_signal())), 0.2)
            if not asked[0]:
                grace = 0.0  # the app is not running yet: nothing to finish
        time.sleep(max(0.0, grace - (time.monotonic() - armed_at)))
        _best_effort(self.flush, SAVE_FLUSH_S)
        _best_effort(self.restore, 0.2)
        os._exit(self.code)


def _noted_by_the_watchdog(sig: int, _frame: Any) -> None:
    """SIGTERM/SIGHUP in Python. The C handler has already woken the watchdog while
    the wake-up fd is its own; this covers the moments another owner holds it (before
    `reclaim`), whenever the main thread runs Python. A second byte does no harm."""
    if watchdog._wake_fd is not None:
        try:
            os.write(watchdog._wake_fd, bytes([sig]))
        except OSError:
            pass


def _best_effort(step: Callable[[], None] | None, limit: float) -> None:
    """Run `step` in a daemon thread, for `limit` seconds at most: a write to a pty
    nobody reads can block for ever, and this is the way out."""
    if step is None:
        return
    worker = threading.Thread(target=_quietly, args=(step,), daemon=True)
    worker.start()
    worker.join(limit)


def _quietly(step: Callable[[], None]) -> None:
    try:
        step()
    except Exception:
        pass


watchdog = Watchdog()


def request_exit(app: Any, code: int = 0) -> None:
    """Ask the app to leave from any thread, and make sure the process ends even if
    Textual's shutdown stalls."""
    watchdog.arm(code)
    ask_to_leave(app)


def ask_to_leave(app: Any) -> bool:
    """Have the app's loop run `app.exit`; False when it has no loop running (not
    started yet, or gone)."""
    loop = app_loop(app)
    if loop is None or loop.is_closed():
        return False
    try:
        loop.call_soon_threadsafe(app.exit)
    except RuntimeError:  # the loop has just closed: the process is leaving anyway
        return False
    return True


def install_exit_signals(app: Any) -> None:
    """SIGHUP (the terminal or SSH connection dropped) and SIGTERM end the app.

    In a real process the watchdog took them before the app started (`run`); an app
    inside another program (the tests) leaves with its loop."""
    if watchdog.enabled:
        watchdog.reclaim()  # the driver may have taken the wake-up fd (web: asyncio's)
        return
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in EXIT_SIGNALS:
        asyncio.get_running_loop().add_signal_handler(sig, app.exit)


# -- parent death ---------------------------------------------------------------------

def follow_parent(env: Mapping[str, str] | None = None) -> bool:
    """With HOUSES_PARENT_PID set, have the kernel send SIGHUP when the parent dies.

    Returns False when the parent is already gone (the app should not start)."""
    env = os.environ if env is None else env
    wanted = env.get(PARENT_ENV, "")
    if not wanted.isdigit() or not sys.platform.startswith("linux"):
        return True
    set_parent_death_signal(signal.SIGHUP)
    return os.getppid() == int(wanted)  # checked after prctl: no gap for a race


def set_parent_death_signal(sig: int) -> None:
    """Linux PR_SET_PDEATHSIG; also usable as (part of) a child's preexec_fn."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    except (OSError, AttributeError):
        pass


# -- the crash log --------------------------------------------------------------------

class CrashLog:
    """A file-like sink for tracebacks: opened (in append mode) on first write."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.written = False
        self.while_leaving = False
        self.failed = False

    def write(self, text: str) -> int:
        if not self.written:
            self.written = True
            # An error while the app was already leaving (a screen half-mounted when
            # ctrl+q came) is logged, but the player asked to go: no alarm for them.
            self.while_leaving = watchdog.armed_at is not None
            watchdog.arm(1)
            self._append(f"\n=== {time.strftime('%Y-%m-%d %H:%M:%S')} houses, pid {os.getpid()} ===\n")
        self._append(text)
        return len(text)

    def _append(self, text: str) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8", errors="replace") as f:
                f.write(text)
        except OSError:
            self.failed = True

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def log_exception(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                      tb: TracebackType | None, where: str = "") -> None:
        if where:
            self.write(f"in {where}:\n")
        self.write("".join(traceback.format_exception(exc_type, exc, tb)))

    def sentence(self, hosted: bool) -> str:
        """What the player reads: words, and where the details are."""
        head = "Houses stopped after an unexpected error. Your games are saved."
        if self.failed:
            return f"{head}\nThe details could not be written to {self.path.name}."
        if hosted:  # a hosted player: no host paths
            return f"{head}\nThe details are in {CRASH_LOG} in your Houses folder on the host."
        return f"{head}\nThe details are in {self.path}."


def route_tracebacks(log: CrashLog) -> None:
    """Uncaught exceptions of the main or any thread go to the log, not the terminal."""
    sys.excepthook = lambda t, e, tb: log.log_exception(t, e, tb)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        name = args.thread.name if args.thread is not None else "a thread"
        log.log_exception(args.exc_type, args.exc_value, args.exc_traceback, where=name)

    threading.excepthook = thread_hook


# -- the driver ---------------------------------------------------------------------

class TerminalFile:
    """The driver's output file: a write to a terminal that has gone is dropped, so
    Textual's writer thread lives on (and keeps emptying its queue) instead of dying."""

    def __init__(self, file: Any) -> None:
        self._file = file
        self.gone = False

    def write(self, text: str) -> None:
        if not self.gone:
            try:
                self._file.write(text)
            except (OSError, ValueError):
                self.gone = True

    def flush(self) -> None:
        if not self.gone:
            try:
                self._file.flush()
            except (OSError, ValueError):
                self.gone = True

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return True


class HousesDriver(LinuxDriver):
    """LinuxDriver with four repairs, each for a fault seen in play (see the module
    docstring): any input bytes, a terminal that goes away, a SIGCONT at hang-up, and
    control bytes inside a bracketed paste (`PasteFilter`)."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        wrap_driver_output(self, TerminalFile)
        self._stopped_by_signal = False
        # Replace Textual's SIGTSTP/SIGCONT handlers: resume only after a suspension.
        signal.signal(signal.SIGTSTP, self._on_stop_signal)
        signal.signal(signal.SIGCONT, self._on_continue_signal)
        watchdog.restore = self._restore_terminal

    def _on_stop_signal(self, *_: Any) -> None:
        self._stopped_by_signal = True
        self.suspend_application_mode()
        os.kill(os.getpid(), signal.SIGSTOP)

    def _on_continue_signal(self, *_: Any) -> None:
        # The kernel sends SIGCONT with every hang-up: only a real suspension resumes.
        if self._stopped_by_signal:
            self._stopped_by_signal = False
            self.resume_application_mode()

    def _restore_terminal(self) -> None:
        """For the watchdog: the terminal's modes back, the screen left, if it can."""
        import termios

        if self.attrs_before is not None:
            try:
                termios.tcsetattr(self.fileno, termios.TCSANOW, self.attrs_before)
            except termios.error:
                pass
        if sys.__stderr__ is None:  # (no terminal to put back)
            return
        try:
            os.write(sys.__stderr__.fileno(), b"\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l\x1b[?2004l\x1b[?1000l\x1b[?1003l\x1b[?1006l")
        except OSError:
            pass

    def run_input_thread(self) -> None:
        """Textual's loop with errors="replace" decoding, and a closed terminal (EIO or
        end of file on a tty) treated as a hang-up instead of an exception."""
        selector = selectors.SelectSelector()  # as Textual: works for ttys everywhere
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = key_parser(self)
        decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        paste = PasteFilter()
        try:
            while not self.exit_event.is_set():
                for _key, _mask in selector.select(0.1):
                    try:
                        data = os.read(self.fileno, 4096)
                    except OSError:
                        data = b""  # EIO: the terminal has gone
                    if not data:
                        selector.unregister(self.fileno)
                        if self.input_tty:
                            request_exit(driver_app(self))  # a closed terminal is a hang-up
                        else:
                            pass  # piped input ran out: play on with no more keys
                        break
                    text = paste.feed(decode(data))
                    if text:  # an empty string would tell the parser "end of input"
                        parser = self._feed(parser, text)
                for event in parser.tick():  # (an empty selector still waits 0.1 s)
                    self.process_message(event)
        finally:
            selector.close()

    def _feed(self, parser: Any, text: str) -> Any:
        try:
            for event in parser.feed(text):
                self.process_message(event)
            return parser
        except Exception:  # never seen; a parser that breaks loses a key, not the game
            return key_parser(self)


class PasteFilter:
    """A bracketed paste is text, never keys. Textual's parser reads an ESC inside a
    paste as the start of a key sequence and, when that goes wrong, hands what follows
    on as keys: a pasted ESC then ctrl+q quit the app. So inside a paste (between
    ESC[200~ and ESC[201~, which may be split over reads) every control character but
    tab and newlines is dropped before the parser sees it."""

    START, END = "\x1b[200~", "\x1b[201~"
    KEEP = "\t\n\r"

    def __init__(self) -> None:
        self.in_paste = False
        self.seen = ""   # the last characters passed on outside a paste (a START split over reads)
        self.held = ""   # the end of a paste that may be the first part of END

    def feed(self, text: str) -> str:
        text, self.held = self.held + text, ""
        out: list[str] = []
        i = 0
        while i < len(text):
            if not self.in_paste:
                found = (self.seen + text[i:]).find(self.START)
                if found < 0:
                    self.seen = (self.seen + text[i:])[-(len(self.START) - 1):]
                    out.append(text[i:])
                    break
                after = i + found - len(self.seen) + len(self.START)
                out.append(text[i:after])
                self.in_paste, self.seen, i = True, "", after
            else:
                end = text.find(self.END, i)
                if end < 0:
                    body = text[i:]
                    for n in range(min(len(self.END) - 1, len(body)), 0, -1):
                        if self.END.startswith(body[-n:]):
                            body, self.held = body[:-n], body[-n:]
                            break
                    out.append(self._text(body))
                    break
                out.append(self._text(text[i:end]) + self.END)
                self.in_paste, i = False, end + len(self.END)
        return "".join(out)

    def _text(self, body: str) -> str:
        return "".join(c for c in body if c >= " " and c != "\x7f" or c in self.KEEP)


def driver_class() -> type | None:
    """The driver for a real terminal, unless Textual was told another (the web
    server sets TEXTUAL_DRIVER) or this is not a POSIX terminal."""
    if os.environ.get("TEXTUAL_DRIVER") or sys.platform == "win32":
        return None
    return HousesDriver


# -- running the app ------------------------------------------------------------------

def run(app: Any, home: Path) -> int:
    """Run `app` as the process's one app: crash log, exit signals, watchdog, parent
    death. Returns the process's exit code."""
    log = CrashLog(home / CRASH_LOG)
    route_tracebacks(log)
    # From here a SIGTERM or SIGHUP, at any moment of start-up, ends the process.
    watchdog.enable(flush=lambda: app.flush_saves(timeout=SAVE_FLUSH_S), on_signal=lambda: ask_to_leave(app))
    if not follow_parent():
        return 0  # the host is gone already: nobody to play for
    from rich.console import Console

    # Textual prints a crash's traceback on its error console after leaving the
    # screen: send it to the log instead. (rich types the file IO[str], a whole file
    # object, and uses only write, flush and isatty, which CrashLog has.)
    app.error_console = Console(file=log, width=120, markup=False, highlight=False,  # type: ignore[arg-type]
                                color_system=None, force_terminal=False)
    code = 0
    try:
        app.run()
        code = app.return_code or 0
    except Exception as error:
        log.log_exception(type(error), error, error.__traceback__, where="the app")
        code = 1
    finally:
        watchdog.reclaim()  # a closed asyncio loop resets SIGTERM and the wake-up fd
        watchdog.arm(code)  # whatever lingers after this (threads, a stuck write) ends soon
        try:
            app.flush_saves(timeout=SAVE_FLUSH_S * 2)
        except Exception as error:
            log.log_exception(type(error), error, error.__traceback__, where="the last saves")
    if log.written and log.while_leaving:
        code = watchdog.code
    elif log.written:
        try:
            print(log.sentence(hosted=bool(os.environ.get("HOUSES_PLAYER"))), file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass
        code = code or 1
    return code


def leave(code: int) -> None:
    """End the process now. Everything is on disk and the terminal is restored; the
    interpreter's own teardown of the app's objects can take a second on a busy host,
    which a player (or a host counting processes) should not wait for."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(code)
