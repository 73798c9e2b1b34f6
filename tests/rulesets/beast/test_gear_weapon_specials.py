"""Weapon effects built late: riddle-of-the-beast-rules.md "Gear Shop / Range Weapons"
(Boomerang, SMG Suppressive Fire, Mossberg 500); RULINGS HR-33, HR-100."""

from __future__ import annotations

from beastkit import battle, events


def duel(rs, gear: list[str], dice: list[int], ex: int = 7, hx: int = 5):
    """Michael at (hx, 2) against one thug at (ex, 2); hunters act first; dark map."""
    return battle(rs, ["michael"], ["thug"], {"michael": {"x": hx, "y": 2},
                                            "thug-1": {"x": ex, "y": 2}},
                  dice=dice, gear={"michael": gear})


def quick_fire(g) -> None:
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-boomerang-quick",
              "target": "thug-1"})


def test_boomerang_quick_fire_does_not_cool_down_on_a_miss(rs):
    """Gear Shop / Range Weapons / Boomerang: "Interrupt CD is not triggered on a MISS"
    (RULING HR-33: a miss is a roll with no HIT)."""
    g = duel(rs, ["boomerang"], [0, 0, 0, 0, 0, 0])
    quick_fire(g)
    assert events(g, "attack_roll")[-1]["faces"] == [0, 0]
    assert "gear-boomerang-quick" not in g.state["units"]["michael"]["cd"]


def test_boomerang_quick_fire_that_hits_cools_down(rs):
    """Gear Shop / Range Weapons / Boomerang: a Quick Fire that hits cools down as any
    Rapid weapon's (RULING HR-33: 2 rounds)."""
    g = duel(rs, ["boomerang"], [1, 0, 0, 0, 0, 0])
    quick_fire(g)
    assert g.state["units"]["michael"]["cd"]["gear-boomerang-quick"] == 2


def test_other_rapid_weapons_cool_down_even_on_a_miss(rs):
    """Gear Shop / Range Weapons / Rapid: only the Boomerang's miss skips the cool down."""
    g = duel(rs, ["shuriken"], [0, 0, 0, 0, 0, 0])
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-shuriken-quick",
              "target": "thug-1"})
    assert g.state["units"]["michael"]["cd"]["gear-shuriken-quick"] == 2


def smg(rs, dice: list[int]):
    """Michael with a Mac 10 (Smg, A3/R3) against a thug (BASE) and a ghoul (UNDEAD)."""
    return battle(rs, ["michael"], ["thug", "ghoul"],
                  {"michael": {"x": 5, "y": 2}, "thug-1": {"x": 8, "y": 2},
                   "ghoul-1": {"x": 8, "y": 4}}, dice=dice, gear={"michael": ["mac_10"]})


def suppress_action(g) -> dict:
    acts = [a for a in g.legal_actions(0) if a.get("ability") == "gear-mac_10-suppress"]
    assert [a["type"] for a in acts] == ["interrupt"]
    return acts[0]


def test_smg_suppressive_fire_shortens_base_enemies_ranged_reach(rs):
    """Gear Shop / Range Weapons / SMG: Suppressive Fire (INTERRUPT) - roll the weapon's
    attack value; BASE enemies' Range Value is lowered by 1 per HIT; no damage; 3 round CD
    (RULING HR-45: SUPPRESSED for 1 turn)."""
    g = smg(rs, [1, 2, 0])
    hp = {u: g.state["units"][u]["hp"] for u in ("thug-1", "ghoul-1")}
    g.act(0, suppress_action(g))
    me, thug, ghoul = (g.state["units"][u] for u in ("michael", "thug-1", "ghoul-1"))
    assert events(g, "suppress_roll")[-1]["hits"] == 2
    assert thug["st"]["SUPPRESSED"] == [1, 2]
    assert "SUPPRESSED" not in ghoul["st"]  # UNDEAD, not BASE
    assert {u: g.state["units"][u]["hp"] for u in hp} == hp  # no damage
    assert me["cd"]["gear-mac_10-suppress"] == 3 and me["intr"] is True
    assert me["acted"] is False
    assert not events(g, "attack_roll")
    ranged = rs.action_spec(thug, "range")
    assert ranged.range == 3 and rs.ranged_reach(thug, ranged) == 1


def test_suppressive_fire_without_a_hit_changes_nothing(rs):
    """Gear Shop / Range Weapons / SMG: no HIT, no range lowered (the cool down still runs)."""
    g = smg(rs, [0, 0, 0])
    g.act(0, suppress_action(g))
    assert "SUPPRESSED" not in g.state["units"]["thug-1"]["st"]
    assert g.state["units"]["michael"]["cd"]["gear-mac_10-suppress"] == 3


