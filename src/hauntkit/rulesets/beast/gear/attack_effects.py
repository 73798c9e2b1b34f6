"""What gear does inside an attack (rules: "Gear Shop" Defense, Melee and Range weapon classes,
Ammunition; "Elemental Attacks"; RULINGS HR-30..HR-36).

The attack frames of combat.py call these: the attacker's weapon (``fr["wpn"]``) adds its
class abilities and item effects; the defender's armour lowers the damage.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import dice, frames, status
from hauntkit.rulesets.beast.battle.board import dist
from hauntkit.rulesets.beast.gear import foes
from hauntkit.rulesets.beast.labels import faces_text

State = dict[str, Any]
Unit = dict[str, Any]
Frame = dict[str, Any]


def base_defense(rs: Any, unit: Unit) -> int:
    """The defence value before debuffs: armour that sets it overwrites it ("Gear"), Tactical
    Armor raises a natural 3 to 4."""
    d = rs.c.stats(unit["kind"]).defense
    if "gear" not in unit:
        return d
    prof = rs.c.gear.profile(unit)
    if prof.defense_set is not None:
        return prof.defense_set
    if prof.defense_raise is not None and d == prof.defense_raise[0]:
        return prof.defense_raise[1]
    return d


def rest_key(iid: str) -> str:
    """Key in ``unit["cd"]``: rounds before the weapon can attack again (Baton)."""
    return f"gear-{iid}-rest"


def spread_key(iid: str) -> str:
    """Key in ``unit["ch"]``: which of the weapon's spreads is loaded (1-based)."""
    return f"gear-{iid}-spread"


def weapon_numbers(unit: Unit, iid: str, w: Any) -> tuple[int, int] | None:
    """The weapon's (attack, range): a spread weapon's loaded cartridge, None when it has
    none loaded (Mossberg 500; RULING HR-46)."""
    if not w.spreads:
        return w.attack, w.range
    n = unit["ch"].get(spread_key(iid))
    if not n:
        return None
    attack, reach = w.spreads[n - 1]
    return attack, reach


def weapon_frame(rs: Any, state: State, unit: Unit, target: str, iid: str) -> Frame:
    """An attack frame for an attack with the equipped weapon ``iid``."""
    item = rs.c.gear.items[iid]
    w = item.weapon
    classes = rs.c.gear.weapon_classes(unit, iid)
    prof = rs.c.gear.profile(unit)
    mode = w.mode
    atk, reach = weapon_numbers(unit, iid, w) or (w.attack, w.range)
    el = w.element
    fr = frames.frame(unit["id"], target, mode=mode, atk=atk, el=el, style=mode,
                      mult=max(2, w.crit_multiplier), reach=reach)
    fr["wpn"] = iid
    aim = unit["ch"].get("gear-aimed")
    if aim is not None and "sniper" in classes and mode == "ranged":
        del unit["ch"]["gear-aimed"]
        if aim == state["round"]:
            fr["aimed"] = True  # Sniper Called Shot: aimed last turn
    if w.crit_multiplier == 1:
        fr["mult"] = 1  # the critical adds no damage (Whip, 9MM Shield)
    if "polearm" in classes or prof.multi_attack:
        fr["ma"] = True  # Polearm First Strike: MULTI-ATTACK
    tgt = state["units"].get(target)
    if tgt is not None and "large" in classes and rs.base_template(tgt) != "BASE":
        fr["ddm"] = 1  # Large Menacing: non-BASE targets roll 1 less defence
    return fr


def ranged_extras(rs: Any, unit: Unit, fr: Frame) -> None:
    """Loaded ammunition changes this turn's ranged attacks ("Ammunition")."""
    for iid in unit["flags"].get("ammo", ()):
        use = rs.c.gear.items[iid].use
        if use.element_to and not fr["pc"]:
            fr["el"] = use.element_to
        if use.defense_minus:
            fr["ddm"] = fr.get("ddm", 0) + use.defense_minus
        if use.attack_plus and fr.get("wpn"):
            fr["atk"] += use.attack_plus


