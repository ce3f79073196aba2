"""The asyncssh names host/limits.py's LenientChannel leans on (issue 23 item 5: a
private name is collected with its reason and a test that fails on an upgrade that
breaks it). The behaviour, a TERM that is not ASCII over a real connection, is
pinned by tests/serve/test_ssh_limits.py."""

from __future__ import annotations

import inspect

import asyncssh
from asyncssh.packet import SSHPacket, String, UInt32

from host.limits import LenientChannel


def test_the_channel_asyncssh_makes_is_the_class_lenient_channel_extends():
    source = inspect.getsource(asyncssh.SSHServerConnection.create_server_channel)
    assert "SSHServerChannel(" in source  # the class swapped from, and nothing derived
    assert LenientChannel.__bases__ == (asyncssh.SSHServerChannel,)
    own = {name for name in vars(LenientChannel) if not name.startswith("__")}
    assert own == {"_process_pty_req_request"}  # one method, no state: the swap is safe


def test_the_pty_request_is_read_from_the_packet_lenient_channel_rewinds():
    assert "_process_pty_req_request" in vars(asyncssh.SSHServerChannel)
    payload = String(b"xterm") + UInt32(80) + UInt32(24) + UInt32(0) + UInt32(0) + String(b"")
    packet = SSHPacket(payload)
    start = packet._idx
    assert packet.get_string() == b"xterm"
    packet._idx = start  # the rewind LenientChannel makes
    assert packet.get_string() == b"xterm"
