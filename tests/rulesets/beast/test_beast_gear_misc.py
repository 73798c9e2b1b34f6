"""Utility items with an effect of their own: riddle-of-the-beast-rules.md "Gear Shop /
Utility Shop" (Traps: Caltrops; Battery Items: Night Vision Goggles; Miscellaneous Items:
Surgeon Mask, Dummies Guide, Dummies Guide +, Wicked Pencil), "Consumable Shop" (Flood Light),
"Defense Gear Shop" (Thief's Glove), "Augment Shop" (Rule Book); RULINGS HR-102, HR-103. Also
the guard that no gear item is left with an ``unmodelled`` note."""

from __future__ import annotations

from pathlib import Path

import yaml
from beastkit import battle, events, pass_windows

from hauntkit.rulesets.beast.gear import utility

CONTENT = Path(__file__).resolve().parents[3] / "src" / "hauntkit" / "content" / "beast"


def field(rs, gear: dict[str, list[str]], dice: list[int], **setup):
    units = {"michael": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2}, **setup.pop("units", {})}
    hunters = [h for h in ("michael", "tamara") if h in units]
    return battle(rs, hunters, setup.pop("enemies", ["thug"]), units, dice=dice, gear=gear,
                  **setup)


def use(g, kind: str, ability: str, target, unit: str = "michael") -> None:
    g.act(0, {"type": kind, "unit": unit, "ability": ability, "target": target})


def test_no_gear_item_is_left_unmodelled(rs):
    """Issue 10: "Gear changes a hunter's numbers and abilities in battle exactly as the
    document says": every item's effect is in the engine or settled by a ruling."""
    left = {iid: item.unmodelled for iid, item in rs.c.gear.items.items() if item.unmodelled}
    assert left == {}
    for path in sorted(CONTENT.glob("gear_*.yaml")):
        for item in yaml.safe_load(path.read_text()).get("gear", []):
            assert not item.get("unmodelled"), (path.name, item["id"])


def test_dummies_guide_waits_for_the_next_skill_check_and_does_not_stack(rs):
    """Dummies Guide: "Target gains +1 to one Skill check in combat. Does not stack with
    other Guides." Dummies Guide +: +2 (HR-102: the bonus waits, the larger is kept)."""
    g = field(rs, {"michael": ["dummies_guide", "dummies_guide_plus"]}, [1, 1])
    use(g, "ability", "gear-dummies_guide_plus", "michael")
    michael = g.state["units"]["michael"]
    g.state["units"]["michael"]["acted"] = False
    use(g, "ability", "gear-dummies_guide", "michael")
    assert michael["ch"][utility.GUIDE] == 2
    assert rs.skill_check(g.state, michael, "occult", 3) is True  # 1 + 0 + 2
    assert utility.GUIDE not in michael["ch"]
    assert rs.skill_check(g.state, michael, "occult", 3) is False  # used up: 1 + 0


def test_surgeon_mask_makes_enemy_logic_see_a_healer(rs):
    """Surgeon Mask: "Target is treated as Healer when determining enemy logic. Lasts 2
    turns." Logic HEALER picks the masked hunter (Michael, no healer) over the closer one."""
    g = battle(rs, ["michael", "blake"], ["thug"],
               {"michael": {"x": 2, "y": 2}, "blake": {"x": 7, "y": 2},
                "thug-1": {"x": 6, "y": 2}}, dice=[], gear={"michael": ["surgeon_mask"]})
    thug = g.state["units"]["thug-1"]
    words = rs.c.logic["thug"]
    rs.c.logic["thug"] = ["HEALER"]
    try:
        assert rs.pick_by_logic(g.state, thug, ["michael", "blake"]) == "blake"  # closest
        use(g, "ability", "gear-surgeon_mask", "michael")
        assert g.state["units"]["michael"]["st"]["MASKED"][0] == 2
        assert rs.pick_by_logic(g.state, thug, ["michael", "blake"]) == "michael"
    finally:
        rs.c.logic["thug"] = words


def test_wicked_pencil_rolls_its_attack_value_and_double_swords_pierce(rs):
    """Wicked Pencil: "A*/R1 - Roll Combat dice and continue rolling for each HIT rolled.
    Stop on a Miss to determine Attack Value. Double Swords bypass Defense." Chain: 2, 1,
    then a miss: A2. The attack rolls 2 and 1 (a critical is not possible with a double sword
    and a blank? here: 2, 0), the thug blocks 1 of 2, the double sword still gets through."""
    g = field(rs, {"michael": ["wicked_pencil"]}, [2, 1, 0, 2, 0, 1, 1],
              units={"thug-1": {"x": 6, "y": 2}})
    use(g, "ability", "gear-wicked_pencil", "thug-1")
    assert events(g, "pencil")[-1]["faces"] == [2, 1]
    assert events(g, "attack_roll")[-1]["faces"] == [2, 0]
    assert g.state["units"]["thug-1"]["hp"] == 6 - 1


