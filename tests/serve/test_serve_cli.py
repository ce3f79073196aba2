"""`houses serve ...` as an operator types it (host/cli.py, host/console.py): every
error is one line in words with exit status 2, never a traceback; what the operator
typed is echoed escaped; read-only commands create nothing; one key is one player;
addresses are written as URLs write them (IPv6 in brackets)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sshkit import HostProcess, make_key, need_ssh, run_ssh

ESC = "\x1b[31mAB"


def serve(root: Path, *args: str, stdin: str = "", timeout: float = 20) -> subprocess.CompletedProcess:
    """`houses serve ARGS` in a child process, with HOUSES_HOME in `root`."""
    env = dict(os.environ, HOUSES_HOME=str(root / "home"), PYTHONUNBUFFERED="1")
    return subprocess.run([sys.executable, "-P", "-m", "houses", "serve", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=timeout, cwd=root)


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    """A folder with things to pass wrongly: a plain file, a folder, a host folder
    with its database, a private key, a port someone listens on (IPv4 and IPv6)."""
    from host.storage import open_storage

    root = tmp_path_factory.mktemp("serve-cli")
    (root / "a-file").write_text("not a folder\n")
    (root / "a-folder").mkdir()
    (root / "garbage.pub").write_bytes(b"\x1b[31mssh-ed25519 not-a-key\n")
    (root / "random.pub").write_bytes(os.urandom(300))
    (root / "empty.pub").write_text("")
    (root / "big.pub").write_text("ssh-ed25519 " + "A" * 100_000 + "\n")
    (root / "id_x").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n")
    (root / "host").mkdir()
    open_storage(root / "host" / "houses.db").close()
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    yield root, busy.getsockname()[1]
    busy.close()


# Every sub-command, with values an operator may get wrong; {f} is a plain file,
# {d} a folder, {h} a host folder with its database, {r} the folder of these things,
# {busy} a port in use.
BAD = {
    "ssh": [
        ["--port", "99999"], ["--port", "-1"], ["--port", "abc"], ["--port", ""], ["--port", "{busy}"],
        ["--host", ""], ["--host", ESC], ["--host", "no-such-host.invalid", "--port", "0", "--data", "{h}"],
        ["--data", "{f}"], ["--data", ""], ["--keys", "{d}", "--data", "{h}"], ["--keys", ""],
        ["--db", ""], ["--db", "mysql://x/y", "--data", "{h}"], ["--db", "{d}", "--data", "{h}", "--port", "0"],
        ["--max-sessions", "0"], ["--max-sessions", "-3"], ["--max-sessions", "many"],
        ["--idle-timeout", "-5"], ["--idle-timeout", "nan"], ["--idle-timeout", ESC],
        ["--table-timeout", "0"], ["--table-timeout", "-1d"], ["--table-timeout", "inf"],
        ["--max-size", "10x10"], ["--max-size", "99999x99999"], ["--max-size", ESC],
    ],
    "web": [
        ["--port", "99999"], ["--port", "-1"], ["--port", ""], ["--port", "{busy}"],
        ["--host", ""], ["--host", ESC], ["--host", "no-such-host.invalid", "--port", "0"],
        ["--token", "a"], ["--token", ""], ["--token", "abcdefghijklmnop&next=/x"], ["--token", ESC * 4],
        ["--public-url", ""], ["--public-url", "javascript:alert(1)"], ["--public-url", "http://h:99999/"],
        ["--public-url", "http://h/" + ESC], ["--public-url", "http://h/?token=x"],
        ["--max-sessions", "0"], ["--max-sessions", "-1"], ["--idle-timeout", "-5"], ["--idle-timeout", "x"],
    ],
    "add-key": [
        ["alice", "{r}/no-such.pub", "--data", "{h}"], ["alice", "{d}", "--data", "{h}"], ["alice", "", "--data", "{h}"],
        ["", "{r}/garbage.pub"], [ESC, "{r}/garbage.pub"], ["alice"],
        ["alice", "{r}/garbage.pub", "--data", "{h}"], ["alice", "{r}/random.pub", "--data", "{h}"],
        ["alice", "{r}/empty.pub", "--data", "{h}"], ["alice", "{r}/id_x", "--data", "{h}"],
        ["alice", "-", "--data", "{h}"],  # (stdin empty)
        ["alice", "/dev/zero", "--data", "{h}"], ["alice", "{r}/big.pub", "--data", "{h}"],
        ["alice", "{r}/garbage.pub", "--data", "{f}"], ["alice", "{r}/garbage.pub", "--data", "{h}", "--keys", "{d}"],
        ["alice", "{r}/garbage.pub", "--db", ""], ["alice", "{r}/garbage.pub", "--data", "{h}", "--db", "{d}"],
    ],
    "tables": [
        ["--data", "{r}/no/such/dir"], ["--data", "{f}"], ["--data", ""], ["--data", "{d}"], ["--db", ""],
        ["--data", "{h}", "--db", "{r}/no-such.db"], ["--data", "{h}", "--db", "{d}"],
        ["--data", "{h}", "--db", "{f}"], ["--data", "{h}", "--db", "mysql://x/y"], ["--data", ESC],
        ["--data", "{h}", "--db", "postgresql://127.0.0.1:1/x"],  # (no database there: psycopg's two lines)
    ],
    "close": [
        [ESC, "--data", "{h}"], ["", "--data", "{h}"], ["ABCD", "--data", "{r}/no/such/dir"],
        ["ABCD", "--data", "{f}"], ["ABCD", "--db", ""], ["ABCD", "--data", "{h}", "--db", "{r}/no-such.db"], [],
    ],
    "": [[], ["no-such-command"], ["--bogus"]],
}


def _cases():
    for kind, cases in BAD.items():
        for args in cases:
            yield pytest.param(kind, args, id=f"{kind or 'serve'}:{' '.join(args)!r}")


def test_the_bad_values_cover_every_serve_command():
    """A new sub-command gets its bad values here, or this fails."""
    from houses.cli import SERVE
    from tui.cli import build_parser

    parser = build_parser(with_games=False, commands=[SERVE])
    serve_parser = parser._subparsers._group_actions[0].choices["serve"]  # noqa: SLF001
    kinds = set(serve_parser._subparsers._group_actions[0].choices)  # noqa: SLF001
    assert kinds == set(BAD) - {""}


@pytest.mark.parametrize(("kind", "args"), list(_cases()))
def test_every_serve_command_answers_bad_values_in_one_line(place, kind, args):
    root, busy = place
    names = {"f": root / "a-file", "d": root / "a-folder", "h": root / "host", "r": root, "busy": busy}
    argv = ([kind] if kind else []) + [a.format(**{k: str(v) for k, v in names.items()}) for a in args]
    done = serve(root, *argv)
    said = done.stderr
    assert "Traceback" not in said + done.stdout, said
    assert done.returncode == 2, (argv, done.returncode, said, done.stdout)
    assert said.endswith("\n") and said.count("\n") == 1, said  # one line
    assert said.startswith("houses serve") and len(said) < 400, said  # in words, and short
    assert "\x1b" not in said + done.stdout, said  # escapes echoed escaped
    assert done.stdout == "", done.stdout


def test_echoed_text_is_escaped(place):
    root, _busy = place
    said = serve(root, "close", ESC, "--data", str(root / "host")).stderr
    assert said == "houses serve close: There is no open table \\x1b[31MAB.\n"
    said = serve(root, ESC).stderr  # (argparse names the command it does not know)
    assert "\x1b" not in said and "\\x1b" in said


def test_a_taken_port_is_said_for_ssh_and_web(place):
    root, busy = place
    for kind in ("ssh", "web"):
        extra = ["--data", str(root / "host")] if kind == "ssh" else []
        said = serve(root, kind, "--port", str(busy), *extra)
        assert said.returncode == 2
        assert f"127.0.0.1:{busy}: Address already in use" in said.stderr, said.stderr


def test_read_only_commands_create_nothing(tmp_path):
    missing = tmp_path / "no" / "such" / "dir"
    for args in (["tables", "--data", str(missing)], ["close", "ABCD", "--data", str(missing)]):
        done = serve(tmp_path, *args)
        assert done.returncode == 2 and f"there is no host folder {missing}" in done.stderr
        assert not (tmp_path / "no").exists()
    empty = tmp_path / "empty-host"
    empty.mkdir()
    for args in (["tables", "--data", str(empty)], ["close", "ABCD", "--data", str(empty)],
                 ["tables", "--data", str(empty), "--db", str(empty / "other.db")]):
        done = serve(tmp_path, *args)
        assert done.returncode == 2 and "there is no database" in done.stderr, done.stderr
    assert list(empty.iterdir()) == []
    assert not (tmp_path / "home").exists()  # nor the default folder


def test_tables_on_a_host_with_a_database_lists_them(tmp_path):
    from host.storage import open_storage

    (tmp_path / "host").mkdir()
    open_storage(tmp_path / "host" / "houses.db").close()
    done = serve(tmp_path, "tables", "--data", str(tmp_path / "host"))
    assert done.returncode == 0 and done.stdout == f"No open tables in {tmp_path / 'host'}.\n"


def test_one_key_is_one_player(tmp_path):
    """add-key refuses a key another player holds, naming them; --move takes it from
    them (the database and the file). A running host and the real OpenSSH client:
    alice's key never signs in as bob until it is moved, then only as bob."""
    need_ssh()
    (tmp_path / "h").mkdir()
    host = HostProcess(tmp_path / "h", "--idle-timeout", "0")
    data = str(host.data)
    alice_key = make_key(tmp_path, "alice")
    alice = Path(str(alice_key) + ".pub")

    def signs_in(name: str) -> bool:
        done = run_ssh(host, name, alice_key)  # signed in, without -t: "needs a terminal", exit 1
        return done.returncode == 1 and "needs a terminal" in done.stdout + done.stderr

    try:
        assert serve(tmp_path, "add-key", "alice", str(alice), "--data", data).returncode == 0
        done = serve(tmp_path, "add-key", "bob", str(alice), "--data", data)
        assert done.returncode == 2 and done.stdout == ""
        assert "that key signs in alice already" in done.stderr and "--move" in done.stderr
        assert done.stderr.count("\n") == 1
        assert signs_in("alice") and not signs_in("bob")
        again = serve(tmp_path, "add-key", "alice", str(alice), "--data", data)
        assert again.returncode == 0
        assert (host.data / "authorized_keys").read_text().count("alice ssh-ed25519") == 1  # not a second line
        moved = serve(tmp_path, "add-key", "bob", str(alice), "--data", data, "--move")
        assert moved.returncode == 0 and "taken from alice" in moved.stdout
        assert signs_in("bob") and not signs_in("alice")
        assert (host.data / "authorized_keys").read_text().startswith("bob ssh-ed25519")
    finally:
        host.stop()


