"""Serenity: Compulsion and Pets (rules: "Abilities of Note" / Compulsion (Serenity), Pets, Pet
Ranks and Death, Pet Rank Table; RULING HR-59)."""

from __future__ import annotations

import pytest

from hauntkit.core import Game
from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.hunters import pets
from hauntkit.rulesets.beast.hunters.skills import carry_out

COMPEL = {"type": "ability", "unit": "serenity", "ability": "compulsion", "target": "thug-1"}


def _game(rs, dice, enemies=("thug", "thug"), skills=None, **units):
    g = Game.new(rs, {"map": "alley", "hunters": ["serenity"], "enemies": list(enemies),
                      "dice": [6, 1], "skills": skills or {}}, seed=7)
    spec = {"serenity": {"x": 5, "y": 2}}
    if "thug-1" in g.state["units"]:
        spec["thug-1"] = {"x": 7, "y": 2}
    if "thug-2" in g.state["units"]:
        spec["thug-2"] = {"x": 9, "y": 4}
    spec.update(units)
    rs.apply_setup(g.state, {"units": spec, "lights": [], "dice": dice})
    return g


def test_a_failed_sanity_check_makes_the_enemy_her_pet(rs):
    """Compulsion: an enemy of 250 CP or less that fails a Sanity check becomes her pet
    (HR-59: d6, resists on 4+; joins her side and seat at once)."""
    g = _game(rs, [3])
    g.act(0, COMPEL)
    thug = g.state["units"]["thug-1"]
    assert thug["side"] == "hunters" and thug["seat"] == 0
    assert g.state["alive"] == [2, 1]
    rec = g.state["hx"]["serenity"]
    assert rec["compelled"] is True and rec["pets"][0]["kind"] == "thug"
    # one pet per Investigation: Compulsion is no longer offered
    g.act(0, {"type": "end_turn"})
    assert not any(a.get("ability") == "compulsion" for a in g.legal_actions(0))


def test_a_passed_check_resists_and_she_may_try_again(rs):
    """Compulsion: she can attempt it multiple times until it is successful."""
    g = _game(rs, [4])
    g.act(0, COMPEL)
    assert g.state["units"]["thug-1"]["side"] == "enemies"
    assert not g.state["hx"].get("serenity", {}).get("compelled")


def test_a_fog_cloud_widens_compulsion_to_enemies_only(rs):
    """Compulsion beguiles "an enemy of 250 CP or less"; Tamara's fog cloud (Potion of
    Amplification) widens it to the units around the cloud, and the hunter standing there is
    not made a pet (it would be a second "Tamara" on the board)."""
    g = Game.new(rs, {"map": "alley", "hunters": ["serenity", "tamara"], "enemies": ["thug"],
                      "dice": [6, 1]}, seed=7)
    rs.apply_setup(g.state, {"units": {"serenity": {"x": 5, "y": 2}, "tamara": {"x": 7, "y": 3},
                                       "thug-1": {"x": 7, "y": 2}},
                             "lights": [], "dice": [3, 1]})
    g.state["fog"] = {"x": 7, "y": 2, "turns": 2}
    g.act(0, COMPEL)
    assert g.state["units"]["thug-1"]["side"] == "hunters"
    assert g.state["units"]["tamara"]["side"] == "hunters"
    assert [p["kind"] for p in g.state["hx"]["serenity"]["pets"]] == ["thug"]
    assert not any("Tamara resists" in e["text"] for e in g.state["log"])


def test_enemies_over_250_cp_cannot_be_compelled(rs):
    g = _game(rs, [], enemies=("werewolf",), **{"werewolf-1": {"x": 6, "y": 2}})
    assert not any(a.get("ability") == "compulsion" for a in g.legal_actions(0))


def test_a_pet_command_uses_serenitys_interrupt(rs):
    """Pets: one action per turn, which consumes Serenity's Interrupt for that turn."""
    g = _game(rs, [3], **{"thug-2": {"x": 8, "y": 2}})
    g.act(0, COMPEL)
    g.act(0, {"type": "end_turn"})
    while g.state["window"] is not None:
        g.act(0, {"type": "pass"})
    rs.apply_setup(g.state, {"units": {"thug-1": {"x": 7, "y": 2}, "thug-2": {"x": 8, "y": 2}},
                             "dice": [1, 1, 0, 0, 0, 0, 0]})
    cmd = {"type": "command", "unit": "thug-1", "ability": "melee", "target": "thug-2"}
    assert cmd in g.legal_actions(0)
    g.act(0, cmd)
    assert g.state["units"]["serenity"]["intr"] is True
    assert not any(a["type"] == "command" for a in g.legal_actions(0))
    assert g.state["units"]["thug-2"]["hp"] < 6


