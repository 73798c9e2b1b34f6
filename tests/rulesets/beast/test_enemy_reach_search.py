"""The enemy's movement plan stops its breadth-first search at the first space that reaches
its target (RULING R7: "the first that reaches moves least"); that early stop must pick the
same space and path as looking through every reachable space in order (enemy.plan)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core import Game
from hauntkit.rulesets.beast.battle.board import blockers, los, occupancy

MAPS = ["alley", "crypt", "mill", "manor"]
SETTINGS = settings(max_examples=10, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def full_map_path(rs: Any, state: dict, unit: dict, target: dict, reach: int,
                  stealth: bool) -> list[list[int]] | None:
    """The space plan picks from the whole of ``reachable`` (None: no space reaches)."""
    md = rs.md(state)
    block, occ = blockers(state, md), occupancy(state)
    reach_map = rs.reachable(state, unit, block, occ)
    here = (unit["x"], unit["y"])
    tx, ty = target["x"], target["y"]
    for cell in reach_map:
        if cell != here and cell in occ:
            continue
        d = max(abs(cell[0] - tx), abs(cell[1] - ty)) * (2 if stealth else 1)
        if d <= reach and (reach <= 1 or los(md, block, cell[0], cell[1], tx, ty)):
            return rs.path_to(reach_map, cell)
    return None


@SETTINGS
@given(seed=st.integers(0, 10_000), map_id=st.sampled_from(MAPS),
       loadout=st.sampled_from([None, "full"]))
def test_search_stopping_at_the_first_space_that_reaches_matches_the_full_map(
        rs, seed, map_id, loadout):
    game = Game.new(rs, {"map": map_id, **({"loadout": loadout} if loadout else {})}, seed)
    pick = random.Random(seed)
    checked = 0
    for _ in range(250):
        if game.over:
            break
        state = game.state
        md = rs.md(state)
        block, occ = blockers(state, md), occupancy(state)
        units = [u for u in state["units"].values() if u["alive"]]
        for unit in units:
            if unit["side"] != "enemies":
                continue
            saved_mv = unit["mv"]
            unit["mv"] = pick.randrange(0, 6)  # any movement left, as at the turn's start
            for target in units:
                if target["side"] != "hunters":
                    continue
                for reach in (1, 2, 4):
                    stealth = reach > 1 and pick.random() < 0.3
                    path, rest = rs.reach_search(state, unit, block, occ,
                                                 (target["x"], target["y"], reach, stealth))
                    expected = full_map_path(rs, state, unit, target, reach, stealth)
                    assert path == expected
                    if path is None:  # nothing reaches: the whole map for closest_toward
                        assert rest == rs.reachable(state, unit, block, occ)
                    checked += 1
            unit["mv"] = saved_mv
        seat = pick.choice(game.to_act())
        game.act(seat, pick.choice(game.legal_actions(seat)))
    assert checked > 0
