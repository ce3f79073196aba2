"""The `houses serve` sub-commands: ssh, web and add-key."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path


def _size(text: str) -> tuple[int, int]:
    try:
        cols, rows = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("use COLSxROWS, e.g. 200x60") from None
    if cols < 80 or rows < 24:
        raise argparse.ArgumentTypeError("at least 80x24")
    if cols > 1000 or rows > 1000:
        raise argparse.ArgumentTypeError("at most 1000x1000")
    return cols, rows


def _seconds(text: str, zero_ok: bool) -> float:
    """Seconds from "7d", "12h", "30m", "45s" or a plain number of seconds."""
    units = {"d": 86400, "h": 3600, "m": 60, "s": 1}
    text = text.strip().lower()
    try:
        if text and text[-1] in units:
            value = float(text[:-1]) * units[text[-1]]
        else:
            value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("use a number of seconds or e.g. 7d, 12h, 30m") from None
    if not math.isfinite(value) or value < 0 or (value == 0 and not zero_ok):
        raise argparse.ArgumentTypeError("a number of seconds more than 0" + (", or 0 for never" if zero_ok else ""))
    if value > 10 * 365 * 86400:
        raise argparse.ArgumentTypeError("at most 10 years")
    return value


def _duration(text: str) -> float:
    return _seconds(text, zero_ok=False)


def _idle(text: str) -> float:
    return _seconds(text, zero_ok=True)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("a port is a number from 1 to 65535 (0: any free one)") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError("a port is a number from 1 to 65535 (0: any free one)")
    return port


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("a whole number, 1 or more") from None
    if not 1 <= value <= 100_000:
        raise argparse.ArgumentTypeError("a whole number from 1 to 100000")
    return value


def _listen_host(text: str) -> str:
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]  # [::1] as in a URL
    if not text:
        raise argparse.ArgumentTypeError("give an address: 127.0.0.1, ::1, or 0.0.0.0 for every one")
    if not all(ch.isalnum() or ch in ".:-_%" for ch in text) or not text.isascii():
        raise argparse.ArgumentTypeError("an address is a name or numbers, e.g. 127.0.0.1 or ::1")
    return text


TOKEN_MIN = 16
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")


def _token(text: str) -> str:
    if len(text) < TOKEN_MIN:
        raise argparse.ArgumentTypeError(f"at least {TOKEN_MIN} characters: a short token is guessed "
                                         "(leave it out for a new random one)")
    if not set(text) <= TOKEN_CHARS:
        raise argparse.ArgumentTypeError("only letters, digits and - _ . ~ (it goes into the URL as it is)")
    return text


def _public_url(text: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(text.strip())
    if (parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment
            or not all(ch.isprintable() and not ch.isspace() for ch in text.strip())):
        raise argparse.ArgumentTypeError("an http:// or https:// address with a host, no ?query or #part, "
                                         "e.g. https://games.example.org/")
    try:
        parts.port  # noqa: B018 (raises on a bad port)
    except ValueError:
        raise argparse.ArgumentTypeError("its port is a number from 1 to 65535") from None
    return text.strip()


def _path(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("give a path, not an empty one")
    return Path(text).expanduser()


def _db_arg(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("give a file path (SQLite) or a postgresql:// URL, not an empty one")
    return text


def _name(text: str) -> str:
    from host.accounts import valid_name

    if not valid_name(text):
        raise argparse.ArgumentTypeError("a player name is letters, digits, . _ - (up to 32), "
                                         "starting with a letter or digit")
    return text


class _OneLineErrors(argparse.ArgumentParser):
    """A `houses serve` parser whose errors are one line in words (no usage block)
    and exit status 2, as every error of these commands is."""

    def error(self, message: str):  # type: ignore[override]
        from host.console import fail

        self.exit(fail(f"{message} (see {self.prog} --help)", self.prog))


def add_serve_parser(sub) -> None:
    serve = sub.add_parser("serve", help="host the app for others (SSH or a browser)")
    serve.error = _OneLineErrors.error.__get__(serve)  # (its class is the main parser's)
    kinds = serve.add_subparsers(dest="serve_kind", required=True, metavar="ssh|web|add-key|tables|close",
                                 parser_class=_OneLineErrors)
    db_help = "the database: a file path (SQLite) or postgresql://USER@HOST/DB (default: DATA/houses.db)"

    ssh = kinds.add_parser("ssh", help="an SSH server: every player gets the app in their terminal")
    ssh.add_argument("--host", type=_listen_host, default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    ssh.add_argument("--port", type=_port, default=2222, help="port (default: 2222; 0: any free one)")
    ssh.add_argument("--data", type=_path, default=None,
                     help="the host's folder: host key, players' saves, tables (default: $HOUSES_HOME/host)")
    ssh.add_argument("--keys", type=_path, default=None,
                     help="authorized-keys file: lines 'NAME ssh-ed25519 AAAA...' (default: DATA/authorized_keys)")
    ssh.add_argument("--db", type=_db_arg, default=None, metavar="URL", help=db_help)
    ssh.add_argument("--open", action="store_true",
                     help="let anyone in under any name, without a key: only on a trusted network")
    ssh.add_argument("--max-sessions", type=_count, default=50,
                     help="signed-in connections at once, and apps at once (default: 50)")
    ssh.add_argument("--idle-timeout", type=_idle, default=3600, metavar="TIME",
                     help="seconds without a key before a connection closes, whatever it has open; 0 never (default: 3600)")
    ssh.add_argument("--proxy-from", type=_networks, default=[], metavar="ADDRESSES",
                     help="a load balancer's addresses (comma-separated, or a.b.c.d/n), whose PROXY protocol "
                          "header (v1 or v2) names each client; from anyone else it is never read")
    ssh.add_argument("--max-size", type=_size, default=(200, 60),
                     help="the largest terminal an app draws, COLSxROWS (default: 200x60)")
    ssh.add_argument("--table-timeout", type=_duration, default=7 * 86400, metavar="TIME",
                     help="close a table all of whose players were away this long, into their saves "
                          "(seconds, or e.g. 7d, 12h; default: 7d)")

    web = kinds.add_parser("web", help="the app in a browser (textual-serve)")
    web.add_argument("--host", type=_listen_host, default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    web.add_argument("--port", type=_port, default=8000, help="port (default: 8000; 0: any free one)")
    web.add_argument("--public-url", type=_public_url, default=None,
                     help="the URL browsers use, if not http://HOST:PORT")
    web.add_argument("--token", type=_token, default=None,
                     help=f"the secret in the URL, {TOKEN_MIN} or more letters, digits, - _ . ~ "
                          "(default: a new random one at each start)")
    web.add_argument("--max-sessions", type=_count, default=8, help="browser tabs playing at once (default: 8)")
    web.add_argument("--idle-timeout", type=_idle, default=3600, metavar="TIME",
                     help="seconds without a key before a session closes; 0 never (default: 3600)")

    add = kinds.add_parser("add-key", help="let a player in: add their public key to the host's keys")
    add.add_argument("name", type=_name, help="the player's name (their SSH user name)")
    add.add_argument("key_file", type=_path, help="their public key file, e.g. id_ed25519.pub ('-' reads stdin)")
    add.add_argument("--move", action="store_true",
                     help="the key signs in another player now: take it from them (one key is one player)")
    add.add_argument("--data", type=_path, default=None, help="the host's folder (default: $HOUSES_HOME/host)")
    add.add_argument("--keys", type=_path, default=None, help="authorized-keys file (default: DATA/authorized_keys)")
    add.add_argument("--db", type=_db_arg, default=None, metavar="URL", help=db_help)

    tables = kinds.add_parser("tables", help="list the open tables of a host (running or not)")
    tables.add_argument("--data", type=_path, default=None, help="the host's folder (default: $HOUSES_HOME/host)")
    tables.add_argument("--db", type=_db_arg, default=None, metavar="URL", help=db_help)

    close = kinds.add_parser("close", help="close a table: it goes into each of its players' saved games")
    close.add_argument("code", help="the table's code, e.g. ABCD")
    close.add_argument("--data", type=_path, default=None, help="the host's folder (default: $HOUSES_HOME/host)")
    close.add_argument("--db", type=_db_arg, default=None, metavar="URL", help=db_help)


def _db(text: str | None) -> str | None:
    """A database given on the command line: a URL as it is, a file path made absolute
    (the players' apps run in other folders)."""
    if not text or "://" in text:
        return text
    return str(Path(text).expanduser().resolve())


# The host's own packages, the `host` extra of pyproject.toml (module: distribution):
# a player's install of the app has none of them.
HOST_PACKAGES = {"asyncssh": "asyncssh", "textual_serve": "textual-serve", "psycopg": "psycopg",
                 "psycopg_pool": "psycopg-pool", "openskill": "openskill"}
INSTALL_HOST = "pip install 'houses[host]' (from a checkout: pip install '.[host]')"


def missing_packages() -> list[str]:
    """The host's packages not installed here, by the names pip knows them by."""
    import importlib.util

    missing = []
    for module, name in HOST_PACKAGES.items():
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            missing.append(name)
    return missing


def run_serve(args: argparse.Namespace) -> int:
    """Run one `houses serve` command; an error is one line in words, status 2. On an
    install without the host's packages (the app alone), one line says what to install."""
    from host.console import fail
    from host.storage import StorageError

    prog = f"houses serve {args.serve_kind}"
    missing = missing_packages()
    if missing:
        return fail(f"hosting needs packages this install does not have ({', '.join(missing)}): {INSTALL_HOST}", prog)
    try:
        return _run_serve(args)
    except StorageError as exc:  # a bad URL, a database that does not answer, none there
        return fail(f"cannot use the host's database: {exc}", prog)
    except (ValueError, OSError) as exc:  # a bad key, a file or folder that is not there or not one
        return fail(str(exc) if isinstance(exc, ValueError) else _os_error(exc), prog)
    except KeyboardInterrupt:  # ctrl+c before the server's own handler is in place
        print(file=sys.stderr)
        return 130


def _os_error(exc: OSError) -> str:
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}{exc.strerror or exc}"


