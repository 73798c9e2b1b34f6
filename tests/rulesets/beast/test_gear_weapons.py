"""Weapons in battle: riddle-of-the-beast-rules.md "Gear and Equipment" (a weapon is a second
attack beside the base value), "Gear Shop / Melee Weapons" and "Range Weapons" (each weapon
class's special ability, item effects); RULINGS HR-33 (Quick Strike/Quick Fire cool down),
HR-35 (second targets)."""

from __future__ import annotations

from beastkit import battle, events

from hauntkit.core import Game


def duel(rs, hunter: str, gear: list[str], dice: list[int], enemy: str = "thug",
         ex: int = 6, ey: int = 2, hx: int = 5, **setup):
    """``hunter`` at (hx, 2) against one enemy; hunters act first; dark map."""
    return battle(rs, [hunter], [enemy], {hunter: {"x": hx, "y": 2},
                                          f"{enemy}-1": {"x": ex, "y": ey}},
                  dice=dice, gear={hunter: gear}, **setup)


def swing(g, unit: str, target: str, iid: str, mode: str = "melee") -> None:
    g.act(0, {"type": "attack", "unit": unit, "target": target, "mode": mode, "weapon": iid})


def test_a_weapon_is_a_second_attack_beside_the_base_value(rs):
    """Gear and Equipment / Gear: the weapon does not overwrite the base value; the player
    declares which one attacks."""
    g = duel(rs, "michael", ["claymore"], [])
    melee = [a for a in g.legal_actions(0) if a["type"] == "attack" and a["mode"] == "melee"]
    assert {a.get("weapon") for a in melee} == {None, "claymore"}
    g.state["rng"]["script"].extend([1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0])
    swing(g, "michael", "thug-1", "claymore")
    assert len(events(g, "attack_roll")[-1]["faces"]) == 5  # Claymore A5, Michael's melee 3


def test_blunt_armor_breaker_rerolls_a_defence_die(rs):
    """Melee Weapons / Blunt: Armor Breaker - re-roll 1 of the target's Defense Dice."""
    # Bat A2: hit, miss; thug DEF 2: block, block -> the first block is rolled again: blank.
    g = duel(rs, "blake", ["bat"], [1, 0, 1, 1, 0])
    swing(g, "blake", "thug-1", "bat")
    assert len(events(g, "defence_reroll")) == 1
    assert g.state["units"]["thug-1"]["hp"] == 6  # 1 hit - 1 block


def test_exotic_sharp_bleeds_damaged_targets(rs):
    """Melee Weapons / Exotic: Sharp - damaged targets take 1 point of BLEED."""
    g = duel(rs, "blake", ["wooden_stakes"], [1, 0, 0, 0])
    swing(g, "blake", "thug-1", "wooden_stakes")
    assert g.state["units"]["thug-1"]["bleed"] == 1


def test_large_menacing_only_against_non_base_templates(rs):
    """Melee Weapons / Large: Menacing - targets of a non-BASE template roll 1 less defence."""
    g = duel(rs, "blake", ["broadsword"], [1, 0, 0, 0, 0, 0], enemy="ghoul")
    swing(g, "blake", "ghoul-1", "broadsword")
    assert len(events(g, "defence_roll")[-1]["faces"]) == 1  # ghoul DEF 2 - 1
    g = duel(rs, "blake", ["broadsword"], [1, 0, 0, 0, 0, 0])
    swing(g, "blake", "thug-1", "broadsword")
    assert len(events(g, "defence_roll")[-1]["faces"]) == 2  # thug is BASE


