"""The choice half-made on a game screen (a card picked, a pawn selected, tiles
marked for an exchange) as one immutable value, held in the screen's `choice`
reactive (docs/architecture.md, "Game screens").

A hint (tui/games/hints.py) sets it and escape puts the one from before back; a
review (tui/screens/review.py) shows the better move by setting it and puts the
old one back when it leaves the position: one value kept and assigned, never a
list of attribute names copied. Each game declares its own frozen dataclass of
parts; `Part` lets the screen read and write a part by name (`screen.card`), each
write replacing the whole value, so a value kept earlier never changes under it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Part(Generic[T]):
    """One part of a screen's `choice`: `card = Part[str | None]()` on the screen
    class reads `screen.choice.card`, and assigning it sets `screen.choice` to a copy
    with that part changed (the reactive sees a new value)."""

    name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, screen: Any, owner: type | None = None) -> Any:
        return self if screen is None else getattr(screen.choice, self.name)

    def __set__(self, screen: Any, value: T) -> None:
        screen.choice = dataclasses.replace(screen.choice, **{self.name: value})
