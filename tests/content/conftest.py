"""Shared helpers of the content tests."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"


def betrayal_schema():
    """The betrayal schema module, importable even while the engine package is incomplete."""
    try:
        from hauntkit.rulesets.betrayal import schema
    except ImportError:
        sys.modules.pop("hauntkit.rulesets.betrayal", None)
        pkg = types.ModuleType("hauntkit.rulesets.betrayal")
        pkg.__path__ = [str(SRC / "hauntkit" / "rulesets" / "betrayal")]
        sys.modules["hauntkit.rulesets.betrayal"] = pkg
        from hauntkit.rulesets.betrayal import schema
    return schema


@pytest.fixture(scope="session")
def schema():
    return betrayal_schema()


@pytest.fixture(scope="session")
def starter(schema):
    """The validated betrayal starter pack."""
    from hauntkit.core.content import load_ruleset_pack

    return load_ruleset_pack(schema.PACK_SPEC)
