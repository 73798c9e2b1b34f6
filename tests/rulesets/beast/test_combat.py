"""Attacks, criticals, perfect defence and damage: rules "Combat Rules" and RULINGS R1-R4."""

from __future__ import annotations

from pathlib import Path

from beastkit import battle, events

from hauntkit.core import Game
from hauntkit.rulesets.beast import BeastRuleset


def test_physical_critical_x2_rolls_the_dice_once_more(rs):
    # RULING R2: all hits with attack >= 2 -> roll again once for x2 and add the hits.
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2}, "thug-1": {"x": 6, "y": 2}},
               dice=[1, 1, 2, 1, 1, 0, 0, 0, 0, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "thug-1", "mode": "melee"})
    assert events(g, "attack_roll")[-1]["crit"] is True
    assert len(events(g, "crit_roll")) == 1
    # 4 hits + 1 more from the critical roll, thug's 2 defence dice block nothing: 5 damage.
    assert g.state["units"]["thug-1"]["hp"] == 6 - 5


def test_physical_critical_x3_rolls_twice_more(rs):
    # RULING R2 with a x3 multiplier (the Thug's Kneecap signature), on the enemy turn.
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2, "ch": {"brace": 0}},
                                         "thug-1": {"x": 6, "y": 2}},
               cards=["wrath"], side="enemies",
               dice=[1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0])
    assert len(events(g, "crit_roll")) == 2
    # 4 + 1 + 2 = 7 hits; Blake (DEF 4, -1 in darkness) rolls 3 blanks: 7 damage.
    assert g.state["units"]["blake"]["hp"] == 11 - 7
    assert "WOUNDING" in g.state["units"]["blake"]["st"]


def test_elemental_critical_reroll_bypasses_defence(rs):
    # RULING R2 elemental: the attacker may reroll; then the defender rolls no defence.
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2}},
               dice=[0, 1, 1, 1])
    g.act(0, {"type": "ability", "unit": "fei", "ability": "shock-grenade", "target": [8, 2]})
    assert g.to_act() == [0]
    assert g.legal_actions(0) == [{"type": "crit", "reroll": False},
                                  {"type": "crit", "reroll": True}]
    g.state["rng"]["script"].extend([1, 2, 0])
    g.act(0, {"type": "crit", "reroll": True})
    assert events(g, "defence_roll") == []
    assert g.state["units"]["thug-1"]["hp"] == 6 - 2


def test_elemental_critical_kept_lets_the_defender_roll(rs):
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2}},
               dice=[0, 1, 1, 1])
    g.act(0, {"type": "ability", "unit": "fei", "ability": "shock-grenade", "target": [8, 2]})
    # ELEC basic effect: the thug (DEF 2) rolls one die fewer.
    g.state["rng"]["script"].extend([1])
    g.act(0, {"type": "crit", "reroll": False})
    assert len(events(g, "defence_roll")[-1]["faces"]) == 1
    assert g.state["units"]["thug-1"]["hp"] == 6 - 2


def test_perfect_defence_negates_everything(rs):
    # RULING R3: 3 blocks or more negate all damage, even 4 hits.
    g = battle(rs, ["blake"], ["abomination"],
               {"blake": {"x": 5, "y": 2}, "abomination-1": {"x": 6, "y": 2}},
               dice=[1, 1, 1, 2, 0, 0, 0, 0, 1, 1, 1, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "abomination-1", "mode": "melee"})
    assert events(g, "defence_roll")[-1]["perfect"] is True
    assert g.state["units"]["abomination-1"]["hp"] == rs.c.enemies["abomination"].hp  # untouched


def test_no_perfect_defence_at_defence_6(rs, tmp_path: Path):
    # RULING R3: a unit whose defence value is 6 or more cannot achieve it.
    (tmp_path / "golem.yaml").write_text("""ruleset: beast
enemies:
  - id: iron-golem
    name: Iron Golem
    cp: 500
    template: BASE
    logic: CLOSEST
    move: 2
    melee: 3
    defense: 6
    hp: 20
    special1: {id: s1, name: Stomp, text: A stomp., style: melee, attack: 3}
    special2: {id: s2, name: Stomp again, text: Another stomp., style: melee, attack: 3}
    signature: {id: sig, name: Quake, text: A quake., style: melee, attack: 4, signature: true}
""")
    big = BeastRuleset.from_content([str(tmp_path)])
    g = battle(big, ["blake"], ["iron-golem"],
               {"blake": {"x": 5, "y": 2}, "iron-golem-1": {"x": 6, "y": 2}},
               dice=[1, 1, 1, 2, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "iron-golem-1", "mode": "melee"})
    roll = events(g, "defence_roll")[-1]
    assert len(roll["faces"]) == 6 and roll["perfect"] is False
    assert g.state["units"]["iron-golem-1"]["hp"] == 20 - 1


def test_beam_hits_an_ally_with_its_own_roll(rs):
    # "Beams": every unit in the line, friend or foe, with separate attack and defence
    # rolls; a 2-round cool down.
    g = battle(rs, ["fei", "blake"], ["thug"],
               {"fei": {"x": 2, "y": 2}, "blake": {"x": 3, "y": 2}, "thug-1": {"x": 5, "y": 2}},
               dice=[0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    g.act(0, {"type": "ability", "unit": "fei", "ability": "flame-thrower", "target": 0})
    rolls = events(g, "attack_roll")
    assert [r["tgt"] for r in rolls] == ["blake", "thug-1"]
    # Blake: 1 hit + 1 FIRE, 3 blank defence dice -> 2 damage.
    assert g.state["units"]["blake"]["hp"] == 11 - 2
    assert g.state["units"]["fei"]["cd"]["flame-thrower"] == 2


def test_attack_of_opportunity_when_disengaging(rs):
    # "Attack of Opportunity": 1 die, a HIT deals 1 with no defence; once per enemy per turn.
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 5, "y": 2}, "thug-1": {"x": 6, "y": 2}},
               dice=[1])
    g.act(0, {"type": "step", "unit": "fei", "to": [4, 2]})
    assert [e["face"] for e in events(g, "opportunity")] == [1]
    assert g.state["units"]["fei"]["hp"] == 8 - 1
    assert g.state["units"]["fei"]["x"] == 4


