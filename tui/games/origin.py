"""What a game screen's title says of where its position came from: a shared
table's code, a puzzle (its id is in the puzzle's head line; the save's seed means
nothing there), or the seed a player can start again with `--seed`."""

from __future__ import annotations

from typing import Any


def origin(screen: Any, word: str, seed: str) -> str:
    """"table K7QX", "puzzle", or `word` and `seed`: "deal 4242"."""
    if screen.code:
        return f"table {screen.code}"  # no seed at a table
    if screen.puzzle is not None:
        return "puzzle"
    return f"{word} {seed}"
