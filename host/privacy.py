"""Who at a shared table may be told the last move itself (docs/architecture.md,
"Privacy").

Every seat sees the game through its own view, and the log every view carries is the
engine's public account of each move ("Player 2 keeps one of them."). The move itself
(the action and its words, "Choose the 9 of Hearts") can name what only its player
knows: a card kept from the deck, a tile given back to the bag. Which seats may be
told a move is the engine's to say (`State.reveals`), from its own data about who
sees what; the host never reads the words of a move or a log line to decide it. Any
seat that may not be told gets no last move, only the view and its log, as a watcher
does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.engine import AnyState  # for the checker only


def hidden_from(before: AnyState, action: Any, mover: int) -> list[int | None]:
    """The seats that may not be told `action`, made by `mover` from the position
    `before` it; None among them: the watchers (the public view, `view(None)`), asked
    the same way, so they see the last-move marks of every move that hides nothing."""
    return [seat for seat in [*range(before.seats), None]
            if seat != mover and not told(before, action, seat)]


def told(before: AnyState, action: Any, seat: int | None) -> bool:
    """Whether the engine says `seat` may be told `action` (made from `before`)."""
    try:
        return bool(before.reveals(action, seat))
    except Exception:  # an engine tripping over a hidden card: not told, the table goes on
        return False