def defence_faces(rs: Any, state: State, fr: Frame, tgt: Unit, faces: list[int]) -> list[int]:
    """Rerolls of defence dice: the attacker's (Blunt Armor Breaker, "Re-roll 1 of the targets
    Defense Dice": a block is rolled again) and the defender's (Cheap Kevlar: a miss again)."""
    wpn = fr.get("wpn")
    if wpn is not None:
        att = state["units"][fr["att"]]
        n = rs.c.gear.items[wpn].weapon.reroll_defense
        if "blunt" in rs.c.gear.weapon_classes(att, wpn):
            n += 1
        faces = _reroll(state, faces, n, lambda f: f == dice.SHIELD)
    if "gear" in tgt:
        n = rs.c.gear.profile(tgt).reroll_own_defense
        faces = _reroll(state, faces, n, lambda f: f != dice.SHIELD)
    return faces


def _reroll(state: State, faces: list[int], n: int, pick: Any) -> list[int]:
    if not n:
        return faces
    faces = list(faces)
    for i, f in enumerate(faces):
        if n and pick(f):
            faces[i] = dice.combat(state, 1)[0]
            n -= 1
            emit(state, "defence_reroll", f"A defence die is rolled again: {faces_text([faces[i]])}.",
                 face=faces[i])
    return faces


def perfect_allowed(rs: Any, tgt: Unit) -> bool:
    return "gear" not in tgt or not rs.c.gear.profile(tgt).no_perfect_defense


def fire_bonus(rs: Any, tgt: Unit) -> int:
    """FIRE's extra point: targets resistant to FIRE do not take it ("Fire")."""
    if "gear" in tgt and rs.c.gear.profile(tgt).resist.get("FIRE", 0) > 0:
        return 0
    return 1


def attack_bonus(rs: Any, state: State, fr: Frame, tgt: Unit) -> int:
    """A weapon's +N damage against targets of low defence (Rough Rider, The Judge...)."""
    wpn = fr.get("wpn")
    if wpn is None:
        return 0
    bvd = rs.c.gear.items[wpn].weapon.bonus_vs_def
    if bvd and rs.defence_score(state, tgt) <= bvd[0]:
        return bvd[1]
    return 0


def damage_vs(rs: Any, fr: Frame, att: Unit, tgt: Unit, dmg: int) -> int:
    """The attacker's gear against some foes: Lapis Lazuli's +1 against the Undead (by the
    target's own template, not ETHER's) and Vampires (once, for either); the Holy Ash Stake's
    double damage against Vampires ("Gear Shop": Relics, Melee Weapons)."""
    prof = rs.c.gear.profile(att)
    foe = foes.kinds(rs, tgt) if tgt["kind"] in rs.c.enemies else []
    if prof.damage_vs:
        dmg += max([prof.damage_vs.get(rs.base_template(tgt), 0),
                    *(prof.damage_vs.get(k, 0) for k in foe)])
    wpn = fr.get("wpn")
    if wpn is not None and foe and set(rs.c.gear.items[wpn].weapon.double_vs) & set(foe):
        dmg *= 2
    return dmg


def armour(rs: Any, fr: Frame, tgt: Unit, dmg: int) -> int:
    """The defender's gear lowers damage that got through (RULING HR-32): armour against melee
    or ranged attacks, helmets against critical hits, resistances and weaknesses by element."""
    if "gear" not in tgt or dmg <= 0:
        return dmg
    prof = rs.c.gear.profile(tgt)
    style = fr["style"]
    if style == "melee":
        dmg -= prof.vs_melee
    elif style == "ranged":
        dmg -= prof.vs_ranged
    if fr.get("crit"):
        dmg -= prof.crit_guard
    dmg -= prof.resist.get(fr["el"], 0)
    return max(0, dmg)


