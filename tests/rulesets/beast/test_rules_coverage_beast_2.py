"""Tests citing sections of riddle-of-the-beast-rules.md that no test named: arsenal slots, the
shop's categories and weapon tables, weapon class abilities, ammunition and bombs, the Mystery
tables, Nether, light and darkness, and Joe's bounty tables. Battles are set up by hand with
scripted dice (beastkit: 0 blank, 1 sword-and-shield, 2 double sword)."""

from __future__ import annotations

import pytest
from beastkit import battle, events
from huntkit import hunt_rs, leg, say_done, start_data

from hauntkit.rulesets.beast.battle.board import is_lit
from hauntkit.rulesets.beast.hunt import bounties, loot


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def at_shop(hrs, crypto: int):
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs, crypto=crypto))
    assert game.state["phase"] == "shop"
    return game


def record(game, hunter: str = "michael"):
    return next(r for r in game.state["party"] if r["hunter"] == hunter)


def buys(game) -> set[str]:
    return {a["item"] for a in game.legal_actions(0) if a["type"] == "buy"}


def duel(rs, hunter: str, gear: list[str], dice: list[int], enemy: str = "thug",
         ex: int = 6, hx: int = 5):
    """``hunter`` at (hx, 2) against one enemy at (ex, 2); hunters act first; dark map."""
    return battle(rs, [hunter], [enemy], {hunter: {"x": hx, "y": 2},
                                          f"{enemy}-1": {"x": ex, "y": 2}},
                  dice=dice, gear={hunter: gear})


def attack(g, unit: str, target: str, weapon: str | None, mode: str) -> None:
    action = {"type": "attack", "unit": unit, "target": target, "mode": mode}
    g.act(0, action | ({"weapon": weapon} if weapon else {}))


# ------------------------------------------------------------------------ arsenals and shop


def test_an_arsenal_hunter_equips_one_open_slot_and_one_augment(hrs):
    """riddle-of-the-beast-rules.md "Arsenals / Arsenals and other Gear": a hunter with an
    Arsenal equips only 1 Open Slot (any gear, utility, relic or consumable) and 1 Augment
    (a skill augment only). With the Bruiser arsenal, Michael's Trauma Kit (a consumable) may
    go only in the open slot and the Book of Shadows (an augment) only in the augment slot."""
    game = at_shop(hrs, 60)
    for item in ("book_of_shadows", "trauma_kit"):
        game.act(0, {"type": "buy", "hunter": "michael", "item": item})
    game.act(0, {"type": "arsenal", "hunter": "michael", "arsenal": "bruiser"})
    slots: dict[str, set[str]] = {}
    for a in game.legal_actions(0):
        if a["type"] == "equip" and a["hunter"] == "michael":
            slots.setdefault(a["item"], set()).add(a["slot"])
    assert slots == {"trauma_kit": {"open1"}, "book_of_shadows": {"augment"}}


def test_the_shop_sells_the_documents_categories_and_nothing_else(hrs):
    """riddle-of-the-beast-rules.md "Gear Shop / Categories": Defense, Melee Weapons, Ranged
    Weapons, Augments, Utility (Ammo, Bombs, Traps, Healing, Battery and Lights,
    Miscellaneous, Consumables) and Relics. With Crypto to spare, the shop offers items of each
    category; loot and Dybbuk boxes are never for sale."""
    game = at_shop(hrs, 200)
    offered = {hrs.c.gear.items[i].category for i in buys(game)}
    assert offered == {"defense", "melee", "ranged", "augment", "ammo", "bomb", "trap",
                       "healing", "battery", "misc", "consumable", "relic"}


# (name, cost, attack, range) rows of the document's weapon tables
MELEE_ROWS = [("bat", 2, 2, 1), ("crowbar", 6, 3, 1), ("sledge_hammer", 10, 4, 1),
              ("silver_mace", 13, 3, 1)]
RANGE_ROWS = [("shortbow", 3, 2, 4), ("longbow", 7, 3, 4), ("recurve_bow", 11, 4, 6),
              ("compound_bow", 14, 5, 4)]


