"""Fixtures of the server tests: every server test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import ServerProcess, drop_db, make_db, pg_unavailable  # noqa: E402


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(url, table prefix): a SQLite file, or a unique table prefix on PostgreSQL (dropped
    afterwards)."""
    if request.param == "postgres":
        why = pg_unavailable()
        if why:
            pytest.skip(why)
    url, prefix = make_db(request.param, tmp_path)
    yield url, prefix
    drop_db(url, prefix)


@pytest.fixture
def server(db: tuple[str, str]) -> Iterator[ServerProcess]:
    srv = ServerProcess(*db).start()
    yield srv
    srv.kill()
