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

    async def get(self, op: str | None = None, timeout: float = 10.0) -> dict:
        """The next message (of kind `op`, skipping others), each within `timeout` s."""
        while True:
            try:
                line = await asyncio.wait_for(self.reader.readline(), timeout)
            except asyncio.TimeoutError:
                raise AssertionError(f"waited {timeout:g} s for a {op or 'message'} message; none came") from None
            msg = json.loads(line)
            if op is None or msg["op"] == op:
                return msg

    async def until(self, test, op: str | None = "table", what: str = "the message") -> dict:
        """The first message (of kind `op`) for which `test(msg)` holds; a message
        must come at least every 10 s, or it fails saying `what` it waited for."""
        while True:
            try:
                msg = await self.get(op)
            except AssertionError as exc:
                raise AssertionError(f"{exc}, waiting for {what}") from None
            if test(msg):
                return msg

    def close(self) -> None:
        self.writer.close()
