"""The PostgreSQL fixtures (tests/host/pg.py) for the host's tests, and two table
hosts on one PostgreSQL for the two-host tests."""

import pytest

from pg import pg_cluster, pg_url  # noqa: F401  (fixtures; pytest puts this folder on sys.path)


@pytest.fixture
async def hosts(tmp_path, pg_url):  # noqa: F811  (pg_url: the fixture)
    """Two table hosts, a and b, on one PostgreSQL (host/relay.py). What each one's log
    says is kept in its `said` list (and printed, for a failing test's report)."""
    from host.relay import SharedTableHost
    from host.storage import open_storage

    made = []
    try:
        for name in ("a", "b"):
            (tmp_path / name).mkdir()
            h = SharedTableHost(tmp_path / name, storage=open_storage(pg_url))
            h.said = []
            h.log = lambda text, h=h, name=name: (h.said.append(text), print(f"host {name}: {text}"))
            await h.start()
            made.append(h)
        yield made
    finally:
        for h in made:
            await h.stop()
        for h in made:
            h.storage.close()
