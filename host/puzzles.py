"""A host's puzzles (issue 24, part 4): the players' attempts at the shipped puzzles
counted in the host's storage (host/storage/puzzles.py), the puzzle ratings of each
game on a board, and each game's puzzle of the day (core.puzzles.daily: the same for
everybody on the host) with who solved it, in how many tries and how long.

An attempt comes from the app when it ends (tui/puzzles/report.py). A solve is the
host's to check: it plays the line the app sends from the puzzle's position with the
game's PuzzleKit, as the trainer judged it. A failure needs no check (it costs only
the one who sends it). The time and the hints are the app's word.

The database away (host/outage.py): an attempt is kept here, in order, its player
told, and sent again every RETRY_S until the database takes it; the attempt's key
makes one sent twice (its commit answered on a connection that broke) count once.
The log says how many are kept (lost if the host stops before the database is back).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import date
from typing import Any

from host import protocol as p
from host.days import near_today, streak
from host.outage import is_outage
from saves.db import DatabaseError

PROVISIONAL_RD = 110.0  # a rating less sure than this is provisional: shown with "?", below the sure ones
RETRY_S = 5.0  # attempts kept while the database is away: sent again this often


def puzzle_games() -> list[str]:
    """The games whose puzzles a host counts: those that offer them and ship some."""
    from core import GAMES
    from core.puzzles import load

    return [info.id for info in GAMES.infos() if info.puzzles and load(info.id)]


# -- checking an attempt ----------------------------------------------------------------------

def check_attempt(msg: p.PuzzleAttempt, today: date) -> Any:
    """The puzzle `msg` is an attempt at (a core.puzzles.Puzzle), or why it cannot
    be counted, in words (a str)."""
    from core import GAMES
    from core.puzzles import by_id, daily

    if msg.game not in puzzle_games():
        return f"{msg.game!r} has no puzzles on this host."
    puzzle = by_id(msg.puzzle)
    if puzzle is None or puzzle.game != msg.game:
        return f"There is no puzzle {msg.puzzle!r} of {GAMES.info(msg.game).title} on this host."
    if not msg.attempt or len(msg.attempt) > 64:
        return "A puzzle attempt needs its key (1 to 64 characters): update Houses."
    if not 0 <= msg.seconds < 86400 * 7:
        return f"{msg.seconds!r} seconds is not the time of an attempt."
    if msg.day is not None:
        day = near_today(msg.day, today, "puzzle")
        if isinstance(day, str):
            return day
        if getattr(daily(msg.game, day), "id", None) != puzzle.id:
            return f"{puzzle.id} is not the puzzle of the day of {msg.day}."
    if msg.solved:
        why = replay_line(puzzle, msg.actions)
        if why is not None:
            return why
    return puzzle


def replay_line(puzzle: Any, actions: list[Any]) -> str | None:
    """None when `actions` solve the puzzle from its position: each of the solver's
    moves accepted by the game's PuzzleKit, each reply the line's, to its end; else
    why not, in words."""
    from core import GAMES

    game = GAMES[puzzle.game]
    kit = game.puzzle_kit()
    state = kit.start(puzzle)
    expected = kit.line(puzzle)
    try:
        for step, data in enumerate(actions):
            action = game.action_from_builtins(data)
            if state.to_move == puzzle.seat:
                rest = kit.accepts(state.clone(), action, puzzle, step)
                if rest is None:
                    return f"Move {step + 1} of your line does not solve {puzzle.id}: the solve was not counted."
                expected = rest
            elif not expected or action != expected[0]:
                return f"Move {step + 1} of your line is not the puzzle's reply: the solve was not counted."
            else:
                expected = expected[1:]
            state.apply(action)
    except Exception as exc:  # an action that is no action of the game, or not legal there
        return f"Your line does not play from {puzzle.id}'s position ({exc}): the solve was not counted."
    if expected or not actions:
        return f"Your line stops before {puzzle.id} is solved: the solve was not counted."
    return None


# -- the boards ------------------------------------------------------------------------------------

def _row(x: Any, rank: int = 0) -> p.PuzzleRow:
    return p.PuzzleRow(name=x.player, rating=round(x.rating), rd=round(x.rd), tried=x.tried, solved=x.solved,
                       rank=rank, provisional=x.rd >= PROVISIONAL_RD)


def board(records: Any, game_id: str, me: str, limit: int = 20) -> p.PuzzleBoard:
    """The game's puzzle ratings, sure ones first, and the asking player's row."""
    limit = max(1, min(limit, 100))
    rows = [_row(x, i + 1) for i, x in enumerate(records.puzzle_leaderboard(game_id, limit, PROVISIONAL_RD))]
    mine = next((row for row in rows if row.name == me), None)
    if mine is None:
        found = records.puzzle_rating(game_id, me)
        mine = _row(found) if found is not None else None
    return p.PuzzleBoard(game=game_id, rows=rows, me=mine)


def daily_board(records: Any, game_id: str, day: str, me: str) -> p.DailyPuzzle | p.Error:
    """The day's puzzle of a game: who solved it, in how many tries and seconds."""
    from core.puzzles import daily

    puzzle = daily(game_id, date.fromisoformat(day))
    if puzzle is None:
        return p.Error(f"{game_id!r} has no puzzle of the day on this host.")
    rows = [p.DailyPuzzleRow(name=x.player, solved=x.solved, tries=x.tries, seconds=round(x.seconds, 1))
            for x in records.daily_puzzle_results(game_id, day)]
    rows.sort(key=lambda row: (not row.solved, row.tries, row.seconds, row.name))
    for i, row in enumerate(rows):
        row.place = i + 1
    history = [(x.day, x.solved) for x in records.daily_puzzle_history(me, game_id)]
    return p.DailyPuzzle(game=game_id, day=day, puzzle=puzzle.id, rows=rows,
                         played=any(row.name == me for row in rows), streak=streak(history, date.fromisoformat(day)))


