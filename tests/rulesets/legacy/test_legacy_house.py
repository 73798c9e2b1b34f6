"""The ``house`` JSON format of docs/legacy.md and the rules tables each ruleset instance owns."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from hauntkit.core.ruleset import get_ruleset
from hauntkit.rulesets.legacy.house import House

DOC = Path(__file__).resolve().parents[3] / "docs" / "legacy.md"


def test_the_documented_house_example_validates():
    text = DOC.read_text()
    block = re.search(r"```json\n(.*?)```", text, re.S).group(1)
    house = House.model_validate(json.loads(block))
    assert house.heirlooms == {"item_lantern": "ashdown"}
    assert house.heirloom_count("ashdown") == 1
    assert house.heirloom_count("crowley") == 0


def test_an_unknown_house_field_is_refused():
    with pytest.raises(ValidationError, match="extra"):
        House.model_validate({"heirloom": {}})


def test_each_ruleset_instance_owns_its_tables():
    """Extending one instance's effect vocabulary or actions leaves another instance alone."""
    a = get_ruleset("betrayal")
    b = type(a).from_content()
    a.rules.effects["shout"] = lambda *args: None
    a.rules.actions["shout"] = lambda *args: None
    assert "shout" not in b.rules.effects and "shout" not in b.rules.actions
    assert a.ix.rules is a.rules and b.ix.rules is b.rules
    del a.rules.effects["shout"], a.rules.actions["shout"]
