"""Serenity's pets, rank 3 (rules: "Abilities of Note" / Compulsion (Serenity), Pet Rank Table:
"3 | PASSIVE: Pet can now equip an Arsenal"; "Arsenals": "Each Arsenal can only be assigned to
1 Hunter at a time"; RULING HR-59)."""

from __future__ import annotations

import pytest
from huntkit import hunt_rs, leg, rec, start_data, to_phase

from hauntkit.core import Game
from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.hunters import pets
from hauntkit.rulesets.beast.hunters.skills import carry_out

BRUISER = "bruiser"  # sledge hammer (Blunt, A4) and a fitness tracker


def _battle(rs, rank, arsenal=BRUISER):
    pet = {"kind": "cultist", "rank": rank, "arsenal": arsenal}
    g = Game.new(rs, {"map": "alley", "hunters": ["serenity"], "enemies": ["thug"],
                      "dice": [6, 1], "skills": {"serenity": {"pets": [pet], "pet": 0}}},
                 seed=7)
    rs.apply_setup(g.state, {"units": {"serenity": {"x": 4, "y": 2},
                                       "pet-cultist": {"x": 5, "y": 2},
                                       "thug-1": {"x": 6, "y": 2}}, "lights": []})
    return g


def _weapon_commands(g):
    return [a for a in g.legal_actions(0)
            if a["type"] == "command" and a.get("ability") == "weapon"]


def test_a_rank_3_pet_takes_its_arsenal_into_battle_and_attacks_with_it(rs):
    """Pet Rank Table, rank 3: the pet equips an Arsenal: it carries the arsenal's items, and
    Serenity may command it to attack with the arsenal's weapon (the command still uses her
    interrupt, "Pets"); the Sledge Hammer rolls its own 4 dice, not the cultist's melee."""
    g = _battle(rs, 3)
    pet = g.state["units"]["pet-cultist"]
    assert pet["gear"] == sorted(rs.c.gear.arsenals[BRUISER].items)
    cmds = _weapon_commands(g)
    assert cmds == [{"type": "command", "unit": "pet-cultist", "ability": "weapon",
                     "weapon": "sledge_hammer", "target": "thug-1"}]
    g.act(0, cmds[0])
    log = g.state["log"]
    swing = next(i for i, e in enumerate(log) if e["type"] == "weapon")
    assert log[swing]["item"] == "sledge_hammer" and log[swing]["unit"] == "pet-cultist"
    roll = next(e for e in log[swing:] if e["type"] == "attack_roll")
    assert roll["att"] == "pet-cultist" and len(roll["faces"]) == 4
    assert rs.c.basic["cultist"]["melee"].attack != 4
    assert g.state["units"]["serenity"]["intr"] is True and pet["acted"] is True
    assert not _weapon_commands(g)


def test_a_pet_below_rank_3_carries_no_arsenal(rs):
    """Pet Rank Table: only rank 3 lets a pet equip an Arsenal; a lower pet's record arsenal is
    not taken into battle."""
    g = _battle(rs, 2)
    assert "gear" not in g.state["units"]["pet-cultist"]
    assert not _weapon_commands(g)
    assert pets.arsenal_options(rs.c.gear, [], {"pets": [{"kind": "thug", "rank": 2}]}) == []


def test_the_arsenal_stays_with_the_pet_after_the_battle(rs):
    """Beguiled pets are "stored as new inventory": the pet keeps its arsenal in the record."""
    g = _battle(rs, 3)
    rs.pets_after_battle(g.state, "serenity")
    assert carry_out(g.state)["serenity"]["pets"][0]["arsenal"] == BRUISER


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def test_a_rest_lets_serenity_give_her_rank_3_pet_an_arsenal_nobody_holds(hrs):
    """Pet Rank Table, rank 3, and "Arsenals": one holder at a time: an arsenal a hunter holds
    is not offered to the pet, and one the pet holds is no longer offered to the hunters;
    Advanced Arsenals are locked (HR-104) and never offered to a pet."""
    data = start_data(hrs)
    data["party"][0]["hunter"] = "serenity"
    data["party"][0]["skills"] = {"pets": [{"kind": "cultist", "rank": 3},
                                           {"kind": "thug", "rank": 1}], "pet": 0}
    data["party"][1]["arsenal"] = "marksman"
    g = leg(hrs, "inv1", "t-quiet", data, dice=[6])  # no ambush: shop, investigate, rest
    to_phase(g, "rest")
    offers = [a for a in g.legal_actions(0) if a["type"] == "pet_arsenal"]
    assert {a["pet"] for a in offers} == {0}  # the rank 1 thug may not
    locked = {aid for aid, ars in hrs.c.gear.arsenals.items() if ars.advanced}  # HR-104
    assert locked and {a["arsenal"] for a in offers} == set(hrs.c.gear.arsenals) - {
        "marksman"} - locked
    g.act(0, {"type": "pet_arsenal", "hunter": "serenity", "pet": 0, "arsenal": BRUISER})
    assert rec(g, "serenity")["skills"]["pets"][0]["arsenal"] == BRUISER
    kit = [a for a in g.legal_actions(0) if a["type"] == "arsenal"]
    assert kit and all(a["arsenal"] != BRUISER for a in kit)
    assert {"type": "pet_arsenal", "hunter": "serenity", "pet": 0,
            "arsenal": None} in g.legal_actions(0)
    with pytest.raises(IllegalActionError):
        pets.equip_arsenal(hrs.c.gear, g.state["party"], rec(g, "serenity")["skills"], 1,
                           "medic")