@pytest.mark.parametrize(("table", "rows"), [("melee", MELEE_ROWS), ("ranged", RANGE_ROWS)])
def test_weapons_are_bought_at_the_tables_cost_with_its_attack(hrs, table, rows):
    """riddle-of-the-beast-rules.md "Melee Weapons / Melee Weapon Shop" (Bat 2 A2, Crowbar 6
    A3, Sledge Hammer 10 A4, Silver Mace 13 A3; melee weapons reach Range 1) and "Range
    Weapons / Range Weapon Shop" (Shortbow 3 A2/R4, Longbow 7 A3/R4, Recurve Bow 11 A4/R6,
    Compound Bow 14 A5/R4): buying the four costs exactly their sum in Crypto."""
    total = sum(cost for _, cost, _, _ in rows)
    game = at_shop(hrs, total)
    for iid, _cost, _att, _rng in rows:
        game.act(0, {"type": "buy", "hunter": "michael", "item": iid})
    assert game.state["crypto"] == 0 and record(game)["pack"] == [r[0] for r in rows]
    for iid, _cost, att, rng in rows:
        weapon = hrs.c.gear.items[iid].weapon
        assert (weapon.mode, weapon.attack, weapon.range) == (table, att, rng)


# ------------------------------------------------------------------------ weapon classes


def test_a_weapon_of_two_classes_has_both_melee_class_abilities(rs):
    """riddle-of-the-beast-rules.md "Melee Weapons / Weapon Class Special Ability": Polearm,
    First Strike: can only target enemies at Range 2; Exotic, Sharp: damaged targets take 1
    BLEED; a weapon of two classes benefits from each. The Scythe (Exotic/Polearm) is not
    offered against a thug next to Blake, and at Range 2 its hit makes the thug bleed."""
    g = duel(rs, "blake", ["scythe"], [])
    assert not [a for a in g.legal_actions(0) if a.get("weapon") == "scythe"]
    g = duel(rs, "blake", ["scythe"], [1, 1, 1, 0, 0], ex=7)
    attack(g, "blake", "thug-1", "scythe", "melee")
    assert g.state["units"]["thug-1"]["bleed"] == 1


def test_range_class_abilities_bow_bleeds_and_pistols_draw_no_opportunity(rs):
    """riddle-of-the-beast-rules.md "Range Weapons / Weapon Class Special Ability": Bow,
    Piercing: damaged enemies take 1 BLEED; Pistol, Close Combat: no attack of opportunity,
    which other ranged weapons draw within melee range. The Kestrel (Bow/Sniper) bleeds a thug
    it damages at range; a Shortbow fired next to a thug draws an attack of opportunity."""
    g = duel(rs, "michael", ["kestrel"], [1, 1, 1, 0, 0, 0, 0], ex=9)
    attack(g, "michael", "thug-1", "kestrel", "ranged")
    assert g.state["units"]["thug-1"]["bleed"] == 1
    g = duel(rs, "michael", ["shortbow"], [0, 0, 0, 0, 0])
    attack(g, "michael", "thug-1", "shortbow", "ranged")
    assert len(events(g, "opportunity")) == 1


# ------------------------------------------------------------------------ ammunition, bombs


def use_free(g, item: str, target) -> None:
    g.act(0, {"type": "free", "unit": "michael", "ability": f"gear-{item}", "target": target})


@pytest.mark.parametrize(("item", "element"), [("taze_tipped", "ELEC"),
                                                ("frozen_tipped", "ICE"),
                                                ("silver_laced", "ETHER")])
def test_ammunition_changes_the_ranged_attacks_element(rs, item, element):
    """riddle-of-the-beast-rules.md "Utility Shop / Ammunition": a Free Action altering the
    hunter's ranged attacks: Taze Tipped ELEC, Frozen Tipped ICE, Silver Laced ETHER for 1
    turn, 3 charges. Michael loads it, keeps his action, and his base ranged attack carries
    the element."""
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 2, "y": 2},
                                           "thug-1": {"x": 6, "y": 2}},
               dice=[1, 1] + [0] * 10, gear={"michael": [item]})
    assert g.state["units"]["michael"]["ch"].get(f"gear-{item}", 3) == 3
    use_free(g, item, "michael")
    assert g.state["units"]["michael"]["acted"] is False
    attack(g, "michael", "thug-1", None, "ranged")
    assert events(g, "damage")[0]["element"] == element


def test_a_bomb_is_an_aoe_attack_centred_on_the_target(rs):
    """riddle-of-the-beast-rules.md "Utility Shop / Bombs": bombs are AOE attacks centred on
    the target; Liquid Nitrogen is an Interrupt, 2 charges, A2/R4 ICE. Thrown at a spot between
    two thugs, it rolls against both, in ICE, and one charge is left."""
    g = battle(rs, ["michael"], ["thug", "thug"],
               {"michael": {"x": 2, "y": 2}, "thug-1": {"x": 5, "y": 2},
                "thug-2": {"x": 5, "y": 3}}, dice=[1, 1] + [0] * 10,
               gear={"michael": ["liquid_nitrogen"]})
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-liquid_nitrogen",
              "target": [5, 2]})
    rolls = events(g, "attack_roll")
    assert [e["tgt"] for e in rolls] == ["thug-1", "thug-2"]
    assert [(e["unit"], e["element"]) for e in events(g, "damage")] == [("thug-1", "ICE")]
    assert g.state["units"]["michael"]["ch"]["gear-liquid_nitrogen"] == 1


