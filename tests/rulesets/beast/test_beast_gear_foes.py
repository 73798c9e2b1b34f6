"""Gear against the foes it names: riddle-of-the-beast-rules.md "Gear Shop / Melee Weapons"
(Silver Mace, Wooden Stakes, Holy Ash Stake, Silver Saber, Silver Sword, Silver Wolf Blade,
Silver Stake: "See Undying Template"), "Gear Shop / Defense Gear Shop" (Rosary), "Gear Shop /
Relics" (Exorcists Cross, Bugs in a box, Lapis Lazuli); RULING HR-100 (the Undying template,
vampires, phantasms, summoned units)."""

from __future__ import annotations

import pytest
from beastkit import battle, events, pass_windows

ALL_BANES = ["silver_mace", "wooden_stakes", "holy_ash_stake", "silver_saber", "silver_sword",
             "silver_wolf_blade", "silver_stake"]


def duel(rs, gear: list[str], foe: str = "nosferatu", hp: int = 2, dice=None, **setup):
    return battle(rs, ["michael"], [foe], {"michael": {"x": 5, "y": 2},
                                          f"{foe}-1": {"x": 6, "y": 2, "hp": hp}},
                  dice=dice or [], gear={"michael": gear}, **setup)


def hit(g, weapon: str | None, foe: str = "nosferatu-1") -> None:
    action = {"type": "attack", "unit": "michael", "target": foe, "mode": "melee"}
    if weapon:
        action["weapon"] = weapon
    g.act(0, action)


@pytest.mark.parametrize("weapon", ALL_BANES)
def test_silver_and_stakes_slay_the_undying(rs, weapon):
    """Every silver or stake weapon ("Treat as Silver/Stake. See Undying Template") finishes
    an Undying foe weak to it (HR-100). Dice: 2 hits and 1 miss, no blocks."""
    g = duel(rs, [weapon], dice=[1, 1, 0, 0] + [0] * 6)
    hit(g, weapon)
    assert g.state["units"]["nosferatu-1"]["alive"] is False


def test_other_weapons_leave_the_undying_on_one_hp(rs):
    """HR-100: an Undying foe brought to 0 by anything but its bane stays on 1 HP: a plain
    sword, the hunter's bare melee value, a Hemorrhage."""
    g = duel(rs, ["long_sword"], dice=[1, 1, 0, 0] + [0] * 6)
    hit(g, "long_sword")
    nos = g.state["units"]["nosferatu-1"]
    assert nos["alive"] is True and nos["hp"] == 1
    assert events(g, "undying")
    rs.bleed(g.state, nos, 3)  # Hemorrhage 3 for a Creature of the Night
    assert nos["alive"] is True and nos["hp"] == 1


def test_holy_ash_stake_doubles_against_vampires_and_is_spent_on_a_kill(rs):
    """Holy Ash Stake: "Double Damage when attacking Vampires ... consumed if a Vampire is
    killed by it". Vampire Spawn is a vampire (HR-100). 1 hit, no blocks: 2 damage."""
    g = duel(rs, ["holy_ash_stake"], foe="vampire-spawn", hp=9, dice=[1, 0, 0, 0, 0] * 2)
    hit(g, "holy_ash_stake", "vampire-spawn-1")
    spawn = g.state["units"]["vampire-spawn-1"]
    assert spawn["hp"] == 9 - 2
    assert "holy_ash_stake" in g.state["units"]["michael"]["gear"]
    g2 = duel(rs, ["holy_ash_stake"], foe="vampire-spawn", hp=2, dice=[1, 0, 0, 0, 0] * 2)
    hit(g2, "holy_ash_stake", "vampire-spawn-1")
    assert g2.state["units"]["vampire-spawn-1"]["alive"] is False
    assert g2.state["units"]["michael"]["lost_gear"] == ["holy_ash_stake"]


def test_holy_ash_stake_is_not_spent_on_others(rs):
    """A Thug is no vampire: no double damage, the stake is kept after the kill."""
    g = duel(rs, ["holy_ash_stake"], foe="thug", hp=1, dice=[1, 0, 0, 0])
    hit(g, "holy_ash_stake", "thug-1")
    assert g.state["units"]["thug-1"]["alive"] is False
    assert "holy_ash_stake" in g.state["units"]["michael"]["gear"]


