"""Defense gear and element resistances in battle: riddle-of-the-beast-rules.md "Gear Shop /
Defense Gear Shop", "Gear and Equipment" (armour overwrites defence), "Elemental Attacks";
RULINGS HR-30 (loadouts), HR-32 (armour lowers the damage that gets through)."""

from __future__ import annotations

import pytest
from beastkit import battle, events, pass_windows

from hauntkit.core import Game


def blake_hit_by_thug(rs, gear: list[str], card: str, dice: list[int], thug_x: int = 6) -> int:
    """Blake (DEF 4, -1 in the dark: 3 dice) takes the thug's attack from the combat card;
    returns the HP Blake lost."""
    g = battle(rs, ["blake"], ["thug"],
               {"blake": {"x": 5, "y": 2, "ch": {"brace": 0}}, "thug-1": {"x": thug_x, "y": 2}},
               cards=[card], side="enemies", dice=dice, gear={"blake": gear} if gear else {})
    pass_windows(g)
    u = g.state["units"]["blake"]
    return u["max"] - u["hp"]


def test_body_armor_lowers_melee_damage_by_2(rs):
    """Defense Gear Shop / Body Armor: -2 damage from Melee Attacks."""
    dice = [1, 1, 0, 0, 0, 0]  # thug A3: 2 hits; Blake blocks nothing
    assert blake_hit_by_thug(rs, [], "strike", dice) == 2
    assert blake_hit_by_thug(rs, ["body_armor"], "strike", dice) == 0
    # Riot Shield is for ranged attacks only.
    assert blake_hit_by_thug(rs, ["riot_shield"], "strike", dice) == 2


def test_riot_shield_lowers_ranged_damage_by_2(rs):
    """Defense Gear Shop / Riot Shield: -2 damage from Range Attacks."""
    dice = [1, 1, 1, 0, 0, 0, 0]  # thug R A2: a critical (2 hits + 1 more), no blocks
    assert blake_hit_by_thug(rs, [], "volley", dice, thug_x=8) == 3
    assert blake_hit_by_thug(rs, ["riot_shield"], "volley", dice, thug_x=8) == 1
    assert blake_hit_by_thug(rs, ["body_armor"], "volley", dice, thug_x=8) == 3


@pytest.mark.parametrize(("item", "lost"), [("helmet", 1), ("riot_helm", 0)])
def test_helmets_lower_critical_damage(rs, item, lost):
    """Defense Gear Shop / Helmet (-2) and Riot Helm (-3) against Critical Hits."""
    dice = [1, 1, 1, 0, 0, 0, 0]  # a critical worth 3
    assert blake_hit_by_thug(rs, [item], "volley", dice, thug_x=8) == lost


def test_helmet_does_nothing_without_a_critical(rs):
    """Defense Gear Shop / Helmet only lowers damage of Critical Hits."""
    assert blake_hit_by_thug(rs, ["riot_helm"], "strike", [1, 1, 0, 0, 0, 0]) == 2


def bomb_blake(rs, item: str, gear: list[str], dice: list[int]) -> int:
    """Michael throws ``item`` (an AOE bomb) onto Blake's space; the HP Blake lost."""
    g = battle(rs, ["michael", "blake"], ["thug"],
               {"michael": {"x": 1, "y": 2}, "blake": {"x": 5, "y": 2},
                "thug-1": {"x": 9, "y": 4}},
               dice=dice, gear={"michael": [item], **({"blake": gear} if gear else {})})
    kind = rs.c.gear.items[item].use.kind  # napalm and liquid nitrogen are interrupts
    g.act(0, {"type": "interrupt" if kind == "interrupt" else "ability", "unit": "michael",
              "ability": f"gear-{item}", "target": [5, 2]})
    u = g.state["units"]["blake"]
    return u["max"] - u["hp"]


# FIRE: the special roll (a blank), 2 hits, Blake's 3 defence dice all blank: 2 + 1 FIRE.
FIRE = [0, 1, 1, 0, 0, 0]
# ICE: the special roll, 2 hits, 3 blank defence dice: 2.
ICE = [0, 1, 1, 0, 0, 0]


@pytest.mark.parametrize(("gear", "lost"), [
    ([], 3),
    (["flame_resistant"], 1),   # no extra FIRE point, then -1
    (["flame_ward"], 0),        # -3
    (["frost_resistant"], 3),   # wrong element
])
def test_fire_resistance(rs, gear, lost):
    """Defense Gear Shop / Flame Resistant, Flame Ward; "Elemental Attacks / Fire": targets
    resistant to FIRE are immune to its extra point of damage."""
    assert bomb_blake(rs, "napalm", gear, FIRE) == lost


