"""A host's community: ratings when a table ends, leaderboards, the deals of the day's
results and streaks (host/days.py; the puzzles' are host/puzzles.py's). The table host (host/tables.py) calls these with its storage
(host/storage: `rating`, `set_ratings`, `leaderboard`, `record_daily`,
`daily_results`, `daily_history`), here called `records`. A day's result is the host's
own count: it replays the player's moves from the day's deal (`replay_daily`).

Ratings are host/ratings.py's (OpenSkill). A table is rated once: the storage keeps
which tables it rated (`set_ratings` is idempotent per table key).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from host import protocol as p
from host import ratings as r
from host.days import near_today, streak

if TYPE_CHECKING:
    from core.engine import AnyState  # for the checker only



def daily_games() -> list[str]:
    """The games whose deal of the day a host keeps results of: those that declare one
    (core.engine.GameInfo.daily)."""
    from core import GAMES

    return [info.id for info in GAMES.infos() if info.daily is not None]


def answer(records: Any, me: str, msg: p.Message, today: date) -> p.Message | None:
    """The host's answer to a player's community request (None: not one of them)."""
    if isinstance(msg, p.GetLeaderboard):
        from core import GAMES

        if msg.game not in GAMES:
            return p.Error(f"There is no game {msg.game!r}.")
        return leaderboard(records, msg.game, me, msg.limit)
    if isinstance(msg, p.GetRatings):
        return ratings_of(records, me)
    if isinstance(msg, p.DailyResult):
        found = check_daily(msg, today) or replay_daily(msg)
        if isinstance(found, str):
            return p.Error(found)
        won, moves, rank = found
        records.record_daily(me, msg.game, msg.day, won, moves, msg.hints, rank)  # the first of the day counts
        return daily_board(records, msg.game, msg.day, me)
    if isinstance(msg, p.GetDaily):
        if msg.game not in daily_games():
            return p.Error(f"{msg.game!r} has no deal of the day on this host.")
        return daily_board(records, msg.game, msg.day or today.isoformat(), me)
    return None


def serve(host: Any, member: Any, msg: p.Message) -> None:
    """Answer a player's community request at the table host (host/tables.py): from its
    writer thread, in the order asked, so the host never waits on the database."""
    import asyncio

    if isinstance(msg, (p.PuzzleAttempt, p.GetPuzzleBoard, p.GetDailyPuzzle)):
        from host.puzzles import keeper

        keeper(host).serve(member, msg)  # host/puzzles.py: kept through an outage
        return
    loop, today = asyncio.get_running_loop(), host.today()

    def work() -> None:
        try:
            reply = answer(host.storage, member.name, msg, today)
        except Exception as exc:  # a database in trouble: said, the host goes on
            reply = p.Error(f"The host could not do that: {exc}")
        reply = reply or p.Error(f"Unknown request {msg.__struct_config__.tag!r}.")
        loop.call_soon_threadsafe(member.send, reply)

    host.writer.submit(work)


def rate_closed(host: Any, table: Any) -> None:
    """Rate a table the host closed finished (in its writer thread), once a table: the
    key is its code and the time it was opened (a code is used again later)."""
    try:
        new = rate_table(host.storage, f"{table.code} {table.save.created}", table.save, table.state)
    except Exception as exc:  # the ratings' trouble never keeps a table open
        host.log(f"table {table.code}: not rated: {exc!r}")
        return
    if new:
        host.log(f"table {table.code} rated: " + ", ".join(sorted(new)))


# -- ratings ------------------------------------------------------------------------------

def rate_table(records: Any, code: str, save: Any, state: AnyState) -> dict[str, r.Rating]:
    """Rate a finished table's people (once per table): their new ratings, or {} when
    the table is not rated (a cooperative game, no result, rated before)."""
    from core import GAMES

    game = GAMES[save.game]
    if not state.over or state.outcome is None or not r.rated_game(game):
        return {}
    seats = [(s.name, s.kind, s.level) for s in save.seats]
    current: dict[str, r.Rating | tuple[float, float]] = {}
    for name, kind, _ in seats:
        if kind == "human" and name:
            found = records.rating(game.id, name)
            if found is not None:
                current[name] = r.Rating(found[0], found[1])
    new = r.rate(game.id, seats, r.ranks_of(state.outcome, len(seats)), current)
    if not new:
        return {}
    changed = records.set_ratings(game.id, code, {name: (x.mu, x.sigma) for name, x in new.items()})
    return new if changed is not False else {}


def leaderboard(records: Any, game_id: str, me: str, limit: int = 20) -> p.Leaderboard:
    """The best `limit` players of a game, and the asking player's own row."""
    limit = max(1, min(limit, 100))
    rows = [p.RatingRow(name=x.player, rating=round(r.displayed((x.mu, x.sigma)), 2), games=x.games, rank=i + 1,
                        game=game_id)
            for i, x in enumerate(records.leaderboard(game_id, limit))]
    mine = next((row for row in rows if row.name == me), None)
    if mine is None:
        found = records.rating(game_id, me)
        if found is not None:
            mine = p.RatingRow(name=me, rating=round(r.displayed(found[:2]), 2), games=found[2], game=game_id)
    return p.Leaderboard(game=game_id, rows=rows, me=mine)


