"""Every test session sees the test-only ruleset plugin (tests/plugins/hauntkit-tinygame).

``make install`` pip-installs it into ``.venv/test-plugins``, outside site-packages, so that
``make play`` never offers a test game to players. Here that folder goes on this process's path
and on ``PYTHONPATH`` of every process the tests start (servers, CLI runs, workers)."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import pytest

TEST_PLUGINS = Path(sys.prefix) / "test-plugins"

if str(TEST_PLUGINS) not in sys.path:
    sys.path.insert(0, str(TEST_PLUGINS))
    importlib.invalidate_caches()
_paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
if str(TEST_PLUGINS) not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in [str(TEST_PLUGINS), *_paths] if p)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run last, whatever order the paths were given in: Playwright's
    session-wide browser keeps an event loop running in the main thread until the session
    ends, and a test after it could not start one of its own (``asyncio.run``)."""
    web = str(Path(__file__).parent / "web")
    items.sort(key=lambda item: str(item.fspath).startswith(web))
