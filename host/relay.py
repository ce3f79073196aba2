"""Several hosts on one PostgreSQL: the table service of each host keeps its own
connected players, and the database is where a table's moves meet
(docs/architecture.md, "Moves between hosts").

- A move is committed first (one transaction, the optimistic cursor check of
  `append_action`: two hosts never both make a move at the same cursor; the one that
  comes second is told in words and its table reloaded), then announced with NOTIFY
  (host/storage/postgres.py); only then do this host's players see it.
- Every host LISTENs on its own connection; on news of a move it reads the new moves
  from the database, plays them on its copy of the table and tells its own players.
- Who sits where: a row per seat and host (`table_presence`); a seat is away when
  nobody sits there through any living host. A host is alive while its lease
  connection is (pg_stat_activity): after a `kill -9` its rows stop counting at once,
  and the next sweep of any other host tells that host's tables.
- A table's bots are run by one host: the one holding the table's advisory lock on
  its lease connection. The lock goes with the connection when the host dies, and
  another host takes it at its next sweep.

The SQLite engine stays single-host: `table_host_class` gives the plain TableHost.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any, Callable

import msgspec

import saves
from host import protocol as p
from host.storage import is_postgres
from host.storage.base import StaleCursor
from host.tables import Member, Table, TableHost
from saves.db import DatabaseError

LEASE_SPACE = 160017  # the first key of a table's advisory lock (the second: hashtext(code))
SWEEP_S = 0.5         # how often a host looks for dead hosts and bots nobody runs
RECONNECT_S = 1.0


def table_host_class(storage: Any) -> type[TableHost]:
    """The table service for a storage: shared between hosts on PostgreSQL."""
    return SharedTableHost if is_postgres(getattr(storage, "conninfo", "")) else TableHost


class Relay:
    """This host's two own connections to PostgreSQL: one LISTENs, one holds the
    leases (advisory locks) and stands for the host being alive."""

    def __init__(self, conninfo: str, on_news: Callable[[str], None], log: Callable[[str], None]) -> None:
        self.conninfo = conninfo
        self.on_news = on_news
        self.log = log
        self.listener: Any = None
        self.leases: Any = None
        self.lock = asyncio.Lock()  # one query at a time on the lease connection
        self.task: asyncio.Task | None = None

    @property
    def host(self) -> int:
        """This host's id in `table_presence`: the pid of its lease connection."""
        return self.leases.info.backend_pid

    async def start(self) -> None:
        import psycopg

        from host.storage.postgres import CHANNEL

        self.leases = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        self.listener = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        await self.listener.execute(f"LISTEN {CHANNEL}")
        self.task = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        import psycopg

        from host.storage.postgres import CHANNEL

        while True:
            try:
                async for note in self.listener.notifies():
                    self.on_news(note.payload)
            except psycopg.Error as exc:
                self.log(f"the database's news stopped ({exc}); listening again")
            await asyncio.sleep(RECONNECT_S)
            with contextlib.suppress(psycopg.Error, OSError):
                self.listener = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
                await self.listener.execute(f"LISTEN {CHANNEL}")
                self.on_news("sync - 0 -")  # what was missed meanwhile

    async def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        async with self.lock:
            cur = await self.leases.execute(sql, params)
            return await cur.fetchall() if cur.description else []

    async def take_lease(self, code: str) -> bool:
        return code in await self.take_leases([code])

    async def take_leases(self, codes: list[str]) -> set[str]:
        """The tables of `codes` whose lease this host holds now (one round trip)."""
        rows = await self._query("SELECT code FROM unnest(%s::text[]) AS code "
                                 "WHERE pg_try_advisory_lock(%s, hashtext(code))", (codes, LEASE_SPACE))
        return {r[0] for r in rows}

    async def reconnect_leases(self) -> None:
        """A new lease connection (the old one broke): a new host id, no lease held."""
        import psycopg

        with contextlib.suppress(Exception):
            await self.leases.close()
        self.leases = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)

    async def release_lease(self, code: str) -> None:
        await self._query("SELECT pg_advisory_unlock(%s, hashtext(%s))", (LEASE_SPACE, code))

    async def sweep_dead(self) -> list[str]:
        """Forget the seats of hosts that died; the tables they were at are announced."""
        from host.storage.postgres import CHANNEL

        rows = await self._query("DELETE FROM table_presence WHERE host NOT IN (SELECT pid FROM pg_stat_activity) "
                                 "RETURNING code")
        codes = sorted({r[0] for r in rows})
        for code in codes:
            await self._query("SELECT pg_notify(%s, %s)", (CHANNEL, f"presence {code} 0 -"))
        return codes

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        for conn in (self.listener, self.leases):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()


