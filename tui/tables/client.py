"""The app's side of the shared tables: a connection to the host's table socket.

It exists only in an app started by an SSH host (HOUSES_TABLES and HOUSES_TABLE_TOKEN
in its environment). It runs in the app's own event loop: the host's messages (the
Structs of host/protocol.py) go straight to the screens that show them. It knows the
screens only as the two callables it is given (tui/tables/screens.py makes it), so
the screens import the client and never the other way round.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from typing import Any, Callable

import msgspec

import saves
from core import GAMES
from host import protocol as p


def tables_available() -> bool:
    return bool(os.environ.get("HOUSES_TABLES") and os.environ.get("HOUSES_TABLE_TOKEN"))


class TableClient:
    def __init__(self, app, path: str, token: str, *,
                 show_tables: Callable[[list[dict]], None], seat_screen: Callable[[TableClient, p.Table], Any]) -> None:
        self.app = app
        self.path = path
        self.token = token
        self.show_tables = show_tables  # the list of tables, to every tables screen shown
        self.seat_screen = seat_screen  # the game screen seated at a table, from its first message
        self.writer: asyncio.StreamWriter | None = None
        self.task: asyncio.Task | None = None
        self.name: str | None = None
        self.screens: dict[str, Any] = {}  # code -> the table's game screen, while shown
        self.wanted: set[str] = set()  # tables this app asked to open or join
        self.opening = False
        self.kept: set[str] = set()
        # The screens shown that take the host's community answers (Leaderboard, Ratings,
        # Daily): each gets every answer and keeps what it shows.
        self.listeners: list[Callable[[Any], None]] = []
        self.daily_sent = 0  # days' results sent, whose answer is said in a notification
        self.puzzle_answers: dict[str, Callable[[p.PuzzleRated], None]] = {}  # attempt key -> who waits
        self.hints_used: dict[str, int] = {}  # code -> hints this player saw at that table

    @property
    def connected(self) -> bool:
        return self.writer is not None and not self.writer.is_closing()

    async def connect(self) -> bool:
        if self.connected:
            return True
        try:
            reader, writer = await asyncio.open_unix_connection(self.path, limit=p.MAX_LINE)
        except OSError as exc:
            self.app.notify(f"The host's tables are not reachable: {exc}", severity="error")
            return False
        self.writer = writer
        self.send(p.Hello(self.token))
        self.task = asyncio.get_running_loop().create_task(self._read(reader))
        return True

    def send(self, msg: p.Message) -> bool:
        if not self.connected or self.writer is None:
            self.app.notify("Not connected to the host's tables.", severity="error")
            return False
        self.writer.write(p.encode(msg))
        return True

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            async for msg in p.read_messages(reader):
                if isinstance(msg, p.Refused):  # a host of another version: say so, read on
                    self.app.notify(f"The host said something this app does not understand: {msg.reason}",
                                    severity="warning")
                    if msg.fatal:
                        break
                    continue
                # On the app's own queue, in order: what a message does then runs as the
                # app's, not as this task's. This task was started by whichever screen
                # connected, and a dialog pushed from here (game over) would send its
                # answer to that screen, gone by then: the keys named in it did nothing.
                self.app.call_later(self._dispatch, msg)
        finally:
            self.writer = None
            with contextlib.suppress(Exception):
                self.app.notify("Lost the connection to the host's tables.", severity="warning")

    # -- messages from the host --------------------------------------------------------

    def _dispatch(self, msg: p.Message) -> None:
        try:
            self.dispatch(msg)
        except Exception as exc:  # a screen's bug must not end the connection silently
            self.app.notify(f"Table update failed: {exc}", severity="error")

    def dispatch(self, msg: p.Message) -> None:
        if isinstance(msg, p.Welcome):
            self.name = msg.name
        elif isinstance(msg, p.Tables):
            self.show_tables(msg.tables)
        elif isinstance(msg, p.Table):
            self.on_table(msg)
        elif isinstance(msg, p.Finished):
            self.keep(msg.save)
        elif isinstance(msg, p.PuzzleRated):  # to the puzzle's screen, which says it (tui/puzzles/report.py)
            answered = self.puzzle_answers.get(msg.attempt)
            if answered is not None:
                if not msg.kept:  # (a kept one is answered again once counted)
                    del self.puzzle_answers[msg.attempt]
                answered(msg)
        elif isinstance(msg, (p.PuzzleBoard, p.DailyPuzzle)):
            for listener in list(self.listeners):
                listener(msg)
        elif isinstance(msg, (p.Leaderboard, p.Ratings, p.Daily)):
            if isinstance(msg, p.Daily) and self.daily_sent:  # the answer to a day's result sent
                self.daily_sent -= 1
                self.app.notify(daily_note(msg, self.name or ""), title="Deal of the day")
            for listener in list(self.listeners):
                listener(msg)
        elif isinstance(msg, p.Notice):  # on the status line, and a while longer as a toast
            screen = self.screens.get(msg.code or "")
            if screen is not None and screen.is_attached:
                screen.say(msg.message)
            self.app.notify(msg.message, title="The host")
        elif isinstance(msg, p.Error):
            screen = self.screens.get(msg.code or "")
            if screen is not None and screen.is_attached:
                screen.say(msg.message, error=True)
                self.app.bell()
            else:
                self.app.notify(msg.message, severity="error")

    def on_table(self, msg: p.Table) -> None:
        code = msg.code
        if msg.save is not None:
            self.keep(msg.save)
        screen = self.screens.get(code)
        if screen is not None and screen.is_attached:
            before = set(screen.match.watchers)
            screen.show_news(screen.match.update(msg))
            for name in sorted(set(msg.watchers) - before):
                self.app.notify(f"{name} is watching.")
            return
        if code in self.wanted or self.opening:
            self.wanted.discard(code)
            self.opening = False
            screen = self.seat_screen(self, msg)
            self.screens[code] = screen
            self.app.go_home()
            self.app.push_screen(screen)

    def keep(self, data: dict) -> None:
        """A finished table into this player's saves and stats (once)."""
        data = dict(data)
        my_seat = data.pop("my_seat", None)
        try:
            save = msgspec.convert(data, saves.SaveFile)
        except msgspec.ValidationError:
            return
        if save.id in self.kept:
            return
        # The hints this player saw at the table (the host does not know of them).
        save.hints_used = self.hints_used.pop(save.id.rpartition("-table-")[2], 0)
        self.kept.add(save.id)
        store = self.app.store
        if store.path(save.id).exists():
            return

        def write() -> None:
            from saves.match import player_won

            try:
                store.write(save)
                store.record_result(save, player_won(save, my_seat))
            except (saves.SaveError, OSError, ValueError) as exc:
                self.app.call_from_thread(self.app.notify, f"Finished table not saved: {exc}", severity="warning")

        self.app._saver.submit(write)

    # -- requests ----------------------------------------------------------------------------

    def list_tables(self) -> None:
        self.send(p.ListTables())

    def open_table(self, game_id: str, seats: list[saves.Seat], seed: int, options: Any, hints: bool = False) -> None:
        game = GAMES[game_id]
        self.opening = True
        self.send(p.OpenTable(game=game_id, seed=seed, options=game.options_to_builtins(options),
                              seats=[p.SeatRequest(kind=s.kind, level=s.level) for s in seats], hints=hints))

    def watch(self, code: str) -> None:
        code = code.strip().upper()
        self.wanted.add(code)
        self.send(p.Watch(code))

    def listen(self, listener: Callable[[Any], None], on: bool = True) -> None:
        """`listener` gets each community answer from now on (off: no more)."""
        if listener in self.listeners:
            self.listeners.remove(listener)
        if on:
            self.listeners.append(listener)

    def send_daily(self, msg: p.DailyResult) -> None:
        """A finished deal of the day's result; the host's answer is said in a notification."""
        if self.send(msg):
            self.daily_sent += 1

    def send_puzzle(self, msg: p.PuzzleAttempt, answered: Callable[[p.PuzzleRated], None]) -> None:
        """A puzzle attempt; `answered` gets the host's answer (tui/puzzles/report.py)."""
        if self.send(msg):
            self.puzzle_answers[msg.attempt] = answered

    def join(self, code: str) -> None:
        code = code.strip().upper()
        self.wanted.add(code)
        self.send(p.Join(code))

    def act(self, code: str, cursor: int, action: Any, game_id: str) -> None:
        self.send(p.Act(code=code, cursor=cursor, action=GAMES[game_id].action_to_builtins(action)))

    def leave(self, code: str) -> None:
        self.screens.pop(code, None)
        if self.connected:
            self.send(p.Leave(code))


def daily_note(msg: p.Daily, me: str) -> str:
    """A day's results in one sentence, for the player who just sent theirs."""
    title = GAMES[msg.game].title
    place = next((row.place for row in msg.rows if row.name == me), None)
    where = f"you are {place} of {len(msg.rows)} today" if place else f"{len(msg.rows)} results today"
    return f"{title}: {where}; days won in a row: {msg.streak}." if msg.streak else f"{title}: {where}."


def clock(seconds: float) -> str:
    """"1:05": minutes and seconds (an hour and more: "1:02:05")."""
    whole = int(round(seconds))
    hours, rest = divmod(whole, 3600)
    return (f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}")
