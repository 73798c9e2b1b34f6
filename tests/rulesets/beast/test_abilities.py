"""Named hunter abilities (rules "Abilities of Note"), cool downs ("Ability Cool Downs"),
elements ("Elemental Attacks") and light ("A Dark World...")."""

from __future__ import annotations

from beastkit import battle, events


def test_sneak_attack_allows_one_defence_die_and_less_with_a_debuff(rs):
    g = battle(rs, ["michael"], ["werewolf"], {"michael": {"x": 5, "y": 2},
                                               "werewolf-1": {"x": 6, "y": 2}},
               dice=[1, 1, 0, 0])
    g.act(0, {"type": "ability", "unit": "michael", "ability": "sneak-attack",
              "target": "werewolf-1"})
    assert len(events(g, "defence_roll")[-1]["faces"]) == 1
    assert events(g, "opportunity") == []  # used in melee: no attack of opportunity
    g2 = battle(rs, ["michael"], ["werewolf"], {"michael": {"x": 5, "y": 2},
                                                "werewolf-1": {"x": 8, "y": 2,
                                                               "st": {"DEF_DOWN": [2, 1]}}},
                dice=[1, 1, 0])
    g2.act(0, {"type": "ability", "unit": "michael", "ability": "sneak-attack",
               "target": "werewolf-1"})
    assert events(g2, "defence_roll")[-1]["faces"] == []


def test_team_player_lets_an_ally_use_an_ability_on_cool_down_without_a_new_one(rs):
    g = battle(rs, ["tamara", "fei"], ["thug"],
               {"tamara": {"x": 1, "y": 2}, "fei": {"x": 5, "y": 2, "cd": {"shock-grenade": 1},
                                                    "acted": True},
                "thug-1": {"x": 8, "y": 2}}, dice=[0, 0, 0, 0, 0, 0])
    assert not any(a.get("ability") == "team-player" and a["target"] == "tamara"
                   for a in g.legal_actions(0))  # never on herself
    g.act(0, {"type": "ability", "unit": "tamara", "ability": "team-player", "target": "fei"})
    grenade = {"type": "ability", "unit": "fei", "ability": "shock-grenade", "target": [8, 2],
               "team": True}
    assert grenade in g.legal_actions(1)
    g.act(1, grenade)
    assert g.state["units"]["fei"]["cd"] == {"shock-grenade": 1}
    assert g.state["units"]["tamara"]["cd"]["team-player"] == 3


def test_potion_of_amplification_turns_a_heal_into_an_area(rs):
    g = battle(rs, ["tamara", "fei", "blake"], ["thug"],
               {"tamara": {"x": 1, "y": 2}, "fei": {"x": 2, "y": 2, "hp": 3},
                "blake": {"x": 2, "y": 3, "hp": 5}, "thug-1": {"x": 8, "y": 2}})
    g.act(0, {"type": "ability", "unit": "tamara", "ability": "amplification", "target": [2, 2]})
    g.act(0, {"type": "interrupt", "unit": "tamara", "ability": "mending-draught",
              "target": "fei"})
    u = g.state["units"]
    assert (u["fei"]["hp"], u["blake"]["hp"]) == (5, 7)


def test_barricade_blocks_and_shields_from_ranged_attacks(rs):
    g = battle(rs, ["blake", "fei"], ["thug"],
               {"blake": {"x": 5, "y": 2}, "fei": {"x": 5, "y": 3, "ch": {"paralyze": 0}},
                "thug-1": {"x": 9, "y": 2}}, cards=["volley"], dice=[1, 1, 0, 0])
    g.act(0, {"type": "ability", "unit": "blake", "ability": "barricade", "target": [6, 2]})
    bar = g.state["barricades"][0]
    assert (bar["x"], bar["y"], bar["hp"]) == (6, 2, 2)
    assert {"type": "cover", "unit": "fei"} in g.legal_actions(1)
    g.act(0, {"type": "end_turn"})
    g.act(1, {"type": "end_turn"})
    # The thug's ranged attack must go through the barricade first.
    hit = events(g, "object_hit")
    assert hit and hit[0]["obj"] == bar["id"]


def test_anoint_weapon_makes_the_next_attack_ether_with_physical_criticals(rs):
    g = battle(rs, ["cassandra", "blake"], ["ghoul"],
               {"cassandra": {"x": 4, "y": 2}, "blake": {"x": 5, "y": 2},
                "ghoul-1": {"x": 6, "y": 2}},
               dice=[1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    g.act(0, {"type": "ability", "unit": "cassandra", "ability": "anoint-weapon",
              "target": "blake"})
    g.act(1, {"type": "attack", "unit": "blake", "target": "ghoul-1", "mode": "melee"})
    roll = events(g, "attack_roll")[-1]
    assert " ether attack dice" in roll["text"] and roll["crit"] is True
    assert len(events(g, "crit_roll")) == 1  # physical-style critical with its multiplier
    ghoul = g.state["units"]["ghoul-1"]
    assert ghoul["hp"] == 8 - 4  # ETHER ignores the template; primed and treated as BASE
    assert "PRIMED" in ghoul["st"] and "ETHER_BASE" in ghoul["st"]
    assert "ANOINTED" not in g.state["units"]["blake"]["st"]


def test_fei_paralyze_stops_moves_actions_and_interrupts(rs):
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2}})
    g.act(0, {"type": "interrupt", "unit": "fei", "ability": "paralyze", "target": "thug-1"})
    assert g.state["units"]["thug-1"]["st"]["PARALYZE"][0] == 1
    assert g.state["units"]["fei"]["ch"]["paralyze"] == 1
    # One interrupt per turn.
    assert not [a for a in g.legal_actions(0) if a["type"] == "interrupt"]


