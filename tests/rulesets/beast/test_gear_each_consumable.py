"""The Utility Shop's and Consumable Shop's items in battle, each by its own case:
riddle-of-the-beast-rules.md "Gear Shop / Utility Shop" (Ammunition, Bombs, Healing Items,
Miscellaneous Items) and "Consumable Shop"; "Gear and Equipment" (a consumable is destroyed
once used up)."""

from __future__ import annotations

import pytest
from beastkit import events
from test_gear_utility import field, use

from hauntkit.core import Game


@pytest.mark.parametrize(("item", "element"), [("taze_tipped", "electric"),
                                               ("frozen_tipped", "ice"),
                                               ("silver_laced", "ether")])
def test_ammunition_gives_ranged_attacks_its_element_this_turn(rs, item: str,
                                                               element: str) -> None:
    """Ammunition / Taze Tipped (ELEC), Frozen Tipped (ICE), Silver Laced (ETHER): a Free
    Action; the hunter's Range Attacks have that element for 1 turn; 3 charges."""
    g = field(rs, {"michael": [item]}, [0] * 12)
    use(g, "free", item, "michael")
    michael = g.state["units"]["michael"]
    assert michael["acted"] is False  # a free action
    assert michael["ch"][f"gear-{item}"] == 2
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged"})
    assert f" {element} attack dice" in events(g, "attack_roll")[-1]["text"]


@pytest.mark.parametrize(("item", "dice", "element"), [("frag_bomb", 4, None),
                                                       ("cryo_bomb", 3, "ice"),
                                                       ("thermite_bomb", 3, "fire")])
def test_bombs_throw_their_attack_on_and_around_a_spot(rs, item: str, dice: int,
                                                       element: str | None) -> None:
    """Bombs / Frag Bomb (A4 PHYSICAL), Cryo Bomb (A3 ICE), Thermite Bomb (A3 FIRE): an
    Action, thrown up to 4 spaces (AOE); not beyond."""
    g = field(rs, {"michael": [item]}, [0] * 20)
    throws = [a for a in g.legal_actions(0) if a.get("ability") == f"gear-{item}"]
    spots = {tuple(a["target"]) for a in throws}
    assert (8, 2) in spots and (9, 2) in spots  # 3 and 4 spaces from (5, 2)
    assert all(max(abs(x - 5), abs(y - 2)) <= 4 for x, y in spots)
    use(g, "ability", item, [8, 2])
    rolled = events(g, "attack_roll")[-1]
    assert len(rolled["faces"]) == dice
    if element is not None:
        assert f" {element} attack dice" in rolled["text"]
    assert g.state["units"]["michael"]["acted"] is True


def test_gauze_and_the_emergency_kit_heal_one_point_per_hit(rs) -> None:
    """Healing Items / Gauze (roll 3 dice, restore 1 HP per hit) and Consumable Shop /
    Emergency Kit (the same as an Interrupt; destroyed once used up)."""
    g = field(rs, {"michael": ["gauze", "emergency_kit"]}, [1, 0, 1, 1, 1, 0])
    michael = g.state["units"]["michael"]
    michael["hp"] = 2
    use(g, "ability", "gauze", "michael")
    assert michael["hp"] == 4  # two hits of three
    use(g, "interrupt", "emergency_kit", "michael")
    assert michael["hp"] == 6  # two more


def test_t_acid_takes_three_bleed_points_off(rs) -> None:
    """Healing Items / T-Acid: an Interrupt; 3 Bleed points off the target."""
    g = field(rs, {"michael": ["t_acid"]})
    michael = g.state["units"]["michael"]
    michael["bleed"] = 4
    use(g, "interrupt", "t_acid", "michael")
    assert michael["bleed"] == 1
    assert michael["acted"] is False


def test_eye_drops_cure_blindness(rs) -> None:
    """Healing Items / Eye Drops: cure BLIND."""
    g = field(rs, {"michael": ["eye_drops"]})
    michael = g.state["units"]["michael"]
    michael["st"]["BLIND"] = [1, 1]
    use(g, "interrupt", "eye_drops", "michael")
    assert "BLIND" not in michael["st"]


