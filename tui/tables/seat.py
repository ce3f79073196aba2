"""A seat at a shared table, in the player's app (docs/architecture.md, "The Match"):
the match a game's own screen plays when the position comes from the host.

`SeatMatch` holds the seat's view as the host sent it in a `Table` message
(host/protocol.py, read as the typed message, never as a dict), sends a move to the
host and takes the host's answer (`update`), which it turns into `News` for the
screen. Nothing is counted here: the host's copy of a finished table is. A table
watched without a seat is `tui/tables/watch.py`'s `WatchMatch`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import msgspec

from core.engine import AnyState, Refusal, RefusalKind, lines_from_wire, said
from host import protocol as p
from saves.game import games
from saves.match import Match, Next, Played, Turn
from saves.model import FORMAT, SaveFile, Seat


@dataclass(frozen=True)
class News:
    """What a host's message changed at a seat: the move just made (if one was), and
    the seats that went away or came back."""

    played: Played | None
    gone: list[int]
    back: list[int]


def seat_label(name: str, i: int) -> str:
    """A seat's name as the table shows it (an empty one is an open seat)."""
    return name or f"open seat {i + 1}"


def is_open(seat: p.SeatInfo) -> bool:
    """A person's seat nobody has taken yet (the host sends its name empty)."""
    return seat.kind == "human" and not seat.name


class SeatMatch(Match):
    """One seat at a shared table: the position is the seat's view, sent by the host
    (`update`); a move goes to the host (`send`) and comes back as news."""

    at_table = True

    def __init__(self, save: SaveFile, state: AnyState, *, code: str, seat: int | None, away: Sequence[int] = (),
                 open_seats: Sequence[int] = (), watchers: Sequence[str] = (),
                 send: Callable[[int, Any], None] | None = None,
                 leave: Callable[[], None] | None = None) -> None:
        super().__init__(save, state)
        self.code = code
        self.seated = seat
        self.away = set(away)
        self.open_seats = set(open_seats)  # seats waiting for a player to join
        self.watchers = list(watchers)  # who watches the table, said on the status line
        self.held = 0  # moves the host keeps while its database is away (host/relay.py)
        self.counted = True
        self._send = send
        self._leave = leave

    @classmethod
    def from_message(cls, msg: p.Table, **kw: Any) -> SeatMatch:
        """A seat from the host's first `Table` message (see host/tables.py)."""
        game = games()[msg.game]
        seats = [Seat(name=seat_label(s.name, i), kind=s.kind, level=s.level) for i, s in enumerate(msg.seats)]
        save = SaveFile(
            format=FORMAT, app_version="", game=game.id, seats=seats, options=msg.options,
            seed=msg.seed, actions=[], cursor=msg.cursor, created=msg.created,
            updated="", id=msg.id, hints=msg.hints,
        )
        state = game.from_text(msg.view)
        state.log = lines_from_wire(msg.log)  # Lines, drawn with the seats' names
        match = cls(save, state, code=msg.code, seat=msg.seat, away=msg.away, watchers=msg.watchers,
                    open_seats=[i for i, s in enumerate(msg.seats) if is_open(s)], **kw)
        match.held = msg.held
        return match

    def mine(self) -> list[int]:
        return [] if self.seated is None else [self.seated]

    def view(self, viewer: int | None) -> Any:
        return self.state  # the host sent this seat's view

    def waiting(self) -> bool:
        """Whether another seat is to move (this player can only watch)."""
        return not self.state.over and (self.seated is None or self.state.to_move != self.seated)

    def check(self, action: Any) -> Refusal | None:
        state = self.state
        if state.over:
            return Refusal(RefusalKind.GAME_OVER, "The game is over.")
        mover = state.to_move
        if mover != self.seated:
            waiting = f": waiting for {self.save.seats[mover].name}" if mover is not None else ""
            return Refusal(RefusalKind.NOT_YOUR_TURN, f"Not your turn{waiting}.")
        return self._named(state.check(action))

    def play(self, action: Any) -> None:
        """Send the move to the host; the position changes when its news comes back."""
        if self._send is not None:
            self._send(self.save.cursor, action)

    def next(self, viewer: int | None, hides_hands: bool = True) -> Next:
        if self.state.over:
            return Next(Turn.OVER)
        seat = self.state.to_move
        return Next(Turn.HUMAN if seat is not None and seat == self.seated else Turn.WAIT, seat)

    def status(self, ellipsis: str = "...") -> str:
        """The status line at the table: whose turn, and why the table waits; then who watches."""
        text = self._status(ellipsis)
        if self.watchers:
            text += f" (watching: {', '.join(self.watchers)})"
        return text

    def _status(self, ellipsis: str) -> str:
        state = self.state
        tag = f"Table {self.code}: "
        names = [seat.name for seat in self.save.seats]
        if state.over:
            return tag + f"game over. {said(state.outcome.reason, names) if state.outcome else ''}"
        if state.to_move == self.seated:
            return tag + said(state.prompt, names)
        if self.held:
            moves = "1 move" if self.held == 1 else f"{self.held} moves"
            return tag + f"the host's database is away: {moves} kept, sent when it is back."
        if state.to_move is None:
            return tag + "waiting."
        who = self.save.seats[state.to_move]
        if who.kind == "bot":
            return tag + f"{who.name} is thinking{ellipsis}"
        if state.to_move in self.open_seats:
            return tag + f"waiting for a player to join with code {self.code}."
        if state.to_move in self.away:
            return tag + f"{who.name} is away; the table waits for them."
        return tag + f"waiting for {who.name}."

    def update(self, msg: p.Table) -> News:
        """The host's news: the seat's view, who is away or watching, the seats' names,
        the move just made, and the finished table as a save."""
        state = self.game.from_text(msg.view)
        state.log = lines_from_wire(msg.log)  # Lines, drawn with the seats' names
        before, self.away = self.away, set(msg.away)
        self.held = msg.held
        self.watchers = list(msg.watchers)
        self.open_seats = {i for i, seat in enumerate(msg.seats) if is_open(seat)}
        for i, seat in enumerate(msg.seats):
            self.save.seats[i].name = seat_label(seat.name, i)
        self.state = state
        self.token += 1
        cursor, last = msg.cursor, msg.last
        moved = cursor != self.save.cursor
        self.save.cursor = cursor
        played = None
        if moved and last is not None and last.cursor == cursor:
            played = Played(last.seat, self.game.action_from_builtins(last.action), last.text, cursor)
            self.last = played
        if msg.save is not None:
            data = {k: v for k, v in msg.save.items() if k != "my_seat"}
            self.save = msgspec.convert(data, SaveFile)
        return News(played, sorted(self.away - before), sorted(before - self.away))

    def close(self) -> None:
        """The screen at the table is gone: the host hears this player left."""
        if self._leave is not None:
            self._leave()