def test_cool_down_counts_down_at_the_start_of_each_turn(rs):
    g = battle(rs, ["fei"], ["thug"],
               {"fei": {"x": 2, "y": 2},
                "thug-1": {"x": 6, "y": 2, "st": {"PARALYZE": [99, 1]}}},
               dice=[0, 0, 0, 0, 0, 0])
    g.act(0, {"type": "ability", "unit": "fei", "ability": "flame-thrower", "target": 0})
    g.act(0, {"type": "end_turn"})
    assert g.state["units"]["fei"]["cd"] == {"flame-thrower": 1}
    assert not [a for a in g.legal_actions(0) if a.get("ability") == "flame-thrower"]
    g.act(0, {"type": "end_turn"})
    assert g.state["units"]["fei"]["cd"] == {}
    assert [a for a in g.legal_actions(0) if a.get("ability") == "flame-thrower"]


def test_fire_double_sword_sets_burning_and_it_burns_next_turn(rs):
    g = battle(rs, ["fei"], ["thug"],
               {"fei": {"x": 2, "y": 2}, "thug-1": {"x": 6, "y": 2, "hp": 6}},
               dice=[2, 0, 0, 0, 0, 0])
    g.act(0, {"type": "ability", "unit": "fei", "ability": "flame-thrower", "target": 0})
    thug = g.state["units"]["thug-1"]
    assert thug["st"]["BURNING"] == [0, 3]
    g.state["rng"]["script"].extend([1, 0, 0, 0, 0, 0])  # burn: 1 hit +1 FIRE, no block; ends
    rs.apply_setup(g.state, {"units": {"thug-1": {"st": {"BURNING": [0, 3],
                                                         "PARALYZE": [1, 1]}}}})
    g.act(0, {"type": "end_turn"})
    assert events(g, "burning")
    # the first roll missed but FIRE's point landed (HR-21): 1, then the burn's 2
    assert thug["hp"] == 6 - 1 - 2 and "BURNING" not in thug["st"]


def test_elec_double_sword_arcs_to_a_second_target_of_the_attackers_choice(rs):
    g = battle(rs, ["fei"], ["thug", "thug", "cultist"],
               {"fei": {"x": 2, "y": 2}, "thug-1": {"x": 6, "y": 2}, "thug-2": {"x": 8, "y": 0},
                "cultist-1": {"x": 9, "y": 4}},
               dice=[2, 1, 0, 0, 0, 0])
    g.act(0, {"type": "ability", "unit": "fei", "ability": "shock-grenade", "target": [6, 2]})
    assert g.legal_actions(0) == [{"type": "arc", "target": "thug-2"},
                                  {"type": "arc", "target": "cultist-1"}]
    g.state["rng"]["script"].extend([0, 0, 0, 0, 0])
    g.act(0, {"type": "arc", "target": "cultist-1"})
    assert [e["tgt"] for e in events(g, "attack_roll")] == ["thug-1", "cultist-1"]


def test_ice_chills_always_and_freezes_on_a_double_sword(rs):
    g = battle(rs, ["fei"], ["frost-hag"],
               {"fei": {"x": 5, "y": 2, "ch": {"paralyze": 0}}, "frost-hag-1": {"x": 8, "y": 2}},
               cards=["trick"], dice=[2, 0, 0, 0, 0, 0, 0, 0])
    g.act(0, {"type": "end_turn"})
    fei = g.state["units"]["fei"]
    assert "CHILLED" in fei["st"] and fei["st"]["FROZEN"][0] == 2


def test_nether_damage_blocks_healing_and_decays(rs):
    g = battle(rs, ["tamara"], ["cultist"],
               {"tamara": {"x": 5, "y": 2, "ch": {"mending-draught": 0}},
                "cultist-1": {"x": 8, "y": 2}}, cards=["trick"], dice=[1, 1, 0, 0, 0])
    g.act(0, {"type": "end_turn"})
    t = g.state["units"]["tamara"]
    assert t["hp"] == 8 - 2 and "DECAY" in t["st"] and "NO_HEAL" in t["st"]
    rs.heal(g.state, t, 2)
    assert t["hp"] == 6