def test_a_pet_from_the_record_comes_along_with_its_rank(rs):
    """Pet Rank Table: rank 1 +2 HP; rank 2 COME MY PET, +1 DEF to pet and Serenity while
    adjacent. Serenity brings 1 pet to each mission."""
    skills = {"serenity": {"pets": [{"kind": "cultist", "rank": 2}], "pet": 0}}
    g = Game.new(rs, {"map": "alley", "hunters": ["serenity"], "enemies": ["thug"],
                      "dice": [6, 1], "skills": skills}, seed=7)
    pet = g.state["units"]["pet-cultist"]
    assert pet["side"] == "hunters" and pet["max"] == 8  # 6 + 2
    s = g.state["units"]["serenity"]
    assert max(abs(pet["x"] - s["x"]), abs(pet["y"] - s["y"])) == 1
    lit = rs.defence_score(g.state, s)
    rs.apply_setup(g.state, {"units": {"pet-cultist": {"x": 9, "y": 0}}})
    assert rs.defence_score(g.state, s) == lit - 1


def test_a_pet_at_0_hp_is_dead_for_good(rs):
    """Pets suffer from perma-death: at 0 HP they are removed from her inventory."""
    skills = {"serenity": {"pets": [{"kind": "cultist", "rank": 0},
                                    {"kind": "thug", "rank": 1}], "pet": 1}}
    g = Game.new(rs, {"map": "alley", "hunters": ["serenity"], "enemies": ["thug"],
                      "dice": [6, 1], "skills": skills}, seed=7)
    rs.kill(g.state, g.state["units"]["pet-thug"], "slain")
    rs.pets_after_battle(g.state, "serenity")
    rec = carry_out(g.state)["serenity"]
    assert [p["kind"] for p in rec["pets"]] == ["cultist"] and rec["pet"] is None
    assert rs.stats(g.state)["hunters_lost"] == 0  # a pet is not a hunter


def test_ranks_come_from_successful_investigations_not_the_first():
    """Pet Ranks: +1 per successful Investigation they take part in, not counting the one in
    which they were compelled; at most rank 3 (which lets it equip an Arsenal)."""
    skills = {"pets": [{"kind": "thug", "rank": 0, "new": True, "fought": True},
                       {"kind": "ghoul", "rank": 2, "fought": True},
                       {"kind": "cultist", "rank": 1}], "compelled": True}
    pets.end_investigation(skills, success=True)
    assert [p["rank"] for p in skills["pets"]] == [0, 3, 1]
    assert skills["compelled"] is False and pets.can_equip_arsenal(skills["pets"][1])
    pets.end_investigation({"pets": [p := {"kind": "thug", "fought": True}]}, success=False)
    assert p.get("rank", 0) == 0
    with pytest.raises(IllegalActionError):
        pets.choose(skills, 5)


def test_a_pet_at_the_map_edge_can_run_away_for_the_investigation(rs):
    """Pet Rank Table, rank 0: RUN AWAY: a pet at the edge of the map can flee the
    Investigation but does not gain a rank (HR-59)."""
    skills = {"serenity": {"pets": [{"kind": "thug", "rank": 1}], "pet": 0}}
    g = Game.new(rs, {"map": "alley", "hunters": ["serenity"], "enemies": ["cultist"],
                      "dice": [6, 1], "skills": skills}, seed=7)
    rs.apply_setup(g.state, {"units": {"pet-thug": {"x": 0, "y": 4}}})
    flee = {"type": "run_away", "unit": "pet-thug"}
    assert flee in g.legal_actions(0)
    g.act(0, flee)
    assert "pet-thug" not in g.state["units"]
    rs.pets_after_battle(g.state, "serenity")
    rec = carry_out(g.state)["serenity"]
    assert rec["pets"][0]["fled"] is True and rec["pets"][0]["kind"] == "thug"
    pets.end_investigation(rec, success=True)
    assert rec["pets"][0]["rank"] == 1  # no rank for the Investigation it fled
