"""The Houses app: one Textual App that hosts every screen.

It owns the save store, the settings and a single background writer, so every save
leaves the UI thread and saves land on disk in the order they were made.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import deque
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime
from functools import partial
from pathlib import Path

import msgspec
from rich.console import RenderableType
from textual import events, messages
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.app import ScreenStackError
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import MountError, Widget
from textual.scrollbar import ScrollBar

import saves
from tui.glyphs import Glyphs, locale_is_utf8
from tui.memory import use_fresh_context_executor
from tui.start import NewForm, NewGame, OpenPuzzle, Resume, Start, StartHome
from tui.screens.text import AppScrollBarRender
from tui.textual_compat import ErrorFilterApp, message_stopped

MIN_WIDTH, MIN_HEIGHT = 80, 24

# The longest a key waits for the one before it (or for a screen to mount) before it
# is read anyway: the order of keys is kept, but input never locks up.
KEY_WAIT_S = 2.0

# Looks after 1 ms (not 10) for a key on its way through the widgets.
QUICK_LOOKS = 5

# What the terminal reader makes of input bytes that are not UTF-8 (tui/lifecycle.py
# decodes with errors="replace"): never a key anyone means.
JUNK_CHARACTER = "\ufffd"

# Scroll bars consult the app that draws them: no block glyphs in --ascii (the
# class variable is Textual's documented way to draw scroll bars otherwise).
ScrollBar.renderer = AppScrollBarRender


class HousesApp(ErrorFilterApp):
    CSS_PATH = "app.tcss"
    TITLE = "Houses"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True, show=False, tooltip="quit (games are saved)"),
        Binding("question_mark", "help", "Help", id="app.help", tooltip="rules and keys"),
    ]

    def __init__(
        self,
        store: saves.Store | None = None,
        *,
        ascii: bool | None = None,
        today: date | None = None,
        start: Start | None = None,
        bot_delay: float = 0.5,
    ) -> None:
        super().__init__()
        self.store = store if store is not None else saves.open_store()
        self.settings, settings_problem = self._load_settings()
        if ascii is None:
            ascii = self.settings.ascii or not locale_is_utf8()
        self.glyphs = Glyphs(ascii)
        self.today = today or date.today()
        self.start: Start = start or StartHome()
        self.bot_delay = bot_delay
        self._startup_notes = [settings_problem] if settings_problem else []
        self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="houses-save")
        self._save_failing: str | None = None  # why saving fails, once told (the writer's own)
        self._too_small_shown = False
        # Keys, one at a time (see `on_event`): those waiting, the one being handled.
        self._held_keys: deque[events.Key] = deque()
        self._key_in_flight: events.Key | None = None
        self._key_target: Widget | None = None  # the widget it went to
        self._key_since = 0.0
        self._key_timer: Timer | None = None  # the one pending look-again, if any
        self._quick_looks = 0  # looks after 1 ms for the key in flight (`_look_delay`)
        self._key_stopped: events.Key | None = None  # a stopped key whose end is queued
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme

    # -- settings and saving -------------------------------------------------------

    def _load_settings(self) -> tuple[saves.Settings, str | None]:
        return self.store.read_settings()

    def save_settings(self) -> None:
        settings = msgspec.structs.replace(self.settings)
        self._saver.submit(self._write_settings, settings)

    def _write_settings(self, settings: saves.Settings) -> None:
        try:
            self.store.save_settings(settings)
        except (saves.SaveError, OSError) as exc:
            self.call_from_thread(self.notify, f"Settings not saved: {exc}", severity="warning")

    def autosave(self, save: saves.SaveFile, keep_updated: bool = False) -> None:
        """Write a copy of `save` in the background; report a failure, never raise.
        `keep_updated`: its "last played" time stays (Store.write)."""
        snapshot = msgspec.structs.replace(save, actions=list(save.actions))
        self._saver.submit(self._write_save, snapshot, keep_updated)

    def _write_save(self, save: saves.SaveFile, keep_updated: bool = False) -> None:
        # A failure is told once (a saves folder that is a file fails every move the
        # same way), and again only if the reason changes; a save that works again
        # after a failure is told too.
        try:
            self.store.write(save, keep_updated=keep_updated)
        except (saves.SaveError, OSError) as exc:
            why = str(exc)
            if why != self._save_failing:
                self._save_failing = why
                self.call_from_thread(self.notify, f"{why}\nPlay goes on; this game is not being saved.",
                                      title="Could not save", severity="error", timeout=8)
            return
        if self._save_failing is not None:
            self._save_failing = None
            self.call_from_thread(self.notify, "Saving works again: this game is saved.", title="Saved")

    @property
    def is_leaving(self) -> bool:
        """Whether the app is closing (its screens are being taken down)."""
        return self._leaving

    def drop_if_unplayed(self, save: saves.SaveFile) -> None:
        """A game left before its first move leaves no save (issue 26): its file is
        removed after the writes queued before it. A game with moves is kept as it is."""
        if not save.actions and not save.over:
            done = self._saver.submit(self._drop_unplayed, save.id)
            loop = asyncio.get_running_loop()  # (taken down by the app's loop)
            if not self._leaving:  # the home menu may offer it to Continue
                done.add_done_callback(lambda _: self._soon(loop, self._refresh_home))

    @staticmethod
    def _soon(loop, callback) -> None:
        try:
            loop.call_soon_threadsafe(callback)
        except RuntimeError:  # the loop has closed: the app has gone, nothing to show
            pass

    def _refresh_home(self) -> None:
        from tui.screens.home import HomeScreen

        if not self._leaving and self.screen_stack and isinstance(self.screen, HomeScreen):
            self.screen.refresh_entries()

    def _drop_unplayed(self, save_id: str) -> None:
        try:
            save = self.store.load(save_id)
            if not save.actions and not save.over:
                self.store.delete(save_id)
        except (saves.SaveError, OSError):
            pass  # unreadable or gone: left as it is


    def flush_saves(self, timeout: float | None = None) -> None:
        """Wait for every queued write (used before the process exits); with a
        timeout, give up after it (TimeoutError) rather than hold the exit."""
        self._saver.submit(lambda: None).result(timeout)

    def watch_theme(self, theme: str) -> None:
        if getattr(self, "settings", None) is not None and self.settings.theme != theme:
            self.settings.theme = theme
            self.save_settings()

    # -- keys, one at a time ------------------------------------------------------

    # Over SSH many keys arrive in one read. Textual hands each key to the focused
    # widget's queue at once, so the next key can reach a screen that is being
    # pushed (children not mounted yet) or one that is leaving: "n enter" would give
    # the enter to the home menu, "n ctrl+q" would quit while the form mounts. Here a
    # key is read only when the one before it was handled and the screen on top is
    # mounted; after `exit` keys are dropped.

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and (self.stopping or not self.screen_stack):
            return  # leaving: no key may open or query a screen now
        if isinstance(event, events.Key) and event.character == JUNK_CHARACTER:
            return  # a byte that was not UTF-8: no binding, no text; dropped before it costs a turn
        if isinstance(event, events.Key) and not event.is_forwarded:
            self._held_keys.append(event)
            await self._release_keys()
            return
        await super().on_event(event)

    def on_key(self, event: events.Key) -> None:
        # A key that reached the app has been through every handler.
        self._key_done(event)

    def _key_done(self, key: events.Key) -> None:
        if key is self._key_in_flight:
            # Not kept past its key: the widget would keep a game screen left with q.
            self._key_in_flight = self._key_target = None
            self.call_later(self._release_keys)

    def keys_pending(self) -> bool:
        """Whether a key the player pressed is still on its way to its handler (held,
        or in flight for less than KEY_WAIT_S). A bot's answer waits for it, so q or u
        pressed before the answer is shown comes first (tui/games/base.py)."""
        if self._held_keys:
            return True
        return self._key_in_flight is not None and time.monotonic() - self._key_since <= KEY_WAIT_S

    def _ready_for_key(self) -> bool:
        if time.monotonic() - self._key_since > KEY_WAIT_S:
            return True
        key, target = self._key_in_flight, self._key_target  # (set together)
        if key is not None and (target is None or not target.is_attached):
            self._key_in_flight = self._key_target = None  # its screen left before the key reached it
        elif key is not None:
            if message_stopped(key) and key is not self._key_stopped:
                # Stopped: a widget took it, or the screen passed it on to the app
                # (Textual stops a key there too). One turn of the app's queue
                # lets the app's handling come first (queued once, not per look).
                self._key_stopped = key
                self.call_later(self._key_done, key)
            return False  # still on its way through the widgets
        screen = self.screen if self.screen_stack else None
        return screen is None or screen.is_mounted

    def _look_delay(self) -> float:
        # A key on its way through the widgets is usually done within a few turns:
        # the first looks come quickly (a burst typed into the palette was read at
        # one key per 10 ms), then every 10 ms (a screen that takes long to mount).
        if self._key_in_flight is not None and self._quick_looks < QUICK_LOOKS:
            self._quick_looks += 1
            return 0.001
        return 0.01

    async def _look_again(self) -> None:
        self._key_timer = None
        await self._release_keys()

    async def _release_keys(self) -> None:
        while self._held_keys and not self.stopping:
            if not self._ready_for_key():
                # Look again soon: one timer at most, however many keys wait (a
                # timer per arriving key made a burst of N keys cost N^2 looks).
                if self._key_timer is None:
                    self._key_timer = self.set_timer(self._look_delay(), self._look_again)
                return
            key = self._held_keys.popleft()
            self._key_in_flight = key
            self._key_target = self.focused or self.screen
            self._key_since = time.monotonic()
            self._quick_looks = 0
            await super().on_event(key)
            if not key.is_forwarded:  # a priority binding (ctrl+q) took it
                self._key_in_flight = self._key_target = None
        if self.stopping:
            self._held_keys.clear()

    # Once the app is stopping, its screens are taken down while one may still be
    # mounting: its on_mount, an after-refresh call or a worker's answer then reaches
    # for a widget that is gone. That is no fault, for any screen: dropped here, once,
    # rather than guarded in each handler. The app stops by `exit` (q, ctrl+q, a
    # signal), by an ExitApp message (a web page closed: textual's web driver posts it
    # without `exit`) or by the shutdown itself (the app no longer running).
    GONE_ERRORS = (NoMatches, NoScreen, ScreenStackError, MountError)
    _leaving = False  # `exit` was called
    _exit_posted = False

    @property
    def stopping(self) -> bool:
        return self._leaving or self._exit_posted or not self.is_running

    def on_exit_app(self, message: messages.ExitApp) -> None:  # runs before App's own handler of it
        self._exit_posted = True

    def dropped_error(self, error: Exception) -> bool:
        return self.stopping and isinstance(error, self.GONE_ERRORS)

    # -- start-up, signals, size --------------------------------------------------

    def get_default_screen(self) -> Screen:
        # Home is the bottom of the stack: the first frame already shows it.
        from tui.screens.home import HomeScreen

        return HomeScreen()

    def on_mount(self) -> None:
        # Bots and hints think in thread workers: no idle thread keeps the last one's
        # screen (tui/memory.py).
        use_fresh_context_executor()
        self._install_signal_handlers()
        self.set_class(self.glyphs.ascii, "-ascii")
        for note in self._startup_notes:
            self.notify(note, severity="warning", timeout=8)
        start = self.start
        if isinstance(start, NewGame):
            self.start_game(start.game_id, start.seats, start.seed, start.options)
        elif isinstance(start, Resume):
            self.resume(start.save_id)
        elif isinstance(start, NewForm):
            self.open_new_game(start.game_id)
        elif isinstance(start, OpenPuzzle):
            from tui.screens.puzzles import open_start

            open_start(self, start)
        self.call_after_refresh(self._check_size)
        self._prune_unplayed()

    def _prune_unplayed(self) -> None:
        """Saves of games never played, left an hour or more ago by a process killed
        before the first move (saves.store.Listing.prune_unplayed), go in the
        background writer, never holding up the start; the home menu is then redrawn."""
        def prune() -> list[str]:
            try:
                return self.store.prune_unplayed()
            except (saves.SaveError, OSError):
                return []  # a folder that cannot be read: its problems are said elsewhere

        done = self._saver.submit(prune)
        loop = asyncio.get_running_loop()  # (on_mount: on the app's loop)
        done.add_done_callback(lambda f: f.result() and self._soon(loop, self._refresh_home))

    def _install_signal_handlers(self) -> None:
        # A dropped SSH connection (SIGHUP) or a kill (SIGTERM): every move is already
        # saved, so finishing the queued writes and leaving cleanly is all there is.
        from tui.lifecycle import install_exit_signals

        try:
            install_exit_signals(self)
        except (NotImplementedError, RuntimeError, ValueError, OSError):  # no loop signals here
            pass

    def get_driver_class(self):
        from tui.lifecycle import driver_class

        return driver_class() or super().get_driver_class()

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        self._leaving = True  # (`is_leaving`, `stopping`)
        # From here the process ends within 2 s, even if Textual's shutdown stalls.
        from tui.lifecycle import watchdog

        watchdog.arm(return_code)
        super().exit(result, return_code, message)

    def on_resize(self, event) -> None:
        # Textual applies the new size on a short timer after this event: look after it.
        self.set_timer(0.05, self._check_size)

    def _check_size(self) -> None:
        from tui.screens.too_small import TooSmallScreen

        if self.stopping or not self.screen_stack:
            return  # the app is closing (a resize just before it quit): no screen to cover
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if small and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()

    # -- navigation used by every screen ------------------------------------------

    def start_game(self, game_id: str, seats: list[saves.Seat], seed: int, options, hints: bool = False) -> None:
        """A new game; `hints`: with several people, whether it offers hints."""
        from core import GAMES

        game = GAMES[game_id]
        problem = game.check_options(options) if options is not None else None
        if problem:  # said in the form's words, before any save exists
            self.notify(problem, title="Could not start", severity="error")
            return
        try:
            save = saves.new_save(game_id, seats, game.options_to_builtins(options), seed)
            save.hints = hints
            state = saves.replay(save)
        except (saves.SaveError, ValueError) as exc:
            self.notify(str(exc), title="Could not start", severity="error")
            return
        self.autosave(save)
        self.open_game(save, state)

    def open_game(self, save: saves.SaveFile, state=None, replay: bool = False) -> None:
        from tui.games import screen_class

        if self.stopping:
            return
        if state is None:
            try:
                state = saves.replay(save)
            except saves.SaveError as exc:
                self.notify(str(exc), title="Could not open", severity="error", timeout=8)
                return
        self.go_home()
        self.push_screen(screen_class(save.game)(save, state, replay=replay))

    def resume(self, save_id: str | None = None) -> None:
        try:
            save = self.store.load(save_id) if save_id else self.store.newest_unfinished()
        except saves.SaveError as exc:
            self.notify(str(exc), title="Could not resume", severity="error", timeout=8)
            return
        if save is None:
            self.notify("No unfinished game to resume.")
            return
        self.open_game(save)

    def open_new_game(self, game_id: str | None = None) -> None:
        from tui.screens.new_game import NewGameScreen

        if not self.stopping:
            self.push_screen(NewGameScreen(game_id))

    def go_home(self) -> None:
        from tui.screens.home import HomeScreen

        if self.stopping:
            return  # the app is closing: its screens are being taken down
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()
        if isinstance(self.screen, HomeScreen):
            self.screen.refresh_entries(to_top=True)

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        from tui.keys import key_rows, screen_bindings

        game_id = getattr(self.screen, "game_id", None)
        if isinstance(self.screen, HelpScreen):
            return
        # The keys of the screen asking, from its bindings: those of its footer too.
        self.push_screen(HelpScreen(game_id, key_rows(screen_bindings(self.screen))))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        # On an SSH host (HOUSES_PLAYER set) a screenshot would land on the host's
        # disk, where the player cannot reach it: not offered there.
        hosted = bool(os.environ.get("HOUSES_PLAYER"))
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":  # Textual's: saved who knows where, failing without a reason
                yield command
        if not hosted:
            yield SystemCommand("Screenshot", f"Save a picture of the screen (SVG) in {self.screenshots_folder()}",
                                lambda: self.set_timer(0.1, self.take_screenshot))
        yield SystemCommand("Home", "Back to the home screen (games are saved)", self.go_home)
        yield SystemCommand("New game", "Choose a game and its players", self.open_new_game)
        yield SystemCommand("Continue", "Resume the newest unfinished game", self.resume)
        yield SystemCommand("Saves", "Browse, resume, replay or delete saved games", self._open_saves)
        yield SystemCommand("Statistics", "Games played, won and streaks", self._open_stats)
        yield SystemCommand("Settings", "How long a hint may think", self._open_settings)
        from tui.games import dailies

        for game_id, daily in dailies():  # the registry's metadata: no engine is imported
            yield SystemCommand(daily.command, daily.command_help, partial(self.start_daily, game_id))

    def screenshots_folder(self) -> Path:
        """Where screenshots go: screenshots/ in the player's folder (beside saves/)."""
        return Path(self.store.root) / "screenshots"

    def take_screenshot(self) -> None:
        """The palette's Screenshot: the screen as SVG, written off the UI thread;
        a toast says which file it went to, or why it could not be saved."""
        if self._leaving or not self.screen_stack:
            return
        svg = self.export_screenshot()
        name = datetime.now().strftime("houses-%Y%m%d-%H%M%S-%f")[:-3] + ".svg"
        self._saver.submit(self._write_screenshot, self.screenshots_folder() / name, svg)

    def _write_screenshot(self, path: Path, svg: str) -> None:
        from saves.store import atomic_write

        try:
            atomic_write(path, svg.encode("utf-8"))
        except (saves.SaveError, OSError) as exc:
            self.call_from_thread(self.notify, f"{exc}", title="Screenshot not saved", severity="error", timeout=8)
            return
        self.call_from_thread(self.notify, f"Saved to {path}", title="Screenshot", timeout=8)

    def _open_saves(self) -> None:
        from tui.screens.saves_browser import SavesScreen

        self.push_screen(SavesScreen())

    def _open_stats(self) -> None:
        from tui.screens.stats import StatsScreen

        self.push_screen(StatsScreen())

    def _open_settings(self) -> None:
        from tui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    def start_daily(self, game_id: str) -> None:
        """Today's solo deal of `game_id` (the same for everybody on a date, from the
        game's `daily_seed`): today's game if one is under way."""
        from core import GAMES

        game = GAMES[game_id]
        seed = game.daily_seed(self.today)
        if seed is None:
            self.notify(f"{game.title} has no deal of the day.", severity="error")
            return
        options = game.daily_options()
        self._open_daily(game_id, seed, options)

    def _open_daily(self, game_id: str, seed: int, options) -> None:
        """Resume today's unfinished solo game of `game_id` if there is one (a player
        coming back must not think the progress is lost); else start the deal, saying
        so when today's deal was already played to its end."""
        mine = self._daily_saves(game_id, seed, options)
        unfinished = next((s for s in mine if not s.over), None)
        if unfinished is not None:
            where = f"move {unfinished.cursor}" if unfinished.cursor else "the start"
            self.notify(f"Today's deal is under way: carrying on at {where}.", title="Welcome back")
            self.open_game(unfinished)
            return
        if mine:
            self.notify("You already finished today's deal; here it is again from the start. "
                        "The finished game stays in Saved games, to replay.", title="Today's deal")
        seats = [saves.Seat(name=self.settings.player_name, kind="human", level=None)]
        self.start_game(game_id, seats, seed, options)

    def _daily_saves(self, game_id: str, seed: int, options) -> list[saves.SaveFile]:
        """Solo saves of today's deal, newest first."""
        from core import GAMES

        game = GAMES[game_id]
        self.flush_saves()  # a move made just before must be on disk to be found
        found = []
        for save in self.store.list():
            if save.game != game_id or save.seed != seed or len(save.seats) != 1 or save.seats[0].kind != "human":
                continue
            try:
                same = game.options_from_builtins(save.options) == options
            except (msgspec.ValidationError, TypeError, ValueError):
                same = False
            if same:
                found.append(save)
        return found

    def action_command_palette(self) -> None:
        if not self.glyphs.ascii:
            super().action_command_palette()
        elif self.use_command_palette and not isinstance(self.screen, CommandPalette):  # (as is_open asks)
            # The same palette, with a placeholder that ends in ASCII dots.
            self.push_screen(CommandPalette(placeholder="Search for commands...", id="--command-palette"))

    def get_key_display(self, binding: Binding) -> str:
        from tui.keys import number_display

        count = getattr(self.screen, "number_keys_count", None)
        display = number_display(binding, count() if count else None) or super().get_key_display(binding)
        if not self.glyphs.ascii:
            return display
        from tui.screens.text import ascii_key

        return ascii_key(display)

    def notify(self, message: str, *, title: str = "", severity="information", timeout=None,
               markup: bool = False) -> None:
        # Notifications quote names, paths and error messages: text, never markup.
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    async def action_quit(self) -> None:
        # ctrl+q in a game never played: no save is left behind (as q then quit does).
        for screen in self.screen_stack:
            match = getattr(screen, "match", None)
            if isinstance(match, saves.LocalMatch) and not getattr(screen, "replay", True):
                self.drop_if_unplayed(match.save)
        self.exit()