def test_lapis_lazuli_adds_one_against_vampires(rs):
    """Lapis Lazuli: "+1 Damage against Undead and Vampires": the bare melee attack (A3) on
    a Vampire Spawn, 1 hit and no blocks, does 2."""
    g = duel(rs, ["lapis_lazuli"], foe="vampire-spawn", hp=9, dice=[1, 0, 0, 0, 0, 0])
    hit(g, None, "vampire-spawn-1")
    assert g.state["units"]["vampire-spawn-1"]["hp"] == 9 - 2


def test_rosary_guards_max_hp_against_life_drain(rs):
    """Rosary: "Immune to MAX HP damage". The Nosferatu's Life Drain takes 1 maximum HP of a
    hunter it hurts (HR-100); a Rosary wearer keeps it."""
    for gear, expect in (([], -1), (["rosary"], 0)):
        g = duel(rs, gear, hp=12, cards=["wrath"], dice=[1, 1, 0, 0] + [0] * 20)
        michael = g.state["units"]["michael"]
        before = michael["max"]
        g.act(0, {"type": "end_turn"})
        pass_windows(g)
        assert michael["max"] == before + expect
        assert michael["hp"] <= michael["max"]


def test_exorcists_cross_destroys_only_poltergeists_and_phantasms(rs):
    """Exorcists Cross: "Instantly destroy 1 Poltergeist or Phantasm" (Occult 5+). The Shade
    is a phantasm (HR-100); a Thug cannot be chosen."""
    g = battle(rs, ["michael"], ["shade", "thug"],
               {"michael": {"x": 5, "y": 2}, "shade-1": {"x": 8, "y": 2},
                "thug-1": {"x": 8, "y": 3}},
               dice=[6], gear={"michael": ["exorcists_cross"]},
               hx={"michael": {"boost": {"occult": 2}}})
    targets = {a["target"] for a in g.legal_actions(0) if a.get("ability") ==
               "gear-exorcists_cross"}
    assert targets == {"shade-1"}
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-exorcists_cross",
              "target": "shade-1"})
    assert g.state["units"]["shade-1"]["alive"] is False
    assert g.state["units"]["shade-1"]["hp"] == 0 and rs.invariants(g.state) == []


def test_bugs_in_a_box_paralyzes_two_summoned_monsters(rs):
    """Bugs in a box: "up to 2 summoned monsters within 3 spaces ... PARALYZED for 1 turn".
    The Nosferatu's Brood Call summons bats (HR-100); the Nosferatu itself is not summoned."""
    g = battle(rs, ["michael"], ["nosferatu"],
               {"michael": {"x": 5, "y": 2}, "nosferatu-1": {"x": 7, "y": 2}},
               dice=[6], gear={"michael": ["bugs_in_a_box"]},
               hx={"michael": {"boost": {"occult": 1}}})  # a relic needs Occult ("Relics")
    nos = g.state["units"]["nosferatu-1"]
    ab = rs.c.abilities["nosferatu"]["special1"]
    for _ in range(3):
        rs.resolve_ability(g.state, nos, ab, nos["id"])
    bats = [u for u in g.state["units"].values() if u["kind"] == "bat-swarm"]
    assert len(bats) == 3 and all(b["summoned"] for b in bats)
    assert g.state["alive"] == [1, 4]
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-bugs_in_a_box",
              "target": "michael"})
    paralyzed = sorted(u["id"] for u in g.state["units"].values() if "PARALYZE" in u["st"])
    assert len(paralyzed) == 2 and "nosferatu-1" not in paralyzed


def test_a_summoning_ability_must_name_a_known_enemy(rs):
    """HR-100: `hook: summon` calls up `summons`, an enemy of the pack; the pack check says
    so when it is not."""
    from hauntkit.rulesets.beast.gear.schema import check_gear
    nos = rs.c.enemies["nosferatu"]
    bad = nos.model_copy(update={"special1": nos.special1.model_copy(
        update={"summons": "dragon"})})
    bats = rs.c.enemies["bat-swarm"]
    assert check_gear({"enemies": {"nosferatu": nos, "bat-swarm": bats}}) == []
    assert check_gear({"enemies": {"nosferatu": bad, "bat-swarm": bats}}) == [
        ("enemies", "nosferatu", "brood-call: summons unknown enemy 'dragon'")]
