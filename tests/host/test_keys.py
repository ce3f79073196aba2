"""Who may connect: the keys in the host's database and in its authorized_keys file
(host/accounts.py KeyRing), on both engines."""

from __future__ import annotations

import asyncssh
import pytest

from host.accounts import KeyRing, add_key
from host.storage import open_storage


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request, tmp_path):
    url = str(tmp_path / "houses.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    s = open_storage(url)
    yield s
    s.close()


def new_key():
    return asyncssh.generate_private_key("ssh-ed25519")


def test_a_key_added_while_the_host_runs_lets_its_player_in_and_nobody_else(tmp_path, storage):
    ring = KeyRing(tmp_path / "authorized_keys", storage)
    alice, bob = new_key(), new_key()
    assert not ring.allows("alice", alice)
    line = add_key(tmp_path / "authorized_keys", "alice", alice.export_public_key().decode(), storage)
    assert line.startswith("alice ssh-ed25519 ")
    assert storage.keys()["alice"] == [line.removeprefix("alice ")]
    assert ring.allows("alice", alice) and not ring.allows("bob", alice) and not ring.allows("alice", bob)


def test_keys_in_the_database_and_the_file_count_and_a_bad_one_is_reported_once(tmp_path, storage):
    ring = KeyRing(tmp_path / "authorized_keys", storage)
    add_key(tmp_path / "authorized_keys", "dave", new_key().export_public_key().decode())  # only in the file
    carol = new_key()
    storage.add_key("carol", carol.export_public_key().decode().strip())
    storage.add_key("carol", "ssh-ed25519 not-a-key")
    for _ in range(3):
        assert ring.allows("carol", carol)
    assert len(ring.problems) == 1 and "not a public key" in ring.problems[0]


def test_a_bad_name_or_a_private_key_keeps_nothing(tmp_path, storage):
    key = new_key()
    with pytest.raises(ValueError, match="not a player name"):
        add_key(tmp_path / "authorized_keys", "../x", key.export_public_key().decode(), storage)
    with pytest.raises(ValueError, match="private key"):
        add_key(tmp_path / "authorized_keys", "alice", key.export_private_key().decode(), storage)
    assert storage.keys() == {} and not (tmp_path / "authorized_keys").exists()
