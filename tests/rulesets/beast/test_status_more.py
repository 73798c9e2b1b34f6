"""More buffs and debuffs (rules "Status Effects"), light ("A Dark World..."), templates
(RULING HR-5), Potion of Amplification ("Abilities of Note") and battle end (HR-14)."""

from __future__ import annotations

import pytest
from beastkit import battle, events

from hauntkit.core.errors import IllegalActionError, UnknownIdError
from hauntkit.rulesets.beast.battle.board import is_lit


def test_blind_melee_needs_a_hit_or_the_action_is_wasted(rs):
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2, "st": {"BLIND": [1, 1]}},
                                         "thug-1": {"x": 6, "y": 2}}, dice=[0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "thug-1", "mode": "melee"})
    assert events(g, "blind_check")[-1]["ok"] is False
    assert events(g, "attack_roll") == [] and g.state["units"]["blake"]["acted"]


def test_disarmed_hunter_has_no_attacks(rs):
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2, "st": {"DISARMED": [1, 1]}},
                                         "thug-1": {"x": 6, "y": 2}})
    assert not [a for a in g.legal_actions(0) if a["type"] == "attack"]


def test_multi_attack_enemy_rerolls_a_miss_into_a_critical(rs):
    g = battle(rs, ["tamara"], ["vampire-spawn"],
               {"tamara": {"x": 5, "y": 2, "ch": {"mending-draught": 0}},
                "vampire-spawn-1": {"x": 6, "y": 2}},
               cards=["strike"], dice=[1, 0, 1, 1, 0, 0, 0, 0, 0])
    g.act(0, {"type": "end_turn"})
    roll = events(g, "attack_roll")[-1]
    assert roll["faces"] == [1, 1, 1] and roll["crit"] is True
    assert g.state["units"]["tamara"]["hp"] == 8 - 3


def test_berserk_rerolls_two_misses(rs):
    g = battle(rs, ["blake"], ["thug"],
               {"blake": {"x": 5, "y": 2, "ch": {"brace": 0}},
                "thug-1": {"x": 6, "y": 2, "st": {"BERSERK": [2, 1]}}},
               cards=["strike"], dice=[0, 0, 1, 1, 0, 0, 0, 0])
    g.act(0, {"type": "end_turn"})
    assert events(g, "attack_roll")[-1]["faces"] == [1, 0, 1]
    assert g.state["units"]["blake"]["hp"] == 11 - 2


def test_cleave_attacks_every_adjacent_hunter_with_separate_rolls(rs):
    g = battle(rs, ["blake", "fei"], ["werewolf"],
               {"blake": {"x": 5, "y": 2, "ch": {"brace": 0}},
                "fei": {"x": 6, "y": 3, "ch": {"paralyze": 0}}, "werewolf-1": {"x": 6, "y": 2}},
               cards=["strike"], dice=[0] * 13)
    g.act(0, {"type": "end_turn"})
    g.act(1, {"type": "end_turn"})
    assert [e["tgt"] for e in events(g, "attack_roll")] == ["blake", "fei"]
    assert len(events(g, "defence_roll")) == 2


def test_ward_absorbs_the_next_damage(rs):
    g = battle(rs, ["blake", "fei"], ["thug"],
               {"blake": {"x": 5, "y": 2}, "fei": {"x": 5, "y": 3}, "thug-1": {"x": 9, "y": 4}})
    g.act(0, {"type": "interrupt", "unit": "blake", "ability": "brace", "target": "fei"})
    fei = g.state["units"]["fei"]
    assert fei["st"]["WARD"][1] == 2
    rs.deal(g.state, fei, 3, None, "PHYSICAL")
    assert fei["hp"] == 8 - 1 and "WARD" not in fei["st"]


def test_slow_lowers_movement_for_its_turns(rs):
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 1, "y": 2, "st": {"SLOW": [2, 2]}},
                                       "thug-1": {"x": 9, "y": 4}}, side="hunters")
    assert g.state["units"]["fei"]["mv"] == 4 - 2


def test_hex_lowers_defence_by_each_hit(rs):
    g = battle(rs, ["cassandra"], ["werewolf"],
               {"cassandra": {"x": 5, "y": 2}, "werewolf-1": {"x": 8, "y": 2}}, dice=[1, 2])
    g.act(0, {"type": "ability", "unit": "cassandra", "ability": "hex", "target": "werewolf-1"})
    assert g.legal_actions(0) == [{"type": "hex", "lower": "attack"},
                                  {"type": "hex", "lower": "defense"}]
    g.act(0, {"type": "hex", "lower": "defense"})
    wolf = g.state["units"]["werewolf-1"]
    assert wolf["st"]["DEF_DOWN"] == [2, 2]
    assert rs.defence_score(g.state, wolf) == 1


def test_hex_on_attack_rolls_fewer_attack_dice(rs):
    g = battle(rs, ["cassandra"], ["werewolf"],
               {"cassandra": {"x": 5, "y": 2, "ch": {"warding-sign": 0}},
                "werewolf-1": {"x": 8, "y": 2}}, dice=[1, 0], cards=["strike"])
    g.act(0, {"type": "ability", "unit": "cassandra", "ability": "hex", "target": "werewolf-1"})
    g.act(0, {"type": "hex", "lower": "attack"})
    g.state["rng"]["script"].extend([0, 0, 0, 0, 0, 0])
    g.act(0, {"type": "end_turn"})
    assert len(events(g, "attack_roll")[-1]["faces"]) == 4 - 1


def test_marked_target_lets_the_attacker_reroll_one_miss(rs):
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2},
                                         "thug-1": {"x": 6, "y": 2, "st": {"MARKED": [1, 1]}}},
               dice=[0, 0, 1, 1, 1, 0, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "thug-1", "mode": "melee"})
    assert events(g, "attack_roll")[-1]["faces"] == [1, 0, 1, 1]


