"""A unit that a recruit calls up fights on the hunters' side (RULING HR-62: a recruit joins
the hunters' side and is commanded like a pet, HR-59; a summoning ability's unit fights on its
summoner's side, gear/foes.py). It is no pet of Serenity's: it has no RUN AWAY at the map's
edge ("Pet Rank Table", rank 0), and listing the hunters' actions never fails on it."""

from __future__ import annotations

from typing import Any

from beastkit import battle

from hauntkit.rulesets.beast.gear import foes


def test_a_recruits_summoned_unit_at_the_edge_is_listed_without_a_pet_record(rs: Any) -> None:
    game = battle(rs, ["blake"], ["nosferatu"],
                  {"blake": {"x": 1, "y": 2}, "nosferatu-1": {"x": 9, "y": 0}})
    state = game.state
    recruit = state["units"]["nosferatu-1"]
    rs.join_pet(state, state["units"]["blake"], recruit, -1)  # New Recruit (HR-62)
    foes.summon(rs, state, recruit, "bat-swarm")
    bats = state["units"]["bat-swarm-1"]
    assert (bats["side"], bats["y"]) == ("hunters", 0)  # on the map's top edge
    legal = game.legal_actions(0)
    assert not any(a["type"] == "run_away" for a in legal)
    assert {"type": "end_turn"} in legal
