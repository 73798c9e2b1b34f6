"""docs/legacy.md stays true to the code: every config field, the fields Legacy adds to the
content models, and the set-up fields are documented."""

from __future__ import annotations

import re
from pathlib import Path

from hauntkit.rulesets.betrayal import schema, vocabulary
from hauntkit.rulesets.legacy import schema as legacy_schema
from hauntkit.rulesets.legacy.ruleset import _SETUP, LegacyConfig

DOC = (Path(__file__).resolve().parents[3] / "docs" / "legacy.md").read_text()


def test_every_config_field_is_documented():
    documented = set(re.findall(r"^\| `(\w+)` \|", DOC, re.M))
    assert set(LegacyConfig.model_fields) <= documented


def test_every_field_legacy_adds_is_documented():
    pairs = [(legacy_schema.LRoom, schema.Room), (legacy_schema.LCard, schema.Card),
             (legacy_schema.LAction, schema.Action), (legacy_schema.Family, schema.Character),
             (legacy_schema.LMonster, schema.Monster), (legacy_schema.LHaunt, schema.Haunt),
             (legacy_schema.LCond, vocabulary.Cond)]
    for legacy_model, base in pairs:
        for name, info in legacy_model.model_fields.items():
            if name not in base.model_fields:
                assert f"`{info.alias or name}" in DOC, (legacy_model.__name__, name)


def test_every_setup_field_is_documented():
    section = DOC.split("## Scenario set-up", 1)[1].split("##", 1)[0]
    for name in _SETUP:
        assert f"`{name}" in section, name
