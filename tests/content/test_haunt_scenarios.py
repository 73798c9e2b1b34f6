"""Every haunt of the starter pack is won by each side from a scenario set-up
(tests/content/scenarios/*.yaml, run by the scenario runner of docs/scenarios.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hauntkit.core.content import load_yaml_text
from hauntkit.sim.scenario import assert_scenario, scenario_params

HERE = Path(__file__).parent
FOLDERS = [HERE / "scenarios", HERE.parents[1] / "tests" / "rulesets" / "betrayal" / "scenarios"]


@pytest.mark.parametrize("path", scenario_params(HERE / "scenarios"))
def test_scenario(path: Path) -> None:
    assert_scenario(path)


def _wins() -> set[tuple[str, str]]:
    """(haunt, winning side) pairs asserted by the scenario files."""
    out = set()
    for folder in FOLDERS:
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            data = load_yaml_text(path.read_text(), str(path))
            haunt = ((data.get("setup") or {}).get("haunt") or {}).get("id")
            for step in data.get("steps", []):
                winner = (step.get("expect") or {}).get("result.winner")
                if haunt and winner:
                    out.add((haunt, "traitor" if winner == "house" else winner))
    return out


def test_every_haunt_has_a_win_scenario_for_each_side(starter) -> None:
    wins = _wins()
    missing = [(h, side) for h in sorted(starter.items["haunts"]) for side in ("heroes", "traitor")
               if (h, side) not in wins]
    assert missing == []
