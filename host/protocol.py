"""The tables' wire protocol: what the players' apps and the table host say to each
other over the host's local socket, one JSON object a line.

Every message is a msgspec Struct tagged by its "op" field, so a line reads
`{"op": "join", "code": "ABCD"}`. Both sides decode with the one Decoder of the
union below; a line that is not one of these messages becomes a `Refused` with the
reason in words, never an exception.

    app -> host   Hello, ListTables, OpenTable, Join, Act, Leave, Watch,
                  GetLeaderboard, GetRatings, DailyResult, GetDaily,
                  PuzzleAttempt, GetPuzzleBoard, GetDailyPuzzle
    operator      Hello, ListTables, Close          (`houses serve tables|close`)
    host -> app   Welcome, Tables, Table, Finished, Error, Notice, Closed,
                  Leaderboard, Ratings, Daily, PuzzleRated, PuzzleBoard, DailyPuzzle

The payloads that are saves or game data (a save, an action, options, a table row)
stay plain JSON objects: their own code (saves, each game's actions) checks them.
"""

from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Literal, Union

import msgspec

from core.engine import Refusal

MAX_LINE = 1 << 20  # the longest line either side reads


class Message(msgspec.Struct, tag_field="op"):
    """One line of the protocol."""


# -- from an app (or the operator) to the host ----------------------------------------

class Hello(Message, tag="hello"):
    token: str = ""  # the HOUSES_TABLE_TOKEN the host gave this app


class ListTables(Message, tag="list"):
    pass


class SeatRequest(msgspec.Struct):
    kind: str = "human"  # "human" or "bot"
    level: str | None = None


class OpenTable(Message, tag="open"):
    game: str
    seats: list[SeatRequest]
    seed: int | None = None
    options: dict[str, Any] = {}
    hints: bool = False  # with several people: whether the table offers hints (t)


class Join(Message, tag="join"):
    code: str = ""


class Act(Message, tag="act"):
    code: str
    action: Any
    cursor: int | None = None  # the position the move was chosen at


class Leave(Message, tag="leave"):
    code: str = ""


class Close(Message, tag="close"):
    """The operator's: close a table into its players' saves."""
    code: str = ""


class Watch(Message, tag="watch"):
    """Watch a table without a seat: its public view (`view(None)`), live."""
    code: str = ""


class GetLeaderboard(Message, tag="get-leaderboard"):
    game: str
    limit: int = 20


class GetRatings(Message, tag="get-ratings"):
    """The asking player's own rating in each rated game."""


DAILY_VERSION = 2  # 1: the app's own count only; 2: with the moves, which the host replays


class DailyResult(Message, tag="daily-result"):
    """The player finished a deal of the day (solo). From version 2 the app sends the
    game's moves (`actions`, up to its cursor): the host replays them from the day's
    deal and counts won, moves and rank itself; `won`, `moves` and `rank` are the app's
    claim, kept for hosts of version 1, and unused. `hints` stays the app's word (a hint
    is no move: nothing in the game shows it). A version 1 message (no `actions`) is
    refused in words: the app is older than the host."""
    game: str
    day: str          # the deal's date, YYYY-MM-DD
    won: bool
    moves: int
    hints: int = 0
    rank: str | None = None  # TOWN 77's rank for the tiles placed
    version: int = 1
    seed: int = 0     # the deal the app played (the day's, or it is refused)
    actions: list[Any] | None = None  # the game's moves, as each game's actions write them


class GetDaily(Message, tag="get-daily"):
    """The day's results of a deal of the day, and the asking player's streak."""
    game: str
    day: str | None = None  # default: the host's today


class PuzzleAttempt(Message, tag="puzzle-attempt"):
    """An attempt at a shipped puzzle ended (solved, or the first wrong move, hint or
    solution shown): the host counts it once (`attempt`, the app's key for this one
    attempt, makes a message sent twice one attempt) and moves the ratings on the
    player's first attempt at that puzzle. A solve is checked: the host plays
    `actions` (the line's actions played, as the game's actions write them) from the
    puzzle's position with the game's PuzzleKit. `day`: the attempt is at that day's
    puzzle of the day; `seconds`, the time it took, is the app's word."""
    game: str
    puzzle: str
    solved: bool
    attempt: str
    actions: list[Any] = []
    day: str | None = None
    seconds: float = 0.0


class GetPuzzleBoard(Message, tag="get-puzzle-board"):
    """The puzzle ratings of a game on this host, and the asking player's own."""
    game: str
    limit: int = 20


class GetDailyPuzzle(Message, tag="get-daily-puzzle"):
    """The results of a game's puzzle of the day (default: the host's today)."""
    game: str
    day: str | None = None


# -- from the host --------------------------------------------------------------------

class Welcome(Message, tag="welcome"):
    name: str


class Tables(Message, tag="tables"):
    tables: list[dict[str, Any]]


class SeatInfo(msgspec.Struct):
    """A seat of a table as its players see it: a person's name ("" while the seat
    is open, waiting for a player to join) or a bot and its level."""
    name: str = ""
    kind: Literal["human", "bot"] = "human"
    level: str | None = None


class LastMove(msgspec.Struct):
    """The move just made, told to a seat that may know it (host/privacy.py)."""
    seat: int | None
    action: Any  # the game's action, as its actions write it
    text: str
    cursor: int  # the cursor after it


class Table(Message, tag="table", omit_defaults=True):
    """A seat's view of one table; `save` only once the table is over."""
    code: str
    game: str
    seat: int | None  # None: a watcher's message (the public view)
    seed: int
    options: dict[str, Any]
    view: str
    log: list[str | list[Any]]  # core.engine.lines_to_wire: text, or a Line as [template, seats, words]
    cursor: int
    last: LastMove | None
    seats: list[SeatInfo]
    away: list[int]
    id: str
    created: str
    save: dict[str, Any] | None = None
    watchers: list[str] = []  # the players watching the table
    hints: bool = False  # whether the table was opened with hints (with several people)
    held: int = 0  # moves made here that the host's database has not taken yet (it is away)


