"""Rules that follow riddle-of-the-beast-rules.md's own words where the engine or a ruling used
to depart from them: each test sets up a position, scripts the dice, acts and checks the
outcome, citing the section (or the ruling, docs/rulings.md) it checks."""

from __future__ import annotations

from beastkit import battle, events, pass_windows


def test_stealth_suit_enemy_moves_to_where_its_shorter_range_reaches(rs):
    """riddle-of-the-beast-rules.md, "Defense Gear Shop" (Stealth Suit: "Lower Range value of
    all enemy attacks by 2 when targeted") with "Enemy Turn" ("the enemy will move to the
    minimum space needed to hit their target"): the cultist's R5 shot is R3 against the
    wearer, so from 4 spaces away it steps in to 3 and fires instead of standing still."""
    g = battle(rs, ["blake"], ["cultist"],
               {"blake": {"x": 2, "y": 2, "ch": {"brace": 0}}, "cultist-1": {"x": 6, "y": 2}},
               cards=["volley"], side="enemies", dice=[1, 1, 0] + [0] * 10,
               gear={"blake": ["stealth_suit"]})
    pass_windows(g)
    assert g.state["units"]["cultist-1"]["x"] == 5  # one step: now 3 spaces away
    assert not events(g, "attack_stopped")
    roll = events(g, "attack_roll")[-1]
    assert (roll["att"], roll["tgt"]) == ("cultist-1", "blake")
    blake = g.state["units"]["blake"]
    assert blake["max"] - blake["hp"] == 2  # 2 hits, no block


def test_stealth_suit_unworn_the_cultist_fires_from_where_it_stands(rs):
    """The same position without the suit: R5 reaches 4 spaces, so the cultist does not move
    ("Enemy Turn": the minimum space needed)."""
    g = battle(rs, ["blake"], ["cultist"],
               {"blake": {"x": 2, "y": 2, "ch": {"brace": 0}}, "cultist-1": {"x": 6, "y": 2}},
               cards=["volley"], side="enemies", dice=[0] * 12)
    pass_windows(g)
    assert g.state["units"]["cultist-1"]["x"] == 6
    assert events(g, "attack_roll")[-1]["att"] == "cultist-1"


def test_shotgun_spread_hits_the_enemy_next_to_the_target_beyond_the_range(rs):
    """riddle-of-the-beast-rules.md, "Range Weapons / Weapon Class Special Ability" (Shotgun:
    Spread - "Attack one additional enemy adjacent to the target"): the text asks only that the
    enemy be next to the target, so the Sawed Off (R3) hitting a thug 3 spaces away also attacks
    the thug behind it, 4 spaces away (RULING HR-35), and what is announced is rolled."""
    g = battle(rs, ["michael"], ["thug", "thug"],
               {"michael": {"x": 2, "y": 2}, "thug-1": {"x": 5, "y": 2},
                "thug-2": {"x": 6, "y": 2}},
               dice=[1, 0, 0, 0, 0, 1, 0, 0, 0, 0], gear={"michael": ["sawed_off"]})
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged",
              "weapon": "sawed_off"})
    assert [e["tgt"] for e in events(g, "spread")] == ["thug-2"]
    assert [e["tgt"] for e in events(g, "attack_roll")] == ["thug-1", "thug-2"]
    assert not events(g, "attack_stopped")
    assert g.state["units"]["thug-2"]["hp"] == 6 - 1


def test_a_relic_is_not_offered_to_a_hunter_without_the_occult_skill(rs):
    """riddle-of-the-beast-rules.md, "Gear and Equipment" (Relics "can only be used by those
    knowledgeable in the Occult") and "Relics" ("can only be triggered by characters with the
    Occult skill"): Michael (Occult 0) cannot use the Black Glove at all; with Occult 1 he
    may, and then rolls its check (d6 2 + 1 reaches 3+) before the A4 NETHER attack."""
    glove = {"type": "ability", "unit": "michael", "ability": "gear-black_glove",
             "target": "thug-1"}
    units = {"michael": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2}}
    g = battle(rs, ["michael"], ["thug"], units, gear={"michael": ["black_glove"]})
    assert glove not in g.legal_actions(0)
    g = battle(rs, ["michael"], ["thug"], units, gear={"michael": ["black_glove"]},
               dice=[2, 0, 0, 0, 0, 0, 0], hx={"michael": {"boost": {"occult": 1}}})
    assert glove in g.legal_actions(0)
    g.act(0, glove)
    assert events(g, "skill_check")[-1]["ok"] is True
    assert len(events(g, "attack_roll")) == 1


