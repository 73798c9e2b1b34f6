"""Utility items, consumables, Dybbuk boxes, relics and augments in battle:
riddle-of-the-beast-rules.md "Gear Shop / Utility Shop" (Ammunition, Bombs, Traps, Healing
Items, Battery Items, Miscellaneous Items), "Consumable Shop", "Dybbuk Boxes", "Relics",
"Augment Shop"; "Gear and Equipment" (charges restored each battle, consumables destroyed);
RULINGS HR-34 (Utility Pouch of Holding), HR-36 (traps)."""

from __future__ import annotations

from beastkit import battle, events, pass_windows

from hauntkit.core import Game


def field(rs, gear: dict[str, list[str]], dice: list[int] | None = None, enemy: str = "thug",
          ex: int = 8, ey: int = 2, **setup):
    units = {"michael": {"x": 5, "y": 2}, f"{enemy}-1": {"x": ex, "y": ey}}
    hunters = ["michael"]
    if "blake" in gear:
        units["blake"] = {"x": 4, "y": 2}
        hunters.append("blake")
    return battle(rs, hunters, [enemy], units, dice=dice or [], gear=gear, **setup)


def use(g, kind: str, item: str, target, unit: str = "michael") -> None:
    g.act(0, {"type": kind, "unit": unit, "ability": f"gear-{item}", "target": target})


def test_incendiary_ammo_makes_ranged_attacks_fire_this_turn(rs):
    """Ammunition / Incendiary Ammo: a Free Action; the Range Attack's element is FIRE for
    1 turn, base value or weapon."""
    g = field(rs, {"michael": ["incendiary_ammo"]}, [0, 1, 0, 0, 0])
    use(g, "free", "incendiary_ammo", "michael")
    assert g.state["units"]["michael"]["acted"] is False
    assert g.state["units"]["michael"]["ch"]["gear-incendiary_ammo"] == 2
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged"})
    assert events(g, "attack_roll")[-1]["faces"] == [1, 0]
    assert " fire attack dice" in events(g, "attack_roll")[-1]["text"]
    assert g.state["units"]["thug-1"]["hp"] == 6 - 2  # 1 hit + FIRE's extra point


def test_armor_piercing_and_p_plus_rounds(rs):
    """Ammunition / Armor Piercing (target rolls -1 Defense), P+ Rounds (+2 attack with a
    ranged weapon, not the base value)."""
    g = field(rs, {"michael": ["armor_piercing", "p_plus_rounds", "g_17"]},
              [0, 0, 0, 0, 0, 0, 0, 0])
    use(g, "free", "armor_piercing", "michael")
    use(g, "free", "p_plus_rounds", "michael")
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged",
              "weapon": "g_17"})
    assert len(events(g, "attack_roll")[-1]["faces"]) == 5  # G-17 A3 + 2
    assert len(events(g, "defence_roll")[-1]["faces"]) == 1  # thug DEF 2 - 1


def test_bombs_are_aoe_attacks_with_charges_per_battle(rs):
    """Bombs / Pipe bomb: Interrupt, 2 charges, A2/R4 AOE PHYSICAL; charges are restored each
    battle ("Utility Items")."""
    g = field(rs, {"michael": ["pipe_bomb"]}, [1, 1, 0, 0] * 2)
    use(g, "interrupt", "pipe_bomb", [8, 2])
    assert g.state["units"]["michael"]["ch"]["gear-pipe_bomb"] == 1
    assert g.state["units"]["thug-1"]["hp"] <= 6
    fresh = Game.new(rs, {"map": "alley", "hunters": ["michael"],
                          "loadout": {"michael": ["pipe_bomb"]}}, 3)
    assert fresh.state["units"]["michael"]["ch"]["gear-pipe_bomb"] == 2


def test_frag_grenade_pro_is_consumed(rs):
    """Consumable Shop / Frag Grenade - Pro: A6/R4, AOE 2 spaces; destroyed after use."""
    g = field(rs, {"michael": ["frag_grenade_pro"]}, [0] * 12)
    use(g, "ability", "frag_grenade_pro", [8, 2])
    unit = g.state["units"]["michael"]
    assert "frag_grenade_pro" not in unit["gear"]
    assert unit["lost_gear"] == ["frag_grenade_pro"]
    assert not [a for a in g.legal_actions(0) if a.get("ability") == "gear-frag_grenade_pro"]