def test_nimble_quick_strike_is_an_interrupt_attack(rs):
    """Melee Weapons / Nimble: Quick Strike (INTERRUPT) - a melee attack with the weapon."""
    g = duel(rs, "blake", ["epee"], [1, 1, 1, 0, 0, 0])
    quick = {"type": "interrupt", "unit": "blake", "ability": "gear-epee-quick",
             "target": "thug-1"}
    assert quick in g.legal_actions(0)
    g.act(0, quick)
    assert g.state["units"]["blake"]["intr"] is True
    assert g.state["units"]["blake"]["cd"]["gear-epee-quick"] == 2  # RULING HR-33
    assert g.state["units"]["blake"]["acted"] is False  # not its action


def test_polearm_reaches_only_range_2_and_has_multi_attack(rs):
    """Melee Weapons / Polearm: First Strike - MULTI-ATTACK, can only target range 2; the
    Halberd reaches range 1 or 2."""
    g = duel(rs, "blake", ["spear"], [], ex=6)
    assert not [a for a in g.legal_actions(0) if a.get("weapon") == "spear"]
    g = duel(rs, "blake", ["spear"], [0, 1, 1, 1, 0, 0], ex=7)
    swing(g, "blake", "thug-1", "spear")
    # the miss is rolled again (MULTI-ATTACK): blank -> hit, so all 3 dice hit: a critical
    assert events(g, "attack_roll")[-1]["faces"] == [1, 1, 1]
    g = duel(rs, "blake", ["halberd"], [], ex=6)
    assert [a for a in g.legal_actions(0) if a.get("weapon") == "halberd"]


def test_sword_deadly_wounds_on_a_critical(rs):
    """Melee Weapons / Sword: Deadly - targets hit by a Critical Hit are WOUNDED for 1 turn."""
    g = duel(rs, "blake", ["machete"], [1, 1, 0, 0, 0, 0])
    g.state["units"]["thug-1"]["hp"] = 6
    g.state["units"]["thug-1"]["max"] = 20
    g.state["units"]["thug-1"]["hp"] = 20
    swing(g, "blake", "thug-1", "machete")
    assert "WOUNDING" in g.state["units"]["thug-1"]["st"]


def test_item_critical_effects_flinch_and_bleed(rs):
    """Melee Weapons / Crowbar (a critical inflicts FLINCH), Keen Kukri (+1 BLEED point)."""
    g = duel(rs, "blake", ["crowbar"], [1, 1, 1, 0, 0, 0, 0, 0])
    g.state["units"]["thug-1"].update(max=30, hp=30)
    swing(g, "blake", "thug-1", "crowbar")
    assert "FLINCH" in g.state["units"]["thug-1"]["st"]
    g = duel(rs, "blake", ["keen_kukri"], [1, 1, 1, 0, 0, 0, 0, 0])
    g.state["units"]["thug-1"].update(max=30, hp=30)
    swing(g, "blake", "thug-1", "keen_kukri")
    assert g.state["units"]["thug-1"]["bleed"] == 2  # Exotic 1 + Kukri's critical 1


def test_whip_critical_adds_no_damage(rs):
    """Melee Weapons / Whip: Critical Hits do not inflict bonus damage but FLINCH."""
    g = duel(rs, "blake", ["whip"], [1, 1, 1, 0, 0], ex=8)
    g.state["units"]["thug-1"].update(max=30, hp=30)
    swing(g, "blake", "thug-1", "whip")
    assert events(g, "crit_roll") == []
    assert g.state["units"]["thug-1"]["hp"] == 30 - 3
    assert "FLINCH" in g.state["units"]["thug-1"]["st"]


def test_chainsaw_triple_criticals_charges_and_no_interrupts(rs):
    """Melee Weapons / Electric Chainsaw: criticals x3, 4 charges per battle, no interrupt
    the same turn."""
    g = duel(rs, "blake", ["electric_chainsaw"], [1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0])
    g.state["units"]["thug-1"].update(max=30, hp=30)
    swing(g, "blake", "thug-1", "electric_chainsaw")
    assert len(events(g, "crit_roll")) == 2
    blake = g.state["units"]["blake"]
    assert blake["ch"]["gear-electric_chainsaw"] == 3
    brace = [a for a in g.legal_actions(0) if a["type"] == "interrupt"]
    assert brace == []