def answer(records: Any, me: str, msg: p.Message, today: date) -> p.Message | None:
    """The host's answer to a board request (None: not one of them)."""
    if isinstance(msg, p.GetPuzzleBoard):
        if msg.game not in puzzle_games():
            return p.Error(f"{msg.game!r} has no puzzles on this host.")
        return board(records, msg.game, me, msg.limit)
    if isinstance(msg, p.GetDailyPuzzle):
        if msg.game not in puzzle_games():
            return p.Error(f"{msg.game!r} has no puzzles on this host.")
        day = msg.day or today.isoformat()
        try:
            date.fromisoformat(day)
        except ValueError:
            return p.Error(f"{day!r} is not a date (YYYY-MM-DD).")
        return daily_board(records, msg.game, day, me)
    return None


# -- counting an attempt, through an outage -----------------------------------------------------------

@dataclass
class Kept:
    """An attempt the database did not take yet: whose, and at which puzzle."""

    member: Any  # host/tables.py Member: told once it is counted (if still there)
    msg: p.PuzzleAttempt
    rating: float  # the puzzle's shipped rating
    told: bool = False  # its player was told it is kept


def record(records: Any, me: str, msg: p.PuzzleAttempt, rating: float) -> list[p.Message]:
    """Count a checked attempt: what the player is told (DatabaseError: not counted).
    The same attempt again (its key) is told the rating as it is, `first` False."""
    counted = records.record_puzzle_attempt(me, msg.game, msg.puzzle, rating, msg.solved, msg.attempt, msg.day,
                                            msg.seconds)
    now = counted.rating if counted is not None else records.puzzle_rating(msg.game, me)
    if now is None:  # (counted before, so there is a rating: only a database emptied meanwhile)
        return [p.Error(f"Your attempt at {msg.puzzle} was counted before, and this host has no rating of yours.")]
    return [p.PuzzleRated(game=msg.game, puzzle=msg.puzzle, attempt=msg.attempt,
                          first=counted is not None and counted.first, rating=now.rating, rd=now.rd,
                          volatility=now.volatility, change=counted.change if counted is not None else 0.0)]