def test_net_trap_catches_an_enemy_that_steps_on_it(rs):
    """Traps / Net Trap: set as an Action up to 1 space away; TRIGGER - an enemy moves onto
    it: Immobilize of 10 (RULING HR-36: a trap goes off once and is gone)."""
    g = field(rs, {"michael": ["net_trap"]}, [], ex=8)
    use(g, "ability", "net_trap", [6, 2])
    assert g.state["traps"][0]["x"] == 6
    assert "traps" in g.view(0)
    g.state["rng"]["script"].extend([0] * 20)
    g.state["forced"] = ["strike"]
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    assert events(g, "trap_sprung")
    assert "traps" not in g.state
    thug = g.state["units"]["thug-1"]
    assert (thug["x"], thug["y"]) == (6, 2)
    assert "IMMOBILIZE" in thug["st"] or thug["mv"] == 0


def test_c4_is_set_off_by_its_owner(rs):
    """Consumable Shop / C4: TRAP, A6 FIRE, TRIGGER - Detonator (a free action), AOE 4."""
    g = field(rs, {"michael": ["c4"]}, [], ex=8)
    use(g, "ability", "c4", [6, 2])
    trap = g.state["traps"][0]["id"]
    # Michael first: FIRE special roll, 5 hits of 6, 2 blank defence dice: 5 + 1 FIRE
    g.state["rng"]["script"].extend([0, 1, 1, 1, 1, 1, 0, 0, 0] + [0] * 20)
    g.act(0, {"type": "detonate", "unit": "michael", "trap": trap})
    assert events(g, "trap_sprung")
    assert g.state["units"]["michael"]["hp"] == 9 - 6  # the blast catches its owner too


def test_healing_items(rs):
    """Healing Items / Band-Aid (restore 1 HP), Stim Pack (A2: 1 HP per hit), Tourniquet
    (1 Bleed point off), Antidote (remove Poison), Anti-Venom (immune to Poison 3 turns)."""
    g = field(rs, {"michael": ["band_aid", "stim_pack", "tourniquet", "antidote"]},
              [1, 2])
    m = g.state["units"]["michael"]
    m["hp"], m["bleed"] = 3, 2
    m["st"]["POISON"] = [1, 1]
    use(g, "ability", "band_aid", "michael")
    assert m["hp"] == 4
    use(g, "interrupt", "stim_pack", "michael")
    assert m["hp"] == 6
    g.state["units"]["michael"]["acted"] = False
    use(g, "ability", "tourniquet", "michael")
    assert m["bleed"] == 1
    g2 = field(rs, {"michael": ["anti_venom"]})
    use(g2, "ability", "anti_venom", "michael")
    assert g2.state["units"]["michael"]["imm"]["POISON"] == 3


def test_headlight_lights_the_wearers_tile_and_follows_it(rs):
    """Battery Items / Headlight: the wearer's map tile has a Light Score of 1."""
    g = field(rs, {"michael": ["headlight"]})
    m = g.state["units"]["michael"]
    assert rs.tile_lit(g.state, (m["x"], m["y"]))
    g.act(0, {"type": "step", "unit": "michael", "to": [4, 2]})
    lamp = [li for li in g.state["lights"] if li.get("carrier") == "michael"][0]
    assert (lamp["x"], lamp["y"]) == (4, 2)


def test_flash_light_blocks_interrupts_and_its_battery_can_die(rs):
    """Battery Items / Flash Light: while on, the tile is lit and the character uses no
    interrupts; whenever a light goes out roll a die: on a MISS the battery dies."""
    g = field(rs, {"michael": ["flash_light"], "blake": []})
    use(g, "free", "flash_light", "michael")
    m = g.state["units"]["michael"]
    assert rs.tile_lit(g.state, (m["x"], m["y"]))
    assert not [a for a in g.legal_actions(0) if a["type"] == "interrupt"
                and a["unit"] == "michael"]  # no interrupts while it is on
    m["ch"]["gear-torch-on"] = 1
    g.state["rng"]["script"].append(0)
    from hauntkit.rulesets.beast.gear import using
    using.toggle_torch(rs, g.state, m, rs.c.gear.abilities["gear-flash_light"])
    assert events(g, "battery")[-1]["dead"] is True
    assert m["ch"]["gear-flash_light"] == 0
    assert not rs.tile_lit(g.state, (m["x"], m["y"]))


