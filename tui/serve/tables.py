"""Shared tables on an SSH host: the host process holds each table's state and applies
the actions; the players' apps send actions and receive `view(seat)`.

The apps talk to the host over a local socket (0600, in the host's 0700 folder), one
JSON object a line. An app says who it is with the token the host put in its
environment (HOUSES_TABLE_TOKEN), so a player speaks only for themself.

    app -> host   {"op": "hello", "token": T}
                  {"op": "list"}
                  {"op": "open", "game": G, "seats": [{"kind": "human"|"bot", "level": L}], "seed": S, "options": {}}
                  {"op": "join", "code": C}
                  {"op": "act", "code": C, "cursor": N, "action": {...}}
                  {"op": "leave", "code": C}
    host -> app   {"op": "welcome", "name": N}
                  {"op": "tables", "tables": [...]}
                  {"op": "table", "code": C, "seat": S, "view": TEXT, "log": [...], "cursor": N, "last": {...},
                   "seats": [...], "away": [...], "save": {...} once over}
                  {"op": "error", "message": M, "code": C}

Each table is a save file under tables/saves/ (`table-CODE.json`), written after every
action, so a host that restarts finds its tables as they were. A finished table goes
into each player's own saves and stats (their app writes it when told).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import time
from pathlib import Path
from typing import Any

import msgspec

import saves
from core import GAMES
from core.ai import BUDGET_S as BOT_BUDGET_S

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: codes are read aloud
BOT_PAUSE_S = 0.6
MAX_LINE = 1 << 20


async def read_messages(reader: asyncio.StreamReader):
    """Each JSON line the other side sends, decoded (None for a line that is not
    JSON), until it closes the connection. Both the host and the apps read this way."""
    while True:
        try:
            line = await reader.readline()
        except (ValueError, ConnectionError):
            return
        if not line:
            return
        try:
            yield json.loads(line)
        except ValueError:
            yield None


def encode(msg: dict) -> bytes:
    return msgspec.json.encode(msg) + b"\n"


class Member:
    """One app connected to the table host."""

    def __init__(self, name: str, writer: asyncio.StreamWriter) -> None:
        self.name = name
        self.writer = writer

    def send(self, msg: dict) -> None:
        if self.writer.is_closing():
            return
        # A slow app never holds the host: past a limit, it is dropped (it reconnects).
        transport = self.writer.transport
        if transport.get_write_buffer_size() > 4 * MAX_LINE:
            transport.abort()
            return
        self.writer.write(encode(msg))


class Table:
    def __init__(self, code: str, save: saves.SaveFile, state: Any) -> None:
        self.code = code
        self.save = save
        self.state = state
        self.members: dict[int, set[Member]] = {}
        self.last: dict | None = None
        self.bot_busy = False

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
                if seat.kind == "human" and seat.name and not self.members.get(i)]

    def seats_info(self) -> list[dict]:
        return [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.save.seats]

    def summary(self, for_name: str) -> dict:
        return {
            "code": self.code, "game": self.save.game, "title": self.game.title,
            "seats": self.seats_info(), "away": self.away(), "cursor": self.save.cursor,
            "over": self.state.over, "mine": self.seat_of(for_name) is not None,
            "free": self.free_seat() is not None,
        }


class TableHost:
    def __init__(self, data_dir: Path) -> None:
        self.dir = data_dir / "tables"
        self.store = saves.Store(self.dir)
        self.socket_path = data_dir / "tables.sock"
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, str] = {}  # token -> player name
        self.server: asyncio.AbstractServer | None = None
        self.members: set[Member] = set()

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
        finally:
            os.umask(old)

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            for member in list(self.members):
                member.writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 2)
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()

    def load(self) -> None:
        """The tables saved on disk: each comes back as it was."""
        for save in self.store.list():
            if not save.id.startswith("table-"):
                continue
            try:
                state = saves.replay(save)
            except saves.SaveError:
                continue
            code = save.id.removeprefix("table-")
            self.tables[code] = Table(code, save, state)

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.tables:
                return code

    def write(self, table: Table) -> None:
        try:
            self.store.write(table.save)
        except saves.SaveError as exc:
            print(f"table {table.code} not saved: {exc}", flush=True)

    # -- one app's connection --------------------------------------------------------

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        member: Member | None = None
        try:
            async for msg in read_messages(reader):
                if not isinstance(msg, dict) or "op" not in msg:
                    break  # not our protocol: hang up
                op = msg["op"]
                if member is None:
                    name = self.tokens.get(str(msg.get("token"))) if op == "hello" else None
                    if name is None:
                        writer.write(encode({"op": "error", "message": "Not a player of this host."}))
                        break
                    member = Member(name, writer)
                    self.members.add(member)
                    member.send({"op": "welcome", "name": name})
                    self.send_finished(member)
                    continue
                try:
                    self.dispatch(member, op, msg)
                except Exception as exc:  # one bad request never takes the host down
                    member.send({"op": "error", "message": f"The host could not do that: {exc}",
                                 "code": msg.get("code")})
        finally:
            if member is not None:
                self.members.discard(member)
                for table in self.tables.values():
                    for seat, group in list(table.members.items()):
                        if member in group:
                            group.discard(member)
                            self.broadcast(table)
            writer.close()

    def dispatch(self, member: Member, op: str, msg: dict) -> None:
        if op == "list":
            member.send({"op": "tables", "tables": self.listing(member.name)})
        elif op == "open":
            self.open_table(member, msg)
        elif op == "join":
            self.join(member, str(msg.get("code", "")).upper().strip())
        elif op == "act":
            self.act(member, msg)
        elif op == "leave":
            table = self.tables.get(str(msg.get("code", "")))
            if table is not None:
                for group in table.members.values():
                    group.discard(member)
                self.broadcast(table)
        else:
            member.send({"op": "error", "message": f"Unknown request {op!r}."})

    def listing(self, name: str) -> list[dict]:
        rows = [t.summary(name) for t in self.tables.values()
                if not t.state.over and (t.seat_of(name) is not None or t.free_seat() is not None)]
        rows.sort(key=lambda r: (not r["mine"], r["code"]))
        return rows

    # -- tables ----------------------------------------------------------------------

    def open_table(self, member: Member, msg: dict) -> None:
        game = GAMES[msg["game"]]
        kinds = msg["seats"]
        if getattr(game, "cooperative", False) and any(k.get("kind") == "bot" for k in kinds):
            raise ValueError(f"{game.title} has no computer players")
        seats = []
        opener_seated = False
        for i, seat in enumerate(kinds):
            if seat.get("kind") == "bot":
                level = seat.get("level") or "normal"
                seats.append(saves.Seat(name=f"{level.title()} bot {i + 1}", kind="bot", level=level))
            elif not opener_seated:
                seats.append(saves.Seat(name=member.name, kind="human"))
                opener_seated = True
            else:
                seats.append(saves.Seat(name="", kind="human"))
        if not opener_seated:
            raise ValueError("a table needs at least one seat for a person")
        options = msgspec.convert(msg.get("options") or {}, game.Options)
        seed = int(msg.get("seed") or secrets.randbelow(10**9 - 1) + 1)
        save = saves.new_save(game.id, seats, game.options_to_builtins(options), seed)
        code = self.new_code()
        save.id = f"table-{code}"
        save.summary = f"{game.title} at table {code}"
        state = saves.replay(save)
        table = Table(code, save, state)
        self.tables[code] = table
        self.write(table)
        table.members.setdefault(table.seat_of(member.name), set()).add(member)
        self.broadcast(table)
        self.serve_bot(table)

    def join(self, member: Member, code: str) -> None:
        table = self.tables.get(code)
        if table is None:
            member.send({"op": "error", "message": f"There is no table {code}.", "code": code})
            return
        seat = table.seat_of(member.name)
        if seat is None:
            if table.state.over:
                member.send({"op": "error", "message": f"Table {code} has finished.", "code": code})
                return
            seat = table.free_seat()
            if seat is None:
                member.send({"op": "error", "message": f"Table {code} is full.", "code": code})
                return
            table.save.seats[seat].name = member.name
            self.write(table)
        table.members.setdefault(seat, set()).add(member)
        self.broadcast(table)

    def act(self, member: Member, msg: dict) -> None:
        code = str(msg.get("code", ""))
        table = self.tables.get(code)
        if table is None:
            member.send({"op": "error", "message": f"There is no table {code}.", "code": code})
            return
        seat = table.seat_of(member.name)
        state = table.state
        if seat is None or member not in table.members.get(seat, set()):
            member.send({"op": "error", "message": "You have no seat at this table.", "code": code})
            return
        if state.over or state.to_move != seat:
            member.send({"op": "error", "message": "It is not your turn.", "code": code})
            return
        if msg.get("cursor") is not None and msg["cursor"] != table.save.cursor:
            member.send({"op": "error", "message": "The position changed: look again.", "code": code})
            return
        try:
            action = table.game.action_from_builtins(msg["action"])
        except (msgspec.ValidationError, KeyError, TypeError) as exc:
            member.send({"op": "error", "message": f"Not a move of this game: {exc}", "code": code})
            return
        reason = state.check(action)
        if reason is not None:
            member.send({"op": "error", "message": reason, "code": code})
            return
        self.play(table, seat, action)

    def play(self, table: Table, seat: int, action: Any) -> None:
        text = table.state.describe(action)
        table.state.apply(action)
        saves.record(table.save, action, state=table.state,
                     summary=(f"{table.game.title} at table {table.code}: {table.state.outcome.reason}"
                              if table.state.over and table.state.outcome else
                              f"{table.game.title} at table {table.code}, move {table.save.cursor + 1}"))
        table.last = {"seat": seat, "action": table.game.action_to_builtins(action), "text": text,
                      "cursor": table.save.cursor}
        self.write(table)
        self.broadcast(table)
        self.serve_bot(table)

    def serve_bot(self, table: Table) -> None:
        state = table.state
        if state.over or table.bot_busy:
            return
        seat = state.to_move
        if seat is None or table.save.seats[seat].kind != "bot":
            return
        table.bot_busy = True
        asyncio.get_running_loop().create_task(self._bot_turn(table, seat))

    async def _bot_turn(self, table: Table, seat: int) -> None:
        from core.ai import bot

        cursor = table.save.cursor
        level = table.save.seats[seat].level or "normal"
        view = table.state.view(seat)
        started = time.monotonic()
        try:
            action = await asyncio.to_thread(lambda: bot(table.game.id, level).choose(view, BOT_BUDGET_S))
            await asyncio.sleep(max(0.0, BOT_PAUSE_S - (time.monotonic() - started)))
        except Exception as exc:  # a bot's bug: the table waits, the host goes on
            print(f"table {table.code}: the bot of seat {seat + 1} failed: {exc!r}", flush=True)
            return
        finally:
            table.bot_busy = False
        if table.save.cursor == cursor and not table.state.over and table.state.to_move == seat:
            self.play(table, seat, action)

    # -- what each player is told ----------------------------------------------------------

    def table_message(self, table: Table, seat: int) -> dict:
        view = table.state.view(seat)
        msg = {
            "op": "table", "code": table.code, "game": table.save.game, "seat": seat,
            "seed": table.save.seed, "options": table.save.options,
            "view": view.to_text(), "log": list(view.log), "cursor": table.save.cursor,
            "last": table.last, "seats": table.seats_info(), "away": table.away(),
            "id": table.save.id, "created": table.save.created,
        }
        if table.state.over:
            msg["save"] = self.player_copy(table, seat)
        return msg

    def player_copy(self, table: Table, seat: int) -> dict:
        """The finished table as a save in a player's own folder."""
        copy = msgspec.structs.replace(table.save, actions=list(table.save.actions),
                                       seats=[msgspec.structs.replace(s) for s in table.save.seats])
        copy.id = f"{table.save.game}-table-{table.code}"
        return msgspec.to_builtins(copy) | {"my_seat": seat}

    def broadcast(self, table: Table) -> None:
        for seat, group in table.members.items():
            if group:
                msg = self.table_message(table, seat)
                for member in list(group):
                    member.send(msg)

    def send_finished(self, member: Member) -> None:
        """Finished tables of this player, for their own saves (their app skips known ones)."""
        for table in self.tables.values():
            seat = table.seat_of(member.name)
            if table.state.over and seat is not None:
                member.send({"op": "finished", "save": self.player_copy(table, seat)})
