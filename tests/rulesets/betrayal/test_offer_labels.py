"""The receiver's answers to a GIVE read as what they do (RULING HB-26): display names, no ids."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from hauntkit.sim.scenario import run_scenario

BETRAYAL = {"ruleset": "betrayal", "players": 3,
            "config": {"characters": ["ada_vance", "bram_okafor", "celeste_moreau"]},
            "setup": {"explorers": {"0": {"room": "foyer", "cards": ["axe"]},
                                    "1": {"room": "foyer"}}, "turn": {"seat": 0}},
            "steps": [{"act": {"action": {"type": "give", "card": "axe", "to": 1}}}]}
LEGACY = {"ruleset": "legacy", "players": 3,
          "config": {"families": ["ashdown", "crowley", "hartwell"]},
          "setup": {"explorers": {"0": {"cards": ["lantern"]}, "1": {"room": "entrance_hall"}},
                    "turn": {"seat": 0}},
          "steps": [{"act": {"action": {"type": "give", "card": "lantern", "to": 1}}}]}


@pytest.mark.parametrize(("doc", "card", "giver"), [
    (BETRAYAL, "Axe", "Ada Vance"), (LEGACY, "Storm Lantern", "Isaac Ashdown")])
def test_accept_and_refuse_labels(tmp_path: Path, doc: dict, card: str, giver: str) -> None:
    path = tmp_path / "offer.yaml"
    path.write_text(yaml.safe_dump(doc))
    result = run_scenario(path)
    assert result.ok, result.failure
    game = result.game
    assert game is not None
    legal = game.ruleset.legal_actions(game.state, 1)
    labels = [game.ruleset.describe_action(game.state, 1, a) for a in legal]
    assert labels == [f"Take the {card}", f"Refuse the {card} ({giver} keeps it)"]
    assert game.state["choice"]["prompt"] == f"{giver} offers you {card}. Take it?"
