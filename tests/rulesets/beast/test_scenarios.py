"""YAML scenario files for `beast` (docs/scenarios.md, "## beast"), run by the shared runner."""

from __future__ import annotations

from pathlib import Path

import pytest

scenario = pytest.importorskip("hauntkit.sim.scenario")


@pytest.mark.parametrize("path", scenario.scenario_params(Path(__file__).parent / "scenarios"))
def test_scenario(path):
    scenario.assert_scenario(path)