def test_a_light_source_can_be_created_moved_and_put_out(rs):
    g = battle(rs, ["joe", "fei"], ["thug"],
               {"joe": {"x": 1, "y": 2}, "fei": {"x": 6, "y": 2}, "thug-1": {"x": 9, "y": 4}},
               dice=[3])
    g.act(0, {"type": "ability", "unit": "joe", "ability": "flare", "target": [5, 2]})
    light = g.state["lights"][0]
    assert rs.defence_score(g.state, g.state["units"]["fei"]) == 3  # east tile now lit
    g.act(1, {"type": "douse", "unit": "fei", "light": light["id"]})  # Engineering 4 + 3 >= 4
    assert g.state["lights"] == []
    assert events(g, "skill_check")[-1]["ok"] is True


def test_a_light_source_has_2_hp_and_defence_2(rs):
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 1, "y": 1}, "thug-1": {"x": 9, "y": 4}},
               lights=[[1, 2]], dice=[1, 1, 1, 0, 0, 0])
    g.act(0, {"type": "attack", "unit": "blake", "target": "L1", "mode": "melee"})
    assert g.state["lights"] == []


def test_a_failed_sanity_check_costs_sanity_and_zero_means_a_madness_roll(rs):
    """HR-2, HR-50: a failed check costs Sanity; at 0 the hunter rolls for Madness, and a
    roll of 1 or less (here 1 - 1 in darkness) drives it mad: out of the battle, lost."""
    g = battle(rs, ["fei"], ["cultist"],
               {"fei": {"x": 5, "y": 2, "san": 2, "ch": {"paralyze": 0}},
                "cultist-1": {"x": 7, "y": 2}}, cards=["wrath"], dice=[4, 1])
    g.act(0, {"type": "end_turn"})
    # 4 - 1 (darkness) < 4: failed, 2 Sanity lost: Fei rolls for Madness and breaks.
    assert events(g, "sanity_check")[-1]["ok"] is False
    assert events(g, "madness")[-1]["outcome"] == "broken"
    assert g.result()["winner"] == "enemies"
    assert rs.stats(g.state)["hunters_lost"] == 1


def test_an_interrupt_on_a_cool_down_is_never_used_up(rs):
    # "Ability Cool Downs": interrupts on a cool down have an infinite number of uses.
    g = battle(rs, ["michael"], ["thug"],
               {"michael": {"x": 0, "y": 0},
                "thug-1": {"x": 9, "y": 4, "st": {"PARALYZE": [99, 1]}}})
    vanish = {"type": "interrupt", "unit": "michael", "ability": "vanish", "target": "michael"}
    seen = []
    for _ in range(8):
        seen.append(vanish in g.legal_actions(0))
        if seen[-1]:
            g.act(0, vanish)
        g.act(0, {"type": "end_turn"})
    assert seen == [True, False, False, True, False, False, True, False]
    assert g.state["units"]["michael"]["ch"] == {}


def test_anointed_sneak_attack_is_ether(rs):
    # "Anoint Weapon": the next melee or ranged attack, abilities that are such attacks too.
    g = battle(rs, ["cassandra", "michael"], ["ghoul"],
               {"cassandra": {"x": 4, "y": 2}, "michael": {"x": 5, "y": 2},
                "ghoul-1": {"x": 6, "y": 2}}, dice=[1, 0, 0, 0])
    g.act(0, {"type": "ability", "unit": "cassandra", "ability": "anoint-weapon",
              "target": "michael"})
    g.act(1, {"type": "ability", "unit": "michael", "ability": "sneak-attack",
              "target": "ghoul-1"})
    assert " ether attack dice" in events(g, "attack_roll")[-1]["text"]
    assert "ANOINTED" not in g.state["units"]["michael"]["st"]


def test_a_failed_engineering_check_leaves_the_light(rs):
    # Engineering 4+: Michael (Engineering 1) rolls 2: 3 < 4.
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 1, "y": 1},
                                           "thug-1": {"x": 9, "y": 4}},
               lights=[[1, 2]], dice=[2])
    g.act(0, {"type": "douse", "unit": "michael", "light": "L1"})
    assert events(g, "skill_check")[-1]["ok"] is False and len(g.state["lights"]) == 1


def test_a_shade_snuffs_out_the_nearest_light(rs):
    # "Light Sources": enemy abilities can destroy light sources.
    g = battle(rs, ["fei"], ["shade"],
               {"fei": {"x": 0, "y": 4, "ch": {"paralyze": 0}}, "shade-1": {"x": 7, "y": 2}},
               lights=[[1, 2], [8, 2]], cards=["trick"])
    g.act(0, {"type": "end_turn"})
    # It closes in on Fei first (4 spaces: hindered on its lit tile), then snuffs the nearest.
    assert (g.state["units"]["shade-1"]["x"], g.state["units"]["shade-1"]["y"]) == (3, 2)
    assert [(li["x"], li["y"]) for li in g.state["lights"]] == [(8, 2)]
