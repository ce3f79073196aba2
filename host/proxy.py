"""The PROXY protocol (v1 text, v2 binary) from a load balancer the operator trusts
(`houses serve ssh --proxy-from ADDRESS`; docs/hosting.md).

Behind HAProxy every player arrives from the balancer's address, so the host's
limits (host/limits.py: connections not signed in, by address) would count them all
as one. A balancer configured with `send-proxy` (v1) or `send-proxy-v2` first sends
the real client's address; the host reads it, only from a connection whose own
address is one of the trusted ones, and counts the connection under the client's
address. A header from anyone else is never read: such a connection goes straight to
SSH, which refuses "PROXY ..." as a bad banner. A trusted connection whose header is
malformed, missing or late (`HEADER_S`) is closed.

The header is read byte-exactly from the socket (nothing of the SSH stream after it
is consumed), then asyncssh runs the connection on that socket (`asyncssh.run_server`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import struct
from typing import Any, Awaitable, Callable

V2_SIGNATURE = b"\r\n\r\n\x00\r\nQUIT\n"
V1_MAX = 107  # the longest v1 line, CRLF included (the specification's bound)
V2_MAX_BODY = 4096  # addresses and TLVs; real headers are tens of bytes
HEADER_S = 5.0  # a trusted balancer sends its header at once


class ProxyError(ValueError):
    """A PROXY header that is not one."""


def parse_v1(line: bytes) -> str | None:
    """The client's address from a v1 line ("PROXY TCP4 src dst sport dport\\r\\n"),
    or None for "PROXY UNKNOWN" (the balancer's own connection: use its address)."""
    if not line.endswith(b"\r\n") or len(line) > V1_MAX:
        raise ProxyError("a v1 header must end with CRLF within 107 bytes")
    try:
        text = line[:-2].decode("ascii")
    except UnicodeDecodeError:
        raise ProxyError("a v1 header is ASCII") from None
    parts = text.split(" ")
    if parts[0] != "PROXY" or len(parts) < 2:
        raise ProxyError("a v1 header starts with PROXY")
    if parts[1] == "UNKNOWN":
        return None
    if parts[1] not in ("TCP4", "TCP6") or len(parts) != 6:
        raise ProxyError("a v1 header is PROXY TCP4|TCP6 SRC DST SPORT DPORT")
    try:
        src = ipaddress.ip_address(parts[2])
        ipaddress.ip_address(parts[3])
        ports = [int(p) for p in parts[4:6]]
    except ValueError:
        raise ProxyError("a v1 header's addresses or ports are not ones") from None
    if src.version != (4 if parts[1] == "TCP4" else 6) or not all(0 <= p <= 65535 for p in ports):
        raise ProxyError("a v1 header's address family or ports do not agree")
    if any(str(p) != s for p, s in zip(ports, parts[4:6])):
        raise ProxyError("a v1 header's ports are plain decimal")
    return str(src)


def v2_length(head: bytes) -> int:
    """The body length from a v2 header's first 16 bytes (checked)."""
    if len(head) != 16 or head[:12] != V2_SIGNATURE:
        raise ProxyError("not a v2 signature")
    if head[12] >> 4 != 2:
        raise ProxyError("a v2 header of another version")
    length = struct.unpack("!H", head[14:16])[0]
    if length > V2_MAX_BODY:
        raise ProxyError("a v2 header too long")
    return length


def parse_v2(head: bytes, body: bytes) -> str | None:
    """The client's address from a v2 header (16 bytes, then its body), or None for a
    LOCAL command or an address family that is not IP (use the balancer's own)."""
    length = v2_length(head)
    if len(body) != length:
        raise ProxyError("a v2 header shorter than it says")
    command, family = head[12] & 0x0F, head[13]
    if command == 0:  # LOCAL: the balancer's own (health check)
        return None
    if command != 1:
        raise ProxyError("a v2 header's command is LOCAL or PROXY")
    kind = family >> 4
    if kind == 1:  # AF_INET: src, dst (4 bytes each), ports
        if length < 12:
            raise ProxyError("a v2 IPv4 header too short")
        return str(ipaddress.IPv4Address(body[:4]))
    if kind == 2:  # AF_INET6
        if length < 36:
            raise ProxyError("a v2 IPv6 header too short")
        return str(ipaddress.IPv6Address(body[:16]))
    if kind in (0, 3):  # UNSPEC, UNIX: no IP address to count by
        return None
    raise ProxyError("a v2 header's address family is unknown")


async def read_exactly(sock: socket.socket, n: int) -> bytes:
    loop = asyncio.get_running_loop()
    data = b""
    while len(data) < n:
        chunk = await loop.sock_recv(sock, n - len(data))
        if not chunk:
            raise ProxyError("the connection ended inside its PROXY header")
        data += chunk
    return data


async def read_header(sock: socket.socket) -> str | None:
    """Read one PROXY header (v1 or v2) from `sock`, nothing after it. The client's
    address, or None (the balancer's own connection). ProxyError if it is not one."""
    start = await read_exactly(sock, 6)
    if start == b"PROXY ":
        line = start
        while not line.endswith(b"\r\n"):
            if len(line) >= V1_MAX:
                raise ProxyError("a v1 header must end with CRLF within 107 bytes")
            line += await read_exactly(sock, 1)
        return parse_v1(line)
    if start == V2_SIGNATURE[:6]:
        head = start + await read_exactly(sock, 10)
        return parse_v2(head, await read_exactly(sock, v2_length(head)))
    raise ProxyError("no PROXY header")


def trusted_networks(specs: list[str]) -> list[Any]:
    """The operator's --proxy-from values (addresses or networks, a.b.c.d/n); ValueError
    names one that is neither."""
    nets = []
    for spec in specs:
        for part in spec.split(","):
            part = part.strip()
            if not part:
                continue
            try:
                nets.append(ipaddress.ip_network(part, strict=False))
            except ValueError:
                raise ValueError(f"--proxy-from {part!r} is not an address or a network") from None
    return nets


def is_trusted(address: str, nets: list[Any]) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in net for net in nets)