def ratings_of(records: Any, me: str) -> p.Ratings:
    """The player's rating in each rated game they have played."""
    from core import GAMES

    rows = []
    for info in GAMES.infos():
        game_id = info.id
        if not info.rated:
            continue
        found = records.rating(game_id, me)
        if found is not None:
            rows.append(p.RatingRow(name=me, rating=round(r.displayed(found[:2]), 2), games=found[2], game=game_id))
    return p.Ratings(rows)


# -- the deals of the day -------------------------------------------------------------------

def check_daily(msg: p.DailyResult, today: date) -> str | None:
    """Why a daily result cannot be kept, in words; None when it can. The day may be
    the host's yesterday or tomorrow too: a player's date can differ by a time zone."""
    if msg.game not in daily_games():
        return f"{msg.game!r} has no deal of the day on this host."
    day = near_today(msg.day, today, "deal")
    if isinstance(day, str):
        return day
    if msg.version < p.DAILY_VERSION or msg.actions is None:
        return ("Your app is older than this host, which checks a daily result by replaying its moves: "
                "update Houses to have your results of the day kept.")
    if msg.hints < 0:
        return "Hints cannot be negative."
    return None


def replay_daily(msg: p.DailyResult) -> tuple[bool, int, str | None] | str:
    """The host's own count of a day's game (won, moves, rank), replayed with the
    engine from the deal of `msg.day`; why not, in words. The app's `won`, `moves`
    and `rank` are not read; its `hints` are its word."""
    import saves
    from core import GAMES

    game = GAMES[msg.game]
    seed = game.daily_seed(date.fromisoformat(msg.day))
    if seed is None:
        return f"{game.title} has no deal of the day."
    if msg.seed and msg.seed != seed:
        return f"That game is not the deal of {msg.day}: only the day's deal counts."
    save = saves.new_save(game.id, [saves.Seat("player")], game.options_to_builtins(game.daily_options()), seed)
    save.actions, save.cursor = list(msg.actions or []), len(msg.actions or [])
    try:
        state = saves.replay(save, where="your game of the day")
    except saves.SaveError as exc:
        return f"Your game does not replay from the deal of {msg.day}: {exc}"
    if not state.over:
        return "Your game of the day is not over: only a finished game counts."
    return game.daily_result(state)


def daily_board(records: Any, game_id: str, day: str, me: str) -> p.Daily:
    """A day's results, best first: won first, then fewer hints, then the game's
    count (`Daily.more_is_better` says which way), with the asking player's streak."""
    from core import GAMES

    daily = GAMES.info(game_id).daily
    more = daily is not None and daily.more_is_better
    rows = [p.DailyRow(name=x.player, won=x.won, moves=x.moves, hints=x.hints, rank=x.rank)
            for x in records.daily_results(game_id, day)]
    rows.sort(key=lambda row: (not row.won, row.hints, -row.moves if more else row.moves, row.name))
    for i, row in enumerate(rows):
        row.place = i + 1
    history = records.daily_history(me, game_id)
    return p.Daily(game=game_id, day=day, rows=rows, played=any(row.name == me for row in rows),
                   streak=streak([(x.day, x.won) for x in history], date.fromisoformat(day)))
