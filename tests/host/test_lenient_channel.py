"""host/serve_compat.py's `lenient_channel` (issue 23 item 5: a library's private name
is used in one compatibility module, with its reason and a test that fails on an
upgrade that breaks it). asyncssh ends a connection whose pty request names a
terminal type that is not ASCII; the host wraps the channel's own handler of that
request instead. What it leans on is checked here by name, and the whole of it on a
real (in-process) asyncssh connection; tests/serve/test_ssh_limits.py checks the
host's behaviour (the default TERM, the log line) end to end."""

from __future__ import annotations

import ast
import asyncio
import inspect
from pathlib import Path
from types import SimpleNamespace

import asyncssh
from asyncssh.misc import map_handler_name
from asyncssh.packet import SSHPacket, String, UInt32

from host.serve_compat import PTY_REQUEST_HANDLER, lenient_channel

ROOT = Path(__file__).resolve().parents[2]


def pty_request(term: bytes) -> bytes:
    """A pty request's payload, as a client sends it: TERM, the size, no modes."""
    return String(term) + UInt32(80) + UInt32(24) + UInt32(0) + UInt32(0) + String(b"")


def test_asyncssh_finds_the_pty_handler_by_name_on_the_channel_itself():
    """The wrap works because asyncssh looks the handler up on the channel object when
    the request arrives: a renamed handler or a table of handlers breaks it."""
    assert "_process_" + map_handler_name("pty-req") + "_request" == PTY_REQUEST_HANDLER
    assert PTY_REQUEST_HANDLER in vars(asyncssh.SSHServerChannel)
    source = inspect.getsource(asyncssh.SSHServerChannel._service_next_request)
    assert "getattr(self, name" in source


def test_the_wrap_escapes_a_term_that_is_not_ascii_and_keeps_the_rest():
    seen: list[bytes] = []

    def strict(packet: SSHPacket) -> bool:
        seen.append(packet.get_remaining_payload())
        return True

    channel = SimpleNamespace(**{PTY_REQUEST_HANDLER: strict})
    conn = SimpleNamespace(create_server_channel=lambda: channel)
    handler = getattr(lenient_channel(conn), PTY_REQUEST_HANDLER)
    assert handler(SSHPacket(pty_request("xt\u00e9rm".encode()))) is True
    assert handler(SSHPacket(pty_request(b"xterm-256color"))) is True
    assert seen == [pty_request(b"xt\\xc3\\xa9rm"), pty_request(b"xterm-256color")]


async def test_a_real_asyncssh_server_hands_the_escaped_term_to_the_session(tmp_path):
    """Client and server of the installed asyncssh, in this process: the connection
    stays up and the session's pty_requested gets the name escaped."""
    terms: list[str] = []

    class Session(asyncssh.SSHServerSession):
        def connection_made(self, chan):
            self.chan = chan

        def pty_requested(self, term_type, term_size, term_modes):
            terms.append(term_type)
            return True

        def shell_requested(self):
            return True

        def session_started(self):
            self.chan.write(b"ok")
            self.chan.exit(0)

    class Server(asyncssh.SSHServer):
        def connection_made(self, conn):
            self.conn = conn

        def begin_auth(self, username):
            return False

        def session_requested(self):
            return lenient_channel(self.conn), Session()

    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.create_server(Server, "127.0.0.1", 0, server_host_keys=[key], encoding=None)
    try:
        async with asyncssh.connect("127.0.0.1", server.get_port(), username="alice", known_hosts=None,
                                    client_keys=None, agent_path=None, config=None) as conn:
            proc = await conn.create_process(encoding=None, term_type="xt\u00e9rm", term_size=(80, 24))
            out = await asyncio.wait_for(proc.stdout.read(), 10)
            await proc.wait_closed()
    finally:
        server.close()
    assert out == b"ok" and terms == ["xt\\xc3\\xa9rm"]


def test_no_other_host_module_reaches_into_asyncssh():
    """asyncssh's insides (its packet module, a channel's request handlers, a class
    swap) appear in host/serve_compat.py only."""
    found = []
    for path in sorted((ROOT / "host").rglob("*.py")):
        if path.name == "serve_compat.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("asyncssh."):
                found.append(f"{path.name}:{node.lineno} from {node.module}")
            elif isinstance(node, ast.Attribute) and (node.attr == "__class__" and isinstance(node.ctx, ast.Store)
                                                      or node.attr.startswith("_process_")):
                found.append(f"{path.name}:{node.lineno} .{node.attr}")
    assert not found, found
