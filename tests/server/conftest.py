"""Fixtures of the server tests: every server test runs on SQLite and on PostgreSQL.

``server`` is one real server process per database kind for the whole session (tests create
their own games, which never interfere); tests that kill or restart a server start their own
from ``db``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (  # noqa: E402
    ServerProcess,
    drop_db,
    make_db,
    pg_unavailable,
    redis_unavailable,
)

KINDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def _db(kind: str, folder: Path) -> Iterator[tuple[str, str]]:
    if kind == "postgres":
        why = pg_unavailable()
        if why:
            pytest.fail(why)  # a test that should run never skips quietly
    url, prefix = make_db(kind, folder)
    yield url, prefix
    drop_db(url, prefix)


@pytest.fixture(params=KINDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(url, table prefix): a SQLite file, or a unique table prefix on PostgreSQL (dropped
    afterwards)."""
    yield from _db(request.param, tmp_path)


@pytest.fixture(scope="session", params=KINDS)
def server(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp(f"server-{request.param}")
    for url, prefix in _db(request.param, folder):
        srv = ServerProcess(url, prefix).start()
        yield srv
        srv.kill()


@pytest.fixture(params=["redis", "postgres"])
def cluster_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """(database url, table prefix, link) of a cluster of server processes: PostgreSQL, linked
    by Redis or by PostgreSQL LISTEN/NOTIFY alone (``harness.node`` starts its processes)."""
    why = pg_unavailable() or (redis_unavailable() if request.param == "redis" else None)
    if why:
        pytest.fail(why)  # a test that should run never skips quietly
    url, prefix = make_db("postgres", tmp_path)
    yield url, prefix, request.param
    drop_db(url, prefix)