class SharedTableHost(TableHost):
    """A TableHost whose tables are shared with the other hosts on its database."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.relay: Relay | None = None
        self.leased: set[str] = set()        # tables whose bots this host runs
        self.locks: dict[str, asyncio.Lock] = {}  # one change at a time per table, here
        self.actor: Member | None = None     # who asked for the move being made
        self.seated_elsewhere: dict[str, set[str]] = {}  # at a close: players another host tells
        self.keeper: asyncio.Task | None = None
        self.stopping = False
        self.gone: set[str] = set()  # tables that ended here: late news never brings them back

    def lock_of(self, code: str) -> asyncio.Lock:
        return self.locks.setdefault(code, asyncio.Lock())

    async def start(self) -> None:
        storage = self.storage
        await asyncio.to_thread(storage.make_presence)
        self.relay = Relay(storage.conninfo, self.on_news, self.log)
        await self.relay.start()  # listening before the tables are read: no move falls between
        storage.host_id = str(self.relay.host)
        await super().start()
        await self.refresh_presence()
        for table in list(self.tables.values()):
            await self.refresh_watchers(table.code)
            self.serve_bot(table)
        self.keeper = asyncio.get_running_loop().create_task(self._keep())

    async def stop(self) -> None:
        self.stopping = True  # the players' connections closing now are not news
        if self.keeper is not None:
            self.keeper.cancel()
        await super().stop()
        if self.relay is not None:
            await self.relay.stop()

    def new_table(self, code: str, save: saves.SaveFile, state: Any) -> Table:
        return Table(code, save, state)  # no write after each move: `_commit` writes it

    def broadcast(self, table: Table) -> None:
        if getattr(table, "committing", False):
            return  # nobody sees a move before it is committed: `_commit` tells them after
        super().broadcast(table)

    def _write_now(self, table: Table, save: saves.SaveFile) -> None:
        """The table made, or its seats: the moves go through `_commit` only."""
        try:
            if table.stored is None:
                self.storage.create_table(table.code, save, time.time())
                table.stored = save.cursor
            else:
                self.storage.update_table(table.code, save, time.time())
        except DatabaseError as exc:
            self.log(f"table {table.code} not saved: {exc}")

    def open_table(self, member: Member, msg: p.OpenTable) -> None:
        before = set(self.tables)
        super().open_table(member, msg)
        for code in set(self.tables) - before:  # the opener sits there through this host
            self.writer.submit(self._presence, code, self.tables[code].seat_of(member.name), True)

    def join(self, member: Member, code: str) -> None:
        table = self.tables.get(code)
        if table is not None and table.seat_of(member.name) is None and not table.state.over:
            seat = table.free_seat()
            if seat is not None:  # present before the seat is theirs: the others never see them away
                self.writer.submit(self._presence, code, seat, True)
        super().join(member, code)

    # -- a move: committed, then told ------------------------------------------------------

    def act(self, member: Member, msg: p.Act) -> None:
        self.actor = member
        try:
            super().act(member, msg)
        finally:
            self.actor = None

    def play(self, table: Table, action: Any) -> None:
        asyncio.get_running_loop().create_task(self._commit(table, action, table.save.cursor, self.actor))

    async def _commit(self, table: Table, action: Any, cursor: int, actor: Member | None) -> None:
        code = table.code
        async with self.lock_of(code):
            if self.tables.get(code) is not table or table.save.cursor != cursor:
                if actor is not None:
                    actor.send(p.Error("Another move was made first: your move was not made. Look again.", code=code))
                return
            before = table.state.clone()
            played = table.match.play(action)
            save = snapshot(table.save)
            failed: DatabaseError | None = None
            table.committing = True  # held back from every broadcast until the database has it
            try:
                try:
                    await asyncio.get_running_loop().run_in_executor(self.writer, self._append, table, cursor, save)
                except DatabaseError as exc:
                    failed = exc
                    await self._reload(table, cursor)
            finally:
                table.committing = False
            if failed is not None:
                if actor is not None:
                    actor.send(p.Error("A player at another host moved first: your move was not made. Look again."
                                       if isinstance(failed, StaleCursor) else
                                       f"The move was not saved ({failed}), so it was not made: try again.", code=code))
                self.broadcast(table)
                self.serve_bot(table)  # the position the bot (if any) is to answer now
                return
            self.note_last(table, before, action, played)
            table.last_active = time.time()
            self.broadcast(table)
            if table.state.over:
                self.close(table, "finished")
            else:
                self.serve_bot(table)

    def _append(self, table: Table, cursor: int, save: saves.SaveFile) -> None:
        self.storage.append_action(table.code, cursor, save.actions[cursor], save, time.time())
        table.stored = cursor + 1

    async def _reload(self, table: Table, cursor: int) -> None:
        """The table as the database has it (another host moved first); the
        database down: as it was before the move that was not saved."""
        try:
            stored = await asyncio.to_thread(self.storage.load_table, table.code)
        except DatabaseError:
            stored = None
        if stored is not None:
            save = stored.save
        else:
            save = table.save
            del save.actions[cursor:]
            save.cursor, save.over = cursor, False
        self.replace(table, save)

    def replace(self, table: Table, save: saves.SaveFile) -> None:
        token = table.match.token + 1  # a bot's answer asked before is stale now
        table.match = saves.TableMatch(save, saves.replay(save), summary=table.save_summary)
        table.match.token = token
        table.stored = save.cursor
        table.last = None

    # -- news from the other hosts ------------------------------------------------------------

    def on_news(self, payload: str) -> None:
        kind, code, cursor, sender = (payload.split(" ") + ["", "", "0", ""])[:4]
        if self.relay is None or (sender == str(self.relay.host) and kind != "presence"):
            return  # our own news
        asyncio.get_running_loop().create_task(self._news(kind, code, int(cursor or 0)))

    async def _news(self, kind: str, code: str, cursor: int) -> None:
        try:
            if kind == "sync":
                for known in list(self.tables):
                    await self._news("move", known, 1 << 30)
                    await self.refresh_watchers(known)
                await self.refresh_presence()
            elif kind == "presence":
                await self.refresh_presence(code)
            elif kind == "watchers":
                await self.refresh_watchers(code)
            elif kind == "closed":
                if code in self.tables:  # its last moves first (a finished table ends so)
                    await self.catch_up(self.tables[code])
                self.closed_elsewhere(code)
            elif code not in self.tables:
                await self.load_new(code)
            else:
                await self.catch_up(self.tables[code], seats=kind == "table")
        except DatabaseError as exc:
            self.log(f"table {code}: news from the database not read: {exc}")

    async def load_new(self, code: str) -> None:
        async with self.lock_of(code):
            if code in self.tables or code in self.gone:
                return
            stored = await asyncio.to_thread(self.storage.load_table, code)
            if stored is None or stored.closed or stored.save.over or code in self.gone:
                return
            self.used_codes.add(code)
            table = self.new_table(code, stored.save, saves.replay(stored.save))
            table.stored, table.last_active = stored.save.cursor, stored.last_active
            self.tables[code] = table
        await self.refresh_presence(code)
        await self.refresh_watchers(code)
        self.serve_bot(table)

    async def catch_up(self, table: Table, seats: bool = False) -> None:
        """Play here the moves another host committed; new seats taken too."""
        code = table.code
        async with self.lock_of(code):
            if seats:
                stored = await asyncio.to_thread(self.storage.load_table, code)
                if stored is not None:
                    for mine, theirs in zip(table.save.seats, stored.save.seats):
                        mine.name = mine.name or theirs.name
            actions = await asyncio.to_thread(self.storage.actions_since, code, table.save.cursor)
            if self.tables.get(code) is not table:
                return
            for data in actions:
                action = table.game.action_from_builtins(data)
                before = table.state.clone()
                played = table.match.play(action)
                self.note_last(table, before, action, played)
            table.stored = table.save.cursor
            if actions:
                table.last_active = time.time()
            self.broadcast(table)
            if table.state.over:
                self.finished_elsewhere(table)
            elif actions:
                self.serve_bot(table)

    def finished_elsewhere(self, table: Table) -> None:
        """The host that made the last move closes the table; here, the players
        seated through this host get it for their saves and stats."""
        self.tables.pop(table.code, None)
        self.gone.add(table.code)
        for seat, group in table.members.items():
            for member in group:
                member.send(p.Finished(save=self.player_copy(table, seat)))
        table.members.clear()
        table.watchers.clear()
        self._drop_lease(table.code)

    def closed_elsewhere(self, code: str) -> None:
        self.gone.add(code)
        table = self.tables.pop(code, None)
        if table is None or table.state.over:
            return
        for member in [m for group in table.members.values() for m in group] + list(table.watchers):
            member.send(p.Error(f"The host closed table {code}: it is in your saved games.", code=code))
        self._drop_lease(code)

    async def refresh_presence(self, code: str | None = None) -> None:
        found = await asyncio.to_thread(self.storage.presence_elsewhere, self.relay.host, code)
        for table in [self.tables[code]] if code in self.tables else [] if code else list(self.tables.values()):
            seats = found.get(table.code, set())
            if seats != table.elsewhere:
                table.elsewhere = seats
                self.broadcast(table)

    # Watchers: each host keeps its own (their connections), and lists those watching
    # through the other hosts, as the database has them (its "watchers" news).
    def watching(self, table: Table, name: str, watches: bool) -> None:
        self.writer.submit(self._watching, table.code, name, watches)

    def _watching(self, code: str, name: str, watches: bool) -> None:
        try:
            (self.storage.add_watcher if watches else self.storage.remove_watcher)(code, name)
        except DatabaseError as exc:
            self.log(f"table {code}: who is watching not saved: {exc}")

    async def refresh_watchers(self, code: str) -> None:
        names = set(await asyncio.to_thread(self.storage.watchers, code))
        table = self.tables.get(code)
        if table is not None:
            elsewhere = names - {m.name for m in table.watchers}
            if elsewhere != table.watching_elsewhere:
                table.watching_elsewhere = elsewhere
                self.broadcast(table)

    def mark_away(self, table: Table, seat: int, away: bool) -> None:
        super().mark_away(table, seat, away)
        self.writer.submit(self._presence, table.code, seat, not away)

    def _presence(self, code: str, seat: int, present: bool) -> None:
        if self.stopping:
            return  # the lease connection goes with the host: its rows stop counting
        try:
            self.storage.set_presence(code, seat, self.relay.host, present)
        except DatabaseError as exc:
            self.log(f"table {code}: who is there not saved: {exc}")

    # -- closing: the host that made the last move ------------------------------------------------

    def close(self, table: Table, why: str) -> None:
        seats = table.save.seats
        self.seated_elsewhere[table.code] = {seats[s].name for s in table.elsewhere if s < len(seats)}
        self.gone.add(table.code)
        super().close(table, why)
        self._drop_lease(table.code)

    def hand_over(self, name: str, copy: dict, state: Any) -> None:
        code = str(copy.get("id", "")).rsplit("-", 1)[-1]
        if state is not None and name in self.seated_elsewhere.get(code, set()):
            return  # finished: that player's app, through another host, keeps and counts it
        super().hand_over(name, copy, state)

    def _archive_now(self, code: str) -> None:
        """The table's last task on the writer (after its hand-overs): what was kept
        for it goes, so a long-lived host keeps nothing per finished table but its
        code (`gone`, `used_codes`)."""
        super()._archive_now(code)
        self.seated_elsewhere.pop(code, None)
        self.locks.pop(code, None)

    # -- bots: run by the host with the table's lease ----------------------------------------------

    def serve_bot(self, table: Table) -> None:
        if table.code in self.leased:
            super().serve_bot(table)
        elif table.match.bot_turn() is not None:
            asyncio.get_running_loop().create_task(self._lease_and_serve(table))

    async def _bot_turn(self, table: Table, turn: saves.BotTurn) -> None:
        await super()._bot_turn(table, turn)
        if self.tables.get(table.code) is table and not table.match.fresh(turn.token):
            self.serve_bot(table)  # another host's move came while the bot thought: ask again

    async def _lease_and_serve(self, table: Table) -> None:
        import psycopg

        if self.tables.get(table.code) is not table or table.code in self.leased:
            return
        try:
            taken = await self.relay.take_lease(table.code)
        except (psycopg.Error, OSError) as exc:  # the sweep tries again
            self.log(f"table {table.code}: the lease for its bots not taken: {exc}")
            return
        if taken:
            self.leased.add(table.code)
            super().serve_bot(table)

    def _drop_lease(self, code: str) -> None:
        if code in self.leased:
            self.leased.discard(code)
            asyncio.get_running_loop().create_task(self.relay.release_lease(code))

    async def _keep(self) -> None:
        """Take over from hosts that died: their seats away, their tables' bots."""
        import psycopg

        while True:
            await asyncio.sleep(SWEEP_S)
            try:
                if self.relay.leases.closed:
                    await self._rejoin()
                await self.relay.sweep_dead()
                waiting = [t for t in self.tables.values() if t.code not in self.leased and t.match.bot_turn()]
                if waiting:
                    for code in await self.relay.take_leases([t.code for t in waiting]):
                        self.leased.add(code)
                        if code in self.tables:
                            TableHost.serve_bot(self, self.tables[code])
            except (psycopg.Error, OSError) as exc:
                self.log(f"the sweep for hosts that stopped failed: {exc}")

    async def _rejoin(self) -> None:
        """The lease connection broke (the database restarted): the leases went with
        it; a new one, and this host's players present again under its new id."""
        await self.relay.reconnect_leases()
        self.storage.host_id = str(self.relay.host)
        self.leased.clear()
        for table in list(self.tables.values()):
            for seat, group in table.members.items():
                if group:
                    self.writer.submit(self._presence, table.code, seat, True)
        self.log("the database's lease connection is back: this host's players are seated again")


def snapshot(save: saves.SaveFile) -> saves.SaveFile:
    """A copy of the save for the writer thread (play goes on meanwhile)."""
    return msgspec.structs.replace(save, actions=list(save.actions),
                                   seats=[msgspec.structs.replace(s) for s in save.seats])
