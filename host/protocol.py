"""The tables' wire protocol: what the players' apps and the table host say to each
other over the host's local socket, one JSON object a line.

Every message is a msgspec Struct tagged by its "op" field, so a line reads
`{"op": "join", "code": "ABCD"}`. Both sides decode with the one Decoder of the
union below; a line that is not one of these messages becomes a `Refused` with the
reason in words, never an exception.

    app -> host   Hello, ListTables, OpenTable, Join, Act, Leave
    operator      Hello, ListTables, Close          (`houses serve tables|close`)
    host -> app   Welcome, Tables, Table, Finished, Error, Closed

The payloads that are saves or game data (a save, an action, options, a table row)
stay plain JSON objects: their own code (saves, each game's actions) checks them.
"""

from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Union

import msgspec

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


# -- from the host --------------------------------------------------------------------

class Welcome(Message, tag="welcome"):
    name: str


class Tables(Message, tag="tables"):
    tables: list[dict[str, Any]]


class Table(Message, tag="table", omit_defaults=True):
    """A seat's view of one table; `save` only once the table is over."""
    code: str
    game: str
    seat: int
    seed: int
    options: dict[str, Any]
    view: str
    log: list[str | list[Any]]  # core.engine.lines_to_wire: text, or a Line as [template, seats, words]
    cursor: int
    last: dict[str, Any] | None
    seats: list[dict[str, Any]]
    away: list[int]
    id: str
    created: str
    save: dict[str, Any] | None = None
    hints: bool = False  # whether the table was opened with hints (with several people)


class Finished(Message, tag="finished"):
    """A finished table for the player's own saves and stats."""
    save: dict[str, Any]


class Error(Message, tag="error"):
    message: str
    code: str | None = None


class Closed(Message, tag="closed"):
    code: str


AnyMessage = Union[Hello, ListTables, OpenTable, Join, Act, Leave, Close,
                   Welcome, Tables, Table, Finished, Error, Closed]
REQUESTS = (ListTables, OpenTable, Join, Act, Leave)  # what a player may ask once welcomed

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
