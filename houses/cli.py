"""The `houses` command line: the app's own (tui/cli.py), with the host's `serve`
sub-command (host/cli.py) and the host's documents for an app whose saves a host
keeps in its database (host/storage/connect.py). Neither layer imports the other:
they meet here (docs/architecture.md, "Layers").

Importing the host's command line and its documents costs no server package
(asyncssh, textual-serve, psycopg, openskill): `houses serve` on an install without
them says in one line what to install (host/cli.py `missing_packages`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui import cli

if TYPE_CHECKING:
    from saves.db import Documents

# The host's modules are imported when used, so the app's start pays for none of them.


def add_serve_parser(sub: Any) -> None:
    from host.cli import add_serve_parser as add

    add(sub)


def run_serve(args: Any) -> int:
    from host.cli import run_serve as run

    return run(args)


def open_documents(url: str) -> Documents:
    """The host's documents at `url`, for an app whose saves a host keeps (HOUSES_STORE)."""
    from host.storage.connect import open_documents as open_them

    return open_them(url)


SERVE = cli.Command("serve", add_serve_parser, run_serve)


def main(argv: list[str] | None = None) -> int:
    return cli.main(argv, commands=[SERVE], open_documents=open_documents)


if __name__ == "__main__":
    raise SystemExit(main())
