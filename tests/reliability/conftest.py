"""The reliability suite: leaks, crashes, races, bad input, slow clients, header abuse.

`make test` runs the short version; `make soak` (HAUNTKIT_SOAK=1) the long one: more seeds,
more games, more rounds of each (docs/testing.md, "Reliability")."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "server"))

from harness import ServerProcess, drop_db, make_db, pg_unavailable  # noqa: E402

KINDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(scope="module", params=KINDS)
def reliable_server(request: pytest.FixtureRequest,
                    tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One real server per database kind for a module of the suite."""
    if request.param == "postgres":
        why = pg_unavailable()
        if why:
            pytest.fail(why)  # a test that should run never skips quietly
    url, prefix = make_db(request.param, tmp_path_factory.mktemp(f"rel-{request.param}"))
    srv = ServerProcess(url, prefix).start()
    yield srv
    srv.kill()
    drop_db(url, prefix)
