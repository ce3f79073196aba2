"""Words and sums about racks for the TOWN 77 screen: what a turn drew, a finishing place."""

from __future__ import annotations

from core.town import Action, Exchange, Place


def drawn_tiles(old_rack: list[str], new_rack: list[str], action: Action) -> list[str]:
    """The tiles a Place or an Exchange drew: the new rack less what stayed."""
    old = list(old_rack)
    for t in ([action.tile] if isinstance(action, Place) else
              list(action.tiles) if isinstance(action, Exchange) else []):
        if t in old:
            old.remove(t)
    new = list(new_rack)
    for t in old:
        if t in new:
            new.remove(t)
    return new


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
