"""The SQL shared by both engines: the schema, its migrations, every method of
`Storage`. An engine (sqlite.py, postgres.py) gives `_tx()`: one transaction, whose
`run(sql, params)` takes `?` placeholders and returns rows.

The SQL here is what SQLite and PostgreSQL both read (INSERT ... ON CONFLICT,
DOUBLE PRECISION, BIGINT); a table's save is its JSON without the actions, and each
action is one row, so a move is one small insert, never a rewrite of the table.
"""

from __future__ import annotations

import contextlib
from abc import abstractmethod
from typing import Any, Protocol

import msgspec

import saves
from host.storage.base import DailyResult, Rating, StaleCursor, Storage, StorageError, StoredTable
from host.storage.connect import DELETE_DOC, LIST_DOCS, READ_DOC, WRITE_DOC
from host.storage.puzzles import PuzzleSql

# Each entry brings the schema from version i to i + 1; never edit one that shipped.
MIGRATIONS: list[list[str]] = [
    [
        "CREATE TABLE players (name TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE player_keys (player TEXT NOT NULL, key_line TEXT NOT NULL, PRIMARY KEY (player, key_line))",
        "CREATE TABLE player_docs (player TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, "
        "data BYTEA NOT NULL, updated DOUBLE PRECISION NOT NULL, PRIMARY KEY (player, kind, name))",
        "CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, save TEXT NOT NULL, "
        "cursor INTEGER NOT NULL, closed INTEGER NOT NULL DEFAULT 0, last_active DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE table_actions (code TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, "
        "PRIMARY KEY (code, n))",
        "CREATE TABLE table_away (code TEXT NOT NULL, seat INTEGER NOT NULL, PRIMARY KEY (code, seat))",
        "CREATE TABLE table_watchers (code TEXT NOT NULL, player TEXT NOT NULL, PRIMARY KEY (code, player))",
        "CREATE TABLE ratings (game TEXT NOT NULL, player TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL, "
        "sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (game, player))",
        "CREATE TABLE rated_tables (game TEXT NOT NULL, code TEXT NOT NULL, PRIMARY KEY (game, code))",
        "CREATE TABLE daily (player TEXT NOT NULL, game TEXT NOT NULL, day TEXT NOT NULL, won INTEGER NOT NULL, "
        "moves INTEGER NOT NULL, hints INTEGER NOT NULL, rank TEXT, PRIMARY KEY (player, game, day))",
        "CREATE INDEX daily_by_day ON daily (game, day)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ],
    [  # 2: puzzles (issue 24; host/storage/puzzles.py)
        "CREATE TABLE puzzle_ratings (game TEXT NOT NULL, player TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL, "
        "rd DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL, tried INTEGER NOT NULL, "
        "solved INTEGER NOT NULL, PRIMARY KEY (game, player))",
        "CREATE TABLE puzzle_stats (puzzle TEXT PRIMARY KEY, game TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL, "
        "rd DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL, tried INTEGER NOT NULL, "
        "solved INTEGER NOT NULL)",
        "CREATE TABLE puzzle_attempts (player TEXT NOT NULL, attempt TEXT NOT NULL, game TEXT NOT NULL, "
        "puzzle TEXT NOT NULL, solved INTEGER NOT NULL, first INTEGER NOT NULL, day TEXT, "
        "seconds DOUBLE PRECISION NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (player, attempt))",
        "CREATE INDEX puzzle_attempts_by_puzzle ON puzzle_attempts (player, puzzle)",
        "CREATE TABLE daily_puzzles (player TEXT NOT NULL, game TEXT NOT NULL, day TEXT NOT NULL, "
        "puzzle TEXT NOT NULL, tries INTEGER NOT NULL, solved INTEGER NOT NULL, seconds DOUBLE PRECISION NOT NULL, "
        "PRIMARY KEY (player, game, day))",
        "CREATE INDEX daily_puzzles_by_day ON daily_puzzles (game, day)",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)


class Tx(Protocol):
    def run(self, sql: str, params: tuple = ()) -> list[tuple]: ...

    @property
    def rowcount(self) -> int: ...


def _header(save: saves.SaveFile) -> str:
    data = msgspec.to_builtins(save)
    data.pop("actions", None)
    return msgspec.json.encode(data).decode()


def _action(action: Any) -> str:
    return msgspec.json.encode(action).decode()


class SqlStorage(PuzzleSql, Storage):
    @abstractmethod
    def _tx(self) -> contextlib.AbstractContextManager[Tx]:
        """One transaction (committed when the block ends, rolled back on an error);
        database errors come out as StorageError."""

    def _ddl(self, sql: str) -> str:
        """A schema statement in the engine's words (SQLite says BLOB for BYTEA)."""
        return sql

    def _lock_schema(self, tx: Tx) -> None:
        """Keep two hosts starting at once from migrating together (engine's own)."""

    def _announce(self, tx: Tx, kind: str, code: str, cursor: int = 0) -> None:
        """Tell the other hosts on the database, once `tx` commits, what changed at a
        table (PostgreSQL's NOTIFY: host/relay.py); one host alone needs nobody told."""

    def migrate(self) -> None:
        with self._tx() as tx:
            self._lock_schema(tx)
            tx.run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            rows = tx.run("SELECT version FROM schema_version")
            version = rows[0][0] if rows else 0
            if version > SCHEMA_VERSION:
                raise StorageError(f"the database {self.url} is from a newer Houses (schema {version}; "
                                   f"this one knows up to {SCHEMA_VERSION}); it was left as it is")
            for steps in MIGRATIONS[version:]:
                for sql in steps:
                    tx.run(self._ddl(sql))
            if not rows:
                tx.run("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            elif version < SCHEMA_VERSION:
                tx.run("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))

    def schema_version(self) -> int:
        with self._tx() as tx:
            return tx.run("SELECT version FROM schema_version")[0][0]

    # -- players and keys -------------------------------------------------------------
    def add_player(self, player: str) -> bool:
        import time

        with self._tx() as tx:
            tx.run("INSERT INTO players (name, created) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                   (player, time.time()))
            return tx.rowcount == 1

    def players(self) -> list[str]:
        with self._tx() as tx:
            return [r[0] for r in tx.run("SELECT name FROM players ORDER BY name")]

    def add_key(self, player: str, key_line: str) -> bool:
        self.add_player(player)
        with self._tx() as tx:
            tx.run("INSERT INTO player_keys (player, key_line) VALUES (?, ?) ON CONFLICT DO NOTHING",
                   (player, key_line))
            return tx.rowcount == 1

    def keys(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        with self._tx() as tx:
            for player, line in tx.run("SELECT player, key_line FROM player_keys ORDER BY player, key_line"):
                out.setdefault(player, []).append(line)
        return out

    def remove_key(self, player: str, key_line: str) -> bool:
        with self._tx() as tx:
            tx.run("DELETE FROM player_keys WHERE player = ? AND key_line = ?", (player, key_line))
            return tx.rowcount == 1

    # -- documents ------------------------------------------------------------------------
    def read_doc(self, player: str, kind: str, name: str = "") -> bytes | None:
        with self._tx() as tx:
            rows = tx.run(READ_DOC, (player, kind, name))
        return bytes(rows[0][0]) if rows else None

    def write_doc(self, player: str, kind: str, name: str, data: bytes) -> None:
        import time

        with self._tx() as tx:
            tx.run(WRITE_DOC, (player, kind, name, bytes(data), time.time()))

    def delete_doc(self, player: str, kind: str, name: str = "") -> None:
        with self._tx() as tx:
            tx.run(DELETE_DOC, (player, kind, name))

    def docs(self, player: str, kind: str) -> list[tuple[str, bytes]]:
        with self._tx() as tx:
            rows = tx.run(LIST_DOCS, (player, kind))
        return [(name, bytes(data)) for name, data in rows]

    # -- tables ------------------------------------------------------------------------------
    def create_table(self, code: str, save: saves.SaveFile, now: float) -> None:
        with self._tx() as tx:
            if tx.run("SELECT 1 FROM tables WHERE code = ?", (code,)):
                raise StorageError(f"there is a table {code} already")
            tx.run("INSERT INTO tables (code, game, save, cursor, closed, last_active) VALUES (?, ?, ?, ?, 0, ?)",
                   (code, save.game, _header(save), save.cursor, now))
            for n, action in enumerate(save.actions):
                tx.run("INSERT INTO table_actions (code, n, action) VALUES (?, ?, ?)", (code, n, _action(action)))
            self._announce(tx, "table", code, save.cursor)

    def update_table(self, code: str, save: saves.SaveFile, now: float) -> None:
        with self._tx() as tx:
            tx.run("UPDATE tables SET save = ?, last_active = ? WHERE code = ?", (_header(save), now, code))
            if tx.rowcount != 1:
                raise StorageError(f"there is no table {code}")
            self._announce(tx, "table", code, save.cursor)

    def append_action(self, code: str, cursor: int, action: Any, save: saves.SaveFile, now: float) -> None:
        with self._tx() as tx:
            # The optimistic check: only the writer who saw `cursor` moves it on.
            tx.run("UPDATE tables SET cursor = cursor + 1, save = ?, last_active = ? "
                   "WHERE code = ? AND cursor = ? AND closed = 0", (_header(save), now, code, cursor))
            if tx.rowcount != 1:
                raise StaleCursor(f"table {code} is no longer at move {cursor + 1}: the move was not made")
            tx.run("INSERT INTO table_actions (code, n, action) VALUES (?, ?, ?)", (code, cursor, _action(action)))
            self._announce(tx, "move", code, cursor + 1)

    def _tables(self, where: str, params: tuple) -> list[StoredTable]:
        with self._tx() as tx:
            heads = tx.run(f"SELECT code, save, cursor, closed, last_active FROM tables WHERE {where} ORDER BY code",
                           params)
            out = []
            for code, header, cursor, closed, last_active in heads:
                actions = tx.run("SELECT action FROM table_actions WHERE code = ? AND n < ? ORDER BY n",
                                 (code, cursor))
                data = msgspec.json.decode(header)
                data["actions"] = [msgspec.json.decode(a) for (a,) in actions]
                data["cursor"] = cursor
                try:
                    save = msgspec.convert(data, saves.SaveFile)
                except msgspec.ValidationError as exc:
                    raise StorageError(f"table {code} in the database is damaged: {exc}") from None
                out.append(StoredTable(code, save, float(last_active), bool(closed)))
        return out

    def load_table(self, code: str) -> StoredTable | None:
        found = self._tables("code = ?", (code,))
        return found[0] if found else None

    def table_codes(self) -> set[str]:
        with self._tx() as tx:
            return {r[0] for r in tx.run("SELECT code FROM tables")}

    def open_tables(self) -> list[StoredTable]:
        return self._tables("closed = 0", ())

    def close_table(self, code: str, now: float) -> None:
        with self._tx() as tx:
            tx.run("UPDATE tables SET closed = 1, last_active = ? WHERE code = ?", (now, code))
            tx.run("DELETE FROM table_away WHERE code = ?", (code,))
            tx.run("DELETE FROM table_watchers WHERE code = ?", (code,))
            self._announce(tx, "closed", code)

    def set_away(self, code: str, seat: int, away: bool) -> None:
        with self._tx() as tx:
            if away:
                tx.run("INSERT INTO table_away (code, seat) VALUES (?, ?) ON CONFLICT DO NOTHING", (code, seat))
            else:
                tx.run("DELETE FROM table_away WHERE code = ? AND seat = ?", (code, seat))

    def away(self, code: str) -> set[int]:
        with self._tx() as tx:
            return {r[0] for r in tx.run("SELECT seat FROM table_away WHERE code = ?", (code,))}

    def add_watcher(self, code: str, player: str) -> None:
        with self._tx() as tx:
            tx.run("INSERT INTO table_watchers (code, player) VALUES (?, ?) ON CONFLICT DO NOTHING", (code, player))
            self._announce(tx, "watchers", code)  # a watcher through one host is listed on every host

    def remove_watcher(self, code: str, player: str) -> None:
        with self._tx() as tx:
            tx.run("DELETE FROM table_watchers WHERE code = ? AND player = ?", (code, player))
            self._announce(tx, "watchers", code)

    def watchers(self, code: str) -> list[str]:
        with self._tx() as tx:
            return [r[0] for r in tx.run("SELECT player FROM table_watchers WHERE code = ? ORDER BY player", (code,))]

    # -- ratings --------------------------------------------------------------------------------
    def rating(self, game: str, player: str) -> tuple[float, float, int] | None:
        with self._tx() as tx:
            rows = tx.run("SELECT mu, sigma, games FROM ratings WHERE game = ? AND player = ?", (game, player))
        return (float(rows[0][0]), float(rows[0][1]), int(rows[0][2])) if rows else None

    def set_ratings(self, game: str, table_code: str, ratings: dict[str, tuple[float, float]]) -> bool:
        with self._tx() as tx:
            tx.run("INSERT INTO rated_tables (game, code) VALUES (?, ?) ON CONFLICT DO NOTHING", (game, table_code))
            if tx.rowcount != 1:
                return False
            for player, (mu, sigma) in sorted(ratings.items()):
                tx.run("INSERT INTO ratings (game, player, mu, sigma, games) VALUES (?, ?, ?, ?, 1) "
                       "ON CONFLICT (game, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                       "games = ratings.games + 1", (game, player, float(mu), float(sigma)))
        return True

    def leaderboard(self, game: str, limit: int = 20) -> list[Rating]:
        with self._tx() as tx:
            rows = tx.run("SELECT player, mu, sigma, games FROM ratings WHERE game = ? "
                          "ORDER BY mu - 3 * sigma DESC, player LIMIT ?", (game, int(limit)))
        return [Rating(p, float(mu), float(sigma), int(n)) for p, mu, sigma, n in rows]

    # -- daily results ---------------------------------------------------------------------------
    def record_daily(self, player: str, game: str, day: str, won: bool, moves: int, hints: int,
                     rank: str | None = None) -> bool:
        with self._tx() as tx:
            tx.run("INSERT INTO daily (player, game, day, won, moves, hints, rank) VALUES (?, ?, ?, ?, ?, ?, ?) "
                   "ON CONFLICT DO NOTHING", (player, game, day, int(bool(won)), int(moves), int(hints), rank))
            return tx.rowcount == 1

    def _daily(self, where: str, params: tuple, order: str) -> list[DailyResult]:
        with self._tx() as tx:
            rows = tx.run(f"SELECT player, game, day, won, moves, hints, rank FROM daily WHERE {where} "
                          f"ORDER BY {order}", params)
        return [DailyResult(p, g, d, bool(w), int(m), int(h), r) for p, g, d, w, m, h, r in rows]

    def daily_results(self, game: str, day: str) -> list[DailyResult]:
        return self._daily("game = ? AND day = ?", (game, day), "won DESC, hints, moves, player")

    def daily_history(self, player: str, game: str) -> list[DailyResult]:
        return self._daily("player = ? AND game = ?", (player, game), "day DESC")

    # -- meta -------------------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        with self._tx() as tx:
            rows = tx.run("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self._tx() as tx:
            tx.run("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                   (key, value))
