"""Curtis Kaine: Trigger Happy and Vigilante Justice (rules: "Skills and Proficiencies" /
"Trigger Happy (Curtis Kaine)", "Vigilante Justice (Curtis Kaine)"; RULING HR-58)."""

from __future__ import annotations

from beastkit import battle, events

SHOT = {"type": "attack", "unit": "curtis", "target": "thug-1", "mode": "ranged"}


def _duel(rs, dice, hunters=("curtis",), **units):
    spec = {"curtis": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2}}
    spec.update(units)
    return battle(rs, list(hunters), ["thug"], spec, dice=dice)


def test_a_base_ranged_critical_makes_the_target_bleed(rs):
    """Vigilante Justice: base ranged attacks (Thelma and Luis) that critically hit inflict
    BLEED."""
    g = _duel(rs, [1, 1, 1, 0, 0, 0, 0, 0])  # crit, crit roll, 2 defence blanks
    g.act(0, SHOT)
    assert g.state["units"]["thug-1"]["bleed"] == 1
    assert events(g, "skill")[0]["skill"] == "vigilante_justice"


def test_no_bleed_without_a_critical(rs):
    g = _duel(rs, [1, 1, 0, 0, 0])
    g.act(0, SHOT)
    assert g.state["units"]["thug-1"]["bleed"] == 0
    assert g.state["pending"] is None


def test_his_abilities_do_not_trigger_vigilante_justice(rs):
    """Vigilante Justice: Armor Piercing Shot and Leg/Arm Shot do not trigger the Bleed."""
    g = _duel(rs, [1, 1, 1, 0, 0, 0])  # a critical Armor Piercing Shot; defence 0 dice
    g.act(0, {"type": "ability", "unit": "curtis", "ability": "armor-piercing-shot",
              "target": "thug-1"})
    assert events(g, "attack_roll")[-1]["crit"] is True
    assert g.state["units"]["thug-1"]["bleed"] == 0
    # Armor piercing: 2 defence dice less (thug DEF 2 -> none rolled)
    assert events(g, "defence_roll")[-1]["faces"] == []


def test_a_bleed_offers_leg_or_arm_shot_as_a_free_action(rs):
    """Trigger Happy: the Bleed a critical causes is the trigger of Leg Shot and Arm Shot;
    Curtis may fire one at that enemy for free (HR-58: a pending choice, may be declined)."""
    g = _duel(rs, [1, 1, 1, 0, 0, 0, 0, 0])
    g.act(0, SHOT)
    pending = g.state["pending"]
    assert pending["kind"] == "trigger" and pending["target"] == "thug-1"
    assert g.legal_actions(0) == [{"type": "trigger", "ability": "leg-shot"},
                                  {"type": "trigger", "ability": "arm-shot"},
                                  {"type": "decline"}]
    rs.apply_setup(g.state, {"dice": [1, 0, 0, 0]})
    g.act(0, {"type": "trigger", "ability": "leg-shot"})
    thug = g.state["units"]["thug-1"]
    assert "IMMOBILIZE" in thug["st"]  # damaged: Immobilize 4
    curtis = g.state["units"]["curtis"]
    assert curtis["cd"]["leg-shot"] == 2 and not curtis["intr"]


def test_declining_a_trigger_keeps_the_skill_ready(rs):
    g = _duel(rs, [1, 1, 1, 0, 0, 0, 0, 0])
    g.act(0, SHOT)
    g.act(0, {"type": "decline"})
    assert g.state["pending"] is None and g.state["units"]["curtis"]["cd"] == {}


def test_an_allys_bleed_triggers_too_but_not_a_skill_on_cool_down(rs):
    """Trigger Happy: 'if an enemy is knocked back by CK or an ally within range'; a skill on
    cool down is not offered."""
    g = _duel(rs, [1, 0, 0, 0], hunters=("curtis", "joe"), joe={"x": 5, "y": 3},
              curtis={"x": 5, "y": 2, "cd": {"arm-shot": 2}})
    g.act(1, {"type": "ability", "unit": "joe", "ability": "serrated-shot", "target": "thug-1"})
    pending = g.state["pending"]
    assert pending["kind"] == "trigger" and pending["seat"] == 0
    assert pending["options"] == ["leg-shot"]


def test_an_enemy_out_of_the_skill_range_offers_nothing(rs):
    g = _duel(rs, [1, 0, 0, 0], hunters=("curtis", "joe"), joe={"x": 3, "y": 4},
              curtis={"x": 0, "y": 0}, **{"thug-1": {"x": 8, "y": 4}})
    g.act(1, {"type": "ability", "unit": "joe", "ability": "serrated-shot", "target": "thug-1"})
    assert g.state["units"]["thug-1"]["bleed"] == 2
    assert g.state["pending"] is None


def test_bullet_storm_fires_three_base_shots_whose_criticals_bleed(rs):
    """Vigilante Justice: Bullet Storm's base ranged shots do trigger the Bleed."""
    dice = [1, 1, 1, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0] + [0, 0, 0, 0, 0]
    g = _duel(rs, dice)
    g.act(0, {"type": "ability", "unit": "curtis", "ability": "bullet-storm",
              "target": "thug-1"})
    g.act(0, {"type": "decline"})
    assert len(events(g, "attack_roll")) == 3
    assert g.state["units"]["thug-1"]["bleed"] == 1
    assert g.state["units"]["curtis"]["cd"]["bullet-storm"] == 3