def test_broken_phylactery_needs_the_occult_skill(rs):
    """riddle-of-the-beast-rules.md, "Relics" (Broken Phylactery, Occult 8): without the Occult
    skill its wearer rolls no check when someone dies, and regains nothing."""
    g = battle(rs, ["michael"], ["thug"],
               {"michael": {"x": 5, "y": 2}, "thug-1": {"x": 6, "y": 2, "hp": 1}},
               gear={"michael": ["broken_phylactery"]}, dice=[1, 0, 0, 0, 0, 6])
    g.state["units"]["michael"]["intr"] = True
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "melee"})
    assert not g.state["units"]["thug-1"]["alive"]
    assert not events(g, "skill_check") and not events(g, "interrupt_back")


def _record(gear: dict[str, str | None]) -> dict:
    slots = {s: None for s in ("open1", "open2", "open3", "open4", "augment", "consumable")}
    return {"hunter": "michael", "seat": 0, "hp": 9, "sanity": 6, "gear": {**slots, **gear},
            "pack": [], "arsenal": None, "wounds": 0, "madness": 0, "dead": False,
            "broken": False, "skills": {}}


def test_a_dead_battery_stays_dead_until_the_investigation_ends(rs):
    """riddle-of-the-beast-rules.md, "Battery Items" ("Roll 1 Combat dice whenever a Light
    Source goes out. On a MISS the battery dies. New batteries are acquired at the end of the
    Investigation for free"): Michael's flash light goes out on a MISS; the next battle of the
    same investigation starts with its battery dead (it cannot be switched on), and after the
    investigation it has a new one."""
    from hauntkit.rulesets.beast.hunt import gear_phases

    switch = {"type": "free", "unit": "michael", "ability": "gear-flash_light",
              "target": "michael"}
    units = {"michael": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2}}
    g = battle(rs, ["michael"], ["thug"], units, gear={"michael": ["flash_light"]}, dice=[0])
    g.act(0, switch)  # on
    g.state["units"]["michael"]["flags"].clear()  # as at the start of his next turn
    g.act(0, switch)  # off: the die shows a blank, a MISS
    assert events(g, "battery")[-1]["dead"] is True
    record = _record({"open1": "flash_light"})
    g.state["party"] = [record]
    gear_phases.battle_end(rs, g.state)
    assert record["batteries"] == {"flash_light": 0}

    nxt = battle(rs, ["michael"], ["thug"], units)
    nxt.state["party"] = [record]
    gear_phases.battle_start(rs, nxt.state)
    assert nxt.state["units"]["michael"]["ch"]["gear-flash_light"] == 0
    assert switch not in nxt.legal_actions(0)

    gear_phases.investigation_end(rs, nxt.state, True)
    assert "batteries" not in record
    fresh = battle(rs, ["michael"], ["thug"], units)
    fresh.state["party"] = [record]
    gear_phases.battle_start(rs, fresh.state)
    assert fresh.state["units"]["michael"]["ch"]["gear-flash_light"] == 1
    assert switch in fresh.legal_actions(0)


def test_a_hunter_moves_through_a_friendly_units_space(rs):
    """riddle-of-the-beast-rules.md, "Combat Basics (Player Turn)" ("A character can move through a
    space occupied by a friendly unit but not one occupied by a hostile unit. ... two characters
    cannot occupy the same space"; RULING HR-6): Michael passes through Blake's space in one
    two-space move, and may not stop on it nor pass through the thug."""
    g = battle(rs, ["michael", "blake"], ["thug"],
               {"michael": {"x": 3, "y": 2}, "blake": {"x": 4, "y": 2},
                "thug-1": {"x": 4, "y": 4}})
    legal = g.legal_actions(0)
    through = {"type": "slip", "unit": "michael", "through": [4, 2], "to": [5, 2]}
    assert through in legal
    assert {"type": "step", "unit": "michael", "to": [4, 2]} not in legal
    g.act(0, through)
    m = g.state["units"]["michael"]
    assert (m["x"], m["y"]) == (5, 2)
    assert m["mv"] == rs.c.hunters["michael"].move - 2
    assert not any(a.get("through") == [4, 4] for a in g.legal_actions(0))


