"""Items of the gear tables that had no test of their own, one scenario each: a position, the
dice, the action and what riddle-of-the-beast-rules.md says follows (the section is named in
each docstring; rulings in docs/rulings.md)."""

from __future__ import annotations

from beastkit import battle, events, pass_windows


def duel(rs, gear: list[str], dice: list[int], ex: int = 6, hp: int = 20, **setup):
    """Michael at (5, 2), a thug with ``hp`` HP at (ex, 2); hunters act first; dark map."""
    g = battle(rs, ["michael"], ["thug"],
               {"michael": {"x": 5, "y": 2}, "thug-1": {"x": ex, "y": 2, "hp": hp}},
               dice=dice, gear={"michael": gear}, **setup)
    g.state["units"]["thug-1"]["max"] = hp
    return g


def test_bowie_knife_attacks_again_after_a_critical_once_a_turn(rs):
    """"Melee Weapons", Bowie Knife (A2): "If this weapon triggers a Critical Hit you can
    attack again. Can trigger once per turn." (RULING HR-35: the extra attack never chains).
    A critical (two hits, rolled again) is followed by one more attack, itself a critical,
    which brings no third."""
    crit = [1, 1, 1, 0, 0, 0]  # 2 hits, critical: 2 dice again (1 hit), 2 defence blanks
    g = duel(rs, ["bowie_knife"], crit + crit + [0] * 10)
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "melee",
              "weapon": "bowie_knife"})
    assert len(events(g, "attack_roll")) == 2
    assert len(events(g, "second_attack")) == 1
    assert g.state["units"]["thug-1"]["hp"] == 20 - 3 - 3


def test_colt_mark_iii_fan_the_hammer_can_critically_hit(rs):
    """"Range Weapons", Colt Mark III: "Fan the Hammer can Critically Hit with this gun"
    (Revolver: "This attack cannot Critically Hit" otherwise; RULING HR-33)."""
    g = duel(rs, ["colt_mark_iii"], [1, 1, 1, 1, 1, 1, 0, 0] + [0] * 40)
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-colt_mark_iii-fan",
              "target": "thug-1"})
    rolls = events(g, "attack_roll")
    assert len(rolls) == 4
    assert rolls[0]["crit"] is True


def test_pecheneg_marks_its_target_as_an_interrupt(rs):
    """"Range Weapons", Pecheneg (LMG A5/R4): "INTERRUPT - Targeted is MARKED for 1 turn"
    (RULING HR-33: a 2-round cool down); it takes Michael's interrupt, not his action."""
    g = duel(rs, ["pecheneg"], [], ex=8)
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-pecheneg",
              "target": "thug-1"})
    m = g.state["units"]["michael"]
    assert "MARKED" in g.state["units"]["thug-1"]["st"]
    assert m["intr"] and not m["acted"]
    assert m["cd"]["gear-pecheneg"] == 2


def test_predator_marks_a_target_seven_spaces_away(rs):
    """"Range Weapons", Predator (Sniper A4/R7): "INTERRUPT - Targeted is MARKED for 1 turn":
    its reach is the rifle's 7."""
    g = battle(rs, ["michael"], ["thug"],
               {"michael": {"x": 1, "y": 2}, "thug-1": {"x": 8, "y": 2}},
               gear={"michael": ["predator"]})
    mark = {"type": "interrupt", "unit": "michael", "ability": "gear-predator",
            "target": "thug-1"}
    assert mark in g.legal_actions(0)
    g.act(0, mark)
    assert "MARKED" in g.state["units"]["thug-1"]["st"]


def test_bear_trap_bites_only_the_first_enemy_and_bleeds_it(rs):
    """"Traps", Bear Trap: "A6 - PHYSICAL Only attacks first enemy to trigger. Damaged
    targets take 2 points of Bleed. TRIGGER - Enemy unit moves on Trap Icon" (RULING HR-36):
    the thug walking onto it is attacked, Michael standing next to it is not."""
    g = duel(rs, ["bear_trap"], [], ex=8)
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-bear_trap",
              "target": [6, 2]})
    g.state["rng"]["script"].extend([1, 1, 0, 0, 0, 0] + [0] * 30)
    g.state["forced"] = ["strike"]
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    sprung = [e for e in events(g, "attack_roll") if e["att"] == "michael"]
    assert [e["tgt"] for e in sprung] == ["thug-1"]
    thug = g.state["units"]["thug-1"]
    assert thug["hp"] < 20 and thug["bleed"] >= 2
    assert "traps" not in g.state


def test_land_mine_blasts_everyone_within_two_spaces(rs):
    """"Traps": "Traps attack all units within 2 spaces from the Trap Icon unless otherwise
    indicated"; Land Mine: "A5 - PHYSICAL TRIGGER - Enemy unit moves on Trap Icon" (RULING
    HR-36: allies are caught too, its owner being the attacker)."""
    g = duel(rs, ["land_mine"], [], ex=8)
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-land_mine",
              "target": [6, 2]})
    g.state["rng"]["script"].extend([0] * 60)
    g.state["forced"] = ["strike"]
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    targets = {e["tgt"] for e in events(g, "attack_roll") if e["att"] == "michael"}
    assert targets == {"thug-1", "michael"}


def test_ghost_trap_paralyzes_only_the_undead_when_detonated(rs):
    """"Traps", Ghost Trap: "Paralyze any units of the UNDEAD Template for 1 turn. TRIGGER -
    Detonator" (RULING HR-36): set off by its owner, it paralyzes the undead near it and
    not the thug beside them."""
    undead = next(e.id for e in rs.c.enemies.values() if e.template == "UNDEAD")
    g = battle(rs, ["michael"], [undead, "thug"],
               {"michael": {"x": 4, "y": 2}, f"{undead}-1": {"x": 7, "y": 2},
                "thug-1": {"x": 7, "y": 1}},
               gear={"michael": ["ghost_trap"]}, dice=[0] * 20)
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-ghost_trap",
              "target": [5, 2]})
    trap = g.state["traps"][0]["id"]
    g.act(0, {"type": "detonate", "unit": "michael", "trap": trap})
    assert "PARALYZE" in g.state["units"][f"{undead}-1"]["st"]
    assert "PARALYZE" not in g.state["units"]["thug-1"]["st"]