def test_an_ssh_host_on_port_0_says_the_port_it_took(tmp_path):
    env = dict(os.environ, HOUSES_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    log = tmp_path / "host.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "houses", "serve", "ssh", "--port", "0",
                                 "--data", str(tmp_path / "host")], stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 20
        while not (found := re.search(rb"Houses SSH host on 127\.0\.0\.1:(\d+);", log.read_bytes())):
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        port = int(found.group(1))
        assert port != 0
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            assert sock.recv(64).startswith(b"SSH-2.0-")
    finally:
        proc.terminate()
        proc.wait(timeout=15)


@pytest.mark.parametrize(("host", "url"), [
    ("::1", "http://[::1]:8001"), ("[::1]", "http://[::1]:8001"), ("::", "http://[::]:8001"),
    ("2001:db8::5", "http://[2001:db8::5]:8001"), ("fe80::1%eth0", "http://[fe80::1%25eth0]:8001"),
    ("127.0.0.1", "http://127.0.0.1:8001"), ("0.0.0.0", "http://0.0.0.0:8001"),
    ("localhost", "http://localhost:8001"), ("games.example.org", "http://games.example.org:8001"),
])
def test_the_url_builder_brackets_ipv6_only(host, url):
    from host.console import host_port, http_url
    from host.web import own_origins

    assert http_url(host, 8001) == url
    assert host_port(host, 8001) == url.removeprefix("http://")
    assert url in own_origins(host, 8001, url + "/")


