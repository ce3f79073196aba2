"""The `houses` command: where the layers meet (docs/architecture.md, "Layers").

The app (tui) knows no host and the host knows no app; this package, above them
both and imported by neither, gives the app the host's `serve` sub-command and the
host's documents (a player's saves kept in a host's database). See houses/cli.py.
"""