class PuzzleKeeper:
    """A table host's puzzle attempts (one a host: `keeper(host)`): counted in its
    writer thread, kept in order while the database is away."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.kept: list[Kept] = []  # only the writer thread touches it
        self.loop: asyncio.AbstractEventLoop | None = None
        self.retrying = False  # a retry is due: new attempts wait behind the kept ones

    def serve(self, member: Any, msg: p.Message) -> None:
        """An attempt (or a board request) from a player: answered from the writer
        thread, in the order asked, so the host never waits on the database."""
        self.loop, today = asyncio.get_running_loop(), self.host.today()
        self.host.writer.submit(self._work, member, msg, today)

    def _send(self, member: Any, replies: list[p.Message]) -> None:
        if self.loop is not None:
            for reply in replies:
                self.loop.call_soon_threadsafe(member.send, reply)

    def _work(self, member: Any, msg: p.Message, today: date) -> None:
        if not isinstance(msg, p.PuzzleAttempt):
            try:
                reply = answer(self.host.storage, member.name, msg, today)
            except Exception as exc:  # a database in trouble: said, the host goes on
                reply = p.Error(f"The host could not do that: {exc}")
            self._send(member, [reply or p.Error(f"Unknown request {msg.__struct_config__.tag!r}.")])
            return
        puzzle = check_attempt(msg, today)
        if isinstance(puzzle, str):
            self._send(member, [p.Error(puzzle)])
            return
        self.kept.append(Kept(member, msg, puzzle.rating))
        if self.retrying or self.host.outage.away:  # the database is away: told at once, sent with the next try
            self._tell_kept()
            if not self.retrying:
                self._retry()
        else:
            self.send_kept()

    def _tell_kept(self) -> None:
        """Tell the players whose attempts are kept (once each); the log says it when
        the database first keeps one waiting (not once an attempt: at most a line an outage)."""
        if self.kept and not any(waiting.told for waiting in self.kept):
            count = f"{len(self.kept)} puzzle attempt" + ("s" if len(self.kept) != 1 else "")
            self.host.log(f"{count} kept: counted when the database is back (lost if the host stops first)")
        for waiting in self.kept:
            if not waiting.told:
                waiting.told = True
                self._send(waiting.member, [p.PuzzleRated(game=waiting.msg.game, puzzle=waiting.msg.puzzle,
                                                          attempt=waiting.msg.attempt, kept=True)])

    def send_kept(self) -> None:
        """Count the attempts kept, first first (the writer thread); the database away
        stops here, and they are tried again in RETRY_S."""
        while self.kept:
            kept = self.kept[0]
            try:
                replies = record(self.host.storage, kept.member.name, kept.msg, kept.rating)
            except DatabaseError as exc:
                if not is_outage(exc):  # the database answered, and said no: told, not kept
                    self.kept.pop(0)
                    self.host.outage.report(f"puzzle attempt of {kept.member.name} not counted", exc)
                    self._send(kept.member, [p.Error(f"Your puzzle attempt was not counted: {exc}")])
                    continue
                self.host.outage.failed(exc)
                self._tell_kept()
                self._retry()
                return
            except Exception as exc:  # a fault: said, and never holds up the attempts behind it
                self.kept.pop(0)
                self.host.log(f"puzzle attempt of {kept.member.name} not counted (a fault): {exc!r}")
                self._send(kept.member, [p.Error(f"Your puzzle attempt was not counted (a fault of the host): {exc}")])
                continue
            self.host.outage.ok()
            self.kept.pop(0)
            if kept.msg.day is not None:  # the day's board as it is now: the player's place on it
                try:
                    day = daily_board(self.host.storage, kept.msg.game, kept.msg.day, kept.member.name)
                except DatabaseError as exc:
                    self.host.outage.report("the puzzle of the day's board not read", exc)
                else:
                    rated = replies[0]
                    if isinstance(rated, p.PuzzleRated) and isinstance(day, p.DailyPuzzle):
                        rated.players = len(day.rows)
                        rated.place = next((row.place for row in day.rows if row.name == kept.member.name), 0)
                    replies.append(day)
            self._send(kept.member, replies)

    def _retry(self) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        self.retrying = True
        loop.call_soon_threadsafe(loop.call_later, RETRY_S, self._resubmit)

    def _resubmit(self) -> None:
        self.retrying = False
        try:
            self.host.writer.submit(self.send_kept)
        except RuntimeError:  # the writer was shut down: the host stopped
            pass


def keeper(host: Any) -> PuzzleKeeper:
    """The table host's PuzzleKeeper, made with its first puzzle request."""
    found = host.__dict__.get("puzzle_keeper")
    if found is None:
        found = host.__dict__["puzzle_keeper"] = PuzzleKeeper(host)
    return found
