"""Shared tables on an SSH host: the host process holds each table's state and applies
the actions; the players' apps send actions and receive `view(seat)`.

The apps talk to the host over a local socket (0600, in the host's 0700 folder), in
the messages of host/protocol.py. An app says who it is (Hello) with the token the
host put in its environment (HOUSES_TABLE_TOKEN), so a player speaks only for themself.

Each table is kept in the host's storage (host/storage): the table once, then one
row a move, written in one transaction as the move is made, so a host that restarts
finds its tables as they were; one the database did not take (it was away: said once,
host/outage.py) is written with the next. A table is closed when it finishes, when
all its players have been away for the table timeout (7 days by default), or when
the operator closes it (`houses serve close CODE`): it goes into each player's own
saves (a finished one into their stats too: the app of a player who is connected
writes it, the host writes it for the others), and is archived in the storage. The
operator speaks to a running host over the same socket (token in tables.operator, 0600).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import secrets
import time
from datetime import date
from pathlib import Path
from typing import Any, Callable

import msgspec

import saves
from core import GAMES
from core.ai import BUDGET_S as BOT_BUDGET_S
from core.engine import AnyState, Refusal, RefusalKind, lines_to_wire, said
from host import community
from host import protocol as p
from host.console import log_line
from host.outage import Outage
from host.privacy import hidden_from
from host.protocol import MAX_LINE, encode, read_messages
from host.storage import open_existing_storage
from saves.db import DatabaseError, DbStore
from saves.match import player_won

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: codes are read aloud
BOT_PAUSE_S = 0.6
TABLE_TIMEOUT_S = 7 * 86400  # all players away this long: the table is closed
OPERATOR = "operator"        # the name the operator's token speaks for


class Member:
    """One app connected to the table host."""

    def __init__(self, name: str, writer: asyncio.StreamWriter) -> None:
        self.name, self.writer = name, writer

    def send(self, msg: p.Message) -> None:
        if self.writer.is_closing():
            return
        transport = self.writer.transport  # a slow app never holds the host: past a limit, dropped
        if transport.get_write_buffer_size() > 4 * MAX_LINE:
            return transport.abort()  # (it reconnects)
        self.writer.write(encode(msg))


class Table:
    def __init__(self, code: str, save: saves.SaveFile, state: AnyState,
                 write: Callable[[saves.SaveFile], None] | None = None) -> None:
        self.code = code
        # The authoritative game: the same match controller as a local game.
        self.match = saves.TableMatch(save, state, write=write, summary=self.save_summary)
        self.members: dict[int, set[Member]] = {}
        self.watchers: set[Member] = set()  # players watching, without a seat (view(None))
        self.last: dict | None = None
        self.bot_busy = False  # a bot is thinking for this table
        self.last_active = time.time()  # the last move, or the last player leaving
        self.stored: int | None = None  # the moves the storage has (None: not created there yet)
        self.elsewhere: set[int] = set()  # seats whose player sits here through another host (host/relay.py)
        self.watching_elsewhere: set[str] = set()  # players watching through another host (host/relay.py)
        self.outbox: list = []  # moves made here, not yet in the database (host/relay.py `Held`)

    @property
    def save(self) -> saves.SaveFile:
        return self.match.save

    @property
    def state(self) -> Any:
        return self.match.state

    def save_summary(self) -> str:
        """The table's line in the lists (said as a move is recorded: the cursor is the
        one before it)."""
        title, state = self.game.title, self.state
        if state.over and state.outcome:
            return f"{title} at table {self.code}: {said(state.outcome.reason, [s.name for s in self.save.seats])}"
        return f"{title} at table {self.code}, move {self.save.cursor + 1}"

    def present(self) -> bool:
        return any(self.members.values()) or bool(self.elsewhere)

    @property
    def game(self):
        return GAMES[self.save.game]

    def seat_of(self, name: str) -> int | None:
        for i, seat in enumerate(self.save.seats):
            if seat.kind == "human" and seat.name == name:
                return i
        return None

    def free_seat(self) -> int | None:
        for i, seat in enumerate(self.save.seats):
            if seat.kind == "human" and not seat.name:
                return i
        return None

    def away(self) -> list[int]:
        return [i for i, seat in enumerate(self.save.seats)
                if seat.kind == "human" and seat.name and not self.members.get(i) and i not in self.elsewhere]

    def seats_info(self) -> list[dict]:
        return [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.save.seats]

    def watcher_names(self) -> list[str]:
        return sorted({m.name for m in self.watchers} | self.watching_elsewhere)

    def summary(self, for_name: str) -> dict:
        return {
            "code": self.code, "game": self.save.game, "title": self.game.title,
            "seats": self.seats_info(), "away": self.away(), "cursor": self.save.cursor,
            "over": self.state.over, "mine": self.seat_of(for_name) is not None,
            "free": self.free_seat() is not None, "watchers": self.watcher_names(),
        }


class TableHost:
    today = staticmethod(date.today)  # the host's day, for the deals of the day (tests set it)

    def __init__(self, data_dir: Path, table_timeout: float = TABLE_TIMEOUT_S, storage: Any = None) -> None:
        self.data_dir = data_dir
        self._storage = storage  # host.storage.Storage; else DATA's own, opened on first use
        # One writer thread, in order: the host never waits on the database (a slow or
        # down one included); `flush()` waits for what was handed to it.
        self.writer = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="table-writer")
        self.socket_path = data_dir / "tables.sock"
        self.operator_path = data_dir / "tables.operator"
        self.table_timeout = table_timeout
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, str] = {}  # token -> player name
        self.used_codes: set[str] = set()  # every code in the storage, read by load()
        self.server: asyncio.AbstractServer | None = None
        self.members: set[Member] = set()
        self.sweeper: asyncio.Task | None = None
        self.outage = Outage(lambda text: self.log(text))  # the database away: said once (host/outage.py)

    @property
    def storage(self) -> Any:
        """The tables, and the players' saves for hand_over (host.storage.Storage)."""
        if self._storage is None:
            from host.storage import open_host_storage

            self._storage = open_host_storage(self.data_dir, log=self.log)
        return self._storage

    def log(self, text: str) -> None:
        log_line(text)  # (escaped: names, paths and errors may hold escape codes)

    # -- start, stop, tokens -----------------------------------------------------

    def token_for(self, name: str) -> str:
        for token, who in self.tokens.items():
            if who == name:
                return token
        token = secrets.token_hex(16)
        self.tokens[token] = name
        return token

    async def start(self) -> None:
        self.load()
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        old = os.umask(0o177)
        try:
            self.server = await asyncio.start_unix_server(self.handle, path=str(self.socket_path), limit=MAX_LINE)
            token = self.token_for(OPERATOR)
            self.operator_path.write_text(token + "\n")
        finally:
            os.umask(old)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        """Close the tables all of whose players have been away too long."""
        every = min(600.0, max(0.1, self.table_timeout / 4))
        while True:
            self.close_abandoned()
            await asyncio.sleep(every)

    def close_abandoned(self, now: float | None = None) -> list[str]:
        now = time.time() if now is None else now
        stale = [t for t in self.tables.values() if not t.present() and now - t.last_active >= self.table_timeout]
        for table in stale:
            self.close(table, "all its players were away for too long")
        return [t.code for t in stale]

    async def flush(self) -> None:
        """Wait until every write handed to the writer is done (or failed, reported)."""
        await asyncio.wrap_future(self.writer.submit(lambda: None))

    def flush_now(self) -> None:  # the same, from outside the event loop
        self.writer.submit(lambda: None).result()

    async def stop(self) -> None:
        await self.flush()
        if self.sweeper is not None:
            self.sweeper.cancel()
        with contextlib.suppress(FileNotFoundError):
            self.operator_path.unlink()
        if self.server is not None:
            self.server.close()
            for member in list(self.members):
                member.writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 2)
            deadline = time.monotonic() + 2  # their handlers' last writes (leaving their tables)
            while self.members and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            await self.flush()  # done before stop returns: none outlives the storage closed next
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()

    def load(self) -> None:
        """The open tables in the storage: each comes back as it was (a finished one
        is closed at once: a host stopped before it could be)."""
        self.used_codes = self.storage.table_codes()
        for stored in self.storage.open_tables():
            save = stored.save
            try:
                state = saves.replay(save)
            except saves.SaveError as exc:
                self.log(f"table {stored.code} not opened: {exc}")
                continue
            code = stored.code
            table = self.new_table(code, save, state)
            table.last_active = stored.last_active
            table.stored = save.cursor
            self.tables[code] = table
            if state.over:
                self.close(table, "it had finished")

    # -- closing a table ---------------------------------------------------------------

    def close(self, table: Table, why: str) -> None:
        """Into each player's saves (and stats, if finished), then into the archive."""
        self.tables.pop(table.code, None)
        over = table.state.over
        if over:
            self.writer.submit(community.rate_closed, self, table)  # the writer thread: no wait on the database
        online = {m.name for m in self.members}
        for seat, s in enumerate(table.save.seats):
            if s.kind != "human" or not s.name:
                continue
            copy = self.player_copy(table, seat)
            if over and s.name in online:  # their app keeps it and counts it
                for member in self.members:
                    if member.name == s.name:
                        member.send(p.Finished(save=copy))
            else:
                self.writer.submit(self.hand_over, s.name, copy, table.state if over else None)
        for group in table.members.values():
            for member in group:
                if not over:
                    member.send(p.Error(f"The host closed table {table.code}: it is in your saved games.",
                                        code=table.code))
        for member in table.watchers:
            if not over:
                member.send(p.Error(f"The host closed table {table.code}.", code=table.code))
        table.members.clear()
        table.watchers.clear()
        self.archive(table)
        self.log(f"table {table.code} closed: {why}")

    def hand_over(self, name: str, copy: dict, state: AnyState | None) -> None:
        """A table into a player's own folder, as the host (their app is not there)."""
        from host.accounts import player_home, valid_name

        if not valid_name(name):
            return
        data = {k: v for k, v in copy.items() if k != "my_seat"}
        try:
            store = DbStore(self.storage, name, player_home(self.data_dir, name, self.storage))
            save = msgspec.convert(data, saves.SaveFile)
            if not store.path(save.id).exists():
                store.write(save)
            if state is not None:
                store.record_result(save, player_won(save, copy["my_seat"], state))
        except (saves.SaveError, OSError, ValueError, msgspec.ValidationError) as exc:
            self.log(f"table {copy.get('id')}: not handed to {name}: {exc}")

    def archive(self, table: Table) -> None:
        self.write(table)  # the moves not yet in the storage, if any
        self.writer.submit(self._archive_now, table.code)

    def _archive_now(self, code: str) -> None:
        try:
            self.storage.close_table(code, time.time())
        except DatabaseError as exc:
            self.outage.report(f"table {code} not archived", exc)

    def new_code(self) -> str:
        """A code no table has had: open here, or kept (closed) in the storage."""
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.tables and code not in self.used_codes:
                self.used_codes.add(code)
                return code

    def new_table(self, code: str, save: saves.SaveFile, state: AnyState) -> Table:
        table = Table(code, save, state)
        table.match.write = lambda _save: self.write(table)  # after every move
        return table

    def write(self, table: Table) -> None:
        """Hand the table as it is now to the writer (a copy: play goes on meanwhile)."""
        save = table.save.copy()
        self.writer.submit(self._write_now, table, save)

    def _write_now(self, table: Table, save: saves.SaveFile) -> None:
        """Bring the storage up to `save`: the table created, then each move not yet there (one
        transaction a move), or the seats when no move was made. A database that fails is reported;
        play goes on, the next write catches up. (The writer thread: only it touches `table.stored`.)"""
        now = time.time()
        try:
            if table.stored is None:
                self.storage.create_table(table.code, save, now)
                table.stored = save.cursor
            elif table.stored == save.cursor:
                self.storage.update_table(table.code, save, now)
            while table.stored < save.cursor:
                self.storage.append_action(table.code, table.stored, save.actions[table.stored], save, now)
                table.stored += 1
            self.outage.ok()
        except DatabaseError as exc:
            self.outage.report(f"table {table.code} not saved", exc)

    # -- one app's connection --------------------------------------------------------

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        member: Member | None = None
        try:
            async for msg in read_messages(reader):
                if member is None:  # the first word must be a player's Hello
                    name = self.tokens.get(msg.token) if isinstance(msg, p.Hello) else None
                    if name is None:
                        writer.write(encode(p.Error("Not a player of this host.")))
                        break
                    member = Member(name, writer)
                    member.send(p.Welcome(name))
                    if name != OPERATOR:  # the operator is no player: never "online"
                        self.members.add(member)
                    continue
                if isinstance(msg, p.Refused):  # refused in words; a stream past repair ends
                    member.send(p.Error(f"The host refused a message: {msg.reason}."))
                    if msg.fatal:
                        break
                    continue
                try:
                    self.dispatch(member, msg)
                except Exception as exc:  # one bad request never takes the host down
                    member.send(p.Error(f"The host could not do that: {exc}", code=getattr(msg, "code", None)))
        finally:
            if member is not None:
                self.members.discard(member)
                for table in list(self.tables.values()):
                    self.leave(table, member)
            writer.close()

    def dispatch(self, member: Member, msg: p.Message) -> None:
        if member.name == OPERATOR:
            self.operator(member, msg)
        elif isinstance(msg, p.ListTables):
            member.send(p.Tables(self.listing(member.name)))
        elif isinstance(msg, p.OpenTable):
            self.open_table(member, msg)
        elif isinstance(msg, p.Join):
            self.join(member, msg.code.upper().strip())
        elif isinstance(msg, p.Act):
            self.act(member, msg)
        elif isinstance(msg, p.Leave):
            table = self.tables.get(msg.code)
            if table is not None:
                self.leave(table, member)
        elif isinstance(msg, p.Watch):
            self.watch(member, msg.code.upper().strip())
        else:  # ratings, leaderboards, the deals of the day
            community.serve(self, member, msg)

    def operator(self, member: Member, msg: p.Message) -> None:
        """The operator's requests (`houses serve tables`, `houses serve close`)."""
        if isinstance(msg, p.ListTables):
            member.send(p.Tables([table_info(t.save, t.state, t.last_active, t.present())
                                  for t in self.tables.values()]))
        elif isinstance(msg, p.Close):
            code = msg.code.upper().strip()
            table = self.tables.get(code)
            if table is None:
                member.send(p.Error(f"There is no open table {code}.", code=code))
                return
            self.close(table, "closed by the operator")
            member.send(p.Closed(code))
        else:
            member.send(p.Error(f"Unknown request {msg.__struct_config__.tag!r}."))

    def listing(self, name: str) -> list[dict]:
        rows = [t.summary(name) for t in self.tables.values() if not t.state.over]  # full ones to watch
        rows.sort(key=lambda r: (not r["mine"], r["code"]))
        return rows

    # -- tables ----------------------------------------------------------------------

    def open_table(self, member: Member, msg: p.OpenTable) -> None:
        game = GAMES[msg.game]
        kinds = msg.seats
        if game.cooperative and any(k.kind == "bot" for k in kinds):
            raise ValueError(f"{game.title} has no computer players")
        seats = []
        opener_seated = False
        for i, seat in enumerate(kinds):
            if seat.kind == "bot":
                level = seat.level or "normal"
                seats.append(saves.Seat(name=f"{level.title()} bot {i + 1}", kind="bot", level=level))
            elif not opener_seated:
                seats.append(saves.Seat(name=member.name, kind="human"))
                opener_seated = True
            else:
                seats.append(saves.Seat(name="", kind="human"))
        if not opener_seated:
            raise ValueError("a table needs at least one seat for a person")
        options = msgspec.convert(msg.options, game.Options)
        seed = msg.seed or secrets.randbelow(10**9 - 1) + 1
        save = saves.new_save(game.id, seats, game.options_to_builtins(options), seed)
        code = self.new_code()
        save.id = f"table-{code}"
        save.summary = f"{game.title} at table {code}"
        save.hints = msg.hints  # kept with the table's save
        state = saves.replay(save)
        table = self.new_table(code, save, state)
        self.tables[code] = table
        self.write(table)
        opener = table.seat_of(member.name)
        assert opener is not None  # new_table seats the opener
        table.members.setdefault(opener, set()).add(member)
        self.broadcast(table)
        self.serve_bot(table)

    def join(self, member: Member, code: str) -> None:
        table = self.tables.get(code)
        if table is None:
            member.send(p.Error(f"There is no table {code}.", code=code))
            return
        seat = table.seat_of(member.name)
        if seat is None:
            if table.state.over:
                member.send(p.Error(f"Table {code} has finished.", code=code))
                return
            seat = table.free_seat()
            if seat is None:
                member.send(p.Error(f"Table {code} is full.", code=code))
                return
            table.save.seats[seat].name = member.name
            self.write(table)
        table.members.setdefault(seat, set()).add(member)
        table.last_active = time.time()
        self.mark_away(table, seat, False)
        self.broadcast(table)

    def watch(self, member: Member, code: str) -> None:
        """`member` watches table `code`: the public view, live; a seated player joins."""
        table = self.tables.get(code)
        if table is None:
            member.send(p.Error(f"There is no table {code}.", code=code))
            return
        if table.seat_of(member.name) is not None:
            self.join(member, code)
            return
        if member not in table.watchers:
            table.watchers.add(member)
            self.watching(table, member.name, True)
        self.broadcast(table)

    def leave(self, table: Table, member: Member) -> None:
        """`member` leaves `table` (a Leave, or gone): seat away, not watching; all told."""
        left = member in table.watchers
        if left:
            table.watchers.discard(member)
            self.watching(table, member.name, False)
        for seat, group in table.members.items():
            if member in group:
                group.discard(member)
                table.last_active, left = time.time(), True
                if not group:
                    self.mark_away(table, seat, True)
        if left:
            self.broadcast(table)

    def watching(self, table: Table, name: str, watches: bool) -> None:  # SharedTableHost tells other hosts
        pass

    def mark_away(self, table: Table, seat: int, away: bool) -> None:
        """Who is away, in the storage too (other hosts see it): by the writer thread, so
        a slow or down database never stalls the other players."""
        self.writer.submit(self._away_now, table.code, seat, away)

    def _away_now(self, code: str, seat: int, away: bool) -> None:
        try:
            self.storage.set_away(code, seat, away)
        except DatabaseError as exc:
            self.outage.report(f"table {code}: away not saved", exc)

    def act(self, member: Member, msg: p.Act) -> None:
        code = msg.code
        table = self.tables.get(code)
        if table is None:
            member.send(p.Error(f"There is no table {code}.", code=code))
            return
        seat = table.seat_of(member.name)
        if seat is None or member not in table.members.get(seat, set()):
            member.send(p.Error.refusing(Refusal(RefusalKind.NOT_YOUR_TURN, "You have no seat at this table."), code))
            return
        turn = table.match.turn_refusal(seat)
        if turn is not None:
            member.send(p.Error.refusing(turn, code))
            return
        if msg.cursor is not None and msg.cursor != table.save.cursor:
            member.send(p.Error("The position changed: look again.", code=code))
            return
        try:
            action = table.game.action_from_builtins(msg.action)
        except (msgspec.ValidationError, KeyError, TypeError) as exc:
            member.send(p.Error.refusing(Refusal(RefusalKind.MALFORMED, f"Not a move of this game: {exc}"), code))
            return
        reason = table.match.check(action, seat)
        if reason is not None:
            member.send(p.Error.refusing(reason, code))
            return
        self.play(table, action)

    @staticmethod
    def note_last(table: Table, before: AnyState, action: Any, played: Any) -> None:
        """Keep the move just made for the players' marks, with the seats it must not
        reach (host/privacy.py: the engine says which seats a move may be told to)."""
        table.last = {"seat": played.seat, "action": table.game.action_to_builtins(action), "text": played.text,
                      "cursor": played.cursor, "hidden": hidden_from(before, action, played.seat)}

    def play(self, table: Table, action: Any) -> None:
        """Make a checked move at `table` (the match records and writes it), tell its
        players, then serve the bot to move or close the finished table."""
        before = table.state.clone()
        played = table.match.play(action)
        self.note_last(table, before, action, played)
        table.last_active = time.time()
        self.broadcast(table)
        if table.state.over:
            self.close(table, "finished")
        else:
            self.serve_bot(table)

    def serve_bot(self, table: Table) -> None:
        if table.bot_busy:
            return
        turn = table.match.bot_turn()
        if turn is None:
            return
        table.bot_busy = True
        asyncio.get_running_loop().create_task(self._bot_turn(table, turn))

    async def _bot_turn(self, table: Table, turn: saves.BotTurn) -> None:
        from core.ai import bot

        started = time.monotonic()
        try:
            # Seeded by position (`BotTurn.seed`), as the app's bots: the same question, the same answer.
            thinker = bot(table.game.id, turn.level, turn.seed)
            action = await asyncio.to_thread(thinker.choose, turn.view, BOT_BUDGET_S)
            await asyncio.sleep(max(0.0, BOT_PAUSE_S - (time.monotonic() - started)))
        except Exception as exc:  # a bot's bug: the table waits, the host goes on
            print(f"table {table.code}: the bot of seat {turn.seat + 1} failed: {exc!r}", flush=True)
            return
        finally:
            table.bot_busy = False
        # Only to the position the bot was asked about, at a table still open.
        if self.tables.get(table.code) is table and table.match.fresh(turn.token):
            self.play(table, action)

    # -- what each player is told ----------------------------------------------------------

    def table_message(self, table: Table, seat: int | None) -> p.Table:
        """What `seat` sees of the table; seat None: a watcher, who sees the public view
        only. No seed while the game goes on (with it and the moves an app could rebuild
        every hand and the deck); the last move only to a seat (or a watcher) the engine
        says may know it (host/privacy.py); the save, with its seed, once the game is over."""
        view = table.state.view(seat)
        watching = seat is None
        over = bool(table.state.over)
        made = table.last
        last = None if made is None or seat in made["hidden"] else p.LastMove(
            made["seat"], made["action"], made["text"], made["cursor"])
        return p.Table(
            code=table.code, game=table.save.game, seat=seat, options=table.save.options,
            seed=table.save.seed if over and not watching else 0,
            view=view.to_text(), log=lines_to_wire(view.log), cursor=table.save.cursor, last=last,
            seats=[p.SeatInfo(s.name, s.kind, s.level) for s in table.save.seats], away=table.away(), id=table.save.id, created=table.save.created,
            save=self.player_copy(table, seat) if over and seat is not None else None,
            watchers=table.watcher_names(),
            hints=table.save.hints, held=len(table.outbox),
        )

    def player_copy(self, table: Table, seat: int) -> dict:
        """The finished table as a save in a player's own folder."""
        copy = table.save.copy()
        copy.id = f"{table.save.game}-table-{table.code}"
        return msgspec.to_builtins(copy) | {"my_seat": seat}

    def broadcast(self, table: Table) -> None:
        for seat, group in table.members.items():
            if group:
                msg = self.table_message(table, seat)
                for member in list(group):
                    member.send(msg)
        if table.watchers:
            msg = self.table_message(table, None)
            for member in list(table.watchers):
                member.send(msg)


