"""YAML scenario files for `beast` (docs/scenarios.md, "## beast"), run by the shared runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from hauntkit.sim.scenario import assert_scenario, scenario_params


@pytest.mark.parametrize("path", scenario_params(Path(__file__).parent / "scenarios"))
def test_scenario(path):
    assert_scenario(path)