def _folder(path: Path, what: str) -> Path:
    """A folder the command may make: not one if a file is there."""
    if path.exists() and not path.is_dir():
        raise ValueError(f"{what} {path} is a file, not a folder")
    return path


def _file(path: Path, what: str) -> Path:
    """A file the command reads or adds to: not a folder."""
    if path.is_dir():
        raise ValueError(f"{what} {path} is a folder, not a file")
    return path


def _networks(text: str) -> list[str]:
    """--proxy-from: addresses or networks, checked (host/proxy.py)."""
    from host.proxy import trusted_networks

    try:
        nets = trusted_networks([text])
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--proxy-from ")) from None
    if not nets:
        raise argparse.ArgumentTypeError("name at least one address")
    return [str(net) for net in nets]


def _run_serve(args: argparse.Namespace) -> int:
    from host.accounts import default_data_dir
    from host.malloc import limit_arenas

    limit_arenas()  # a long-lived process: see host/malloc.py

    data = (args.data if getattr(args, "data", None) else default_data_dir()).expanduser().resolve()
    db = _db(getattr(args, "db", None))
    if args.serve_kind == "ssh":
        from host.ssh import HostOptions, run

        try:  # (the host makes it at start anyway: said here in words)
            _folder(data, "the host's folder").mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"cannot make the host's folder {data}: {exc.strerror or exc}") from None
        if args.keys is not None:
            _file(args.keys, "the keys file")
        opts = HostOptions(host=args.host, port=args.port, data=data, keys=args.keys, open=args.open,
                           max_sessions=args.max_sessions, idle_timeout=args.idle_timeout,
                           max_cols=args.max_size[0], max_rows=args.max_size[1],
                           table_timeout=args.table_timeout, db=db, proxy_from=args.proxy_from)
        return run(opts)
    if args.serve_kind == "web":
        from host.web import run_web

        return run_web(args.host, args.port, args.public_url, token=args.token,
                       max_sessions=args.max_sessions, idle_timeout=args.idle_timeout)
    if args.serve_kind == "add-key":
        return _add_key(args, data, db)
    if args.serve_kind in ("tables", "close") and not data.is_dir():  # read, never made here
        raise ValueError(f"there is no host folder {data} (give --data, the folder the host uses)")
    if args.serve_kind == "tables":
        return print_tables(data, db)
    if args.serve_kind == "close":
        from host.console import shown
        from host.tables import close_table

        print(shown(close_table(data, args.code, db), None))  # ValueError: no such table
        return 0
    return 2