def test_a_suppressed_enemy_ranged_attack_stops_short(rs):
    """Gear Shop / Range Weapons / SMG: an enemy ranged attack (range 3) from 3 spaces away
    does not land while its range is lowered by 2, even when the attack was already declared
    (RULING HR-45: the reach is checked when the dice would be rolled)."""
    from hauntkit.rulesets.beast.battle import combat, frames

    g = smg(rs, [])
    g.state["units"]["thug-1"]["st"]["SUPPRESSED"] = [1, 2]
    fr = frames.frame("thug-1", "michael", mode="range", atk=2, el="PHYSICAL",
                      style="ranged", reach=3)
    fr["asked"] = True
    assert combat.step(rs, g.state, fr) is True
    assert events(g, "attack_stopped") and not events(g, "attack_roll")
    g.state["units"]["thug-1"]["st"].pop("SUPPRESSED")
    g.state["rng"]["script"].extend([0] * 6)
    fr = dict(fr, ph="pre")
    combat.step(rs, g.state, fr)
    assert events(g, "attack_roll")


def mossberg_attacks(g) -> list[dict]:
    return [a for a in g.legal_actions(0) if a.get("weapon") == "mossberg_500"]


def load(g, n: int) -> None:
    g.act(0, {"type": "ability", "unit": "michael", "ability": f"gear-mossberg_500-load{n}",
              "target": "michael"})


def test_mossberg_fires_only_after_a_turn_spent_loading(rs):
    """Gear Shop / Range Weapons / Mossberg 500: "Take 1 turn to load cartridge then pick 1
    of the 3" (RULING HR-46: loading is the hunter's action; no cartridge, no shot)."""
    g = duel(rs, ["mossberg_500"], [], ex=7)
    assert mossberg_attacks(g) == []
    loads = {a["ability"] for a in g.legal_actions(0) if "load" in str(a.get("ability"))}
    assert loads == {f"gear-mossberg_500-load{n}" for n in (1, 2, 3)}
    load(g, 1)
    assert g.state["units"]["michael"]["acted"] is True
    assert g.state["units"]["michael"]["ch"]["gear-mossberg_500-spread"] == 1
    assert events(g, "load")[-1]["spread"] == 1


def test_mossberg_spreads_set_attack_and_range(rs):
    """Gear Shop / Range Weapons / Mossberg 500: I: A4/R2; II: A3/R4; III: A1/R5 - the
    loaded cartridge decides both the dice rolled and how far the shot reaches."""
    for n, atk, reach in ((1, 4, 2), (2, 3, 4), (3, 1, 5)):
        g = duel(rs, ["mossberg_500"], [0] * 12, ex=2 + reach, hx=2)
        g.state["units"]["michael"]["ch"]["gear-mossberg_500-spread"] = n
        assert len(mossberg_attacks(g)) == 1
        g.act(0, mossberg_attacks(g)[0])
        assert len(events(g, "attack_roll")[0]["faces"]) == atk
        far = duel(rs, ["mossberg_500"], [], ex=3 + reach, hx=2)
        far.state["units"]["michael"]["ch"]["gear-mossberg_500-spread"] = n
        assert mossberg_attacks(far) == []  # one space beyond the spread's range


def test_the_loaded_cartridge_is_not_offered_again(rs):
    """Gear Shop / Range Weapons / Mossberg 500 (RULING HR-46): loading another cartridge
    changes the spread; the one already in is not offered."""
    g = duel(rs, ["mossberg_500"], [], ex=7)
    g.state["units"]["michael"]["ch"]["gear-mossberg_500-spread"] = 2
    loads = {a["ability"] for a in g.legal_actions(0) if "load" in str(a.get("ability"))}
    assert loads == {"gear-mossberg_500-load1", "gear-mossberg_500-load3"}


def melee(g, iid: str) -> None:
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "melee",
              "weapon": iid})


def test_baton_rests_two_rounds_after_a_disarming_critical(rs):
    """Gear Shop / Melee Weapons / Baton: "Critical Hits disarm target for 1 turn. 2 round CD
    upon success" - the baton cannot attack while it cools down; the base attack can."""
    g = duel(rs, ["baton"], [1, 1, 1, 0, 0, 0, 0, 0], ex=6)
    g.state["units"]["thug-1"].update(max=30, hp=30)
    melee(g, "baton")
    me = g.state["units"]["michael"]
    assert "DISARMED" in g.state["units"]["thug-1"]["st"]
    assert me["cd"]["gear-baton-rest"] == 2
    me["acted"] = False
    attacks = [a for a in g.legal_actions(0) if a["type"] == "attack"]
    assert attacks and all(a.get("weapon") != "baton" for a in attacks)


def test_baton_without_a_critical_does_not_rest(rs):
    """Gear Shop / Melee Weapons / Baton: the cool down follows only a disarming critical."""
    g = duel(rs, ["baton"], [1, 1, 0, 0, 0], ex=6)
    melee(g, "baton")
    assert "gear-baton-rest" not in g.state["units"]["michael"]["cd"]


