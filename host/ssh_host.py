"""What the connections of `houses serve ssh` share (host/ssh.py starts it): the
operator's options and the `Host`, with the storage, the keys, the live sessions
and the tables, and the environment each player's app starts with.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from host.accounts import KeyRing, default_data_dir, player_home
from host.console import log_line
from host.limits import LOCALE_OK, MAX_STRANGERS, MAX_STRANGERS_PER_ADDRESS, ClosedNote, StrangerGate, safe_term

if TYPE_CHECKING:
    from host.storage import Storage
    from host.tables import TableHost


@dataclass
class HostOptions:
    host: str = "127.0.0.1"
    port: int = 2222
    data: Path = field(default_factory=default_data_dir)
    keys: Path | None = None  # default: data/authorized_keys
    db: str | None = None  # the database (host/storage): default data/houses.db
    open: bool = False
    max_sessions: int = 50
    max_strangers: int = MAX_STRANGERS  # connections not signed in yet (host/limits.py)
    max_strangers_per_address: int = MAX_STRANGERS_PER_ADDRESS
    proxy_from: list[str] = field(default_factory=list)  # trusted balancers' addresses (host/proxy.py)
    idle_timeout: float = 3600.0  # seconds without a key from the client
    max_cols: int = 200
    max_rows: int = 60
    tables: bool = True
    table_timeout: float = 7 * 86400  # all of a table's players away this long: closed
    app_args: list[str] = field(default_factory=list)  # extra `houses` arguments (tests)
    app_command: list[str] | None = None  # another program than the app (tests)

    @property
    def keys_file(self) -> Path:
        return self.keys if self.keys is not None else self.data / "authorized_keys"


class Listener(Protocol):
    """The listening socket: asyncssh's own, or host/proxy.py's behind a balancer."""

    def get_port(self) -> int: ...

    def close(self) -> None: ...


class LiveApp(Protocol):
    """A session with its app running (host/app_session.py): the host may ask it to leave."""

    def stop_child(self) -> None: ...


class Host:
    """The state of one running host: options, storage, keys, live sessions, tables.

    Made by `start_host` with the storage open. The listener and the tables come
    after it (the listener's connections need the host), so they start as None."""

    def __init__(self, opts: HostOptions, storage: Storage, storage_url: str) -> None:
        self.opts = opts
        self.storage = storage
        self.storage_url = storage_url  # where it is, for the players' apps (HOUSES_STORE)
        self.keyring = KeyRing(opts.keys_file, storage=storage)
        self.sessions: set[LiveApp] = set()
        self.connections: set[Hashable] = set()  # signed in (host/ssh_connection.py), whatever they have open
        self.strangers = StrangerGate(opts.max_strangers, opts.max_strangers_per_address)
        self.closed_note = ClosedNote(lambda text: self.log(text))
        self.tables: TableHost | None = None  # when tables are on, once the port is ours
        self.server: Listener | None = None
        self.port = opts.port  # the port listened on: the one chosen for --port 0
        # Set once the table service is up: an app started before would have no tables.
        self.ready = asyncio.Event()

    def log(self, text: str) -> None:
        log_line(text)  # (escaped: names, paths and errors may hold escape codes)

    def child_env(self, name: str, term: str, client_env: dict, home: Path | None = None) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TEXTUAL_", "HOUSES_", "LC_", "SSH_")) and k not in (
                   "NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES", "LANG", "TERM", "COLORTERM")}
        env["TERM"] = safe_term(term)
        env["HOUSES_HOME"] = str(home or player_home(self.opts.data, name, self.storage))
        env["HOUSES_PLAYER"] = name
        env["HOUSES_STORE"] = self.storage_url  # the app keeps its saves, settings and stats there (saves/db.py)
        # The app ends with the host, even after a kill -9 of the host (tui/lifecycle.py).
        env["HOUSES_PARENT_PID"] = str(os.getpid())
        # The host transcodes for a client that is not UTF-8: the app always speaks it.
        env["LANG"] = "C.UTF-8"
        colorterm = str(client_env.get("COLORTERM") or "")
        if LOCALE_OK.fullmatch(colorterm):
            env["COLORTERM"] = colorterm
        if self.tables is not None:
            env["HOUSES_TABLES"] = str(self.tables.socket_path)
            env["HOUSES_TABLE_TOKEN"] = self.tables.token_for(name)
        return env
