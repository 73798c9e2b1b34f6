"""Status effects: rules "Status Effects" (Hemorrhage table, Poison, Immunity, Immobilize,
Stealth, Cover, Flinch, Defense Debuffs)."""

from __future__ import annotations

import pytest
from beastkit import battle, events

from hauntkit.rulesets.beast.battle import status

TEMPLATE_ENEMY = [("thug", "BASE", 3), ("vampire-spawn", "CREATURE_OF_THE_NIGHT", 3),
                  ("werewolf", "MONSTER", 4), ("storm-wraith", "CONDEMNED", 4),
                  ("abomination", "BEHEMOTH", 5)]


@pytest.mark.parametrize(("enemy", "template", "threshold"), TEMPLATE_ENEMY)
def test_hemorrhage_at_each_templates_threshold(rs, enemy, template, threshold):
    # "Hemorrhage": at the template's Bleed points, fixed damage, no defence, no reductions.
    uid = f"{enemy}-1"
    g = battle(rs, ["joe"], [enemy], {"joe": {"x": 5, "y": 2},
                                      uid: {"x": 7, "y": 2, "bleed": threshold - 2}})
    target = g.state["units"][uid]
    assert rs.template(target).id == template
    ndef = rs.defence_score(g.state, target)
    # Serrated Shot: 2 hits (not a critical), all defence dice blank, then 2 Bleed points.
    g.state["rng"]["script"].extend([1, 1, 0] + [0] * ndef)
    hp0 = target["hp"]
    g.act(0, {"type": "ability", "unit": "joe", "ability": "serrated-shot", "target": uid})
    shot = 2 - rs.damage_reduction(target)
    assert [e["damage"] for e in events(g, "hemorrhage")] == [threshold]
    assert target["hp"] == hp0 - shot - threshold
    assert target["bleed"] == 0


def test_one_point_short_of_the_threshold_does_not_hemorrhage(rs):
    g = battle(rs, ["joe"], ["werewolf"], {"joe": {"x": 5, "y": 2},
                                           "werewolf-1": {"x": 7, "y": 2, "bleed": 1}},
               dice=[1, 1, 0, 0, 0, 0])
    g.act(0, {"type": "ability", "unit": "joe", "ability": "serrated-shot",
              "target": "werewolf-1"})
    assert events(g, "hemorrhage") == []
    assert g.state["units"]["werewolf-1"]["bleed"] == 3


def test_undead_never_bleed(rs):
    g = battle(rs, ["joe"], ["ghoul"], {"joe": {"x": 5, "y": 2}, "ghoul-1": {"x": 7, "y": 2}},
               dice=[1, 1, 0, 0, 0])
    g.act(0, {"type": "ability", "unit": "joe", "ability": "serrated-shot", "target": "ghoul-1"})
    assert g.state["units"]["ghoul-1"]["bleed"] == 0


def test_poison_ends_on_a_miss(rs):
    # "Poison": roll at the start of the turn; a MISS ends it at once (then 1 turn immunity).
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 1, "y": 2, "st": {"POISON": [1, 1]}},
                                       "thug-1": {"x": 8, "y": 2}}, side="hunters", dice=[0])
    fei = g.state["units"]["fei"]
    assert "POISON" not in fei["st"]
    assert fei["hp"] == 8
    assert fei["imm"]["POISON"] == 1


def test_poison_hit_hurts_and_denies_defence_double_sword_extends(rs):
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 1, "y": 2, "st": {"POISON": [1, 1]}},
                                       "thug-1": {"x": 8, "y": 2}}, side="hunters", dice=[2])
    fei = g.state["units"]["fei"]
    assert fei["hp"] == 7
    assert fei["st"]["POISON"][0] == 2
    assert "NO_DEFEND" in fei["st"]


def test_poison_stops_after_four_damage_for_the_battle(rs):
    g = battle(rs, ["fei"], ["thug"],
               {"fei": {"x": 1, "y": 2, "st": {"POISON": [3, 1]}, "ptaken": 3},
                "thug-1": {"x": 8, "y": 2}}, side="hunters", dice=[1])
    fei = g.state["units"]["fei"]
    assert fei["hp"] == 7 and "POISON" not in fei["st"]
    assert status.apply(rs, g.state, fei, "POISON", 1, 1) is False


