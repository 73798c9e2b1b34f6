"""Shared helpers of the content tests."""

from __future__ import annotations

from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture(scope="session")
def schema():
    """The betrayal content schema module."""
    from hauntkit.rulesets.betrayal import schema as betrayal_schema

    return betrayal_schema


@pytest.fixture(scope="session")
def starter(schema):
    """The validated betrayal starter pack."""
    from hauntkit.core.ruleset import load_ruleset_pack

    return load_ruleset_pack(schema.PACK_SPEC)