def test_bow_piercing_and_magnum_impacting(rs):
    """Range Weapons / Bow: damaged enemies take 1 BLEED; Magnum: damaged targets are
    WOUNDED for 1 turn (Desert Eagle: 2 turns)."""
    g = duel(rs, "michael", ["shortbow"], [1, 0, 0, 0], ex=8, hx=5)
    swing(g, "michael", "thug-1", "shortbow", "ranged")
    assert g.state["units"]["thug-1"]["bleed"] == 1
    g = duel(rs, "michael", ["desert_eagle"], [1, 0, 0, 0, 0, 0], ex=8)
    swing(g, "michael", "thug-1", "desert_eagle", "ranged")
    assert g.state["units"]["thug-1"]["st"]["WOUNDING"][0] == 2


def test_pistols_do_not_provoke_attacks_of_opportunity(rs):
    """Range Weapons: ranged weapons trigger an attack of opportunity in melee range, unless
    noted; Pistol: Close Combat - it does not."""
    g = duel(rs, "michael", ["high_point"], [0, 0, 0, 0, 0], ex=6)
    swing(g, "michael", "thug-1", "high_point", "ranged")
    assert events(g, "opportunity") == []
    g = duel(rs, "michael", ["shortbow"], [0, 0, 0, 0, 0], ex=6)
    swing(g, "michael", "thug-1", "shortbow", "ranged")
    assert len(events(g, "opportunity")) == 1


def test_rapid_quick_fire_and_lmg_full_auto(rs):
    """Range Weapons / Rapid: Quick Fire (INTERRUPT); LMG: Full Auto (ACTION) - the attack as
    an AOE, 1 round CD."""
    g = duel(rs, "michael", ["shuriken", "ameli"], [], ex=7)
    acts = g.legal_actions(0)
    assert {"type": "interrupt", "unit": "michael", "ability": "gear-shuriken-quick",
            "target": "thug-1"} in acts
    assert {"type": "ability", "unit": "michael", "ability": "gear-ameli-auto",
            "target": [7, 2]} in acts
    g.state["rng"]["script"].extend([0] * 12)
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-ameli-auto",
              "target": [7, 2]})
    assert g.state["units"]["michael"]["cd"]["gear-ameli-auto"] == 1


def test_revolver_fan_the_hammer_fires_four_times_without_criticals(rs):
    """Range Weapons / Revolver: Fan the Hammer - attack up to 4 times, cannot Critically
    Hit, 3 round CD."""
    g = duel(rs, "michael", ["snub_nose"], [1, 1, 0, 0] * 4, ex=8)
    g.state["units"]["thug-1"].update(max=30, hp=30)
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-snub_nose-fan",
              "target": "thug-1"})
    rolls = events(g, "attack_roll")
    assert len(rolls) == 4 and not any(r["crit"] for r in rolls)
    assert g.state["units"]["thug-1"]["hp"] == 30 - 8
    assert g.state["units"]["michael"]["cd"]["gear-snub_nose-fan"] == 3


def test_rifle_burst_fire_rerolls_two_misses(rs):
    """Range Weapons / Rifle: Burst Fire - re-roll 2 missed Attack Dice, 3 round CD."""
    g = duel(rs, "michael", ["ar_15"], [0, 0, 1, 1, 1, 0, 0, 0, 0, 0], ex=8)
    g.state["units"]["thug-1"].update(max=30, hp=30)
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-ar_15-burst",
              "target": "thug-1"})
    assert events(g, "attack_roll")[0]["faces"] == [1, 1, 1]