def test_crimson_dybbuk_box_draws_every_attack_and_keeps_1_hp(rs):
    """Dybbuk Boxes / Crimson: every enemy attacks this unit until the start of its next turn,
    overwriting their logic; its HP cannot fall below 1."""
    g = field(rs, {"michael": ["crimson_dybbuk_box"], "blake": []}, [], ex=3, ey=2)
    # the thug (CLOSEST first) stands next to Blake; Michael opens the box
    use(g, "free", "crimson_dybbuk_box", "michael")
    m = g.state["units"]["michael"]
    m["hp"] = 1
    g.state["rng"]["script"].extend([1, 1, 1, 0, 0, 0, 0, 0, 0, 0] + [0] * 30)
    g.state["forced"] = ["strike"]
    g.act(0, {"type": "end_turn"})
    g.act(1, {"type": "end_turn"})
    pass_windows(g)
    rolls = [e for e in events(g, "attack_roll") if e["att"] == "thug-1"]
    assert rolls and all(e["tgt"] == "michael" for e in rolls)
    assert m["alive"] and m["hp"] == 1


def test_emerald_dybbuk_box_clears_statuses_and_blocks_new_ones(rs):
    """Dybbuk Boxes / Emerald: removes all buffs and debuffs from all units; none can be
    applied for 2 turns."""
    from hauntkit.rulesets.beast.battle import status
    g = field(rs, {"michael": ["emerald_dybbuk_box"]})
    g.state["units"]["thug-1"]["st"]["MARKED"] = [2, 1]
    g.state["units"]["michael"]["st"]["WARD"] = [2, 1]
    use(g, "free", "emerald_dybbuk_box", "michael")
    assert g.state["units"]["thug-1"]["st"] == {} and g.state["units"]["michael"]["st"] == {}
    assert status.apply(rs, g.state, g.state["units"]["thug-1"], "MARKED", 1, 1) is False
    assert g.state["units"]["michael"]["gear"] == []  # destroyed upon use


def test_relic_needs_an_occult_check(rs):
    """Relics: before each use the user must pass the Occult check or the effect fails; Black
    Glove: 3+, A4/R6 NETHER, 1 Sanity per use (Michael is given Occult 1: a relic needs the
    skill at all, riddle-of-the-beast-rules.md "Relics")."""
    for roll, attacks in ((1, 0), (2, 1)):
        g = field(rs, {"michael": ["black_glove"]}, [roll, 0, 0, 0, 0, 0, 0],
                  hx={"michael": {"boost": {"occult": 1}}})
        san = g.state["units"]["michael"]["san"]
        use(g, "ability", "black_glove", "thug-1")
        assert len(events(g, "attack_roll")) == attacks
        assert g.state["units"]["michael"]["san"] == san - 1


def test_augment_raises_a_skill_check(rs):
    """Augment Shop / Swiss Army Knife: +2 when attempting an Engineering skill check
    (putting out a light is Engineering 4+, RULING HR-12)."""
    for gear, out in (([], False), (["swiss_army_knife"], True)):
        g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 1, "y": 3},
                                               "thug-1": {"x": 9, "y": 4}},
                   lights=[[1, 2]], dice=[2], gear={"michael": gear} if gear else {})
        g.act(0, {"type": "douse", "unit": "michael", "light": "L1"})
        assert (g.state["lights"] == []) is out  # 2 + 1 (Michael) + 2 >= 4


def test_utility_pouch_adds_charges_and_the_pouch_of_holding_swaps_them_for_a_cool_down(rs):
    """Defense Gear Shop / Utility Pouch (+2 uses of an interrupt), Utility Pouch of Holding
    (no longer consumed: a 2-round cool down; RULING HR-34: the first interrupt with
    charges)."""
    g = Game.new(rs, {"map": "alley", "hunters": ["tamara"],
                      "loadout": {"tamara": ["utility_pouch"]}}, 1)
    assert g.state["units"]["tamara"]["ch"]["mending-draught"] == 5
    g = battle(rs, ["tamara"], ["thug"], {"tamara": {"x": 1, "y": 2, "hp": 3},
                                          "thug-1": {"x": 9, "y": 4}},
               gear={"tamara": ["utility_pouch_of_holding"]})
    g.act(0, {"type": "interrupt", "unit": "tamara", "ability": "mending-draught",
              "target": "tamara"})
    t = g.state["units"]["tamara"]
    assert t["ch"]["mending-draught"] == 3 and t["cd"]["mending-draught"] == 2