def test_an_enemy_moves_through_a_fellow_enemys_space(rs):
    """riddle-of-the-beast-rules.md, "Combat Basics (Player Turn)" (move through a friendly unit's
    space; RULING HR-6) and "Enemy Turn" (each enemy moves toward its target): in a corridor the
    thug walks through the cultist standing in its way instead of stopping behind it."""
    g = battle(rs, ["blake"], ["thug", "cultist"],
               {"blake": {"x": 2, "y": 2, "ch": {"brace": 0}}, "thug-1": {"x": 6, "y": 2},
                "cultist-1": {"x": 5, "y": 2, "st": {"PARALYZE": [1, 1]}}},
               cards=["strike"], side="enemies", dice=[0] * 12)
    pass_windows(g)
    thug = g.state["units"]["thug-1"]
    assert (thug["x"], thug["y"]) == (3, 2)  # next to Blake, through the cultist's space
    assert any("through" in e["text"] for e in events(g, "move"))


def test_an_enemys_aoe_cools_down_two_rounds(rs):
    """riddle-of-the-beast-rules.md, "Attack Types" ("All AOE abilities have a 2 round cool
    down unless used an Interrupt or indicated otherwise"; RULING HR-18, rewritten): the
    thug throws its Molotov (an AOE); next enemy turn the Vile Ploy card finds it cooling
    down, so that card counts as disabled and the thug draws again (R7) and strikes; the turn
    after, the Molotov is ready again."""
    g = battle(rs, ["blake"], ["thug"],
               {"blake": {"x": 4, "y": 2, "ch": {"brace": 0}}, "thug-1": {"x": 6, "y": 2}},
               cards=["ploy"], side="enemies", dice=[0] * 30)
    pass_windows(g)
    thug = g.state["units"]["thug-1"]
    assert events(g, "ability")[-1]["ability"] == "molotov"
    assert thug["cd"] == {"special2": 2}
    rs.apply_setup(g.state, {"cards": ["ploy", "strike"], "dice": [0] * 30})
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    cards = [e["card"] for e in events(g, "card")][-2:]
    assert cards == ["ploy", "strike"]
    assert any("disabled" in e["text"] for e in events(g, "card"))
    assert thug["cd"] == {"special2": 1}
    rs.apply_setup(g.state, {"cards": ["ploy"], "dice": [0] * 30})
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    assert [e["ability"] for e in events(g, "ability")].count("molotov") == 2


def test_fire_adds_its_point_even_when_every_attack_die_misses(rs):
    """riddle-of-the-beast-rules.md, "Elemental Attacks" ("a Basic effect that always occurs
    when an enemy is targeted by it"; Fire: "Target takes 1 extra point of damage ... after
    the attack is already rolled but before Defense is rolled"; RULING HR-21, rewritten): the
    thug's Molotov rolls no hit, yet Blake takes FIRE's point when his defence blocks
    nothing; a block stops it."""
    for defence, lost in (([0, 0, 0], 1), ([1, 0, 0], 0)):
        g = battle(rs, ["blake"], ["thug"],
                   {"blake": {"x": 4, "y": 2, "ch": {"brace": 0}}, "thug-1": {"x": 6, "y": 2}},
                   cards=["ploy"], side="enemies", dice=[0, 0, 0, *defence] + [0] * 10)
        pass_windows(g)
        roll = events(g, "attack_roll")[0]
        assert roll["tgt"] == "blake" and roll["faces"] == [0, 0]
        blake = g.state["units"]["blake"]
        assert blake["max"] - blake["hp"] == lost


