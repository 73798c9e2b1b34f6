"""Attack resolution as resumable frames (rules: "Combat Rules", "Critical Hits", "Perfect
Defense", "Elemental Attacks"; RULINGS R1-R4).

A frame (frames.py) is plain data in ``state["queue"]``; ``step`` advances the head frame and returns
whether it is finished. A frame pauses (and the engine asks a seat) for the interrupt window
before an enemy's dice are rolled, a hunter's elemental-critical choice and an ELEC arc target.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import bounty_traits, dice, status
from hauntkit.rulesets.beast.battle.board import dist
from hauntkit.rulesets.beast.gear import attack_effects
from hauntkit.rulesets.beast.labels import (
    dice_count,
    element_word,
    faces_list,
    faces_text,
    object_name,
    tally,
)
from hauntkit.rulesets.beast.schema import ELEMENTS

State = dict[str, Any]
ELEMENTAL_SPECIAL = ("FIRE", "ELEC", "ICE")
_ETHER_TEMPLATES = ("UNDEAD", "CREATURE_OF_THE_NIGHT", "CONDEMNED")


def step(rs: Any, state: State, fr: dict[str, Any]) -> bool:
    """Advance one frame; True when it is finished."""
    units = state["units"]
    att = units.get(fr["att"])
    if fr["ph"] == "pre":
        if att is None or not att["alive"]:
            return True
        if fr["tgt"] not in units:
            _attack_object(rs, state, fr, att)
            return True
        tgt = units[fr["tgt"]]
        if not tgt["alive"]:
            return True
        if att["side"] == "enemies" and tgt["side"] == "hunters" and not fr.get("asked"):
            # Interrupts: any time before the attacker's dice are rolled.
            fr["asked"] = True
            rs.open_window(state, None)
            return False
        if "PARALYZE" in att["st"] or not tgt["alive"]:
            emit(state, "attack_stopped", f"{rs.name(att)} cannot complete the attack.")
            return True
        d = dist(att["x"], att["y"], tgt["x"], tgt["y"])
        if fr["style"] != "melee" and d > 1 and "STEALTH" in tgt["st"] and \
                "MARKED" not in tgt["st"] and att["side"] != tgt["side"]:
            d *= 2  # STEALTH: twice the distance for an enemy's ranged attack
        if "gear" in tgt and att["side"] == "enemies" and fr["style"] != "melee":
            d += rs.c.gear.profile(tgt).shroud  # Stealth Suit: enemy range -2 on the wearer
        reach = fr["reach"]
        if att["side"] == "enemies" and reach > 1 and "SUPPRESSED" in att["st"]:
            reach = max(1, reach - status.value(att, "SUPPRESSED"))  # SMG Suppressive Fire
        if fr["style"] != "melee":
            reach += status.value(tgt, "LASERED")  # Laser Pointer: ranged attacks reach further
        if d > reach + fr.get("slack", 0):
            emit(state, "attack_stopped", f"{rs.name(tgt)} is out of reach now.")
            return True
        if "BLIND" in att["st"] and not blind_check(rs, state, att, fr["reach"]):
            return True
        return _roll(rs, state, fr, att, tgt)
    if fr["ph"] == "decided":
        tgt = units[fr["tgt"]]
        if fr["reroll"]:
            faces = dice.combat(state, fr["atk"])
            fr["h"] = dice.hits(faces)
            fr["nodef"] = True
            emit(state, "crit_reroll", f"{rs.name(att)} rolls the attack again, so that "
                 f"{rs.name(tgt)} cannot defend: {faces_list(faces)}, "
                 f"{tally(fr['h'], 'hit')}.", faces=faces)
        return _damage(rs, state, fr, att, tgt)
    if fr["ph"] == "done":
        return True
    return False  # waiting for a decision


def blind_check(rs: Any, state: State, att: dict[str, Any], reach: int) -> bool:
    """BLIND: a HIT to act at range 1, a DOUBLE SWORD beyond it."""
    face = dice.combat(state, 1)[0]
    ok = face >= dice.SHIELD if reach <= 1 else face == dice.DOUBLE
    emit(state, "blind_check", f"{rs.name(att)} is blind and rolls {faces_text([face])}: "
         f"{'the action goes ahead' if ok else 'the action is wasted'}.", face=face, ok=ok)
    return ok


def _roll(rs: Any, state: State, fr: dict[str, Any], att: dict[str, Any],
          tgt: dict[str, Any]) -> bool:
    bonus = 0
    if "bounty_target" in state:  # a bounty's traits: PYRO, STRONG (battle/bounty_traits.py)
        fr["el"] = bounty_traits.element(state, att, fr["el"])
        bonus = bounty_traits.attack_bonus(state, att, fr)
    if "DUSTED" in att["st"]:  # Philosophers Dust: this turn's attacks change element
        fr["el"] = ELEMENTS[att["st"]["DUSTED"][1]]
    el = fr["el"]
    if el in ELEMENTAL_SPECIAL:
        face = dice.combat(state, 1)[0]
        primed = "PRIMED" in tgt["st"] or ("omens" in state and "eclipse" in state["omens"]) \
            or ("weather" in state and state["weather"][0] == el)  # Rain Stick
        fr["sp"] = face == dice.DOUBLE or (primed and face >= dice.SHIELD)
        emit(state, "element_roll", f"{rs.name(att)} rolls for the {element_word(el)} special "
             f"effect: {faces_text([face])}, "
             f"{'so it takes hold' if fr['sp'] else 'not enough for it'}.", face=face,
             triggered=fr["sp"])
    n = max(0, fr["atk"] + bonus - status.value(att, "ATTACK_DOWN")
            - (status.value(att, "MELEE_DOWN") if fr["style"] == "melee" else 0))
    faces = dice.combat(state, n)
    budget = 0
    if "MARKED" in tgt["st"]:
        budget += 1
    if "BERSERK" in att["st"] and not att["flags"].get("bz"):
        budget += 2
        att["flags"]["bz"] = 1
    elif ("MULTI_ATTACK" in att["st"] or fr.get("ma")) and not att["flags"].get("ma"):
        budget += 1
        att["flags"]["ma"] = 1
    budget += fr.get("burst", 0)  # Rifle Burst Fire: 2 missed dice again
    for i, f in enumerate(faces):
        if budget and f == dice.BLANK:
            faces[i] = dice.combat(state, 1)[0]
            budget -= 1
    h = dice.hits(faces)
    fr["dbl"] = faces.count(dice.DOUBLE)
    phys = el == "PHYSICAL" or fr["pc"]
    crit = n >= (2 if phys else 3) and all(faces) and not fr.get("nocrit")
    emit(state, "attack_roll", attack_line(rs.name(att), rs.name(tgt), element_word(el), faces,
                                           crit), att=att["id"], tgt=tgt["id"], faces=faces,
         crit=crit)
    fr["h"] = h
    fr["crit"] = crit
    if not h and fr.get("miss_ready"):
        att["cd"].pop(fr["miss_ready"], None)  # Boomerang: a MISS starts no cool down
    fr["nodef"] = False
    if crit and phys:
        mult = fr["mult"] + (1 if "FROZEN" in tgt["st"] else 0)
        for _ in range(mult - 1):
            more = dice.combat(state, n)
            fr["h"] += dice.hits(more)
            emit(state, "crit_roll", f"The critical hit lets {rs.name(att)} roll "
                 f"{dice_count(len(more), 'more')}: {faces_list(more)}, "
                 f"{tally(dice.hits(more), 'more hit')}.", faces=more)
    elif crit:
        if att["side"] == "hunters":
            fr["ph"] = "crit"
            state["pending"] = {"kind": "crit", "seat": att["seat"]}
            return False
        # Enemy AI: reroll to bypass defence when the defender would roll 2+ dice.
        fr["reroll"] = rs.defence_dice(state, tgt, fr) >= 2
        fr["ph"] = "decided"
        return step(rs, state, fr)
    return _damage(rs, state, fr, att, tgt)


def attack_line(att: str, tgt: str, element: str, faces: list[int], crit: bool) -> str:
    """An attack roll in a sentence: ``"Thug 1 attacks Fei with 2 physical attack dice and
    rolls double sword and blank: 1 hit."`` (RULING R1: a blank misses, the others hit)."""
    if not faces:
        return f"{att} attacks {tgt} but has no attack dice to roll: no hits."
    return (f"{att} attacks {tgt} with {dice_count(len(faces), element + ' attack')} and rolls "
            f"{faces_list(faces)}: {tally(dice.hits(faces), 'hit')}"
            f"{', a critical hit (every die hit)' if crit else ''}.")


