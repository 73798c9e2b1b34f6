"""Make the test-only ``minirace`` ruleset (tests/core/minirace.py) importable; the starter
rulesets as fixtures."""

import sys
from pathlib import Path

import pytest

from hauntkit.core.ruleset import get_ruleset

sys.path.insert(0, str(Path(__file__).parents[1] / "core"))


@pytest.fixture(scope="session")
def betrayal():
    return get_ruleset("betrayal")


@pytest.fixture(scope="session")
def beast():
    return get_ruleset("beast")
