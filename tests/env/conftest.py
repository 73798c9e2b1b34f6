"""Shared helpers of the environment tests."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest


def _run_without(module: str, code: str) -> str:
    """What ``code`` prints in a fresh interpreter where importing ``module`` fails (an extra
    that is not installed); the interpreter must exit cleanly."""
    script = f"import sys\nsys.modules[{module!r}] = None\n{code}"
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.fixture
def run_without() -> Callable[[str, str], str]:
    return _run_without