def defence_line(tgt: str, faces: list[int], hits: int, perfect: bool) -> str:
    """A defence roll in a sentence, set against the attack's hits: ``"Fei defends with 2 dice
    and rolls sword & shield and blank: 1 block against 2 hits."`` (R1, R3)."""
    against = f"{tally(dice.blocks(faces), 'block')} against {tally(hits, 'hit')}"
    if not faces:
        return f"{tgt} has no defence dice to roll: {against}."
    return (f"{tgt} defends with {dice_count(len(faces))} and rolls {faces_list(faces)}: "
            f"{against}{', a perfect defence: the attack does no damage' if perfect else ''}.")


def _damage(rs: Any, state: State, fr: dict[str, Any], att: dict[str, Any],
            tgt: dict[str, Any]) -> bool:
    """RULING R4: hits plus modifiers minus blocks; R3 perfect defence; then templates."""
    el, style = fr["el"], fr["style"]
    h = fr["h"]
    fire = 0
    if el == "FIRE":  # FIRE's basic effect: always 1 more, even on all misses (HR-21)
        fire = attack_effects.fire_bonus(rs, tgt) if "gear" in tgt else 1
    adds = fire
    if el == "PHYSICAL" and "WOUNDING" in tgt["st"]:
        adds += 2
    if "FLINCH" in tgt["st"]:
        adds += 1
    if "DECAY" in tgt["st"]:
        adds += 1
    if style == "melee" and "COVER" in tgt["st"]:
        adds += 1
    if "CHILLED" in att["st"]:
        adds -= 1
    if "wpn" in fr:
        adds += attack_effects.attack_bonus(rs, state, fr, tgt)
    blocked = 0
    perfect = False
    defended: dict[str, Any] | None = None
    omens = state.get("omens")  # Mystery Table omens on this battle (hunt/gear_phases.py)
    if omens and "eclipse" in omens and fr.get("sp"):
        adds += 1  # Eclipse: a triggered elemental status effect deals 1 more damage
    if not fr["nodef"] and "NO_DEFEND" not in tgt["st"] and not (
            omens and "no_defense" in omens):  # Subliminal Messages: nobody defends
        ndice = rs.defence_dice(state, tgt, fr)
        faces = dice.combat(state, ndice)
        if "wpn" in fr or "gear" in tgt:
            faces = attack_effects.defence_faces(rs, state, fr, tgt, faces)
        blocked = dice.blocks(faces)
        perfect = (blocked >= 3 and rs.defence_score(state, tgt) < 6
                   and "FROZEN" not in tgt["st"] and not fr.get("noperf")
                   and ("gear" not in tgt or attack_effects.perfect_allowed(rs, tgt)))
        defended = emit(state, "defence_roll", defence_line(rs.name(tgt), faces, h, perfect),
                        faces=faces, perfect=perfect)
    if "FLINCH" in tgt["st"]:
        status.remove(state, tgt, "FLINCH", ctx=rs)
    dmg = 0 if perfect else max(0, h + adds - blocked) if h else max(0, fire - blocked)
    if fr.get("aimed") and fr.get("dbl"):  # Sniper Called Shot (attack_effects.py): aimed
        dmg = max(dmg, fr["dbl"] + max(0, h - fr["dbl"] + adds - blocked))  # double swords
    if dmg and el != "ETHER":
        dmg = max(0, dmg - rs.damage_reduction(tgt))
    if dmg and "gear" in att:  # Lapis Lazuli, Holy Ash Stake: more damage to some foes
        dmg = attack_effects.damage_vs(rs, fr, att, tgt, dmg)
    if dmg and "bounty_target" in state:
        dmg = max(0, dmg - bounty_traits.damage_cut(state, tgt, el))  # RESILIENT
    if dmg and style != "melee" and "COVER" in tgt["st"]:
        dmg -= 1  # COVER: a Ward of 1 against ranged attacks and abilities
    if dmg and el not in ("PHYSICAL",) and not fr["pc"] and "clash" in state:
        dmg = rs.great_wall_soak(state, tgt, dmg)  # Great Wall Arcana's Ward (HR-56)
    if dmg and "gear" in tgt:
        dmg = attack_effects.armour(rs, fr, tgt, dmg)
    if defended is not None and not dmg and not perfect:
        defended["text"] += " No damage gets through."  # the same event: wording only
    lost = rs.deal(state, tgt, dmg, att, el, weapon=fr.get("wpn")) if dmg else 0
    hit = h > 0 and not perfect
    if fr["ab"]:
        ab = rs.ability(att, fr["ab"])
        if ab is not None:
            rs.apply_effects(state, ab, att, tgt, hit=hit, damaged=lost > 0)
    rs.after_attack(state, fr, att, tgt, hit, lost)  # character skills (hunters/)
    _element_effects(rs, state, fr, att, tgt, lost)
    if "wpn" in fr:
        attack_effects.after_damage(rs, state, fr, att, tgt, lost)
    if el == "ELEC" and fr.get("sp") and fr["arc"]:
        return _arc(rs, state, fr, att, tgt)
    return True