def test_sword_breaker_lowers_melee_attack_per_double_sword(rs):
    """Gear Shop / Melee Weapons / Sword Breaker: "Lower targets Melee attack by 1 for each
    Double Sword rolled. Lasts 1 turns" - its melee attacks roll fewer dice, ranged ones not."""
    from hauntkit.rulesets.beast.battle import combat, frames

    g = duel(rs, ["sword_breaker"], [2, 2, 0, 0, 0], ex=6)
    g.state["units"]["thug-1"].update(max=30, hp=30)
    melee(g, "sword_breaker")
    assert g.state["units"]["thug-1"]["st"]["MELEE_DOWN"] == [1, 2]
    g.state["rng"]["script"][:] = [0] * 12
    for style, dice_rolled in (("melee", 1), ("ranged", 2)):
        fr = frames.frame("thug-1", "michael", mode=style, atk=3 if style == "melee" else 2,
                          el="PHYSICAL", style=style, reach=3)
        fr["asked"] = True
        combat.step(rs, g.state, fr)
        assert len(events(g, "attack_roll")[-1]["faces"]) == dice_rolled


def wolf(rs, enemy: str, dice: list[int]):
    return battle(rs, ["michael"], [enemy], {"michael": {"x": 5, "y": 2},
                                             f"{enemy}-1": {"x": 6, "y": 2}},
                  dice=dice, gear={"michael": ["silver_wolf_blade"]})


def test_silver_wolf_blade_rolls_again_once_against_night_creatures(rs):
    """Gear Shop / Melee Weapons / Silver Wolf Blade: "If an attack fails to damage an enemy
    with a Creature of the Night or Monster Template roll again. This can occur once per
    turn." """
    g = wolf(rs, "werewolf", [0] * 40)
    g.act(0, {"type": "attack", "unit": "michael", "target": "werewolf-1", "mode": "melee",
              "weapon": "silver_wolf_blade"})
    assert len(events(g, "attack_roll")) == 2  # the miss, then one roll again
    assert len(events(g, "roll_again")) == 1
    assert g.state["units"]["michael"]["flags"]["again_vs"] == 1


def test_silver_wolf_blade_does_not_roll_again_against_other_templates(rs):
    """Gear Shop / Melee Weapons / Silver Wolf Blade: only Creatures of the Night and
    Monsters (a ghoul is UNDEAD)."""
    g = wolf(rs, "ghoul", [0] * 40)
    g.act(0, {"type": "attack", "unit": "michael", "target": "ghoul-1", "mode": "melee",
              "weapon": "silver_wolf_blade"})
    assert len(events(g, "attack_roll")) == 1 and not events(g, "roll_again")


def test_laser_pointer_lets_ranged_attacks_reach_two_further(rs):
    """Gear Shop / Utility Shop / Miscellaneous Items / Laser Pointer: "R8 - Ranged attacks
    against Target treat their Max range as 2 higher. Lasts 2 turns." """
    g = battle(rs, ["michael"], ["thug"], {"michael": {"x": 2, "y": 2},
                                          "thug-1": {"x": 6, "y": 2}},
               dice=[0] * 20, gear={"michael": ["laser_pointer", "shuriken"]})

    def ranged():
        return {(a.get("weapon")) for a in g.legal_actions(0)
                if a["type"] == "attack" and a["mode"] == "ranged"}

    assert "shuriken" not in ranged()  # R2, the thug is 4 away
    g.act(0, {"type": "ability", "unit": "michael", "ability": "gear-laser_pointer",
              "target": "thug-1"})
    assert g.state["units"]["thug-1"]["st"]["LASERED"] == [2, 2]
    g.state["units"]["michael"]["acted"] = False
    assert "shuriken" in ranged()
    g.act(0, {"type": "attack", "unit": "michael", "target": "thug-1", "mode": "ranged",
              "weapon": "shuriken"})
    assert events(g, "attack_roll") and not events(g, "attack_stopped")


def lost_to_michael(rs, enemy: str, gear: list[str]) -> int:
    """HP ``enemy`` loses to Michael's base melee attack rolling two hits and a miss."""
    g = battle(rs, ["michael"], [enemy], {"michael": {"x": 5, "y": 2},
                                          f"{enemy}-1": {"x": 6, "y": 2}},
               dice=[1, 1, 0] + [0] * 12, gear={"michael": gear})
    g.state["units"][f"{enemy}-1"].update(max=30, hp=30)
    g.act(0, {"type": "attack", "unit": "michael", "target": f"{enemy}-1", "mode": "melee"})
    return 30 - g.state["units"][f"{enemy}-1"]["hp"]


def test_lapis_lazuli_adds_a_point_of_damage_against_the_undead(rs):
    """Gear Shop / Relics / Lapis Lazuli: "+1 Damage against Undead and Vampires" - a ghoul
    (UNDEAD) takes one more point; a thug (BASE) does not."""
    plain = lost_to_michael(rs, "ghoul", [])
    assert plain > 0
    assert lost_to_michael(rs, "ghoul", ["lapis_lazuli"]) == plain + 1
    assert lost_to_michael(rs, "thug", ["lapis_lazuli"]) == lost_to_michael(rs, "thug", [])
