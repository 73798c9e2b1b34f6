"""Fixtures for `beast` tests (helpers live in beastkit.py)."""

from __future__ import annotations

import pytest

from hauntkit.rulesets.beast import BeastRuleset


@pytest.fixture(scope="session")
def rs() -> BeastRuleset:
    return BeastRuleset.from_content([])
