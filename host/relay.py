"""Several hosts on one PostgreSQL: the table service of each host keeps its own
connected players, and the database is where a table's moves meet
(docs/architecture.md, "Moves between hosts").

- A move is committed first (one transaction, the optimistic cursor check of
  `append_action`: two hosts never both make a move at the same cursor; the one that
  comes second is told in words and its table reloaded), then announced with NOTIFY
  (host/storage/postgres.py); only then do this host's players see it.
- A move made while the database is away (the sweep or a write found it so) is kept
  here, in the table's outbox, in order: its player is told at once that it waits, this
  host's players play on from it, and it is sent when the database is back, each
  move once (`_drain`). One that the database refuses then (another host's move
  came first) is undone here and its player told.
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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import msgspec

import saves
from host import protocol as p
from host.storage import is_postgres
from host.outage import is_outage
from host.storage.base import StaleCursor
from host.tables import Member, Table, TableHost
from saves.db import DatabaseError

if TYPE_CHECKING:
    from core.engine import AnyState  # for the checker only

LEASE_SPACE = 160017  # the first key of a table's advisory lock (the second: hashtext(code))
SWEEP_S = 0.5         # how often a host looks for dead hosts and bots nobody runs
RECONNECT_S = 1.0
REJOIN_S = 3.0       # after an outage: the time the hosts have to seat their players again
CONNECT_S = 5         # a database that does not answer a new connection in this long is away
PATIENCE_S = 3.0      # a move not committed in this long (a database that hangs): kept all the same
KEPT = "The host's database is away; your move is kept and will be sent."
SENT = "The host's database is back: your move was sent."


def table_host_class(storage: Any) -> type[TableHost]:
    """The table service for a storage: shared between hosts on PostgreSQL."""
    return SharedTableHost if is_postgres(getattr(storage, "conninfo", "")) else TableHost


class Relay:
    """This host's two own connections to PostgreSQL: one LISTENs, one holds the
    leases (advisory locks) and stands for the host being alive."""

    def __init__(self, conninfo: str, on_news: Callable[[str], None], failed: Callable[[Exception], None]) -> None:
        self.conninfo = conninfo
        self.on_news = on_news
        self.failed = failed  # an attempt that failed (host/outage.py: an outage is said once)
        self.listener: Any = None
        self.leases: Any = None
        self.lock = asyncio.Lock()  # one query at a time on the lease connection
        self.task: asyncio.Task | None = None
        self.stopped = False  # closed by the host itself: a failure now is no outage

    @property
    def host(self) -> int:
        """This host's id in `table_presence`: the pid of its lease connection."""
        return self.leases.info.backend_pid

    async def start(self) -> None:
        import psycopg

        from host.storage.postgres import CHANNEL

        self.leases = await self.connect()
        self.listener = await self.connect()
        await self.listener.execute(f"LISTEN {CHANNEL}")
        self.task = asyncio.get_running_loop().create_task(self._listen())

    async def connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True, connect_timeout=CONNECT_S)

    async def _listen(self) -> None:
        """The news, for as long as the host runs: after an outage, listening again
        (tried every RECONNECT_S, each failure counted, not logged), then a "sync"
        for what was missed meanwhile."""
        import psycopg

        from host.storage.postgres import CHANNEL

        while True:
            try:
                async for note in self.listener.notifies():
                    self.on_news(note.payload)
            except (psycopg.Error, OSError) as exc:
                self.failed(exc)
            while True:
                await asyncio.sleep(RECONNECT_S)
                try:
                    listener = await self.connect()
                    await listener.execute(f"LISTEN {CHANNEL}")
                except (psycopg.Error, OSError) as exc:
                    self.failed(exc)
                    continue
                with contextlib.suppress(Exception):
                    await self.listener.close()
                self.listener = listener
                break
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

        with contextlib.suppress(psycopg.Error, OSError):
            await self.leases.close()
        self.leases = await self.connect()

    async def release_lease(self, code: str) -> None:
        if self.stopped:
            return  # the lease went with the closed connection
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
        self.stopped = True
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
        self.draining: set[str] = set()  # tables whose outbox is being sent (`_drain`)
        self.news_waiting: set[str] = set()  # tables with news read after their outbox is sent
        self.rejoined: float | None = None  # when the lease connection came back (`_rejoin`)

    @property
    def started_relay(self) -> Relay:
        """The relay, which `start` makes: what reads it runs after start."""
        assert self.relay is not None, "the host has not started"
        return self.relay

    def lock_of(self, code: str) -> asyncio.Lock:
        return self.locks.setdefault(code, asyncio.Lock())

    async def start(self) -> None:
        storage = self.storage
        await asyncio.to_thread(storage.make_presence)
        self.relay = Relay(storage.conninfo, self.on_news,
                           lambda exc: self.outage.report("the database's news stopped", exc))
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
        last_try = [self._drain(t) for t in self.tables.values() if t.outbox and t.code not in self.draining]
        if last_try:  # the moves kept here, sent if the database answers now
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.gather(*last_try, return_exceptions=True), CONNECT_S)
        held = {t.code: len(t.outbox) for t in self.tables.values() if t.outbox}
        if held:
            self.log("stopping with moves the database never took (it is away), now lost: " +
                     ", ".join(f"table {code}: {n}" for code, n in sorted(held.items())))
        await super().stop()
        if self.relay is not None:
            await self.relay.stop()

    def new_table(self, code: str, save: saves.SaveFile, state: AnyState) -> Table:
        return Table(code, save, state)  # no write after each move: `_commit` writes it

    def broadcast(self, table: Table) -> None:
        if any(not held.told for held in table.outbox):
            return  # nobody sees a move before it is committed, or kept and said so (`_commit`)
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
            self.outage.report(f"table {table.code} not saved", exc)

    def open_table(self, member: Member, msg: p.OpenTable) -> None:
        before = set(self.tables)
        super().open_table(member, msg)
        for code in set(self.tables) - before:  # the opener sits there through this host
            seat = self.tables[code].seat_of(member.name)
            if seat is not None:  # always: the opener is seated at the table they open
                self.writer.submit(self._presence, code, seat, True)

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
        """Make the move here and put it in the table's outbox, for `_drain` to send.
        Nobody sees it until it is committed (a slow database is waited for), or
        until the host finds the database away (the sweep or a write failed: within
        SWEEP_S), or PATIENCE_S has passed: then it is kept, its player told so."""
        code = table.code
        async with self.lock_of(code):
            if self.tables.get(code) is not table or table.save.cursor != cursor:
                if actor is not None:
                    actor.send(p.Error("Another move was made first: your move was not made. Look again.", code=code))
                return
            before = table.state.clone()
            played = table.match.play(action)
            held = Held(cursor, action, table.save.copy(), actor, before, played,
                        asyncio.get_running_loop().create_future())
            table.outbox.append(held)
            # Behind other moves in the outbox it waits its turn: it is committed after them.
            at_once = not self.outage.away
        self.send_held(table)
        if at_once:  # wait for the commit, unless the database is found away meanwhile
            loop = asyncio.get_running_loop()
            give_up = loop.time() + PATIENCE_S
            while not held.done.done() and not self.outage.away and loop.time() < give_up:
                await asyncio.wait({held.done}, timeout=0.05)
        if not held.done.done() and held in table.outbox:
            self.keep(table, held)

    def keep(self, table: Table, held: Held) -> None:
        """A move the database has not taken (yet): shown here, its player told."""
        if held.told:
            return
        held.told = True
        self.note_last(table, held.before, held.action, held.played)
        table.last_active = time.time()
        self.broadcast(table)
        if held.actor is not None:
            held.actor.send(p.Notice(KEPT, code=table.code))
        if not table.state.over:
            self.serve_bot(table)

    def send_held(self, table: Table) -> None:
        if table.outbox and table.code not in self.draining:
            self.draining.add(table.code)
            asyncio.get_running_loop().create_task(self._drain(table))

    async def _drain(self, table: Table) -> None:
        """Send the table's outbox, first move first, each one once: a move already
        in the database (its commit answered on a connection that broke) is not sent
        again; one refused (another host moved first) undoes the rest; the database
        away stops here until the sweep finds it back (`_keep`)."""
        code = table.code
        self.draining.add(code)
        try:
            while table.outbox and self.tables.get(code) is table:
                held = table.outbox[0]
                try:
                    try:
                        await asyncio.get_running_loop().run_in_executor(self.writer, self._append, table, held)
                    except StaleCursor:
                        if not await asyncio.to_thread(self._landed, code, held):
                            await self._refused(table, "A player at another host moved first: your move was "
                                                       "not made ({moves}). Look again.")
                            return
                except DatabaseError as exc:
                    if not is_outage(exc):  # the database answered, and said no (a deadlock too)
                        await self._refused(table, f"The move was not saved ({exc}), so it was not made "
                                                   "({moves}): try again.")
                        return
                    self.outage.failed(exc)
                    for waiting in list(table.outbox):
                        self.keep(table, waiting)
                    return
                self.outage.ok()
                table.outbox.pop(0)
                table.stored = held.cursor + 1
                self.committed(table, held)
            if self.tables.get(code) is table and code in self.news_waiting:
                await self.catch_up(table)  # what the other hosts made meanwhile
        except DatabaseError as exc:
            self.outage.report(f"table {code}: the moves after a kept one not read", exc)
        finally:
            self.draining.discard(code)

    def committed(self, table: Table, held: Held) -> None:
        if not held.done.done():
            held.done.set_result(True)
        if held.told:  # shown already: now the others' hosts have it too
            self.broadcast(table)
            if held.actor is not None:
                held.actor.send(p.Notice(SENT, code=table.code))
        else:
            self.note_last(table, held.before, held.action, held.played)
            table.last_active = time.time()
            self.broadcast(table)
        if table.outbox:
            return
        if table.state.over:
            self.close(table, "finished")
        elif not held.told:
            self.serve_bot(table)

    def _append(self, table: Table, held: Held) -> None:
        self.storage.append_action(table.code, held.cursor, held.save.actions[held.cursor], held.save, time.time())

    def _landed(self, code: str, held: Held) -> bool:
        """Whether the database has this very move at its place (sent before, the
        answer lost): then it is not sent again."""
        theirs = self.storage.actions_since(code, held.cursor)[:1]
        return theirs == [msgspec.json.decode(msgspec.json.encode(held.save.actions[held.cursor]))]

    async def _refused(self, table: Table, words: str) -> None:
        """The database refused the first move of the outbox (another host's move
        came first): the table as the database has it, each player whose move is
        undone told so, in `words` with their moves."""
        code = table.code
        async with self.lock_of(code):
            stored = await asyncio.to_thread(self.storage.load_table, code)
            lost, table.outbox = list(table.outbox), []
            if stored is not None and not stored.closed:
                self.replace(table, stored.save)
        for held in lost:
            if not held.done.done():
                held.done.set_result(False)
        for actor in {id(h.actor): h.actor for h in lost if h.actor is not None}.values():
            moves = "; ".join(h.played.text for h in lost if h.actor is actor)
            actor.send(p.Error(words.replace("{moves}", moves), code=code))
        if stored is None or stored.closed:
            self.closed_elsewhere(code)
            return
        self.broadcast(table)
        if table.state.over:
            self.finished_elsewhere(table)
        else:
            self.serve_bot(table)

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
                if not await self.load_new(code) and code in self.tables:  # news that came while it was read
                    await self.catch_up(self.tables[code], seats=kind == "table")  # (a seat taken): read too
            else:
                await self.catch_up(self.tables[code], seats=kind == "table")
        except DatabaseError as exc:
            self.outage.report(f"table {code}: news from the database not read", exc)

    async def load_new(self, code: str) -> bool:
        """A table another host made, here too; False if it was not loaded now."""
        async with self.lock_of(code):
            if code in self.tables or code in self.gone:
                return False
            stored = await asyncio.to_thread(self.storage.load_table, code)
            if stored is None or stored.closed or stored.save.over or code in self.gone:
                return False
            self.used_codes.add(code)
            table = self.new_table(code, stored.save, saves.replay(stored.save))
            table.stored, table.last_active = stored.save.cursor, stored.last_active
            self.tables[code] = table
        await self.refresh_presence(code)
        await self.refresh_watchers(code)
        self.serve_bot(table)
        return True

    async def catch_up(self, table: Table, seats: bool = False) -> None:
        """Play here the moves another host committed; new seats taken too."""
        code = table.code
        async with self.lock_of(code):
            if seats:
                stored = await asyncio.to_thread(self.storage.load_table, code)
                if stored is not None:
                    for mine, theirs in zip(table.save.seats, stored.save.seats):
                        mine.name = mine.name or theirs.name
            if table.outbox:
                self.news_waiting.add(code)
                return  # moves kept here first: `_drain` reads what follows them
            self.news_waiting.discard(code)
            actions = await asyncio.to_thread(self.storage.actions_since, code, table.save.cursor)
            if self.tables.get(code) is not table or table.outbox:
                self.news_waiting.add(code)
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
        table.outbox = []  # the moves kept here go with it (its players are told it closed)
        for member in [m for group in table.members.values() for m in group] + list(table.watchers):
            member.send(p.Error(f"The host closed table {code}: it is in your saved games.", code=code))
        self._drop_lease(code)

    async def refresh_presence(self, code: str | None = None) -> None:
        found = await asyncio.to_thread(self.storage.presence_elsewhere, self.started_relay.host, code)
        # Just after an outage the other hosts seat their players again under new ids
        # (`_rejoin`): meanwhile nobody is made away, or they would flicker away and back.
        rejoining = self.outage.away or self.outage.since_back() < REJOIN_S  # (news may come before the sweep)
        for table in [self.tables[code]] if code in self.tables else [] if code else list(self.tables.values()):
            seats = found.get(table.code, set()) | (table.elsewhere if rejoining else set())
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
            self.outage.report(f"table {code}: who is watching not saved", exc)

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
            self.storage.set_presence(code, seat, self.started_relay.host, present)
        except DatabaseError as exc:
            self.outage.report(f"table {code}: who is there not saved", exc)

    # -- closing: the host that made the last move ------------------------------------------------

    def close(self, table: Table, why: str) -> None:
        for held in table.outbox:  # closed by the operator with moves kept: theirs first
            self.writer.submit(self._send_kept, table, held)
        table.outbox = []
        seats = table.save.seats
        self.seated_elsewhere[table.code] = {seats[s].name for s in table.elsewhere if s < len(seats)}
        self.gone.add(table.code)
        super().close(table, why)
        self._drop_lease(table.code)

    def _send_kept(self, table: Table, held: Held) -> None:
        try:
            self._append(table, held)
        except StaleCursor:
            pass  # sent already (`_drain`), or refused: another host's move came first
        except DatabaseError as exc:
            self.log(f"table {table.code}: closed with move {held.cursor + 1} not in the database: {exc}")

    def hand_over(self, name: str, copy: dict, state: AnyState | None) -> None:
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

        if self.tables.get(table.code) is not table or table.code in self.leased or self.started_relay.stopped:
            return
        try:
            taken = await self.started_relay.take_lease(table.code)
        except (psycopg.Error, OSError) as exc:  # the sweep tries again
            if self.started_relay.stopped:
                return  # the host's own stop closed the connection: no outage
            self.outage.report(f"table {table.code}: the lease for its bots not taken", exc)
            return
        if taken:
            self.leased.add(table.code)
            super().serve_bot(table)

    def _drop_lease(self, code: str) -> None:
        if code in self.leased:
            self.leased.discard(code)
            asyncio.get_running_loop().create_task(self.started_relay.release_lease(code))

    async def _keep(self) -> None:
        """Take over from hosts that died: their seats away, their tables' bots."""
        import psycopg

        while True:
            await asyncio.sleep(SWEEP_S)
            try:
                if self.started_relay.leases.closed:
                    await self._rejoin()
                await self.started_relay.sweep_dead()
            except (psycopg.Error, OSError) as exc:
                self.outage.report("the sweep for hosts that stopped failed", exc)  # an outage: said once
                continue
            self.outage.ok()
            for table in list(self.tables.values()):  # the moves kept in an outage, sent
                self.send_held(table)
            try:
                if self.rejoined is not None and self.outage.since_back() >= REJOIN_S:
                    self.rejoined = None
                    await self.refresh_presence()  # those not seated again by now are away
                waiting = [t for t in self.tables.values() if t.code not in self.leased and t.match.bot_turn()]
                if waiting:
                    for code in await self.started_relay.take_leases([t.code for t in waiting]):
                        self.leased.add(code)
                        if code in self.tables:
                            TableHost.serve_bot(self, self.tables[code])
            except (psycopg.Error, OSError, DatabaseError) as exc:
                self.outage.report("the sweep for hosts that stopped failed", exc)

    async def _rejoin(self) -> None:
        """The lease connection broke (the database restarted): the leases went with
        it; a new one, and this host's players present again under its new id."""
        await self.started_relay.reconnect_leases()
        self.rejoined = time.monotonic()
        self.storage.host_id = str(self.started_relay.host)
        self.leased.clear()
        for table in list(self.tables.values()):
            for seat, group in table.members.items():
                if group:
                    self.writer.submit(self._presence, table.code, seat, True)


@dataclass(eq=False)
class Held:
    """A move made at this host and not yet committed: where it was chosen, the save
    just after it, who made it, and what `note_last` needs; `done` is set once the
    database took it (True) or refused it (False)."""

    cursor: int
    action: Any
    save: saves.SaveFile
    actor: Member | None
    before: AnyState
    played: Any
    done: asyncio.Future
    told: bool = False  # shown here and its player told it is kept
