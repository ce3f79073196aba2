"""The `houses` command line: the app's own (tui/cli.py), with the host's `serve`
sub-command (host/cli.py) and the host's documents for an app whose saves a host
keeps in its database (host/storage/connect.py). Neither layer imports the other:
they meet here (docs/architecture.md, "Layers").

Importing the host's command line and its documents costs no server package
(asyncssh, textual-serve, psycopg, openskill): `houses serve` on an install without
them says in one line what to install (host/cli.py `missing_packages`).
"""

from __future__ import annotations

from host.cli import add_serve_parser, run_serve
from host.storage.connect import open_documents
from tui import cli

SERVE = cli.Command("serve", add_serve_parser, run_serve)


def main(argv: list[str] | None = None) -> int:
    return cli.main(argv, commands=[SERVE], open_documents=open_documents)


if __name__ == "__main__":
    raise SystemExit(main())
