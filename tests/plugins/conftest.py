"""Fixtures of the plugin tests: the tiny ruleset is an installed package (``make install``
installs tests/plugins/hauntkit-tinygame), played through hauntkit's own commands and server."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from harness import ServerProcess  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A real server (SQLite) in its own process, bots acting at once."""
    db = tmp_path_factory.mktemp("plugin") / "games.db"
    srv = ServerProcess(f"sqlite:///{db}", "", dev=False, bot_delay=0.0).start()
    yield srv
    srv.kill()