@pytest.mark.parametrize(("gear", "lost"), [
    ([], 2),
    (["frost_resistant"], 1),
    (["frost_ward"], 0),
    (["flame_ward"], 4),   # +2 from ICE
    (["shock_ward"], 4),   # +2 from ICE
])
def test_ice_resistance_and_weakness(rs, gear, lost):
    """Defense Gear Shop / Frost Resistant, Frost Ward; Flame and Shock Ward take +2 from ICE."""
    assert bomb_blake(rs, "liquid_nitrogen", gear, ICE) == lost


def shock_blake(rs, gear: list[str], dice: list[int]) -> int:
    """Fei's Shock Grenade (A3 ELEC AOE) lands on Blake's space."""
    g = battle(rs, ["fei", "blake"], ["thug"],
               {"fei": {"x": 1, "y": 2}, "blake": {"x": 5, "y": 2}, "thug-1": {"x": 9, "y": 4}},
               dice=dice, gear={"blake": gear} if gear else {})
    g.act(0, {"type": "ability", "unit": "fei", "ability": "shock-grenade", "target": [5, 2]})
    u = g.state["units"]["blake"]
    return u["max"] - u["hp"]


@pytest.mark.parametrize(("gear", "lost"), [
    ([], 2),
    (["shock_resistant"], 1),
    (["shock_ward"], 0),
    (["frost_ward"], 4),   # +2 from ELEC
])
def test_elec_resistance_and_weakness(rs, gear, lost):
    """Defense Gear Shop / Shock Resistant, Shock Ward; Frost Ward takes +2 from ELEC.
    ELEC: Blake rolls 1 less defence (2 dice)."""
    assert shock_blake(rs, gear, [0, 1, 1, 0, 0, 0]) == lost


def test_flame_retardant_stops_burning(rs):
    """Defense Gear Shop / Flame Retardant: immune to the FIRE status effect (BURNING)."""
    for gear, burning in (([], True), (["flame_retardant"], False)):
        g = battle(rs, ["michael", "blake"], ["thug"],
                   {"michael": {"x": 1, "y": 2}, "blake": {"x": 5, "y": 2},
                    "thug-1": {"x": 9, "y": 4}},
                   dice=[2, 1, 0, 0, 0, 0], gear={"michael": ["napalm"], "blake": gear})
        g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-napalm",
                  "target": [5, 2]})
        assert ("BURNING" in g.state["units"]["blake"]["st"]) is burning


def test_frost_retardant_stops_freezing(rs):
    """Defense Gear Shop / Frost Retardant: immune to the ICE status effect (FROZEN)."""
    for gear, frozen in (([], True), (["frost_retardant"], False)):
        g = battle(rs, ["michael", "blake"], ["thug"],
                   {"michael": {"x": 1, "y": 2}, "blake": {"x": 5, "y": 2},
                    "thug-1": {"x": 9, "y": 4}},
                   dice=[2, 1, 0, 0, 0, 0], gear={"michael": ["liquid_nitrogen"],
                                                  "blake": gear})
        g.act(0, {"type": "interrupt", "unit": "michael",
                  "ability": "gear-liquid_nitrogen",
                  "target": [5, 2]})
        assert ("FROZEN" in g.state["units"]["blake"]["st"]) is frozen