KEY_MAX = 16 * 1024  # an OpenSSH public key line is well under 1 KiB (RSA 16384: 2.8 KiB)


def _add_key(args: argparse.Namespace, data: Path, db: str | None) -> int:
    from host.accounts import KeyRing, add_key, key_holders, public_key
    from host.console import shown
    from host.storage import open_host_storage

    _folder(data, "the host's folder")
    keys = _file(args.keys or data / "authorized_keys", "the keys file")
    if str(args.key_file) == "-":
        text = sys.stdin.read(KEY_MAX + 1)
    else:
        source = _file(args.key_file, "the key file")
        if not source.exists():
            raise ValueError(f"there is no key file {source}: give the player's public key, e.g. id_ed25519.pub")
        if not source.is_file():  # /dev/zero, a pipe: would never end
            raise ValueError(f"{source} is not a plain file: give the player's public key, e.g. id_ed25519.pub")
        with open(source, encoding="utf-8", errors="replace") as f:
            text = f.read(KEY_MAX + 1)
    if len(text) > KEY_MAX:
        raise ValueError("that is too long to be a public key; nothing was added")
    storage = open_host_storage(data, db)
    try:
        ring = KeyRing(keys, storage)
        ring.reload()
        key, _problem = public_key(text)
        before = [holder for holder in key_holders(ring, key) if holder != args.name] if key else []
        line = add_key(keys, args.name, text, storage, move=args.move)
    finally:
        storage.close()
    taken = f" (taken from {', '.join(before)}: it no longer signs them in)" if before else ""
    print(shown(f"Added to {storage.url} and {keys}: {line[:60]}...{taken}", None))
    return 0


def print_tables(data: Path, db: str | None = None) -> int:
    import time

    from core import GAMES
    from host.tables import list_tables

    from host.console import shown

    rows = list_tables(data, db)
    if not rows:
        print(f"No open tables in {shown(data, None)}.")
        return 0
    print(f"{'CODE':4}  {'GAME':14}  {'AT':>9}  {'LAST ACTIVE':16}  PLAYERS")
    for row in sorted(rows, key=lambda r: r["last_active"]):
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row["last_active"]))
        people = ", ".join(row["players"]) + (f" + {row['bots']} bot(s)" if row["bots"] else "")
        here = " (someone there)" if row["present"] else ""
        at = "over" if row.get("over") else f"move {row['moves'] + 1}"  # as the app says it
        print(shown(f"{row['code']:4}  {GAMES[row['game']].title[:14]:14}  {at:>9}  {when:16}  "
                    f"{people}{here}", None))
    return 0