# ------------------------------------------------------------------------ the Mystery tables


ORDER = ["chem_trails", "ghost_in_the_rain", "eclipse", "subliminal_messages", "supply_drop",
         "pieces_in_a_game"]
CHAOS = ["treasure_map", "abducted", "cursed", "haunted", "blood_moon", "seven_turns"]


@pytest.mark.parametrize(("table", "ids"), [("order", ORDER), ("chaos", CHAOS)])
def test_the_mystery_d6_picks_the_tables_row(hrs, table, ids):
    """riddle-of-the-beast-rules.md "Mystery Table / Order (1d6)" (1 Chem-trails ... 6 You are
    all just pieces in a game!) and "Mystery Table / Chaos (1d6)" (1 Treasure Map ... 6 7
    turns): a d6 on the table picks the row of that number, and the log names it."""
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs), players=1)
    st = game.state
    st["rng"]["script"].extend(range(1, 7))
    assert [loot.roll_mystery(hrs, st, table).id for _ in range(6)] == ids
    assert [e["roll"] for e in st["log"] if e["type"] == "mystery_roll"] == list(range(1, 7))


def test_subliminal_messages_and_blood_moon_shape_the_next_battle(hrs):
    """riddle-of-the-beast-rules.md "Mystery Table / Order (1d6)" 4, Subliminal Messages: no
    units can Defend in the next battle; "Mystery Table / Chaos (1d6)" 5, Blood Moon: all
    enemies gain +3 HP, +3 Crypto. Both applied at the shop, the next battle's thug has 3 more
    HP and Michael's attack on it meets no defence roll."""
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs, crypto=0), dice=[1, 6, 1])
    for mystery in (("order", 4), ("chaos", 5)):
        loot.apply_mystery(hrs, game.state, hrs.c.gear.mystery[mystery])
    assert game.state["crypto"] == 3
    say_done(game)
    say_done(game)
    st = game.state
    assert st["phase"] == "battle"
    thug = st["units"]["thug-1"]
    assert thug["max"] == hrs.c.enemies["thug"].hp + 3
    hrs.apply_setup(st, {"units": {"thug-1": {"x": 1, "y": 0}}, "dice": [1, 1, 1] + [0] * 9})
    game.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "melee"})
    assert events(game, "attack_roll") and events(game, "defence_roll") == []
    assert thug["hp"] < thug["max"]


# ------------------------------------------------------------------------ Nether


def test_nether_damage_blocks_healing_and_decays_for_two_turns(rs):
    """riddle-of-the-beast-rules.md "Elemental Attacks / Nether": a target dealt Nether damage
    cannot be healed until the attacker's next turn and suffers DECAY for 2 turns (+1 damage
    from all attacks). A cultist's Nether attack hurts Tamara: she has DECAY for 2 turns and
    NO_HEAL, and a heal does nothing."""
    g = battle(rs, ["tamara"], ["cultist"],
               {"tamara": {"x": 5, "y": 2, "ch": {"mending-draught": 0}},
                "cultist-1": {"x": 8, "y": 2}}, cards=["trick"], dice=[1, 1, 0, 0, 0])
    g.act(0, {"type": "end_turn"})
    t = g.state["units"]["tamara"]
    assert t["st"]["DECAY"][0] == 2 and "NO_HEAL" in t["st"]
    hp = t["hp"]
    rs.heal(g.state, t, 2)
    assert t["hp"] == hp < 8


# ------------------------------------------------------------------------ light and darkness


def test_the_light_score_covers_the_whole_map_tile(rs):
    """riddle-of-the-beast-rules.md "A Dark World… / Light and Darkness": the Light Score of a
    map tile applies to the entire map piece. A light at one space lights every space of its
    map tile and no space of another."""
    g = battle(rs, ["blake"], ["thug"], {"blake": {"x": 1, "y": 1}, "thug-1": {"x": 9, "y": 4}},
               lights=[[1, 2]])
    md = rs.md(g.state)
    lit = {(x, y) for x in range(10) for y in range(5) if is_lit(g.state, md, x, y)}
    assert (1, 2) in lit and (1, 1) in lit and (9, 4) not in lit
    assert 1 < len(lit) < 50