class ProxyListener:
    """A listening socket whose connections are handed to `serve(sock, address)`,
    `address` being the client's (from a trusted balancer's header) or the peer's."""

    def __init__(self, sock: socket.socket, nets: list[Any],
                 serve: Callable[[socket.socket, str], Awaitable[None]], log: Callable[[str], None]) -> None:
        self.sock = sock
        self.nets = nets
        self.serve = serve
        self.log = log
        self.tasks: set[asyncio.Task] = set()
        self.task = asyncio.get_running_loop().create_task(self._accept())

    @classmethod
    async def start(cls, host: str, port: int, nets: list[Any], serve, log) -> ProxyListener:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)
        family, _, _, _, address = infos[0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
            sock.listen(512)
        except OSError:
            sock.close()
            raise
        sock.setblocking(False)
        return cls(sock, nets, serve, log)

    def get_port(self) -> int:
        return self.sock.getsockname()[1]

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn, peer = await loop.sock_accept(self.sock)
            except OSError:
                return  # closed
            task = loop.create_task(self._welcome(conn, str(peer[0])))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _welcome(self, conn: socket.socket, peer: str) -> None:
        address = peer
        if is_trusted(peer, self.nets):
            try:
                told = await asyncio.wait_for(read_header(conn), HEADER_S)
            except (ProxyError, asyncio.TimeoutError, OSError) as exc:
                reason = "no header in time" if isinstance(exc, asyncio.TimeoutError) else exc
                self.log(f"connection from balancer {peer} closed: bad PROXY header ({reason})")
                conn.close()
                return
            address = told or peer
        try:
            await self.serve(conn, address)
        except Exception:  # noqa: BLE001  a failed handshake: asyncssh has closed it
            with contextlib.suppress(OSError):
                conn.close()

    def close(self) -> None:
        self.task.cancel()
        with contextlib.suppress(OSError):
            self.sock.close()
        for task in list(self.tasks):
            task.cancel()
