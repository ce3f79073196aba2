"""Who may connect to a host, and where each player's things live.

The host's data folder:

    host_key              ed25519 host key, made on first start (0600)
    houses.db             the default database (host/storage): players, their keys,
                          their saves, settings and stats, the shared tables
    authorized_keys       also read: one line a key, the player's name, then the key as
                          OpenSSH writes it ("alice ssh-ed25519 AAAA... alice@laptop");
                          `houses serve add-key` writes the database and this file
    players/<name>/       that player's HOUSES_HOME: the app's logs (and, from hosts
                          before the database, their files, imported once)
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")
COMMENT = re.compile(r"[ -~]{0,100}")  # a key's comment kept: printable ASCII


def valid_name(name: str) -> bool:
    return bool(NAME.fullmatch(name)) and name not in (".", "..")


def default_data_dir() -> Path:
    from saves.store import default_root

    return default_root() / "host"


@dataclass
class KeyRing:
    """Public keys by player name: those in the host's database (`storage`), and
    those in an authorized-keys file (read again when it changes). Keys added while
    the host runs count."""

    path: Path
    storage: Any = None  # host.storage.Storage
    keys: dict[str, set[bytes]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    _stamp: tuple | None = None
    _file_keys: dict[str, set[bytes]] = field(default_factory=dict)
    _file_problems: list[str] = field(default_factory=list)
    _parsed: dict[str, tuple[bytes | None, str | None]] = field(default_factory=dict)

    def reload(self) -> None:
        self._reload_file()
        keys = {name: set(found) for name, found in self._file_keys.items()}
        problems = list(self._file_problems)
        if self.storage is not None:
            from saves.db import DatabaseError

            try:
                stored = self.storage.keys()
            except DatabaseError as exc:  # reported; the file's keys still let players in
                problems.append(f"keys in the database not read: {exc}")
                stored = {}
            for name, lines in stored.items():
                for n, line in enumerate(lines, 1):
                    if line not in self._parsed:  # each line parsed once, not at every sign-in
                        self._parsed[line] = public_key(line)
                    key, problem = self._parsed[line]
                    if problem or key is None:  # public_key gives a key or a problem
                        problems.append(f"database key {n} of {name!r}: {problem}")
                    else:
                        keys.setdefault(name, set()).add(key)
        holders: dict[bytes, list[str]] = {}
        for name in sorted(keys):
            for key in keys[name]:
                holders.setdefault(key, []).append(name)
        for names in holders.values():  # (written by hand, or before add-key refused it)
            if len(names) > 1:
                problems.append(f"one key signs in {', '.join(names)}: give each their own key, or keep it "
                                f"for one with houses serve add-key NAME KEYFILE --move")
        self.keys, self.problems = keys, problems

    def _reload_file(self) -> None:
        try:
            st = self.path.stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except FileNotFoundError:
            self._file_keys, self._stamp, self._file_problems = {}, None, []
            return
        if stamp == self._stamp:
            return
        keys: dict[str, set[bytes]] = {}
        problems = []
        for n, line in enumerate(self.path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, key_text = line.partition(" ")
            if not valid_name(name):
                problems.append(f"{self.path}:{n}: {name!r} is not a player name")
                continue
            key, problem = public_key(key_text)
            if problem or key is None:  # public_key gives a key or a problem
                problems.append(f"{self.path}:{n}: {problem}")
                continue
            keys.setdefault(name, set()).add(key)
        self._file_keys, self._file_problems, self._stamp = keys, problems, stamp

    def allows(self, name: str, key) -> bool:
        self.reload()
        return key.public_data in self.keys.get(name, set())


def public_key(text: str) -> tuple[bytes | None, str | None]:
    import asyncssh

    try:
        return asyncssh.import_public_key(text.strip()).public_data, None
    except (asyncssh.KeyImportError, ValueError) as exc:
        return None, f"not a public key ({exc})"


def add_key(keys_file: Path, name: str, public_key_text: str, storage: Any = None, move: bool = False) -> str:
    """Keep a player's key: in the host's database (`storage`, when given) and as a
    line appended to the authorized-keys file; the line written. ValueError, in
    words, for a bad name, a text that is no public key, or a key another player
    holds (one key signs in one player: with `move` it is taken from them first);
    nothing is kept then."""
    import asyncssh

    if not valid_name(name):
        raise ValueError(f"{name!r} is not a player name: letters, digits, . _ - (up to 32), starting with a letter or digit")
    if "PRIVATE KEY" in public_key_text or _is_private_key(public_key_text):
        raise ValueError("that is a private key, which stays with its owner: give their public key "
                         "(the .pub file); nothing was added")
    try:
        key = asyncssh.import_public_key(public_key_text.strip())
    except (asyncssh.KeyImportError, ValueError) as exc:
        raise ValueError(f"that is not a public key ({exc}); nothing was added") from None
    comment = key.get_comment() or ""
    if not COMMENT.fullmatch(comment):  # escape codes or odd text: not into the file or the console
        key.set_comment(None)
    key_line = key.export_public_key().decode().strip()
    line = f"{name} {key_line}"
    ring = KeyRing(keys_file, storage)
    ring.reload()
    holders = [other for other in key_holders(ring, key.public_data) if other != name]
    if holders and not move:
        raise ValueError(f"that key signs in {', '.join(holders)} already, and one key is one player: give "
                         f"{name} their own key, or add --move to take it from {', '.join(holders)}; nothing was added")
    for holder in holders:
        _forget_key(keys_file, holder, key.public_data, storage)
    if storage is not None:
        storage.add_key(name, key_line)
    if key.public_data in ring._file_keys.get(name, set()):  # noqa: SLF001 (this module's own)
        return line  # in the file already: not a second line
    keys_file.parent.mkdir(parents=True, exist_ok=True)
    with open(keys_file, "a", encoding="utf-8") as f:
        f.write(line + "\n")
    return line


def key_holders(ring: KeyRing, key: bytes) -> list[str]:
    """The players a key signs in, by name."""
    return sorted(name for name, found in ring.keys.items() if key in found)


def _forget_key(keys_file: Path, holder: str, key: bytes, storage: Any) -> None:
    """Take one key from a player: out of the database and the authorized-keys file."""
    if storage is not None:
        for key_line in storage.keys().get(holder, []):
            if public_key(key_line)[0] == key:
                storage.remove_key(holder, key_line)
    if not keys_file.is_file():
        return
    lines = keys_file.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
    kept = [text for text in lines
            if not (text.partition(" ")[0] == holder and public_key(text.partition(" ")[2])[0] == key)]
    if len(kept) != len(lines):
        tmp = keys_file.with_name(keys_file.name + ".tmp")
        tmp.write_text("".join(kept), encoding="utf-8")
        os.replace(tmp, keys_file)


def _is_private_key(text: str) -> bool:
    import asyncssh

    try:
        asyncssh.import_private_key(text.strip())
    except (asyncssh.KeyImportError, ValueError):
        return False
    return True


def host_key(data_dir: Path):
    """The host's ed25519 key, made and kept on first start."""
    import asyncssh

    path = data_dir / "host_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    data_dir.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    os.replace(tmp, path)
    (data_dir / "host_key.pub").write_bytes(key.export_public_key())
    return key


def player_home(data_dir: Path, name: str, storage: Any = None) -> Path:
    """A player's own folder (HOUSES_HOME of their sessions: the app's logs), made on
    first use; a new player's settings get their name (in the database when there
    is one, else in the folder)."""
    if not valid_name(name):
        raise ValueError(f"bad player name {name!r}")
    home = data_dir / "players" / name
    import saves

    if not home.exists():
        home.mkdir(parents=True, mode=0o700)
        if storage is None:
            saves.Store(home).save_settings(saves.Settings(player_name=name))
    if storage is not None:
        from saves.db import DatabaseError, DbStore

        try:
            storage.add_player(name)
            if storage.read_doc(name, "settings") is None:
                DbStore(storage, name, home).save_settings(saves.Settings(player_name=name))
        except (DatabaseError, saves.SaveError):
            pass  # the app says so when it reads its settings; its name is only a default
    return home
