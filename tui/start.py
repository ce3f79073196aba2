"""What the app opens on (docs/architecture.md, "The command line"): the home menu, a
new game, a save resumed, the new-game form of one game, or the puzzles.
`houses new|resume|puzzle` and the tests give one of these to `HousesApp(start=...)`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (the command line's quick paths, --version and rules, import no saves)
    import saves


@dataclass(frozen=True)
class StartHome:
    """The home menu."""


@dataclass(frozen=True)
class NewGame:
    """A new game, checked already (tui/cli.py `new_game_spec`)."""

    game_id: str
    seats: list[saves.Seat]
    seed: int
    options: Any


@dataclass(frozen=True)
class Resume:
    """A save resumed: `save_id`, or the newest unfinished one (None)."""

    save_id: str | None = None


@dataclass(frozen=True)
class NewForm:
    """The new-game form of `game_id`."""

    game_id: str


@dataclass(frozen=True)
class OpenPuzzle:
    """The puzzles screen; a puzzle by its id, or the next puzzle of a game, opened over it."""

    puzzle_id: str | None = None
    game_id: str | None = None


Start = StartHome | NewGame | Resume | NewForm | OpenPuzzle
