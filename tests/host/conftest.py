"""The PostgreSQL fixtures (tests/host/pg.py) for the host's tests."""

from pg import pg_cluster, pg_url  # noqa: F401  (fixtures; pytest puts this folder on sys.path)