def test_flash_bang_blinds_the_enemies_in_its_area_not_the_hunters(rs):
    """"Consumable Shop", Flash Bang: "R6 - any enemies within range are Blinded for 2 turns.
    AOE 2 spaces from target": Blake, inside the area, keeps his sight."""
    g = battle(rs, ["michael", "blake"], ["thug", "thug"],
               {"michael": {"x": 1, "y": 2}, "blake": {"x": 5, "y": 2},
                "thug-1": {"x": 6, "y": 2}, "thug-2": {"x": 7, "y": 2}},
               gear={"michael": ["flash_bang"]}, dice=[0] * 20)
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-flash_bang",
              "target": [6, 2]})
    units = g.state["units"]
    assert "BLIND" in units["thug-1"]["st"] and "BLIND" in units["thug-2"]["st"]
    assert "BLIND" not in units["blake"]["st"]


def test_energy_drink_gives_a_hunter_next_to_the_user_another_turn(rs):
    """"Consumable Shop", Energy Drink: "R1 - Hunter can take another turn" (a free action):
    Michael hands it to Blake next to him, who has moved and acted, and Blake may move and
    act again."""
    g = battle(rs, ["michael", "blake"], ["thug"],
               {"michael": {"x": 4, "y": 2}, "blake": {"x": 5, "y": 2},
                "thug-1": {"x": 9, "y": 4}},
               gear={"michael": ["energy_drink"]}, dice=[0] * 20)
    blake = g.state["units"]["blake"]
    blake["acted"], blake["mv"] = True, 0
    drink = {"type": "free", "unit": "michael", "ability": "gear-energy_drink",
             "target": "blake"}
    assert drink in g.legal_actions(0)
    g.act(0, drink)
    assert not blake["acted"] and blake["mv"] == rs.c.hunters["blake"].move


def test_immolation_trap_burns_with_fire(rs):
    """"Traps", Immolation Trap: "A4 - FIRE - TRIGGER - Enemy unit moves on Trap Icon": the
    thug stepping on it is attacked with FIRE (its special die is rolled first) and takes
    FIRE's extra point (RULING HR-21)."""
    g = duel(rs, ["immolation_trap"], [], ex=8)
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-immolation_trap",
              "target": [6, 2]})
    g.state["rng"]["script"].extend([0] * 60)
    g.state["forced"] = ["strike"]
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    rolls = [e for e in events(g, "attack_roll") if e["att"] == "michael"]
    assert rolls and "fire" in rolls[0]["text"]
    assert events(g, "element_roll")
    assert g.state["units"]["thug-1"]["hp"] == 20 - 1  # all misses, no block: FIRE's point


def fire(g, iid: str) -> None:
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged",
              "weapon": iid})


def test_browning_bps_critical_hits_bleed(rs):
    """"Range Weapons", Browning BPS (Shotgun A3/R5): "Critical Hits inflict 1 point of
    BLEED": three hits, a critical (the dice again: no hit), no block: 3 damage, 1 Bleed."""
    g = duel(rs, ["browning_bps"], [1, 1, 1, 0, 0, 0, 0, 0] + [0] * 10, ex=8)
    fire(g, "browning_bps")
    thug = g.state["units"]["thug-1"]
    assert events(g, "attack_roll")[0]["crit"] is True
    assert thug["hp"] == 20 - 3 and thug["bleed"] == 1


def test_the_judge_hurts_low_defence_targets_more(rs):
    """"Range Weapons", The Judge (Pistol/Shotgun A3/R3): "+1 damage to targets with DEF of 3
    or less": one hit on the thug (DEF 2), no block, deals 2."""
    g = duel(rs, ["the_judge"], [1, 0, 0, 0, 0] + [0] * 10, ex=8)
    fire(g, "the_judge")
    assert g.state["units"]["thug-1"]["hp"] == 20 - 2


def test_benelli_rerolls_one_of_the_targets_defence_dice(rs):
    """"Range Weapons", Benelli (Shotgun A6/R4): "Re-roll 1 of the targets Defense Dice": the
    thug's one block is rolled again, comes up blank, and the hit gets through."""
    g = duel(rs, ["benelli"], [1, 0, 0, 0, 0, 0, 1, 0, 0] + [0] * 10, ex=8)
    fire(g, "benelli")
    assert g.state["units"]["thug-1"]["hp"] == 20 - 1


def test_flash_light_plus_runs_on_two_batteries(rs):
    """"Battery Items", Flash Light + ("Battery x2"): the first MISS when it goes out kills one
    battery, and it can be switched on again on the second (RULING HR-37)."""
    switch = {"type": "free", "unit": "michael", "ability": "gear-flash_light_plus",
              "target": "michael"}
    g = duel(rs, ["flash_light_plus"], [0] + [0] * 10, ex=9)
    m = g.state["units"]["michael"]
    g.act(0, switch)
    m["flags"].clear()  # as at the start of his next turn
    g.act(0, switch)  # goes out: a MISS
    assert events(g, "battery")[-1]["dead"] is True
    assert m["ch"]["gear-flash_light_plus"] == 1
    m["flags"].clear()
    assert switch in g.legal_actions(0)
    g.act(0, switch)
    assert rs.tile_lit(g.state, (m["x"], m["y"]))