class Finished(Message, tag="finished"):
    """A finished table for the player's own saves and stats."""
    save: dict[str, Any]


class Error(Message, tag="error"):
    """A request refused, in words. `kind`: for a move refused, what kind of no
    (core.engine.RefusalKind's value: "not-your-turn", "not-legal", "malformed",
    "game-over"), which the app acts on; None for anything else."""
    message: str
    code: str | None = None
    kind: str | None = None

    @classmethod
    def refusing(cls, reason: Refusal, code: str | None = None) -> Error:
        """A move refused (a core.engine Refusal), for the wire: its words and kind."""
        return cls(str(reason), code=code, kind=reason.kind.value)


class Notice(Message, tag="notice"):
    """Words for the player at a table that are no refusal (a move kept for later)."""
    message: str
    code: str | None = None


class Closed(Message, tag="closed"):
    code: str


class RatingRow(msgspec.Struct):
    """One player's rating in one game: `rating` is the figure shown (mu - 3 sigma)."""
    name: str
    rating: float
    games: int
    rank: int = 0  # the place on the leaderboard (0: not on it)
    game: str = ""


class Leaderboard(Message, tag="leaderboard"):
    game: str
    rows: list[RatingRow]
    me: RatingRow | None = None  # the asking player's own row (also when not in `rows`)


class Ratings(Message, tag="ratings"):
    rows: list[RatingRow]  # one a rated game the player has played


class DailyRow(msgspec.Struct):
    name: str
    won: bool
    moves: int
    hints: int = 0
    rank: str | None = None
    place: int = 0


class Daily(Message, tag="daily"):
    game: str
    day: str
    rows: list[DailyRow]
    streak: int = 0  # the asking player's days won in a row, up to this day
    played: bool = False  # whether the asking player has a result this day


class PuzzleRow(msgspec.Struct):
    """One player's puzzle rating in one game (Glicko-2: `rating` +- `rd`)."""
    name: str
    rating: float
    rd: float
    tried: int
    solved: int
    rank: int = 0  # the place on the board (0: not on it)
    provisional: bool = False  # the deviation is still wide: shown with a "?"


class PuzzleRated(Message, tag="puzzle-rated"):
    """An attempt counted (or `kept`: the database is away, it is counted when it is
    back, and this is said again then). `first`: the ratings moved by `change`. The
    player's rating on this host is `rating`, `rd`, `volatility` (Glicko-2): the app
    takes it as its own (saves.puzzles.adopt)."""
    game: str
    puzzle: str
    attempt: str = ""  # the attempt's key, as the app sent it
    first: bool = False
    rating: float = 0.0
    rd: float = 0.0
    volatility: float = 0.0
    change: float = 0.0
    kept: bool = False
    place: int = 0  # an attempt at the puzzle of the day: the player's place on its board
    players: int = 0  # ... among this many today


class PuzzleBoard(Message, tag="puzzle-board"):
    game: str
    rows: list[PuzzleRow]
    me: PuzzleRow | None = None


class DailyPuzzleRow(msgspec.Struct):
    name: str
    solved: bool
    tries: int
    seconds: float
    place: int = 0


class DailyPuzzle(Message, tag="daily-puzzle"):
    game: str
    day: str
    puzzle: str  # the day's puzzle's id
    rows: list[DailyPuzzleRow]
    played: bool = False  # whether the asking player tried it
    streak: int = 0  # the asking player's days solved in a row, up to this day


AnyMessage = Union[Hello, ListTables, OpenTable, Join, Act, Leave, Close,
                   Welcome, Tables, Table, Finished, Error, Notice, Closed,
                   Watch, GetLeaderboard, GetRatings, DailyResult, GetDaily, Leaderboard, Ratings, Daily,
                   PuzzleAttempt, GetPuzzleBoard, GetDailyPuzzle, PuzzleRated, PuzzleBoard, DailyPuzzle]
# what a player may ask once welcomed
REQUESTS = (ListTables, OpenTable, Join, Act, Leave, Watch, GetLeaderboard, GetRatings, DailyResult, GetDaily,
            PuzzleAttempt, GetPuzzleBoard, GetDailyPuzzle)

_decoder = msgspec.json.Decoder(AnyMessage)
_encoder = msgspec.json.Encoder()


class Refused(msgspec.Struct):
    """A line that is no message of the protocol (never sent: the reader's verdict).
    `fatal` when the stream cannot go on (a line over MAX_LINE)."""
    reason: str
    fatal: bool = False


def encode(msg: Message) -> bytes:
    return _encoder.encode(msg) + b"\n"


def decode(line: bytes) -> Message | Refused:
    """One line as a message, or why it is not one, in words."""
    try:
        return _decoder.decode(line)
    except msgspec.ValidationError as exc:
        return Refused(f"not a message of this host ({exc})")
    except msgspec.DecodeError:
        return Refused("not a message of this host (not JSON)")


async def read_messages(reader: asyncio.StreamReader) -> AsyncIterator[Message | Refused]:
    """Each line the other side sends, decoded, until it closes the connection. A line
    too long ends the reading after a fatal Refused. Both the host and the apps read
    this way."""
    while True:
        try:
            line = await reader.readline()
        except ValueError:  # over the reader's limit
            yield Refused(f"a line over {MAX_LINE} bytes", fatal=True)
            return
        except ConnectionError:
            return
        if not line:
            return
        if line.strip():
            yield decode(line)