def test_shotgun_spread_hits_one_more_enemy_next_to_the_target(rs):
    """Range Weapons / Shotgun: Spread - attack one additional enemy adjacent to the target
    (RULING HR-35: one enemy next to it is hit at once)."""
    g = battle(rs, ["michael"], ["thug", "thug"],
               {"michael": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2},
                "thug-2": {"x": 8, "y": 3}},
               dice=[1, 0, 0, 0, 0, 1, 0, 0, 0, 0], gear={"michael": ["sawed_off"]})
    swing(g, "michael", "thug-1", "sawed_off", "ranged")
    assert [e["tgt"] for e in events(g, "attack_roll")] == ["thug-1", "thug-2"]


def test_under_barrel_gives_a_rifle_the_shotgun_class_without_a_slot(rs):
    """Range Weapons / Under barrel: adds the Shotgun class to a Rifle; takes no gear slot."""
    g = Game.new(rs, {"map": "alley", "hunters": ["michael"], "loadout": {
        "michael": ["ar_15", "under_barrel", "bat", "epee", "pumps"]}}, 1)
    unit = g.state["units"]["michael"]
    assert "shotgun" in rs.c.gear.weapon_classes(unit, "ar_15")


def test_bonus_damage_against_low_defence(rs):
    """Range Weapons / Rough Rider: +1 damage to targets with DEF of 2 or less."""
    g = duel(rs, "michael", ["rough_rider"], [1, 0, 0, 0, 0], ex=8)
    swing(g, "michael", "thug-1", "rough_rider", "ranged")
    assert g.state["units"]["thug-1"]["hp"] == 6 - 2


def test_beretta_fires_twice(rs):
    """Range Weapons / Beretta: make a second attack with this weapon."""
    g = duel(rs, "michael", ["beretta"], [1, 0, 0, 0, 0, 1, 0, 0, 0, 0], ex=8)
    swing(g, "michael", "thug-1", "beretta", "ranged")
    assert len(events(g, "attack_roll")) == 2
    assert g.state["units"]["thug-1"]["hp"] == 6 - 2


def test_the_hunter_picks_the_spread_target_when_there_are_several(rs):
    """Range Weapons / Shotgun: Spread - one additional enemy adjacent to the target; with two
    such enemies the hunter's seat picks (RULING HR-35)."""
    g = battle(rs, ["michael"], ["thug", "thug", "cultist"],
               {"michael": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2},
                "thug-2": {"x": 8, "y": 3}, "cultist-1": {"x": 8, "y": 1}},
               dice=[1, 0, 0, 0, 0], gear={"michael": ["sawed_off"]})
    swing(g, "michael", "thug-1", "sawed_off", "ranged")
    assert g.legal_actions(0) == [{"type": "second", "target": "thug-2"},
                                  {"type": "second", "target": "cultist-1"}]
    g.state["rng"]["script"].extend([1, 0, 0, 0, 0])
    g.act(0, {"type": "second", "target": "cultist-1"})
    assert [e["tgt"] for e in events(g, "attack_roll")] == ["thug-1", "cultist-1"]


def test_sniper_called_shot_double_swords_bypass_defence(rs):
    """Range Weapons / Sniper: Called Shot (Action) - spend 1 round to take aim; DOUBLE SWORDS
    rolled while aiming bypass the target's defence."""
    g = duel(rs, "michael", ["scout_rifle"], [], ex=9)
    g.state["units"]["thug-1"].update(max=30, hp=30)
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-scout_rifle-aim",
              "target": "michael"})
    assert g.state["units"]["michael"]["ch"]["gear-aimed"] == g.state["round"] + 1
    g.state["round"] += 1  # the next hunter turn
    g.state["units"]["michael"]["acted"] = False
    # Scout Rifle A2: double sword + blank; thug DEF 2: block, block -> the double gets past
    g.state["rng"]["script"].extend([2, 0, 1, 1])
    swing(g, "michael", "thug-1", "scout_rifle", "ranged")
    assert g.state["units"]["thug-1"]["hp"] == 30 - 1
    assert "gear-aimed" not in g.state["units"]["michael"]["ch"]
