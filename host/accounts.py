"""Who may connect to a host, and where each player's files live.

The host's data folder:

    host_key              ed25519 host key, made on first start (0600)
    authorized_keys       one line a key: the player's name, then the key as OpenSSH
                          writes it ("alice ssh-ed25519 AAAA... alice@laptop")
    players/<name>/       that player's HOUSES_HOME: saves, settings, stats
    tables/               the shared tables, one save file each
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")
COMMENT = re.compile(r"[ -~]{0,100}")  # a key's comment kept: printable ASCII


def valid_name(name: str) -> bool:
    return bool(NAME.fullmatch(name)) and name not in (".", "..")


def default_data_dir() -> Path:
    from saves.store import default_root

    return default_root() / "host"


@dataclass
class KeyRing:
    """Public keys by player name, read from an authorized-keys file."""

    path: Path
    keys: dict[str, set[bytes]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    _stamp: tuple | None = None

    def reload(self) -> None:
        """Read the file again if it changed (keys added while the host runs count)."""
        import asyncssh

        try:
            st = self.path.stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except FileNotFoundError:
            self.keys, self._stamp = {}, None
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
            try:
                key = asyncssh.import_public_key(key_text.strip())
            except (asyncssh.KeyImportError, ValueError) as exc:
                problems.append(f"{self.path}:{n}: not a public key ({exc})")
                continue
            keys.setdefault(name, set()).add(key.public_data)
        self.keys, self.problems, self._stamp = keys, problems, stamp

    def allows(self, name: str, key) -> bool:
        self.reload()
        return key.public_data in self.keys.get(name, set())


def add_key(keys_file: Path, name: str, public_key_text: str) -> str:
    """Append a player's key to the authorized-keys file; the line written."""
    import asyncssh

    if not valid_name(name):
        raise ValueError(f"{name!r} is not a player name: letters, digits, . _ - (up to 32), starting with a letter or digit")
    if "PRIVATE KEY" in public_key_text or _is_private_key(public_key_text):
        raise ValueError("that is a private key, which stays with its owner: give their public key "
                         "(the .pub file); nothing was added")
    key = asyncssh.import_public_key(public_key_text.strip())
    comment = key.get_comment() or ""
    if not COMMENT.fullmatch(comment):  # escape codes or odd text: not into the file or the console
        key.set_comment(None)
    line = f"{name} {key.export_public_key().decode().strip()}"
    keys_file.parent.mkdir(parents=True, exist_ok=True)
    with open(keys_file, "a", encoding="utf-8") as f:
        f.write(line + "\n")
    return line


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


def player_home(data_dir: Path, name: str) -> Path:
    """A player's own folder (HOUSES_HOME of their sessions), made on first use with
    their name in the settings."""
    if not valid_name(name):
        raise ValueError(f"bad player name {name!r}")
    home = data_dir / "players" / name
    if not home.exists():
        import saves

        home.mkdir(parents=True, mode=0o700)
        store = saves.Store(home)
        store.save_settings(saves.Settings(player_name=name))
    return home
