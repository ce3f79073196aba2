"""A player at a shared table as raw protocol: the tests' side of host/tables.py."""

from __future__ import annotations

import asyncio
import json

from host.tables import TableHost


class Peer:
    def __init__(self, reader, writer) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, host: TableHost, name: str) -> Peer:
        """Connect as `name`; the host's first word must be its welcome."""
        reader, writer = await asyncio.open_unix_connection(str(host.socket_path))
        peer = cls(reader, writer)
        peer.send(op="hello", token=host.token_for(name))
        assert (await peer.get())["op"] == "welcome"
        return peer

    def send(self, **msg) -> None:
        self.writer.write(json.dumps(msg).encode() + b"\n")

    async def get(self, op: str | None = None) -> dict:
        """The next message (of kind `op`, skipping others), within 10 s."""
        while True:
            msg = json.loads(await asyncio.wait_for(self.reader.readline(), 10))
            if op is None or msg["op"] == op:
                return msg

    def close(self) -> None:
        self.writer.close()