def test_a_lit_tile_hinders_night_creatures(rs):
    """riddle-of-the-beast-rules.md "A Dark World… / Light - Light Score +1": a tile with a
    Light Source is in Light; Creatures of the Night and Undead are hindered on it. A ghoul
    loses a point of defence and of movement in light, not in the dark."""
    g = battle(rs, ["fei"], ["ghoul"], {"fei": {"x": 8, "y": 4}, "ghoul-1": {"x": 1, "y": 0}},
               lights=[[1, 2]])
    ghoul = g.state["units"]["ghoul-1"]
    lit = (rs.defence_score(g.state, ghoul), rs.movement(g.state, ghoul))
    rs.apply_setup(g.state, {"lights": []})
    assert lit == (rs.defence_score(g.state, ghoul) - 1, rs.movement(g.state, ghoul) - 1)


def test_a_hunter_in_the_dark_loses_a_point_of_defence(rs):
    """riddle-of-the-beast-rules.md "A Dark World… / Dark - Light Score 0": a tile without a
    Light Source is Dark; a Hunter in the Darkness takes -1 to DEFENSE. Fei's defence is one
    lower once the light on his tile is gone."""
    g = battle(rs, ["fei"], ["thug"], {"fei": {"x": 1, "y": 1}, "thug-1": {"x": 9, "y": 4}},
               lights=[[1, 2]])
    fei = g.state["units"]["fei"]
    lit = rs.defence_score(g.state, fei)
    rs.apply_setup(g.state, {"lights": []})
    assert rs.defence_score(g.state, fei) == lit - 1


def test_a_light_source_is_made_by_a_flare_and_put_out_on_engineering_4(rs):
    """riddle-of-the-beast-rules.md "A Dark World… / Creating and Destroying a Light Source":
    abilities such as Flare create a Light Source; a Hunter destroys one with an Engineering
    check of 4+. Joe's Flare lights a tile; Michael (Engineering 1) rolls 2 and fails, the
    light stays."""
    g = battle(rs, ["joe", "michael"], ["thug"],
               {"joe": {"x": 1, "y": 2}, "michael": {"x": 5, "y": 2},
                "thug-1": {"x": 9, "y": 4}}, dice=[2])
    g.act(0, {"type": "ability", "unit": "joe", "ability": "flare", "target": [5, 2]})
    (light,) = g.state["lights"]
    g.act(1, {"type": "douse", "unit": "michael", "light": light["id"]})
    assert events(g, "skill_check")[-1]["ok"] is False and len(g.state["lights"]) == 1


# ------------------------------------------------------------------------ Joe's bounties


TRAIT_1 = {1: ("FAST", 1), 2: ("STRONG", 1), 3: ("ELUSIVE", 1), 4: ("QUICKSHOT", 2),
           5: ("STRONG", 2), 6: ("RESILIENT", 2)}
TRAIT_2 = {1: ("PRECISE", 2), 2: ("HUGGER", 2), 3: ("FRANTIC", 2), 4: ("DISTRACTION", 3),
           5: ("SHIELDED", 3), 6: ("PYRO", 3)}
TRAIT_3 = {1: ("MULTI-ATTACK", 3), 2: ("STEALTH", 2), 3: ("CLEAVE", 2), 4: ("MAIMER", 3),
           5: ("SHOT CALLER", 2), 6: ("POISON SKIN", 3)}


@pytest.mark.parametrize("roll", range(1, 7))
def test_each_bounty_trait_roll_and_its_crypto_bonus(roll):
    """riddle-of-the-beast-rules.md "Bounties (Joe) / Bounty Trait 1 Table – Cost 1 Clue",
    "Bounties (Joe) / Bounty Trait 2 Table – Cost 1 Clue" and "Bounties (Joe) / Rare Bounty
    Trait 3 Table – Cost 1 Clue": each costs one Clue; the d6 names the trait; the Crypto
    bonuses of Traits 1 and 2 add up and Trait 3 multiplies them. The same roll on all three
    tables gives the three rows of that number."""
    state, bounty = {"clues": 3}, {}
    assert bounties.spend_clue(bounty, state, roll) == "trait1"
    assert bounties.spend_clue(bounty, state, roll) == "trait2"
    assert state["clues"] == 1 and bounties.reward(bounty) == TRAIT_1[roll][1] + TRAIT_2[roll][1]
    bounty["rare"] = True
    assert bounties.spend_clue(bounty, state, roll) == "trait3"
    assert state["clues"] == 0
    assert bounties.traits(bounty) == [TRAIT_1[roll][0], TRAIT_2[roll][0], TRAIT_3[roll][0]]
    assert bounties.reward(bounty) == (TRAIT_1[roll][1] + TRAIT_2[roll][1]) * TRAIT_3[roll][1]
