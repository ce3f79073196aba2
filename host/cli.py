"""The `houses serve` sub-commands: ssh, web and add-key."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _size(text: str) -> tuple[int, int]:
    try:
        cols, rows = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("use COLSxROWS, e.g. 200x60") from None
    if cols < 80 or rows < 24:
        raise argparse.ArgumentTypeError("at least 80x24")
    return cols, rows


def _duration(text: str) -> float:
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
    if value <= 0:
        raise argparse.ArgumentTypeError("more than 0")
    return value


def add_serve_parser(sub) -> None:
    serve = sub.add_parser("serve", help="host the app for others (SSH or a browser)")
    kinds = serve.add_subparsers(dest="serve_kind", required=True, metavar="ssh|web|add-key|tables|close")

    ssh = kinds.add_parser("ssh", help="an SSH server: every player gets the app in their terminal")
    ssh.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    ssh.add_argument("--port", type=int, default=2222, help="port (default: 2222)")
    ssh.add_argument("--data", type=Path, default=None,
                     help="the host's folder: host key, players' saves, tables (default: $HOUSES_HOME/host)")
    ssh.add_argument("--keys", type=Path, default=None,
                     help="authorized-keys file: lines 'NAME ssh-ed25519 AAAA...' (default: DATA/authorized_keys)")
    ssh.add_argument("--db", default=None, metavar="URL",
                     help="the database: a file path (SQLite) or postgresql://USER@HOST/DB (default: DATA/houses.db)")
    ssh.add_argument("--open", action="store_true",
                     help="let anyone in under any name, without a key: only on a trusted network")
    ssh.add_argument("--max-sessions", type=int, default=50,
                     help="signed-in connections at once, and apps at once (default: 50)")
    ssh.add_argument("--idle-timeout", type=float, default=3600,
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
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    web.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    web.add_argument("--public-url", default=None, help="the URL browsers use, if not http://HOST:PORT")
    web.add_argument("--token", default=None, help="the secret in the URL (default: a new random one at each start)")
    web.add_argument("--max-sessions", type=int, default=8, help="browser tabs playing at once (default: 8)")
    web.add_argument("--idle-timeout", type=float, default=3600,
                     help="seconds without a key before a session closes; 0 never (default: 3600)")

    add = kinds.add_parser("add-key", help="let a player in: add their public key to the host's keys")
    add.add_argument("name", help="the player's name (their SSH user name)")
    add.add_argument("key_file", type=Path, help="their public key file, e.g. id_ed25519.pub ('-' reads stdin)")
    add.add_argument("--data", type=Path, default=None, help="the host's folder (default: $HOUSES_HOME/host)")
    add.add_argument("--keys", type=Path, default=None, help="authorized-keys file (default: DATA/authorized_keys)")
    add.add_argument("--db", default=None, metavar="URL",
                     help="the database: a file path (SQLite) or postgresql://USER@HOST/DB (default: DATA/houses.db)")

    tables = kinds.add_parser("tables", help="list the open tables of a host (running or not)")
    tables.add_argument("--data", type=Path, default=None, help="the host's folder (default: $HOUSES_HOME/host)")
    tables.add_argument("--db", default=None, metavar="URL",
                     help="the database: a file path (SQLite) or postgresql://USER@HOST/DB (default: DATA/houses.db)")

    close = kinds.add_parser("close", help="close a table: it goes into each of its players' saved games")
    close.add_argument("code", help="the table's code, e.g. ABCD")
    close.add_argument("--data", type=Path, default=None, help="the host's folder (default: $HOUSES_HOME/host)")
    close.add_argument("--db", default=None, metavar="URL",
                     help="the database: a file path (SQLite) or postgresql://USER@HOST/DB (default: DATA/houses.db)")


def _db(text: str | None) -> str | None:
    """A database given on the command line: a URL as it is, a file path made absolute
    (the players' apps run in other folders)."""
    if not text or "://" in text:
        return text
    return str(Path(text).expanduser().resolve())


def run_serve(args: argparse.Namespace) -> int:
    from host.storage import StorageError

    try:
        return _run_serve(args)
    except StorageError as exc:  # a bad URL, a database that does not answer
        print(f"houses: cannot use the host's database: {exc}", file=sys.stderr)
        return 2


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

    data = (args.data if getattr(args, "data", None) else default_data_dir()).expanduser().resolve()
    db = _db(getattr(args, "db", None))
    if args.serve_kind == "ssh":
        from host.ssh import HostOptions, run

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
        from host.accounts import add_key
        from host.storage import StorageError, open_host_storage

        text = sys.stdin.read() if str(args.key_file) == "-" else args.key_file.read_text()
        keys = args.keys or data / "authorized_keys"
        storage = open_host_storage(data, db)
        try:
            line = add_key(keys, args.name, text, storage)
        except StorageError:
            raise
        except Exception as exc:  # a bad name or a file that is not a key
            print(f"houses: {exc}", file=sys.stderr)
            return 2
        finally:
            storage.close()
        print(f"Added to {storage.url} and {keys}: {line[:60]}...")
        return 0
    if args.serve_kind == "tables":
        return print_tables(data, db)
    if args.serve_kind == "close":
        from host.tables import close_table

        try:
            print(close_table(data, args.code, db))
        except ValueError as exc:
            print(f"houses: {exc}", file=sys.stderr)
            return 1
        return 0
    return 2


def print_tables(data: Path, db: str | None = None) -> int:
    import time

    from core import GAMES
    from host.tables import list_tables

    rows = list_tables(data, db)
    if not rows:
        print(f"No open tables in {data}.")
        return 0
    print(f"{'CODE':4}  {'GAME':14}  {'MOVES':>5}  {'LAST ACTIVE':16}  PLAYERS")
    for row in sorted(rows, key=lambda r: r["last_active"]):
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row["last_active"]))
        people = ", ".join(row["players"]) + (f" + {row['bots']} bot(s)" if row["bots"] else "")
        here = " (someone there)" if row["present"] else ""
        print(f"{row['code']:4}  {GAMES[row['game']].title[:14]:14}  {row['moves']:>5}  {when:16}  {people}{here}")
    return 0
