"""Shared steps of the two-host tests (test_two_hosts.py, test_outage.py): a table
opened through one host and seen by the other, a player joining through a host.
The hosts themselves are conftest.py's `hosts` fixture."""

from __future__ import annotations

from peer import Peer
from waits import until_async

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]


async def open_table(host, name: str = "alice", seed: int = 7, options: dict | None = None,
                     also_on=None) -> tuple[Peer, dict]:
    """`name` opens a HOUSE RULES table for two people through `host` (and, given
    `also_on`, waits until that other host has it too): their peer, the first message."""
    peer = await Peer.connect(host, name)
    peer.send(op="open", game="house-rules", seed=seed, options=options or {}, seats=TWO_PEOPLE)
    first = await peer.get("table")
    if also_on is not None:
        code = first["code"]
        await until_async(lambda: code in also_on.tables, what=f"table {code} on the other host")
    return peer, first


async def join(host, name: str, code: str, op: str = "join") -> Peer:
    """`name` joins (or, with op="watch", watches) table `code` through `host`."""
    peer = await Peer.connect(host, name)
    peer.send(op=op, code=code)
    return peer