def test_wounding_adds_two_to_physical_damage(rs):
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2},
                                         "thug-1": {"x": 6, "y": 2, "st": {"WOUNDING": [1, 1]}}},
               dice=[1, 0, 0, 0, 0, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "thug-1", "mode": "melee"})
    assert g.state["units"]["thug-1"]["hp"] == 6 - 3


def test_tricks_of_the_trade_disables_a_hunters_first_ability(rs):
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 5, "y": 2, "st": {"TRICKS": [1, 1]}},
                                           "thug-1": {"x": 7, "y": 2}})
    used = {a.get("ability") for a in g.legal_actions(0)}
    assert "sneak-attack" not in used and "vanish" in used


def test_primed_targets_suffer_element_specials_on_a_hit(rs):
    # "Ether": a PRIMED target's FIRE/ELEC/ICE status triggers on a HIT, not only a double.
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 2, "y": 2},
                                       "thug-1": {"x": 6, "y": 2, "st": {"PRIMED": [2, 1]}}},
               dice=[1, 0, 0, 0, 0, 0])
    g.act(0, {"type": "ability", "unit": "fei", "ability": "flame-thrower", "target": 0})
    assert "BURNING" in g.state["units"]["thug-1"]["st"]


def test_carrying_a_light_moves_the_light_score(rs):
    g = battle(rs, ["joe"], ["thug"], {"joe": {"x": 4, "y": 2}, "thug-1": {"x": 9, "y": 4}},
               lights=[[4, 2]])
    md = rs.md(g.state)
    g.act(0, {"type": "carry", "unit": "joe", "light": "L1", "to": [5, 2]})
    assert is_lit(g.state, md, 9, 4) and not is_lit(g.state, md, 0, 0)


def test_hindered_templates_lose_defence_and_movement_in_light(rs):
    g = battle(rs, ["fei"], ["ghoul"], {"fei": {"x": 8, "y": 4}, "ghoul-1": {"x": 1, "y": 0}},
               lights=[[1, 2]])
    ghoul = g.state["units"]["ghoul-1"]
    assert rs.defence_score(g.state, ghoul) == 1
    assert rs.movement(g.state, ghoul) == 3
    rs.apply_setup(g.state, {"lights": []})
    assert (rs.defence_score(g.state, ghoul), rs.movement(g.state, ghoul)) == (2, 4)


def test_a_paralyzed_behemoth_loses_both_activations(rs):
    g = battle(rs, ["fei"], ["abomination"],
               {"fei": {"x": 0, "y": 0}, "abomination-1": {"x": 8, "y": 2,
                                                           "st": {"PARALYZE": [1, 1]}}})
    g.act(0, {"type": "end_turn"})
    assert len(events(g, "paralyzed")) == 2 and events(g, "card") == []


def test_amplified_flame_thrower_reaches_everyone_in_the_cloud(rs):
    g = battle(rs, ["fei", "tamara"], ["thug"],
               {"fei": {"x": 2, "y": 2}, "tamara": {"x": 5, "y": 4},
                "thug-1": {"x": 8, "y": 4}}, dice=[0, 0, 0, 0, 0, 0])
    g.act(1, {"type": "ability", "unit": "tamara", "ability": "amplification", "target": [7, 3]})
    g.act(0, {"type": "ability", "unit": "fei", "ability": "flame-thrower", "target": 0})
    assert [e["tgt"] for e in events(g, "attack_roll")] == ["thug-1"]


def test_surviving_the_missions_rounds_wins(rs):
    g = battle(rs, ["fei"], ["thug"],
               {"fei": {"x": 0, "y": 0},
                "thug-1": {"x": 9, "y": 4, "st": {"PARALYZE": [99, 1]}}},
               mission={"type": "survive", "rounds": 1})
    g.act(0, {"type": "end_turn"})
    assert g.result()["winner"] == "hunters"


def test_defeating_every_enemy_wins(rs):
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 5, "y": 2},
                                         "thug-1": {"x": 6, "y": 2, "hp": 1}},
               dice=[1, 0, 0, 0, 0, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "thug-1", "mode": "melee"})
    assert g.result()["winner"] == "hunters" and g.to_act() == []


def test_refusals_name_the_problem(rs):
    g = battle(rs, ["fei", "blake"], ["thug"],
               {"fei": {"x": 1, "y": 2, "st": {"PARALYZE": [1, 1]}}, "blake": {"x": 1, "y": 3},
                "thug-1": {"x": 9, "y": 4}})
    with pytest.raises(UnknownIdError):
        g.act(0, {"type": "step", "unit": "nobody", "to": [1, 1]})
    with pytest.raises(IllegalActionError, match="not one of your hunters"):
        g.act(0, {"type": "step", "unit": "blake", "to": [1, 4]})
    with pytest.raises(IllegalActionError, match="paralyzed: no move"):
        g.act(0, {"type": "step", "unit": "fei", "to": [1, 1]})


def test_setup_errors_name_the_field(rs):
    from hauntkit.core.errors import HauntkitError
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 1, "y": 2}, "thug-1": {"x": 9, "y": 4}})
    with pytest.raises(HauntkitError, match="setup.units.fei.speed"):
        rs.apply_setup(g.state, {"units": {"fei": {"speed": 3}}})
    with pytest.raises(HauntkitError, match="setup.cards"):
        rs.apply_setup(g.state, {"cards": ["joker"]})
    with pytest.raises(HauntkitError, match="setup.weather"):
        rs.apply_setup(g.state, {"weather": "rain"})