def table_info(save: saves.SaveFile, state: AnyState, last_active: float, present: bool) -> dict:
    """One table as the operator's list shows it."""
    return {
        "code": save.id.removeprefix("table-"), "game": save.game,
        "players": [s.name or "(open seat)" for s in save.seats if s.kind == "human"],
        "bots": sum(1 for s in save.seats if s.kind == "bot"), "moves": save.cursor,
        "over": bool(state.over), "present": present, "last_active": last_active,
    }


# -- the operator's commands ------------------------------------------------------------

def ask_running_host(data_dir: Path, request: p.Message, timeout: float = 10.0) -> p.Message | p.Refused | None:
    """Send one operator request to the host running on `data_dir`; its answer, or
    None when no host runs there."""
    import socket

    try:
        token = (data_dir / "tables.operator").read_text().strip()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        sock.connect(str(data_dir / "tables.sock"))
    except OSError:
        return None
    with sock, sock.makefile("rb") as replies:
        sock.sendall(encode(p.Hello(token)) + encode(request))
        for line in replies:
            msg = p.decode(line)
            if not isinstance(msg, p.Welcome):
                return msg
    return None


def list_tables(data_dir: Path, db: str | None = None) -> list[dict]:
    """The open tables, from the running host or else from its storage."""
    answer = ask_running_host(data_dir, p.ListTables())
    if isinstance(answer, p.Tables):
        return answer.tables
    host = TableHost(data_dir, storage=open_existing_storage(data_dir, db))  # made by no one but the host
    host.load()
    return [table_info(t.save, t.state, t.last_active, False) for t in host.tables.values()]


class _QuietTableHost(TableHost):
    def log(self, text: str) -> None:  # the operator's close command: no log lines
        pass


def close_table(data_dir: Path, code: str, db: str | None = None) -> str:
    """Close one table for the operator: what happened, in words (ValueError if none)."""
    code = code.upper().strip()
    answer = ask_running_host(data_dir, p.Close(code))
    if answer is not None:
        if not isinstance(answer, p.Closed):
            raise ValueError(getattr(answer, "message", None) or getattr(answer, "reason", "the host refused"))
        return f"Table {code} closed: it is in each player's saved games."
    host = _QuietTableHost(data_dir, storage=open_existing_storage(data_dir, db))
    host.load()
    table = host.tables.get(code)
    if table is None:
        raise ValueError(f"There is no open table {code}.")
    host.close(table, "closed by the operator")
    host.flush_now()
    return f"Table {code} closed: it is in each player's saved games."