def _element_effects(rs: Any, state: State, fr: dict[str, Any], att: dict[str, Any],
                     tgt: dict[str, Any], lost: int) -> None:
    el = fr["el"]
    if el == "FIRE" and fr.get("sp") and tgt["alive"]:
        if status.apply(rs, state, tgt, "BURNING", 1, fr["atk"]):
            tgt["st"]["BURNING"] = [0, fr["atk"]]
    elif el == "ICE" and tgt["alive"]:
        if "BURNING" in tgt["st"]:
            status.remove(state, tgt, "BURNING", ctx=rs)
        status.apply(rs, state, tgt, "CHILLED", 1, 1)
        if fr.get("sp"):
            status.apply(rs, state, tgt, "FROZEN", 2, 1)
    elif el == "ETHER" and lost and tgt["alive"]:
        status.apply(rs, state, tgt, "PRIMED", 2, 1)
        if tgt["side"] == "enemies" and rs.base_template(tgt) in _ETHER_TEMPLATES:
            tgt["st"]["ETHER_BASE"] = [1, 1]
            emit(state, "status", f"{rs.name(tgt)} is treated as the BASE template for 1 turn.")
    elif el == "NETHER" and lost and tgt["alive"]:
        tgt["st"]["NO_HEAL"] = [1, 0 if att["side"] == "hunters" else 1]
        status.apply(rs, state, tgt, "DECAY", 2, 1)


