"""A watcher's match: the game's own screen playing nobody's seat, showing the public
view only.

`WatchMatch` is a table watched without a seat (its seat is None): the host sends it
`view(None)` (no hand, no hidden tile, no seed; the last move only when it hides
nothing, host/privacy.py); it is never this app's turn, so every key that would act
is hidden (the screen hides the keys of a seat that waits, its q says Leave), a
choice on the board or in a hand never reaches the game's handlers
(GameScreen.check_message_enabled) and a move is refused in words. The seat match
it builds on (`SeatMatch`, tui/tables/seat.py) says who watches on the status line.
"""

from __future__ import annotations

from typing import Any

from core.engine import AnyState, Refusal, RefusalKind, said
from saves.match import Next, Turn
from tui.tables.seat import SeatMatch


class WatchMatch(SeatMatch):
    """A table watched without a seat: the public view, live; no move is made here."""

    def __init__(self, save: Any, state: AnyState, *, seat: int | None = None, **kw: Any) -> None:
        super().__init__(save, state, seat=None, **kw)

    def mine(self) -> list[int]:
        return []  # no seat's result is this player's

    def waiting(self) -> bool:
        return not self.state.over  # never this app's turn

    def next(self, viewer: int | None, hides_hands: bool = True) -> Next:
        return Next(Turn.OVER) if self.state.over else Next(Turn.WAIT, self.state.to_move)

    def check(self, action: Any) -> Refusal | None:
        return Refusal(RefusalKind.NOT_YOUR_TURN, f"You are watching table {self.code}: only its players move. q leaves.")

    def play(self, action: Any) -> None:
        return None  # never sent: check refuses every move

    def status(self, ellipsis: str = "...") -> str:
        state = self.state
        names = [seat.name for seat in self.save.seats]
        tag = f"Watching table {self.code} (q leaves): "
        if state.over:
            return tag + f"game over. {said(state.outcome.reason, names) if state.outcome else ''}"
        if state.to_move is None:
            return tag + "waiting."
        who = self.save.seats[state.to_move]
        if who.kind == "bot":
            return tag + f"{who.name} is thinking{ellipsis}"
        if state.to_move in self.away:
            return tag + f"{who.name} is away; the table waits for them."
        return tag + f"{who.name} to move."


def watcher_key(screen: Any, event: Any) -> None:
    """A key that reached a watcher's game screen unused (GameScreen.on_key). Escape
    leaves, as q does (each game binds escape to back out, which a watcher cannot); a
    key of the game that would act (hidden from the footer, so disabled) is refused with
    the reason on the status line."""
    if event.key == "escape":
        event.stop()
        screen.action_home()
        return
    keys: set[str] = set()
    for cls in type(screen).__mro__:
        for binding in cls.__dict__.get("BINDINGS", ()):
            keys.update(k.strip() for k in binding.key.split(","))
    active = screen.active_bindings.get(event.key)
    if event.key in keys and (active is None or not active.enabled):
        event.stop()
        screen.say(screen.match.check(None), error=True)