def test_undead_are_immune_to_poison(rs):
    g = battle(rs, ["fei"], ["ghoul"], {"fei": {"x": 1, "y": 2}, "ghoul-1": {"x": 8, "y": 2}})
    assert status.apply(rs, g.state, g.state["units"]["ghoul-1"], "POISON", 1, 1) is False


def test_immunity_for_one_turn_after_a_debuff_ends(rs):
    # "Immunity": immune to the same debuff for 1 turn after it ends.
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 0, "y": 0},
                                       "thug-1": {"x": 4, "y": 2}}, cards=["strike"])
    g.act(0, {"type": "interrupt", "unit": "fei", "ability": "paralyze", "target": "thug-1"})
    thug = g.state["units"]["thug-1"]
    assert "PARALYZE" in thug["st"]
    g.act(0, {"type": "end_turn"})
    # The paralyzed thug lost its action; the debuff ended with its turn.
    assert events(g, "paralyzed")
    assert "PARALYZE" not in thug["st"] and thug["imm"]["PARALYZE"] == 1
    g.act(0, {"type": "interrupt", "unit": "fei", "ability": "paralyze", "target": "thug-1"})
    assert "PARALYZE" not in thug["st"]
    assert events(g, "immune")[-1]["status"] == "PARALYZE"


def test_immobilize_beyond_movement_carries_over(rs):
    # "Immobilize/Slow": Immobilize 6 on movement 5 holds for a turn, then costs 1.
    g = battle(rs, ["joe"], ["thug"], {"joe": {"x": 1, "y": 2}, "thug-1": {"x": 8, "y": 2}})
    joe = g.state["units"]["joe"]
    joe["st"]["IMMOBILIZE"] = [1, 6]
    joe["mv"] = 5
    rs.consume_immobilize(g.state, joe)
    assert joe["mv"] == 0 and joe["st"]["IMMOBILIZE"][1] == 1
    joe["mv"] = 5
    rs.consume_immobilize(g.state, joe)
    assert joe["mv"] == 4 and "IMMOBILIZE" not in joe["st"]


def test_defence_debuffs_do_not_stack_but_extend(rs):
    # "Defense Debuffs": the highest value stays and gains a turn per application.
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 1, "y": 2}, "thug-1": {"x": 8, "y": 2}})
    thug = g.state["units"]["thug-1"]
    status.apply(rs, g.state, thug, "DEF_DOWN", 2, 2)
    status.apply(rs, g.state, thug, "DEF_DOWN", 2, 1)
    assert thug["st"]["DEF_DOWN"] == [3, 2]
    assert rs.defence_score(g.state, thug) == 1  # never below 1


def test_flinch_costs_a_die_and_adds_a_damage_once(rs):
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2},
                                         "thug-1": {"x": 6, "y": 2, "st": {"FLINCH": [1, 1]}}},
               dice=[1, 0, 0, 0, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "thug-1", "mode": "melee"})
    assert len(events(g, "defence_roll")[-1]["faces"]) == 1
    assert g.state["units"]["thug-1"]["hp"] == 6 - 2
    assert "FLINCH" not in g.state["units"]["thug-1"]["st"]


def test_cover_wards_ranged_and_worsens_melee(rs):
    # "Cover": a Ward of 1 against ranged attacks, +1 damage from melee; leaving costs 2 moves.
    g = battle(rs, ["joe"], ["thug"], {"joe": {"x": 4, "y": 0}, "thug-1": {"x": 8, "y": 2}})
    g.act(0, {"type": "cover", "unit": "joe"})
    joe = g.state["units"]["joe"]
    assert "COVER" in joe["st"]
    mv = joe["mv"]
    g.act(0, {"type": "step", "unit": "joe", "to": [5, 0]})
    assert joe["mv"] == mv - 3 and "COVER" not in joe["st"]


def test_stealth_doubles_distance_for_enemy_ranged_targeting(rs):
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 5, "y": 2, "st": {"STEALTH": [2, 1]}},
                                           "thug-1": {"x": 8, "y": 2}})
    from hauntkit.rulesets.beast.battle.hunter_options import ranged_distance
    u = g.state["units"]
    assert ranged_distance(u["thug-1"], u["michael"]) == 6
    u["michael"]["st"]["MARKED"] = [1, 1]
    assert ranged_distance(u["thug-1"], u["michael"]) == 3