@pytest.mark.parametrize(("item", "kind", "status", "turns"), [
    ("anti_cogulant", "ability", "BLEED", 2),
    ("bucket_of_water", "interrupt", "BURNING", 3),
    ("hot_coffee", "interrupt", "FROZEN", 3),
])
def test_immunity_items_block_a_status_for_some_turns(rs, item: str, kind: str, status: str,
                                                      turns: int) -> None:
    """Healing Items / Anti-Cogulant (no Bleed for 2 turns); Miscellaneous Items / Bucket of
    Water (cannot catch fire for 3 turns), Hot Coffee (cannot be FROZEN for 3 turns)."""
    g = field(rs, {"michael": [item]})
    use(g, kind, item, "michael")
    assert g.state["units"]["michael"]["imm"][status] == turns


def test_pepper_spray_blinds_an_enemy_up_to_4_spaces_away(rs) -> None:
    """Miscellaneous Items / Pepper Spray: Interrupt, range 4, the target is BLIND 1 turn;
    one charge."""
    g = field(rs, {"michael": ["pepper_spray"]}, ex=9)
    assert any(a.get("ability") == "gear-pepper_spray" and a["target"] == "thug-1"
               for a in g.legal_actions(0))
    use(g, "interrupt", "pepper_spray", "thug-1")
    assert "BLIND" in g.state["units"]["thug-1"]["st"]
    far: Game = field(rs, {"michael": ["pepper_spray"]}, ex=9)
    far.state["units"]["thug-1"]["x"] = 0  # 5 spaces away
    assert not any(a.get("ability") == "gear-pepper_spray" for a in far.legal_actions(0))


@pytest.mark.parametrize(("item", "element"), [("cryo_grenade_pro", "ice"),
                                               ("thermite_grenade_pro", "fire")])
def test_pro_grenades_hit_within_two_spaces_and_are_gone_after_use(rs, item: str,
                                                                   element: str) -> None:
    """Consumable Shop / Cryo Grenade - Pro (A5 ICE) and Thermite Grenade - Pro (A5 FIRE):
    thrown up to 4 spaces, everyone within 2 spaces of the spot; destroyed after use."""
    g = field(rs, {"michael": [item]}, [0] * 20, ex=9, ey=4)
    use(g, "ability", item, [7, 2])  # the thug at (9, 4) is 2 spaces from the spot
    rolled = events(g, "attack_roll")
    assert any("Thug" in e["text"] and f" {element} attack dice" in e["text"] for e in rolled)
    assert len(rolled[-1]["faces"]) == 5
    unit = g.state["units"]["michael"]
    assert item not in unit["gear"] and unit["lost_gear"] == [item]


def test_utility_pouch_plus_1_adds_three_uses_of_an_interrupt(rs) -> None:
    """Defense Gear Shop / Utility Pouch +1: one interrupt of the wearer can be used 3 more
    times per battle (Tamara's Mending Draught: 3 charges, so 6)."""
    g = Game.new(rs, {"map": "alley", "hunters": ["tamara"],
                      "loadout": {"tamara": ["utility_pouch_plus1"]}}, 1)
    assert g.state["units"]["tamara"]["ch"]["mending-draught"] == 6


def test_the_anti_static_wrist_band_stops_arcs_for_three_turns(rs) -> None:
    """Miscellaneous Items / Anti-static Wrist Band: Interrupt; lightning cannot arc onto the
    target for 3 turns; 2 charges."""
    g = field(rs, {"michael": ["anti_static_wrist_band"]})
    use(g, "interrupt", "anti_static_wrist_band", "michael")
    michael = g.state["units"]["michael"]
    assert michael["imm"]["ARC"] == 3
    assert michael["ch"]["gear-anti_static_wrist_band"] == 1


def test_the_targeting_sight_marks_an_enemy_for_two_turns(rs) -> None:
    """Miscellaneous Items / Targeting Sight: Action; MARK an enemy in sight for 2 turns."""
    g = field(rs, {"michael": ["targeting_sight"]}, ex=9, ey=4)
    use(g, "ability", "targeting_sight", "thug-1")
    assert g.state["units"]["thug-1"]["st"]["MARKED"][0] == 2
    assert g.state["units"]["michael"]["acted"] is True