def test_flood_light_sets_three_lights_on_neighbouring_tiles(rs):
    """Flood Light: "R1 - Place 3 Light Sources on the map. Each Light Source must be on a
    map tile adjacent to the other." (HR-102: with no unlit tile left next to the last one,
    the next goes on a free space next to it)."""
    g = field(rs, {"michael": ["flood_light"]}, [])
    use(g, "ability", "gear-flood_light", [5, 2])
    md = rs.md(g.state)
    lights = [(li["x"], li["y"]) for li in g.state["lights"]]
    assert len(lights) == 3
    assert {md.tile_of[c] for c in lights} == {0, 1}  # the alley's two tiles are both lit
    assert max(abs(lights[2][0] - lights[1][0]), abs(lights[2][1] - lights[1][1])) == 1
    assert "flood_light" not in g.state["units"]["michael"]["gear"]


def test_caltrops_bite_every_enemy_on_their_tile_for_two_turns(rs):
    """Caltrops: "TRIGGER - Enemy unit moves on Map tile with Trap Icon. Lasts 2 turns once
    triggered." (HR-102): an enemy stepping on any space of the tile is attacked A3."""
    g = field(rs, {"michael": ["caltrops"]}, [0] * 60, cards=["strike"] * 4)
    md = rs.md(g.state)
    use(g, "interrupt", "gear-caltrops", [6, 2])
    trap = g.state["traps"][0]
    assert trap["tile"] == md.tile_of[(6, 2)]
    g.act(0, {"type": "end_turn"})
    pass_windows(g)
    assert [e for e in events(g, "trap_sprung")]
    for _ in range(2):
        while g.state["side"] != "hunters":
            pass_windows(g)
        if "traps" not in g.state:
            break
        g.act(0, {"type": "end_turn"})
        pass_windows(g)
    assert "traps" not in g.state


def test_night_vision_goggles_battery_dies_on_a_miss(rs):
    """Battery Items: "Roll 1 Combat dice whenever a Light Source goes out. On a MISS the
    battery dies." Night Vision Goggles run on a battery too (HR-102)."""
    g = field(rs, {"michael": ["night_vision_goggles"]}, [0])
    use(g, "free", "gear-night_vision_goggles", "michael")
    assert events(g, "battery")[-1]["dead"] is True
    g.state["units"]["michael"]["flags"].pop("ammo")
    assert not [a for a in g.legal_actions(0)
                if a.get("ability") == "gear-night_vision_goggles"]


def test_thiefs_glove_steals_and_strikes_for_free(rs):
    """Thief's Glove: "Character can make a free melee attack when stealing against an
    enemy." HR-103: stealing is the wearer's action, Deception 5+ disarms the enemy."""
    g = field(rs, {"michael": ["thiefs_glove"]}, [6, 1, 0, 0, 0, 0],
              units={"thug-1": {"x": 6, "y": 2}})
    plain = field(rs, {}, [], units={"thug-1": {"x": 6, "y": 2}})
    assert not [a for a in plain.legal_actions(0) if a["type"] == "steal"]
    g.act(0, {"type": "steal", "unit": "michael", "target": "thug-1"})
    thug = g.state["units"]["thug-1"]
    assert "DISARMED" in thug["st"]
    assert events(g, "attack_roll")[-1]["tgt"] == "thug-1"
    assert g.state["units"]["michael"]["acted"] is True


def test_rule_book_teaches_an_untrained_skill_at_level_two(rs):
    """Augment Shop / Rule Book: "Upgrade a Hunter's non-trained skill to skill level 2.
    This item is consumed upon use ... If used on the same Hunter multiple times it
    overwrites the original use. Cannot be used ... for a Skill that the Hunter already has at
    least 1 point value in." (HR-103: read between battles, in the shop or at a rest.)"""
    from huntkit import hunt_rs, leg, start_data
    hrs = hunt_rs()
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs, crypto=40))
    assert game.state["phase"] == "shop"
    game.act(0, {"type": "buy", "hunter": "michael", "item": "rule_book"})
    reads = [a for a in game.legal_actions(0) if a["type"] == "read"]
    skills = hrs.c.hunters["michael"].skills
    assert reads and all(not skills.get(a["skill"]) for a in reads)
    game.act(0, {"type": "read", "hunter": "michael", "item": "rule_book", "skill": "occult"})
    r = next(r for r in game.state["party"] if r["hunter"] == "michael")
    assert r["learned"] == {"occult": 2} and "rule_book" not in r["pack"]
    assert not [a for a in game.legal_actions(0) if a["type"] == "read"]
    g = field(rs, {}, [])
    utility.learned_into_battle(g.state, r)
    assert rs.skill_values(g.state, g.state["units"]["michael"])["occult"] == 2