def after_damage(rs: Any, state: State, fr: Frame, att: Unit, tgt: Unit, lost: int) -> None:
    """Weapon effects once an attack is settled: class passives (Exotic and Bow bleed, Magnum
    and Sword wounds), the item's own critical and damage effects, a second attack."""
    wpn = fr.get("wpn")
    if wpn is None:
        return
    spread = spread_targets(rs, state, fr, att, tgt)
    if spread:
        _second(rs, state, att, wpn, spread, "spread")
    w = rs.c.gear.items[wpn].weapon
    if not tgt["alive"]:
        if w.spent_on_kill and set(w.spent_on_kill) & set(foes.kinds(rs, tgt)):
            destroy(rs, state, att, wpn)  # Holy Ash Stake: used up on a slain Vampire
        return
    classes = rs.c.gear.weapon_classes(att, wpn)
    crit = bool(fr.get("crit"))
    if lost:
        if "exotic" in classes or "bow" in classes:
            rs.bleed(state, tgt, 1)
        if "magnum" in classes and tgt["alive"]:
            status.apply(rs, state, tgt, "WOUNDING", w.damage_turns, 1)
        for name in w.on_damage:
            if tgt["alive"]:
                status.apply(rs, state, tgt, name, w.damage_turns, 1)
    if not lost and w.again_vs and not att["flags"].get("again_vs") \
            and rs.template(tgt).id in w.again_vs:
        att["flags"]["again_vs"] = 1  # Silver Wolf Blade: roll again, once per turn
        push_second(rs, state, att, wpn, tgt["id"], "roll_again")
    if w.dbl_melee_down and fr.get("dbl") and tgt["alive"]:
        status.apply(rs, state, tgt, "MELEE_DOWN", 1, fr["dbl"])  # Sword Breaker
    if crit and tgt["alive"]:
        if "sword" in classes:
            status.apply(rs, state, tgt, "WOUNDING", 1, 1)
        for name in w.on_crit:
            if tgt["alive"] and status.apply(rs, state, tgt, name, w.crit_turns, 1) \
                    and w.crit_rest:
                att["cd"][rest_key(wpn)] = w.crit_rest  # Baton: 2 round CD upon success
        if w.crit_bleed and tgt["alive"]:
            rs.bleed(state, tgt, w.crit_bleed)
    again = w.second_attack
    if fr.get("second") or again is None:
        return
    if again == "crit" and (not crit or att["flags"].get("crit_again")):
        return
    if again == "adjacent":
        others = [u for u in rs.adjacent_enemies(state, att) if u != tgt["id"]]
        if others:
            _second(rs, state, att, wpn, others, "second_attack")
        return
    if again == "crit":
        att["flags"]["crit_again"] = 1
    _second(rs, state, att, wpn, [tgt["id"]], "second_attack")


def _second(rs: Any, state: State, att: Unit, wpn: str, options: list[str], why: str) -> None:
    """One more attack with the weapon: on the only option, or the hunter's seat picks
    (RULING HR-35: a ``second`` action naming the target)."""
    options = [o for o in options if state["units"][o]["alive"]]
    if len(options) == 1 or (options and att["side"] != "hunters"):
        push_second(rs, state, att, wpn, options[0], why)
    elif options:
        state["pending"] = {"kind": "second", "seat": att["seat"], "options": options,
                            "unit": att["id"], "weapon": wpn, "why": why}


def push_second(rs: Any, state: State, att: Unit, wpn: str, target: str, why: str,
                at: int = 1) -> None:
    """Queue the extra attack: right after the attack under way (``at`` 1), or first (0).
    What is announced is resolved: the extra attack needs no range of its own (its target was
    in reach, next to the target, or next to the attacker; RULING HR-35)."""
    new = weapon_frame(rs, state, att, target, wpn)
    new["second"] = True
    new["slack"] = 99
    again = "again" if why == "roll_again" else "too"
    emit(state, why, f"{rs.name(att)} attacks {rs.name(state['units'][target])} {again}.",
         unit=att["id"], tgt=target)
    state["queue"].insert(at, new)


def spread_targets(rs: Any, state: State, fr: Frame, att: Unit, tgt: Unit) -> list[str]:
    """Shotgun Spread: the enemies next to the target that one more attack may hit."""
    wpn = fr.get("wpn")
    if wpn is None or fr.get("second") or "shotgun" not in rs.c.gear.weapon_classes(att, wpn):
        return []
    return [uid for uid, u in state["units"].items()
            if u["alive"] and u["side"] != att["side"] and uid != tgt["id"]
            and dist(u["x"], u["y"], tgt["x"], tgt["y"]) <= 1]


def arc_proof(rs: Any, unit: Unit) -> bool:
    """Shock Retardant, Anti-static Wrist Band: lightning does not arc onto the unit."""
    return "ARC" in unit["imm"] or ("gear" in unit and rs.c.gear.profile(unit).arc_proof)


def destroy(rs: Any, state: State, unit: Unit, iid: str) -> None:
    """An item is used up or lost: it leaves the unit (and the hunter's record at the
    battle's end, ``carry_out``)."""
    gear = list(unit["gear"])
    if iid in gear:
        gear.remove(iid)
        unit["gear"] = gear
        unit.setdefault("lost_gear", []).append(iid)
        emit(state, "gear_lost", f"{rs.name(unit)}'s {rs.c.gear.items[iid].name} is gone.",
             unit=unit["id"], item=iid)