def test_shock_retardant_keeps_lightning_from_arcing_onto_the_wearer(rs):
    """Defense Gear Shop / Shock Retardant (immune to the ELEC status effect: RULING HR-32,
    the arc of "Elemental Attacks / Electricity")."""
    for gear, arcs in (([], 1), (["shock_retardant"], 0)):
        g = battle(rs, ["blake", "tamara"], ["storm-wraith"],
                   {"blake": {"x": 5, "y": 2, "ch": {"brace": 0}},
                    "tamara": {"x": 5, "y": 4, "ch": {"mending-draught": 0}},
                    "storm-wraith-1": {"x": 9, "y": 2}},
                   cards=["volley"], side="enemies", dice=[2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                   gear={"tamara": gear} if gear else {})
        pass_windows(g)
        assert len(events(g, "arc")) == arcs


def defence_dice_of(rs, hunter: str, gear: list[str]) -> int:
    g = battle(rs, [hunter], ["thug"], {hunter: {"x": 1, "y": 2}, "thug-1": {"x": 9, "y": 4}},
               lights=[[1, 2]], gear={hunter: gear} if gear else {})
    return rs.defence_score(g.state, g.state["units"][hunter])


def test_chain_vest_sets_defence_and_tactical_armor_raises_3_to_4(rs):
    """Defense Gear Shop / Chain Vest (DEF becomes 3), Tactical Armor (a natural 3 becomes 4);
    "Gear and Equipment": armour's defence value overwrites the wearer's."""
    assert defence_dice_of(rs, "blake", []) == 4
    assert defence_dice_of(rs, "blake", ["chain_vest"]) == 3
    assert defence_dice_of(rs, "blake", ["tactical_armor"]) == 4   # natural 4: unchanged
    assert defence_dice_of(rs, "michael", ["tactical_armor"]) == 4  # natural 3 -> 4


def test_leather_armor_raises_max_hp(rs):
    """Defense Gear Shop / Leather Armor (+1), Studded Leather (+2 max HP)."""
    for gear, hp in (([], 11), (["leather_armor"], 12), (["studded_leather"], 13)):
        g = Game.new(rs, {"map": "alley", "hunters": ["blake"], "loadout": {"blake": gear}}, 1)
        assert g.state["units"]["blake"]["max"] == hp
        assert g.state["units"]["blake"]["hp"] == hp


def test_shoes_add_movement(rs):
    """Defense Gear Shop / Pumps (+1), Athletic Shoe (+2 movement)."""
    for gear, mv in (([], 4), (["pumps"], 5), (["athletic_shoe"], 6), (["pumps", "athletic_shoe"], 7)):
        g = Game.new(rs, {"map": "alley", "hunters": ["blake"], "loadout": {"blake": gear},
                          "dice": [6, 1]}, 1)
        assert g.state["units"]["blake"]["mv"] == mv


def test_same_item_twice_does_not_stack(rs):
    """Gear Shop: "Multiple effects of the same item do NOT stack"."""
    g = Game.new(rs, {"map": "alley", "hunters": ["blake"],
                      "loadout": {"blake": ["pumps", "pumps"]}, "dice": [6, 1]}, 1)
    assert g.state["units"]["blake"]["mv"] == 5


def test_brown_coat_adds_1_to_sanity_checks(rs):
    """Defense Gear Shop / Brown Coat: +1 to all Sanity Checks."""
    for gear, ok in (([], False), (["brown_coat"], True)):
        g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 1, "y": 2}, "thug-1": {"x": 9, "y": 4}},
                   lights=[[1, 2]], gear={"blake": gear} if gear else {}, dice=[3])
        assert rs.sanity_check(g.state, g.state["units"]["blake"], 4, 1) is ok


def test_chest_plate_needs_2_more_bleed_points(rs):
    """Defense Gear Shop / Chest Plate: 2 more Bleed Points to HEMORRHAGE (BASE: 3 -> 5)."""
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 1, "y": 2}, "thug-1": {"x": 9, "y": 4}},
               gear={"blake": ["chest_plate"]})
    blake = g.state["units"]["blake"]
    rs.bleed(g.state, blake, 4)
    assert blake["bleed"] == 4 and blake["hp"] == 11
    rs.bleed(g.state, blake, 1)
    assert blake["bleed"] == 0 and blake["hp"] == 11 - 3


@pytest.mark.parametrize(("item", "status"), [
    ("scale_armor", "WOUNDING"), ("wrist_sling", "DISARMED"), ("sun_glasses", "BLIND")])
def test_immunities(rs, item, status):
    """Defense Gear Shop / Scale Armor (WOUNDING), Wrist Sling (DISARM), Sun Glasses (BLIND)."""
    from hauntkit.rulesets.beast.battle import status as st
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 1, "y": 2}, "thug-1": {"x": 9, "y": 4}},
               gear={"blake": [item]})
    assert st.apply(rs, g.state, g.state["units"]["blake"], status, 1, 1) is False
    assert status not in g.state["units"]["blake"]["st"]