def test_paralyzed_enemy_makes_no_attack_of_opportunity(rs):
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 5, "y": 2},
                                       "thug-1": {"x": 6, "y": 2, "st": {"PARALYZE": [1, 1]}}})
    g.act(0, {"type": "step", "unit": "fei", "to": [4, 2]})
    assert events(g, "opportunity") == []


def test_darkness_costs_a_hunter_one_defence(rs):
    # "A Dark World": -1 DEFENSE in darkness.
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 1, "y": 1}, "thug-1": {"x": 8, "y": 2}},
               lights=[[1, 2]])
    assert rs.defence_score(g.state, g.state["units"]["blake"]) == 4
    rs.apply_setup(g.state, {"lights": []})
    assert rs.defence_score(g.state, g.state["units"]["blake"]) == 3


def test_initiative_ties_are_rerolled(rs):
    # RULING R6: a d6 each; ties reroll; the higher side goes first for the whole battle.
    g = Game.new(rs, {"map": "alley", "hunters": ["fei"], "enemies": ["thug"],
                      "dice": [3, 3, 2, 5]}, seed=1)
    assert [(e["hunters"], e["enemies"]) for e in events(g, "initiative")] == [(3, 3), (2, 5)]
    assert g.state["first"] == "enemies"


def test_one_movement_before_or_after_the_action(rs):
    # "Combat Basics": a character may begin or end its turn by moving (RULING HR-6).
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 1, "y": 2}, "thug-1": {"x": 6, "y": 2}},
               dice=[0, 0, 0, 0, 0])
    g.act(0, {"type": "step", "unit": "fei", "to": [2, 2]})
    g.act(0, {"type": "attack", "unit": "fei", "target": "thug-1", "mode": "ranged"})
    assert not [a for a in g.legal_actions(0) if a["type"] == "step"]
    g2 = battle(rs, ["fei"], ["thug"], {"fei": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2}},
                dice=[0, 0, 0, 0, 0])
    g2.act(0, {"type": "attack", "unit": "fei", "target": "thug-1", "mode": "ranged"})
    assert [a for a in g2.legal_actions(0) if a["type"] == "step"]


def test_frozen_target_suffers_an_extra_critical_roll_and_no_perfect_defence(rs):
    # "Ice": FROZEN -> no perfect defence; physical criticals get an extra x1 multiplier.
    g = battle(rs, ["blake"], ["abomination"],
               {"blake": {"x": 5, "y": 2},
                "abomination-1": {"x": 6, "y": 2, "st": {"FROZEN": [2, 1]}}},
               dice=[1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "abomination-1", "mode": "melee"})
    assert len(events(g, "crit_roll")) == 2
    assert events(g, "defence_roll")[-1]["perfect"] is False
    # 4 hits - 3 blocks = 1, minus the BEHEMOTH's 1 damage reduction: 0.
    assert g.state["units"]["abomination-1"]["hp"] == rs.c.enemies["abomination"].hp  # untouched


def test_enemy_elemental_critical_rerolls_against_a_strong_defender(rs):
    # HR-10: an enemy rerolls its elemental critical when the defender would roll 2+ dice.
    g = battle(rs, ["blake"], ["storm-wraith"],
               {"blake": {"x": 5, "y": 2, "ch": {"brace": 0}}, "storm-wraith-1": {"x": 8, "y": 2}},
               cards=["volley"], dice=[0, 1, 1, 1, 2, 0, 0])
    g.act(0, {"type": "end_turn"})
    assert events(g, "crit_reroll") and events(g, "defence_roll") == []
    assert g.state["units"]["blake"]["hp"] == 11 - 1


def test_stealth_hunter_slips_through_an_enemy_without_provoking(rs):
    # "Stealth": move through enemy spaces without attacks of opportunity...
    g = battle(rs, ["michael"], ["thug"],
               {"michael": {"x": 5, "y": 2, "st": {"STEALTH": [2, 1]}, "mv": 5},
                "thug-1": {"x": 6, "y": 2}})
    g.act(0, {"type": "slip", "unit": "michael", "through": [6, 2], "to": [7, 2]})
    m = g.state["units"]["michael"]
    assert (m["x"], m["y"], m["mv"]) == (7, 2, 3)
    assert events(g, "opportunity") == []


def test_stealth_hunter_who_started_next_to_an_enemy_still_provokes(rs):
    # ... but one that started its turn next to an enemy still provokes when it moves.
    g = battle(rs, ["michael"], ["thug"],
               {"michael": {"x": 5, "y": 2, "st": {"STEALTH": [2, 1]}},
                "thug-1": {"x": 6, "y": 2}}, side="hunters", dice=[1])
    assert g.state["units"]["michael"]["flags"].get("adj0")
    g.act(0, {"type": "step", "unit": "michael", "to": [4, 2]})
    assert len(events(g, "opportunity")) == 1
