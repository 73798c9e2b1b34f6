"""Campaign rules checked as scenario files (tests/rulesets/legacy/campaign/scenarios/*.yaml),
each citing the rulebook section or ruling in its ``rule`` field."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from hauntkit.sim.scenario import assert_scenario, scenario_params

HERE = Path(__file__).parent / "scenarios"


@pytest.mark.parametrize("path", scenario_params(HERE))
def test_campaign_scenario(path: Path) -> None:
    assert_scenario(path)


def test_every_campaign_scenario_cites_a_rule() -> None:
    paths = sorted(HERE.glob("*.yaml"))
    assert paths
    for path in paths:
        rule = yaml.safe_load(path.read_text()).get("rule", "")
        assert "rulebook" in rule or "RULING" in rule, path.name