def test_the_knee_pad_rolls_its_wearer_up_to_two_spaces_away(rs) -> None:
    """Defense Gear Shop / Knee Pad: Interrupt, roll up to 2 spaces in any direction; a
    1-round cool down."""
    g = field(rs, {"michael": ["knee_pad"]})
    rolls = [a for a in g.legal_actions(0) if a.get("ability") == "gear-knee_pad"]
    cells = {tuple(a["target"]) for a in rolls}
    assert (3, 2) in cells and (5, 0) in cells  # two spaces west, two north
    assert all(max(abs(x - 5), abs(y - 2)) <= 2 for x, y in cells)
    use(g, "interrupt", "knee_pad", [3, 2])
    michael = g.state["units"]["michael"]
    assert (michael["x"], michael["y"]) == (3, 2)
    assert michael["cd"]["gear-knee_pad"] == 1
    assert michael["acted"] is False  # an interrupt, not the turn's action


def test_the_tin_foil_hat_does_nothing_else(rs) -> None:
    """Defense Gear Shop / Tin Foil Hat: it does nothing (the hunter's numbers and options
    are those without it)."""
    bare = field(rs, {"michael": []})
    hat = field(rs, {"michael": ["tin_foil_hat"]})
    plain, worn = bare.state["units"]["michael"], hat.state["units"]["michael"]
    assert worn["gear"] == ["tin_foil_hat"]
    assert {k: v for k, v in worn.items() if k != "gear"} == {
        k: v for k, v in plain.items() if k != "gear"}
    assert bare.legal_actions(0) == hat.legal_actions(0)


def test_holy_water_throws_ether_on_and_around_a_spot(rs) -> None:
    """Bombs / Holy Water: an Interrupt, thrown up to 4 spaces, attack 3 ETHER (AOE);
    2 charges."""
    g = field(rs, {"michael": ["holy_water"]}, [0] * 12)
    use(g, "interrupt", "holy_water", [8, 2])
    rolled = events(g, "attack_roll")[-1]
    assert len(rolled["faces"]) == 3 and " ether attack dice" in rolled["text"]
    michael = g.state["units"]["michael"]
    assert michael["ch"]["gear-holy_water"] == 1 and michael["acted"] is False


@pytest.mark.parametrize(("item", "skill"), [("self_help_book", "personality"),
                                             ("driving_gloves", "dare_devil")])
def test_a_new_recruit_augment_raises_the_skill_its_check_uses(rs, item: str,
                                                               skill: str) -> None:
    """Augment Shop / Self Help book (+2 Personality) and Driving Gloves (+2 Dare Devil),
    "even with no points": Renown rank 2, New Recruit, rolls a Personality or Dare Devil check
    (HR-62), so the wearer is the one who makes it and adds 2."""
    from hauntkit.rulesets.beast.hunt import renown

    plain = Game.new(rs, {"map": "alley", "hunters": ["michael", "tamara"]}, seed=1)
    geared = Game.new(rs, {"map": "alley", "hunters": ["michael", "tamara"],
                           "loadout": {"tamara": [item]}}, seed=1)
    assert rs.skill_values(plain.state, plain.state["units"]["tamara"]).get(skill, 0) == 0
    assert rs.skill_values(geared.state, geared.state["units"]["tamara"])[skill] == 2
    hunters = [geared.state["units"]["michael"], geared.state["units"]["tamara"]]
    recruiter, used = renown.best_at(rs, geared.state, hunters, renown.NEW_RECRUIT_SKILLS)
    assert recruiter["id"] == "tamara" and used == skill


def test_the_signal_of_virtue_does_nothing_and_is_gone(rs) -> None:
    """Consumable Shop / Signal of Virtue: an Action in which nothing happens; a consumable,
    gone once used."""
    g = field(rs, {"michael": ["signal_of_virtue"]})
    before = {k: v for k, v in g.state["units"]["thug-1"].items()}
    use(g, "ability", "signal_of_virtue", "michael")
    michael = g.state["units"]["michael"]
    assert michael["acted"] is True
    assert "signal_of_virtue" not in michael["gear"]
    assert g.state["units"]["thug-1"] == before