def test_the_flash_light_is_switched_as_a_free_action_at_the_start_of_the_turn(rs):
    """riddle-of-the-beast-rules.md, "Battery Items" ("Flashlights can be turned on or off as
    a Free Action at the start of each turn"; the item table's "Interrupt" and "cannot use any
    Interrupts while the Flash Light is on" could never let it be switched off: RULING HR-37,
    rewritten): Michael switches it on without spending his action or interrupt, cannot
    switch it again this turn, nor once he has moved; next turn he switches it off."""
    switch = {"type": "free", "unit": "michael", "ability": "gear-flash_light",
              "target": "michael"}
    g = battle(rs, ["michael"], ["thug"],
               {"michael": {"x": 2, "y": 2}, "thug-1": {"x": 9, "y": 4,
                                                     "st": {"PARALYZE": [9, 1]}}},
               gear={"michael": ["flash_light"]}, dice=[1] + [0] * 20)
    g.act(0, switch)
    m = g.state["units"]["michael"]
    assert rs.tile_lit(g.state, (2, 2))
    assert not m["acted"] and not m["intr"]
    assert switch not in g.legal_actions(0)  # once a turn
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    assert switch in g.legal_actions(0)  # a new turn
    g.act(0, {"type": "step", "unit": "michael", "to": [3, 2]})
    assert switch not in g.legal_actions(0)  # no longer the start of the turn
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    g.act(0, switch)  # off: the die shows a sword-and-shield, the battery lives
    assert not rs.tile_lit(g.state, (3, 2))
    assert events(g, "battery")[-1]["dead"] is False


def test_knockback_lets_curtis_fire_trigger_happy_for_free(rs):
    """riddle-of-the-beast-rules.md, "Trigger Happy (Curtis Kaine)" ("if an enemy is knocked
    back by CK or an ally within range it will allow him to use Trigger Happy to fire a Range
    Attack for FREE against this target since the trigger is KNOCKBACK"; RULINGS HR-58,
    HR-64): Blake's Shield Shove hits the thug and knocks it back 2 spaces; Curtis's seat is
    offered Trigger Happy at it, which costs him no action."""
    g = battle(rs, ["blake", "curtis"], ["thug"],
               {"blake": {"x": 4, "y": 2}, "curtis": {"x": 5, "y": 4},
                "thug-1": {"x": 5, "y": 2, "hp": 20}},
               dice=[1, 0, 0, 0, 0, 0] + [0] * 10)
    g.state["units"]["thug-1"]["max"] = 20
    g.act(0, {"type": "ability", "unit": "blake", "ability": "shield-shove",
              "target": "thug-1"})
    thug = g.state["units"]["thug-1"]
    assert (thug["x"], thug["y"]) == (7, 2)
    assert events(g, "knockback")[-1]["spaces"] == 2
    pending = g.state["pending"]
    assert pending["kind"] == "trigger" and pending["target"] == "thug-1"
    assert pending["options"] == ["trigger-happy"]
    g.act(1, {"type": "trigger", "ability": "trigger-happy"})
    curtis = g.state["units"]["curtis"]
    assert events(g, "attack_roll")[-1]["att"] == "curtis"
    assert not curtis["acted"] and not curtis["intr"]
    assert curtis["cd"]["trigger-happy"] == 2


def test_knockback_stops_at_a_wall_or_unit(rs):
    """HR-64: the push stops before anything in the way; a target with no room behind it
    stays and is not knocked back (no Trigger Happy offer)."""
    g = battle(rs, ["blake", "curtis"], ["thug", "thug"],
               {"blake": {"x": 4, "y": 2}, "curtis": {"x": 2, "y": 2},
                "thug-1": {"x": 5, "y": 2}, "thug-2": {"x": 6, "y": 2}},
               dice=[1, 0, 0, 0, 0, 0] + [0] * 10)
    g.act(0, {"type": "ability", "unit": "blake", "ability": "shield-shove",
              "target": "thug-1"})
    thug = g.state["units"]["thug-1"]
    assert (thug["x"], thug["y"]) == (5, 2)
    assert events(g, "knockback")[-1]["spaces"] == 0
    assert g.state["pending"] is None
