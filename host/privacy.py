"""Who at a shared table may be told the last move itself (docs/architecture.md, "The
host and its protocol").

Every seat sees the game through its own view, and the log every view carries is the
engine's public account of each move ("Player 2 keeps one of them."). The move itself
(the action and its words, "Choose the 9 of Hearts") can name what only its player
knows: a card kept from the deck, a tile given back to the bag. So the host tells a
seat the move only when that seat could know it anyway: its own view before the move
could judge the move (`check` is None: nothing it names was hidden from that seat), or
the log lines the move wrote name everything the move's words name ("Place the Yellow
Spire in a2": "Player 1 places the Yellow Spire in a2."). Any other seat gets no last
move, only the view and its log, as a watcher does.
"""

from __future__ import annotations

import re
from typing import Any

_WORD = re.compile(r"[\w']+")


def words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def named_in(text: str, told: str) -> bool:
    """Whether everything `text` (a move in words, its verb first) names is in `told`."""
    named = _WORD.findall(text)[1:]  # the verb is the mover's ("Place"), the log's differs
    return words(" ".join(named)) <= words(told)


def hidden_from(before: Any, after: Any, action: Any, mover: int, text: str) -> list[int | None]:
    """The seats that may not be told `action` (made by `mover`, in words `text`),
    from the position `before` it and `after` it; None among them: the watchers
    (the public view, `view(None)`), judged the same way, so they see the last-move
    marks of every move that hides nothing."""
    told = " ".join(str(line) for line in after.log[len(before.log):])
    hidden = []
    for seat in [*range(after.seats), None]:
        if seat == mover:
            continue
        if judged(before.view(seat), action) or named_in(text, told):
            continue
        hidden.append(seat)
    return hidden


def judged(view: Any, action: Any) -> bool:
    """Whether `view` finds `action` legal: it then names nothing hidden from it."""
    try:
        return view.check(action) is None
    except Exception:  # a view tripping over a hidden card: not judged, so not told
        return False

