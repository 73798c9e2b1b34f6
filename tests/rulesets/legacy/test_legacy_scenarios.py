"""The Legacy rules as scenario files (tests/rulesets/legacy/scenarios/*.yaml): each names the
rulebook section or ruling it checks in its ``rule`` field."""

from __future__ import annotations

from pathlib import Path

import pytest

from hauntkit.sim.scenario import assert_scenario, scenario_params

HERE = Path(__file__).parent / "scenarios"


@pytest.mark.parametrize("path", scenario_params(HERE))
def test_scenario(path):
    assert_scenario(path)


def test_every_scenario_cites_a_rule():
    import yaml

    for path in sorted(HERE.glob("*.yaml")):
        rule = yaml.safe_load(path.read_text()).get("rule", "")
        assert "rulebook" in rule or "RULING" in rule, path.name
