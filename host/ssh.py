"""`houses serve ssh`: the app for every player who connects over SSH.

One asyncio process runs the SSH server (asyncssh). Each session that asks for a
terminal gets a child process, `python -m houses`, on a pseudo-terminal of the
client's size, with the client's TERM and HOUSES_HOME set to the player's own folder.
Bytes go both ways untouched; a resize on the client sets the pty's size, which
sends SIGWINCH to the app. A dropped connection sends SIGHUP: the app writes what
is queued and leaves (every move was already saved), so the player reconnects and
continues.

Only the app: no shell, no exec, no forwarding, no SFTP. Public-key authentication
against the host's authorized-keys file, unless the operator says `--open`.

Everything a client sends is untrusted: its terminal type and locale are used only
when they look like one, anything of it that is logged is escaped first (a TERM full
of escape codes must not drive the operator's console), input bytes reach the app as
valid UTF-8 (a Latin-1 client's are transcoded, other bad bytes replaced), and a
crashing app's traceback stays in the host's log.

The parts: this module starts, runs and stops the host; host/ssh_host.py is what
its connections share (`HostOptions`, `Host`); host/ssh_connection.py one
connection (sign-in, limits, idle); host/app_session.py one session, the bridge
between its channel and its app; host/app_process.py that app on its pty;
host/limits.py what is accepted from a client not signed in yet.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time

import asyncssh

from host.accounts import host_key
from host.console import fail, host_port, log_line
from host.limits import LOGIN_TIMEOUT_S, shown
from host.ssh_connection import HostServer
from host.ssh_host import Host, HostOptions, Listener

SERVER_VERSION = "Houses"  # the SSH banner: no library name or version to look up


async def start_host(opts: HostOptions) -> Host:
    """Start the SSH server (and the tables) and return at once."""
    opts.data.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(opts.data, 0o700)
    key = host_key(opts.data)
    from host.storage import default_db, open_host_storage

    storage = open_host_storage(opts.data, opts.db, log=log_line)  # StorageError: said by run()
    host = Host(opts, storage, opts.db or str(default_db(opts.data)))
    host.keyring.reload()
    for problem in host.keyring.problems:
        host.log(problem)
    if opts.open and host.keyring.keys:
        names = ", ".join(sorted(host.keyring.keys))
        host.log(f"WARNING: --open lets anyone in under any name without a key, so these players "
                 f"of {opts.keys_file} are not protected: {names}")
    ssh_options = dict(
        server_host_keys=[key],
        encoding=None,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        login_timeout=LOGIN_TIMEOUT_S,
        keepalive_interval=30,
        keepalive_count_max=4,
        line_editor=False,
        server_version=SERVER_VERSION,
    )
    if opts.proxy_from:  # behind a balancer: its PROXY header names the client (host/proxy.py)
        from host.proxy import ProxyListener, trusted_networks

        async def serve_one(sock, address: str) -> None:
            await asyncssh.run_server(sock, server_factory=lambda: HostServer(host, address), **ssh_options)

        server: Listener = await ProxyListener.start(opts.host, opts.port, trusted_networks(opts.proxy_from),
                                                     serve_one, lambda text: host.log(text))
    else:
        server = await asyncssh.create_server(lambda: HostServer(host), opts.host, opts.port, **ssh_options)
    host.server = server
    host.port = server.get_port()  # (read now: --port 0 chose it; both listeners give it)
    if opts.tables:  # after the port is ours: a second host on the same folder stops above
        from host.relay import table_host_class

        tables = table_host_class(storage)(opts.data, opts.table_timeout, storage=storage)
        host.tables = tables
        await tables.start()
    host.ready.set()
    return host


async def stop_host(host: Host) -> None:
    if host.server is not None:
        host.server.close()
    for session in list(host.sessions):
        session.stop_child()
    deadline = time.monotonic() + 6
    while host.sessions and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    if host.tables is not None:
        await host.tables.stop()
    host.storage.close()


async def serve(opts: HostOptions) -> None:
    host = await start_host(opts)
    mode = "OPEN to any key (trusted network)" if opts.open else f"keys in {opts.keys_file}"
    host.log(f"Houses SSH host on {host_port(opts.host, host.port)}; data in {shown(opts.data, None)}; {shown(mode, None)}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    host.log("stopping")
    await stop_host(host)


def run(opts: HostOptions) -> int:
    from host.storage import StorageError

    try:
        asyncio.run(serve(opts))
    except StorageError as exc:
        return fail(f"cannot use the host's database: {exc}", "houses serve ssh")
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        said = os.strerror(exc.errno) if exc.errno else str(exc)  # (asyncio's own words name the tuple)
        return fail(f"cannot host on {host_port(opts.host, opts.port)}: {said}{where}",
                    "houses serve ssh")
    return 0