def test_a_loopback_web_host_takes_pages_from_every_name_of_this_machine():
    from host.web import own_origins

    origins = own_origins("::1", 8001, "http://[::1]:8001/")
    assert {"http://[::1]:8001", "http://127.0.0.1:8001", "http://localhost:8001"} <= origins
    assert not any("://::1" in origin for origin in origins)


def test_the_hosts_log_escapes_what_it_is_given(capsys, tmp_path):
    """Host.log and TableHost.log both write through log_line: a name or path with
    escape codes shows them escaped; a traceback keeps its lines."""
    from host.console import log_line
    from host.ssh import Host, HostOptions
    from host.storage import open_storage
    from host.tables import TableHost

    log_line(f"{ESC} signed in\n    File 'x.py'\r, line 1")
    storage = open_storage(tmp_path / "houses.db")
    Host(HostOptions(data=tmp_path), storage, str(tmp_path / "houses.db")).log(f"keys in /tmp/{ESC}")
    storage.close()
    TableHost(Path("/nonexistent")).log(f"table {ESC}")
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out
    lines = out.splitlines()
    assert lines[0].endswith("\\x1b[31mAB signed in") and lines[1] == "    File 'x.py'\\r, line 1"
    assert lines[2].endswith("keys in /tmp/\\x1b[31mAB") and lines[3].endswith("table \\x1b[31mAB")


def test_a_key_written_by_hand_for_two_players_is_reported(tmp_path):
    """A host starting with one key under two names says so in its log."""
    need_ssh()
    from host.accounts import KeyRing

    text = Path(str(make_key(tmp_path, "alice")) + ".pub").read_text().strip()
    keys = tmp_path / "authorized_keys"
    keys.write_text(f"alice {text}\nbob {text}\n")
    ring = KeyRing(keys)
    ring.reload()
    assert any("one key signs in alice, bob" in problem and "--move" in problem for problem in ring.problems)
