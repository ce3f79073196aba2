"""The PROXY protocol header a trusted load balancer sends (host/proxy.py): v1 and
v2, read byte-exactly, and every malformed header refused."""

from __future__ import annotations

import asyncio
import socket
import struct

import pytest

from host.proxy import (V2_SIGNATURE, ProxyError, is_trusted, parse_v1, parse_v2, read_header,
                        trusted_networks)


def v2(command: int = 1, family: int = 0x11, body: bytes | None = None, version: int = 2) -> bytes:
    if body is None:
        body = bytes([203, 0, 113, 5, 10, 0, 0, 1]) + struct.pack("!HH", 50000, 22)
    return V2_SIGNATURE + bytes([(version << 4) | command, family]) + struct.pack("!H", len(body)) + body


def test_v1_names_the_client():
    assert parse_v1(b"PROXY TCP4 203.0.113.5 10.0.0.1 50000 22\r\n") == "203.0.113.5"
    assert parse_v1(b"PROXY TCP6 2001:db8::5 2001:db8::1 50000 22\r\n") == "2001:db8::5"
    assert parse_v1(b"PROXY UNKNOWN\r\n") is None
    assert parse_v1(b"PROXY UNKNOWN ffff::1 ffff::2 1 2\r\n") is None


@pytest.mark.parametrize("line", [
    b"PROXY TCP4 203.0.113.5 10.0.0.1 50000 22\n",  # no CR
    b"PROXY TCP4 203.0.113.5 10.0.0.1 50000\r\n",  # a port missing
    b"PROXY TCP4 2001:db8::5 10.0.0.1 50000 22\r\n",  # v6 said as TCP4
    b"PROXY TCP6 203.0.113.5 10.0.0.1 50000 22\r\n",
    b"PROXY TCP4 203.0.113.999 10.0.0.1 50000 22\r\n",
    b"PROXY TCP4 203.0.113.5 10.0.0.1 70000 22\r\n",  # a port out of range
    b"PROXY TCP4 203.0.113.5 10.0.0.1 +5 22\r\n",
    b"PROXY TCP4 203.0.113.5 10.0.0.1 050000 22\r\n",
    b"PROXY UDP4 203.0.113.5 10.0.0.1 50000 22\r\n",
    b"PROXY  TCP4 203.0.113.5 10.0.0.1 50000 22\r\n",
    b"PROXY TCP4 \xff.0.113.5 10.0.0.1 50000 22\r\n",
    b"PROXY TCP4 " + b"1" * 100 + b"\r\n",  # longer than 107 bytes
    b"PROXY\r\n",
])
def test_a_malformed_v1_header_is_refused(line):
    with pytest.raises(ProxyError):
        parse_v1(line)


def test_v2_names_the_client():
    head = v2()
    assert parse_v2(head[:16], head[16:]) == "203.0.113.5"
    six = bytes.fromhex("20010db8000000000000000000000005") + bytes(16) + struct.pack("!HH", 1, 22)
    head = v2(family=0x21, body=six)
    assert parse_v2(head[:16], head[16:]) == "2001:db8::5"
    head = v2(command=0, body=b"")  # LOCAL: the balancer's own health check
    assert parse_v2(head[:16], head[16:]) is None
    head = v2(family=0x00, body=b"")  # UNSPEC
    assert parse_v2(head[:16], head[16:]) is None
    tlv = v2(body=bytes([203, 0, 113, 5, 10, 0, 0, 1]) + struct.pack("!HH", 1, 22) + b"\x04\x00\x01x")
    assert parse_v2(tlv[:16], tlv[16:]) == "203.0.113.5"  # TLVs after the addresses are skipped


@pytest.mark.parametrize("head", [
    v2(version=1), v2(command=2), v2(family=0x11, body=b"\x01\x02\x03"), v2(family=0x21, body=bytes(20)),
    v2(family=0x51, body=bytes(12)), b"\r\n\r\n\x00\r\nQUIX\n" + v2()[12:],
    V2_SIGNATURE + bytes([0x21, 0x11]) + struct.pack("!H", 65000),
])
def test_a_malformed_v2_header_is_refused(head):
    with pytest.raises(ProxyError):
        parse_v2(head[:16], head[16:])


async def read_from(data: bytes, close: bool = True) -> tuple[str | None, bytes]:
    """Send `data` over a socket pair; what read_header says, and what is left unread."""
    a, b = socket.socketpair()
    a.setblocking(False)
    b.sendall(data)
    if close:
        b.shutdown(socket.SHUT_WR)
    try:
        address = await asyncio.wait_for(read_header(a), 2)
        a.setblocking(True)
        a.settimeout(0.2)
        try:
            rest = a.recv(4096)
        except TimeoutError:
            rest = b""
        return address, rest
    finally:
        a.close()
        b.close()


async def test_the_header_is_read_byte_exactly_and_the_ssh_stream_left_whole():
    banner = b"SSH-2.0-OpenSSH_9.6\r\n"
    assert await read_from(b"PROXY TCP4 203.0.113.5 10.0.0.1 50000 22\r\n" + banner) == ("203.0.113.5", banner)
    assert await read_from(v2() + banner) == ("203.0.113.5", banner)


@pytest.mark.parametrize("data", [
    b"SSH-2.0-OpenSSH_9.6\r\n",  # no header from the balancer
    b"PROXY TCP4 203.0.113.5",  # cut short
    v2()[:20],
    b"PROXY " + b"x" * 200,  # no CRLF within the bound
    b"",
])
async def test_a_missing_cut_or_endless_header_is_refused(data):
    with pytest.raises(ProxyError):
        await read_from(data)


def test_only_the_configured_balancers_are_trusted():
    nets = trusted_networks(["10.0.0.1, 192.168.5.0/24", "::1"])
    assert is_trusted("10.0.0.1", nets) and is_trusted("192.168.5.77", nets) and is_trusted("::1", nets)
    assert is_trusted("::ffff:10.0.0.1", nets)  # a v4 balancer on a dual-stack socket
    assert not is_trusted("10.0.0.2", nets) and not is_trusted("127.0.0.1", nets) and not is_trusted("?", nets)
    with pytest.raises(ValueError, match="'nope' is not an address"):
        trusted_networks(["10.0.0.1,nope"])
