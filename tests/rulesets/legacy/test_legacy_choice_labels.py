"""Labels of the choices this ruleset's rules add: readable, unique in their prompt, and named
by display names (docs/protocol.md "labels")."""

from __future__ import annotations

from pathlib import Path

import yaml

from hauntkit.sim.scenario import run_scenario

HERE = Path(__file__).parent / "scenarios"


def _labels_after(tmp_path: Path, name: str, steps: int) -> list[str]:
    """Run the first ``steps`` steps of scenario ``name``; the labels of the seat to act."""
    data = yaml.safe_load((HERE / name).read_text())
    data["steps"] = data["steps"][:steps]
    data["content"] = [str((HERE / c).resolve()) for c in data.get("content", [])]
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    result = run_scenario(path)
    assert result.ok, result.failure
    game = result.game
    seat = game.ruleset.to_act(game.state)[0]
    return [game.ruleset.describe_action(game.state, seat, a)
            for a in game.ruleset.legal_actions(game.state, seat)]


def test_ongoing_event_ignore_labels_name_the_card(tmp_path):
    """Rulebook "So You're Evil Now": the traitor's choice about an ongoing event on their
    tile reads "Resolve Fog Bank" / "Ignore Fog Bank"."""
    labels = _labels_after(tmp_path, "traitor_may_ignore_ongoing_event.yaml", 6)
    assert labels == ["Resolve Fog Bank", "Ignore Fog Bank"]


def test_rearrangement_labels_name_tiles_and_sides(tmp_path):
    """RULING HL-5: each rearrangement names the tile turned and the sides its doorways face."""
    labels = _labels_after(tmp_path, "sealed_region_rearrangement_chosen.yaml", 1)
    assert labels == ["Turn East Bend so its doorways face north and west",
                      "Turn West Bend so its doorways face north and east"]
    assert len(set(labels)) == len(labels)


def test_pay_labels_say_the_trade(tmp_path):
    """Rulebook "Raising and Lowering from the Same Effect" (RULING HL-22): the offer reads as
    the content's label, and declining as "Don't pay"."""
    labels = _labels_after(tmp_path, "cost_paid_in_full_before_reward.yaml", 1)
    assert labels == ["Lose 2 Might to gain 1 Sanity", "Don't pay"]
