"""The puzzles' part of the SQL storage (issue 24, part 4; the tables are migration 2
of host/storage/sql.py): each attempt is kept once by its key, the player's first
attempt at a puzzle moves the player's and the puzzle's Glicko-2 ratings
(saves.puzzles.rate_attempt, the app's own rule), and an attempt at the puzzle of
the day is a try more on that day's board until it is solved.

Two hosts on one PostgreSQL may count attempts at once: each transaction first
touches the player's row, then the puzzle's (always in that order, so two never wait
on each other), and reads a rating only once it holds that row: no update is lost.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from core.puzzles.glicko2 import Rating as Glicko
from host.storage.base import DailyPuzzleResult, PuzzleCounted, PuzzleRating
from saves.puzzles import PUZZLE_RD, rate_attempt

_RATING = "rating, rd, volatility"


class PuzzleSql:
    """Mixed into SqlStorage: uses its `_tx()`."""

    def _tx(self) -> contextlib.AbstractContextManager[Any]:
        raise NotImplementedError

    def record_puzzle_attempt(self, player: str, game: str, puzzle: str, puzzle_rating: float, solved: bool,
                              attempt: str, day: str | None = None, seconds: float = 0.0) -> PuzzleCounted | None:
        start = Glicko()
        with self._tx() as tx:
            # The player's row first: it is this transaction's lock on the player's puzzles.
            tx.run(f"INSERT INTO puzzle_ratings (game, player, {_RATING}, tried, solved) VALUES (?, ?, ?, ?, ?, 0, 0) "
                   "ON CONFLICT DO NOTHING", (game, player, start.rating, start.rd, start.volatility))
            tx.run("UPDATE puzzle_ratings SET tried = tried WHERE game = ? AND player = ?", (game, player))
            first = not tx.run("SELECT 1 FROM puzzle_attempts WHERE player = ? AND puzzle = ?", (player, puzzle))
            tx.run("INSERT INTO puzzle_attempts (player, attempt, game, puzzle, solved, first, day, seconds, at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                   (player, attempt, game, puzzle, int(solved), int(first), day, float(seconds), time.time()))
            if tx.rowcount != 1:
                return None  # this very attempt was counted before (sent again after an outage)
            mine = _glicko(tx.run(f"SELECT {_RATING} FROM puzzle_ratings WHERE game = ? AND player = ?",
                                  (game, player))[0])
            change = 0.0
            if first:
                tx.run(f"INSERT INTO puzzle_stats (puzzle, game, {_RATING}, tried, solved) VALUES (?, ?, ?, ?, ?, 0, 0) "
                       "ON CONFLICT DO NOTHING", (puzzle, game, float(puzzle_rating), PUZZLE_RD, start.volatility))
                tx.run("UPDATE puzzle_stats SET tried = tried + 1, solved = solved + ? WHERE puzzle = ?",
                       (int(solved), puzzle))
                theirs = _glicko(tx.run(f"SELECT {_RATING} FROM puzzle_stats WHERE puzzle = ?", (puzzle,))[0])
                after, theirs_after = rate_attempt(mine, theirs, solved)
                tx.run("UPDATE puzzle_stats SET rating = ?, rd = ?, volatility = ? WHERE puzzle = ?",
                       (theirs_after.rating, theirs_after.rd, theirs_after.volatility, puzzle))
                tx.run("UPDATE puzzle_ratings SET rating = ?, rd = ?, volatility = ?, tried = tried + 1, "
                       "solved = solved + ? WHERE game = ? AND player = ?",
                       (after.rating, after.rd, after.volatility, int(solved), game, player))
                change = after.rating - mine.rating
            daily = None
            if day is not None:
                # A try more while the day's puzzle is unsolved; once solved it stays as it was.
                tx.run("INSERT INTO daily_puzzles (player, game, day, puzzle, tries, solved, seconds) "
                       "VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (player, game, day) DO UPDATE SET "
                       "tries = daily_puzzles.tries + 1, solved = excluded.solved, "
                       "seconds = daily_puzzles.seconds + excluded.seconds WHERE daily_puzzles.solved = 0",
                       (player, game, day, puzzle, int(solved), float(seconds)))
                daily = self._daily_puzzles(tx, "player = ? AND game = ? AND day = ?", (player, game, day), "day")[0]
            now = self._puzzle_rating(tx, game, player)
        assert now is not None  # made above
        return PuzzleCounted(first, now, change, daily)

    def _puzzle_rating(self, tx: Any, game: str, player: str) -> PuzzleRating | None:
        rows = tx.run(f"SELECT player, {_RATING}, tried, solved FROM puzzle_ratings WHERE game = ? AND player = ?",
                      (game, player))
        return _row(rows[0]) if rows else None

    def puzzle_rating(self, game: str, player: str) -> PuzzleRating | None:
        with self._tx() as tx:
            found = self._puzzle_rating(tx, game, player)
        return found if found is not None and found.tried else None

    def puzzle_leaderboard(self, game: str, limit: int = 20, provisional_rd: float = 110.0) -> list[PuzzleRating]:
        with self._tx() as tx:
            rows = tx.run(f"SELECT player, {_RATING}, tried, solved FROM puzzle_ratings WHERE game = ? AND tried > 0 "
                          "ORDER BY CASE WHEN rd < ? THEN 0 ELSE 1 END, rating DESC, player LIMIT ?",
                          (game, float(provisional_rd), int(limit)))
        return [_row(r) for r in rows]

    def puzzle_of_host(self, puzzle: str) -> tuple[float, float, int, int] | None:
        with self._tx() as tx:
            rows = tx.run("SELECT rating, rd, tried, solved FROM puzzle_stats WHERE puzzle = ?", (puzzle,))
        return (float(rows[0][0]), float(rows[0][1]), int(rows[0][2]), int(rows[0][3])) if rows else None

    def _daily_puzzles(self, tx: Any, where: str, params: tuple, order: str) -> list[DailyPuzzleResult]:
        rows = tx.run(f"SELECT player, game, day, puzzle, tries, solved, seconds FROM daily_puzzles WHERE {where} "
                      f"ORDER BY {order}", params)
        return [DailyPuzzleResult(p, g, d, z, int(t), bool(s), float(sec)) for p, g, d, z, t, s, sec in rows]

    def daily_puzzle_results(self, game: str, day: str) -> list[DailyPuzzleResult]:
        with self._tx() as tx:
            return self._daily_puzzles(tx, "game = ? AND day = ?", (game, day), "solved DESC, tries, seconds, player")

    def daily_puzzle_history(self, player: str, game: str) -> list[DailyPuzzleResult]:
        with self._tx() as tx:
            return self._daily_puzzles(tx, "player = ? AND game = ?", (player, game), "day DESC")


def _glicko(row: tuple) -> Glicko:
    return Glicko(float(row[0]), float(row[1]), float(row[2]))


def _row(row: tuple) -> PuzzleRating:
    player, rating, rd, volatility, tried, solved = row
    return PuzzleRating(player, float(rating), float(rd), float(volatility), int(tried), int(solved))