def test_grenade_belt_and_battery_packs_shorten_cool_downs(rs):
    """Defense Gear Shop / Grenade Belt (AOE cool downs -1); Battery Packs (beams -1)."""
    for gear, cd in (([], 2), (["grenade_belt"], 1), (["battery_packs"], 2)):
        g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 1, "y": 2}, "thug-1": {"x": 5, "y": 2}},
                   dice=[0, 0, 0, 0, 0, 0], gear={"fei": gear} if gear else {})
        g.act(0, {"type": "ability", "unit": "fei", "ability": "shock-grenade", "target": [5, 2]})
        assert g.state["units"]["fei"]["cd"]["shock-grenade"] == cd
    for gear, cd in (([], 2), (["battery_packs"], 1)):
        g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 1, "y": 2}, "thug-1": {"x": 4, "y": 2}},
                   dice=[0, 0, 0, 0, 0, 0], gear={"fei": gear} if gear else {})
        g.act(0, {"type": "ability", "unit": "fei", "ability": "flame-thrower", "target": 0})
        assert g.state["units"]["fei"]["cd"]["flame-thrower"] == cd


def test_precision_scope_reaches_2_further(rs):
    """Defense Gear Shop / Precision Scope: Range +2 (Michael's base R4 reaches 6)."""
    for gear, ok in (([], False), (["precision_scope"], True)):
        g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 1, "y": 2},
                                               "thug-1": {"x": 7, "y": 2}},
                   gear={"michael": gear} if gear else {})
        shot = {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged"}
        assert (shot in g.legal_actions(0)) is ok


def test_cheap_kevlar_rerolls_a_defence_die_but_never_perfect(rs):
    """Defense Gear Shop / Cheap Kevlar: reroll one defence die; no Perfect Defense."""
    # thug A3: 2 hits; Blake 3 dice: blank, block, block; the blank is rolled again: a block.
    lost = blake_hit_by_thug(rs, ["cheap_kevlar"], "strike", [1, 1, 0, 0, 1, 1, 1])
    assert lost == 0  # 3 blocks against 2 hits, but no perfect defence needed here
    # 3 hits against 3 blocks: without the vest a Perfect Defense, with it 0 damage anyway;
    # 4 hits (a critical) against 3 blocks: perfect without the vest, 1 damage with it.
    plain = blake_hit_by_thug(rs, [], "strike", [1, 1, 1, 1, 0, 0, 1, 1, 1])
    kevlar = blake_hit_by_thug(rs, ["cheap_kevlar"], "strike", [1, 1, 1, 1, 0, 0, 1, 1, 1])
    assert plain == 0 and kevlar == 1


def test_thermal_scope_ignores_stealth(rs):
    """Defense Gear Shop / Thermal Scope: ignore Stealth on targets when attacking."""
    for gear, ok in (([], False), (["thermal_scope"], True)):
        g = battle(rs, ["michael"], ["thug"],
                   {"michael": {"x": 1, "y": 2},
                    "thug-1": {"x": 4, "y": 2, "st": {"STEALTH": [2, 1]}}},
                   gear={"michael": gear} if gear else {})
        shot = {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged"}
        assert (shot in g.legal_actions(0)) is ok


def test_stealth_suit_shortens_enemy_ranged_attacks_on_the_wearer(rs):
    """Defense Gear Shop / Stealth Suit: lower the Range of enemy attacks on the wearer by 2
    (the thug's R3 shot is R1 against it: from 3 spaces it must come next to Blake, "Enemy
    Turn"; an immobilized thug cannot, and its shot no longer reaches)."""
    dice = [1, 0, 0, 0, 0] + [0] * 10
    assert blake_hit_by_thug(rs, [], "volley", dice, thug_x=8) == 1
    assert blake_hit_by_thug(rs, ["stealth_suit"], "volley", dice, thug_x=8) == 1
    g = battle(rs, ["blake"], ["thug"],
               {"blake": {"x": 5, "y": 2, "ch": {"brace": 0}},
                "thug-1": {"x": 8, "y": 2, "st": {"IMMOBILIZE": [1, 9]}}},
               cards=["volley"], side="enemies", dice=dice, gear={"blake": ["stealth_suit"]})
    pass_windows(g)
    assert g.state["units"]["thug-1"]["x"] == 8
    assert events(g, "attack_roll") == [] and events(g, "no_target")


def test_night_vision_goggles_see_through_stealth(rs):
    """Battery Items / Night Vision Goggles: a free action to ignore enemies' Stealth."""
    g = battle(rs, ["michael"], ["thug"],
               {"michael": {"x": 1, "y": 2},
                "thug-1": {"x": 4, "y": 2, "st": {"STEALTH": [2, 1]}}},
               gear={"michael": ["night_vision_goggles"]})
    shot = {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged"}
    assert shot not in g.legal_actions(0)
    g.act(0, {"type": "free", "unit": "michael", "ability": "gear-night_vision_goggles",
              "target": "michael"})
    assert shot in g.legal_actions(0)
