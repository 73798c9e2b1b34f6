"""Fixtures of the campaign tests: every test that stores campaigns runs on SQLite and on
PostgreSQL (a unique table prefix per test, dropped afterwards)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from harness import drop_db, make_db, pg_unavailable  # noqa: E402


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def campaign_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(url, table prefix) of a fresh database."""
    if request.param == "postgres" and (why := pg_unavailable()):
        pytest.fail(why)  # a test that should run never skips quietly
    url, prefix = make_db(request.param, tmp_path)
    yield url, prefix
    drop_db(url, prefix)