def _arc(rs: Any, state: State, fr: dict[str, Any], att: dict[str, Any],
         tgt: dict[str, Any]) -> bool:
    """ELEC special: the attack arcs to another target within 4 spaces of the first."""
    options = [uid for uid, u in state["units"].items()
               if u["alive"] and uid != tgt["id"] and u["side"] != att["side"]
               and dist(u["x"], u["y"], tgt["x"], tgt["y"]) <= 4
               and not attack_effects.arc_proof(rs, u)]
    if not options:
        return True
    if att["side"] == "hunters" and len(options) > 1:
        fr["ph"] = "arc"
        state["pending"] = {"kind": "arc", "seat": att["seat"], "options": options}
        return False
    pick = options[0] if att["side"] == "hunters" else rs.pick_by_logic(state, att, options)
    push_arc(rs, state, fr, pick)
    return True


def push_arc(rs: Any, state: State, fr: dict[str, Any], target: str) -> None:
    new = dict(fr, tgt=target, arc=False, ph="pre", asked=True, slack=99)
    for key in ("h", "crit", "nodef", "sp", "reroll"):
        new.pop(key, None)
    emit(state, "arc", f"The lightning arcs to {rs.name(state['units'][target])}.",
         tgt=target)
    state["queue"].insert(1, new)


def _attack_object(rs: Any, state: State, fr: dict[str, Any], att: dict[str, Any]) -> None:
    """Attacking a light source or a barricade: HP 2, DEF 2, no criticals or perfect
    defence (rules: "Creating and Destroying a Light Source"; Blake's Barricade)."""
    for key in ("lights", "barricades"):
        for obj in state[key]:
            if obj["id"] == fr["tgt"]:
                if obj.get("holy"):
                    return  # Blessed Glow Sticks: a light that cannot be destroyed
                faces = dice.combat(state, fr["atk"])
                block = dice.blocks(dice.combat(state, 2))
                dmg = max(0, dice.hits(faces) - block)
                obj["hp"] -= dmg
                emit(state, "object_hit", (f"{rs.name(att)} hits {object_name(state, obj['id'])} for {dmg} damage." if dmg else f"{rs.name(att)} hits {object_name(state, obj['id'])} but does no damage."),
                     obj=obj["id"], damage=dmg)
                if obj["hp"] <= 0:
                    name = object_name(state, obj["id"])
                    state[key].remove(obj)
                    emit(state, "object_destroyed", f"{name[0].upper()}{name[1:]} is destroyed.",
                         obj=obj["id"])
                return
