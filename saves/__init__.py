"""Save files, settings and stats for Houses (docs/architecture.md, "Saves").

A save is the game id, seats, options, seed and the list of actions; `replay`
rebuilds the position. `Store` keeps saves, settings and stats in one folder and
writes every file atomically. Imports core (late), never textual.

    store = Store()                       # $HOUSES_HOME, else the user data dir
    save = new_save(game_id, [Seat("You")], None, seed=7)
    record(save, action, state=state)     # after each move ...
    store.write(save)                     # ... autosave
    state = replay(store.load(save.id))
    match = LocalMatch(save, state, write=store.write)   # or drive a game: saves.match
"""

from saves.game import app_version, new_id, new_save, record
from saves.match import BotTurn, LocalMatch, Match, Next, Played, Result, Step, Steps, TableMatch, Turn, replay
from saves.model import (
    FORMAT,
    GameStats,
    Recorded,
    SaveError,
    SaveFile,
    Seat,
    Settings,
    Stats,
)
from saves.store import Store, Unreadable, atomic_write, default_root

__all__ = [
    "FORMAT",
    "BotTurn",
    "LocalMatch",
    "Match",
    "Next",
    "Played",
    "Result",
    "Step",
    "Steps",
    "TableMatch",
    "Turn",
    "GameStats",
    "Recorded",
    "SaveError",
    "SaveFile",
    "Seat",
    "Settings",
    "Stats",
    "Store",
    "Unreadable",
    "app_version",
    "atomic_write",
    "default_root",
    "new_id",
    "new_save",
    "open_store",
    "record",
    "replay",
]


def open_store(open_documents=None):
    """The app's store: its save folder, or on an SSH host with a database the
    player's documents in it, through the host's `open_documents` (saves.db.open_store)."""
    from saves.db import open_store as open_it

    return open_it(open_documents)
