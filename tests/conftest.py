"""Every test session sees the test-only ruleset plugin (tests/plugins/hauntkit-tinygame).

``make install`` pip-installs it into ``.venv/test-plugins``, outside site-packages, so that
``make play`` never offers a test game to players. Here that folder goes on this process's path
and on ``PYTHONPATH`` of every process the tests start (servers, CLI runs, workers)."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

TEST_PLUGINS = Path(sys.prefix) / "test-plugins"

if str(TEST_PLUGINS) not in sys.path:
    sys.path.insert(0, str(TEST_PLUGINS))
    importlib.invalidate_caches()
_paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
if str(TEST_PLUGINS) not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in [str(TEST_PLUGINS), *_paths] if p)
