"""Using gear in battle: weapon attacks and item abilities as legal actions, and the named gear
hooks (ammunition, healing rolls, traps, lights and batteries, Dybbuk boxes, relics' Occult
checks). Rules: "Gear and Equipment", "Gear Shop" (Utility, Consumables, Relics); RULINGS
HR-30..HR-39.

Actions (all with ``unit``): ``attack`` with ``weapon`` (an equipped weapon's id) beside
``mode``; ``ability``/``interrupt``/``free`` with ``ability: gear-<item>`` and ``target``;
``detonate`` with ``trap`` (a trap's id, set off by its owner as a free action).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import dice, frames, status
from hauntkit.rulesets.beast.battle.board import area_cells
from hauntkit.rulesets.beast.battle.reach import Scan, target_list
from hauntkit.rulesets.beast.gear import attack_effects, foes, relics, utility
from hauntkit.rulesets.beast.labels import (
    count_of,
    faces_text,
    hits_text,
    immunity_word,
    space_of,
    trap_place,
)
from hauntkit.rulesets.beast.records import record_of
from hauntkit.rulesets.beast.schema import Ability

State = dict[str, Any]
Unit = dict[str, Any]
TORCH = "gear-torch-on"  # key in unit["ch"]: the flash light that is switched on
GOGGLES = "night_vision_goggles"  # loaded like ammunition: sees through STEALTH this turn
AIM = "gear-aimed"  # key in unit["ch"]: the round of the hunter's aimed shot (Called Shot)


def _index(rs: Any) -> Any:
    return rs.c.gear


def weapon_targets(rs: Any, state: State, unit: Unit, iid: str, block: Any) -> list[dict]:
    """Attacks with an equipped weapon: enemies between its minimum range and its reach
    (+ Precision Scope for ranged weapons), in sight; STEALTH doubles the distance for
    ranged weapons unless the target is MARKED or the wielder sees through it."""
    return weapon_list(rs, Scan(state, unit, rs.md(state), block), iid)


def weapon_list(rs: Any, scan: Scan, iid: str) -> list[dict]:
    """weapon_targets, from the unit's scan."""
    gi = _index(rs)
    state, unit = scan.state, scan.unit
    w = gi.items[iid].weapon
    prof = gi.profile(unit)
    numbers = attack_effects.weapon_numbers(unit, iid, w)
    if numbers is None:
        return []  # Mossberg 500: no cartridge loaded yet
    ranged = w.mode == "ranged"
    reach = numbers[1] + (prof.range_bonus if ranged else 0)
    lo = w.min_range if "polearm" in gi.weapon_classes(unit, iid) else 1
    seer = prof.ignore_stealth or GOGGLES in unit["flags"].get("ammo", ())
    bars = bool(state["barricades"])
    out = []
    for o in scan.others():
        if o.side == scan.side:
            continue
        d = o.d * 2 if ranged and o.hidden and not seer else o.d
        if not lo <= d <= reach + (status.value(o.t, "LASERED") if ranged else 0):
            continue
        if d > 1 and not scan.sees(o):
            continue
        if ranged and d > 1 and bars and scan.shielded(o):
            continue
        out.append({"type": "attack", "unit": scan.uid, "target": o.tid, "mode": w.mode,
                    "weapon": iid})
    return out


def gear_actions(rs: Any, state: State, unit: Unit, occ: dict, block: Any,
                 scan: Scan | None = None) -> list[dict]:
    """Every gear action of a hunter on its own turn (``scan``: the unit's, shared with its
    other actions)."""
    if scan is None:
        scan = Scan(state, unit, rs.md(state), block)
    gi = _index(rs)
    prof = gi.profile(unit)
    out: list[dict] = []
    st, ch, cd = unit["st"], unit["ch"], unit["cd"]
    if not unit["acted"] and "DISARMED" not in st:
        for iid in prof.weapons:
            w = gi.items[iid].weapon
            if w.charges is not None and ch.get(f"gear-{iid}", 0) <= 0:
                continue
            if cd.get(attack_effects.rest_key(iid), 0) > 0:
                continue  # Baton: resting after a disarming critical
            if w.no_interrupt and unit["intr"]:
                continue  # chainsaws, Buster Sword: not in a turn with an interrupt
            out.extend(weapon_list(rs, scan, iid))
    occult: bool | None = None  # a relic needs the Occult skill ("Relics"), asked once
    for ab in prof.abilities:
        if getattr(ab, "check", None):
            if occult is None:
                occult = relics.knows_occult(rs, state, unit)
            if not occult:
                continue
        if ab.kind == "interrupt":
            if rs.interrupt_ready(unit, ab):
                out.extend(target_list(rs, scan, record_of(ab), occ, "interrupt"))
            continue
        if ab.charges is not None and ch.get(ab.id, 0) <= 0:
            continue
        if cd.get(ab.id, 0) > 0:
            continue
        if ab.hook == "load_spread" and loaded(rs, unit, ab):
            continue  # that cartridge is in already
        if ab.kind == "free":
            if ab.hook == "ammo" and gi.item_of[ab.id] in unit["flags"].get("ammo", ()):
                continue  # already loaded this turn
            if f"{ab.id}-dead" in ch:
                continue  # Night Vision Goggles: the battery is dead
            if ab.hook == "flashlight" and not torch_switchable(unit, ab):
                continue
            out.extend(target_list(rs, scan, record_of(ab), occ, "free"))
        elif not unit["acted"]:
            acts = target_list(rs, scan, record_of(ab), occ, "ability")
            if ab.hook == "exorcise":  # Exorcists Cross: Poltergeists and Phantasms only
                acts = [a for a in acts if foes.exorcisable(rs, state, a)]
            elif ab.hook == "move_light":  # Constantine's Lighter II: any unlit tile
                acts = relics.move_light_targets(rs, state, unit, ab)
            elif ab.hook == "bell":  # Gothic Bell: the enemy, and whom it is to attack
                acts = relics.bell_targets(rs, state, acts)
            out.extend(acts)
    if prof.steal:  # Thief's Glove (RULING HR-103)
        out.extend(utility.steal_actions(rs, state, unit))
    for trap in state.get("traps", ()):
        if trap["owner"] == unit["id"] and trap["trigger"] == "detonator":
            out.append({"type": "detonate", "unit": unit["id"], "trap": trap["id"]})
    return out


def loaded(rs: Any, unit: Unit, ab: Ability) -> bool:
    """Whether ``ab`` (a Mossberg load ability) is the cartridge already loaded."""
    iid = _index(rs).item_of[ab.id]
    return unit["ch"].get(attack_effects.spread_key(iid)) == int(ab.id.rsplit("load", 1)[1])


def torch_switchable(unit: Unit, ab: Ability) -> bool:
    """A flash light is switched on or off as a free action at the start of its holder's
    turn: before it moves or acts, once; it is switched on only with a live battery
    ("Battery Items"; RULING HR-37)."""
    flags = unit["flags"]
    if unit["acted"] or flags.get("moved") or flags.get("torch"):
        return False
    ch = unit["ch"]
    return bool(ch.get(TORCH)) or ch.get(ab.id, 0) > 0


def interrupt_blocked(rs: Any, unit: Unit) -> bool:
    """No interrupts with a flash light on, nor in a turn after swinging a chainsaw."""
    return bool(unit["ch"].get(TORCH)) or bool(unit["flags"].get("noint"))


def holding(rs: Any, unit: Unit, ab: Ability) -> bool:
    """Utility Pouch of Holding: the hunter's first interrupt with charges is not used up but
    cools down instead (RULING HR-34: the pouch holds the first such interrupt)."""
    prof = _index(rs).profile(unit)
    if prof.interrupt_cooldown is None or ab.charges is None:
        return False
    first = next((a for a in rs.c.interrupts.get(unit["kind"], ()) if a.charges), None)
    return first is not None and first.id == ab.id


def spend(rs: Any, state: State, unit: Unit, ab: Ability, interrupt: bool) -> None:
    """Charges and cool downs of a gear ability; a consumable item is destroyed with its
    last charge ("Consumables")."""
    gi = _index(rs)
    if not interrupt and ab.charges is not None and ab.id in unit["ch"]:
        unit["ch"][ab.id] -= 1
    if ab.kind == "free" and ab.cooldown:
        unit["cd"][ab.id] = ab.cooldown
    for sib in gi.siblings.get(ab.id, ()):  # one item's uses share its cool down
        if ab.id in unit["cd"]:
            unit["cd"][sib] = unit["cd"][ab.id]
    iid = gi.item_of.get(ab.id)
    if iid is None:
        return
    item = gi.items[iid]
    if item.consumed and unit["ch"].get(ab.id, 0) <= 0:
        attack_effects.destroy(rs, state, unit, iid)


def cooldown(rs: Any, unit: Unit, ab: Ability, cd: int) -> int:
    """Battery Packs and Grenade Belt shorten beam and AOE cool downs."""
    if "gear" not in unit:
        return cd
    prof = _index(rs).profile(unit)
    if ab.shape == "beam":
        cd -= prof.beam_cooldown
    elif ab.shape == "aoe":
        cd -= prof.aoe_cooldown
    return max(0, cd)


def pay_sanity(rs: Any, state: State, unit: Unit, ab: Ability) -> None:
    cost = getattr(ab, "sanity_cost", 0)
    if cost and unit["alive"]:
        unit["san"] = max(0, unit["san"] - cost)
        emit(state, "sanity_loss", f"{rs.name(unit)} loses {cost} Sanity.", unit=unit["id"],
             loss=cost)
        if unit["san"] == 0:
            rs.kill(state, unit, "driven mad")


def resolve(rs: Any, state: State, unit: Unit, ab: Any, target: Any) -> bool:
    """The gear hooks; False when ``ab`` is not a gear hook (the caller resolves it)."""
    hook = ab.hook
    units = state["units"]
    if hook == "ammo":
        iid = _index(rs).item_of[ab.id]
        unit["flags"].setdefault("ammo", []).append(iid)
        emit(state, "ammo", f"{rs.name(unit)} loads {ab.name}.", unit=unit["id"])
        if iid == GOGGLES:
            utility.goggles_battery(rs, state, unit, ab)
    elif hook == "create_light" and getattr(ab, "lights", 1) > 1:
        utility.flood_light(rs, state, unit, ab, target)
    elif hook == "guide":
        utility.guide(rs, state, unit, ab, target)
    elif hook == "mask":
        utility.mask(rs, state, unit, target)
    elif hook == "pencil":
        utility.pencil(rs, state, unit, ab, target)
    elif hook == "heal_roll":
        t = units[target]
        faces = dice.combat(state, ab.attack or 1)
        emit(state, "heal_roll", f"{ab.name}: {hits_text(faces)}.", faces=faces)
        if dice.hits(faces):
            rs.heal(state, t, dice.hits(faces) * ab.per_hit)
    elif hook == "trap":
        tid = rs.new_id(state, "T")
        state.setdefault("traps", []).append({
            "id": tid, "x": target[0], "y": target[1], "owner": unit["id"],
            "ability": ab.id, "trigger": ab.trigger or "enter"})
        if ab.trigger == "tile":  # Caltrops: the whole map tile (RULING HR-102)
            state["traps"][-1]["tile"] = rs.md(state).tile_of[(target[0], target[1])]
        emit(state, "trap", f"{rs.name(unit)} sets {ab.name} at {space_of(target)}.",
             obj=tid)
    elif hook == "evasive_roll":
        unit["x"], unit["y"] = target
        follow_lights(state, unit)
        emit(state, "move", f"{rs.name(unit)} rolls to {space_of(target)}.",
             unit=unit["id"], at=list(target))
    elif hook == "flashlight":
        toggle_torch(rs, state, unit, ab)
    elif hook == "crimson_box":
        unit["st"]["CRIMSON"] = [99, 1]  # until the start of the hunters' next turn
        state["crimson"] = 1
        emit(state, "status", f"{rs.name(unit)} opens a Crimson Dybbuk Box: every enemy "
             "comes for it.", unit=unit["id"], status="CRIMSON")
    elif hook == "emerald_box":
        for u in units.values():
            for name in list(u["st"]):
                status.remove(state, u, name, immunity=False, ctx=rs)
        state["calm"] = 2
        emit(state, "calm", "An Emerald Dybbuk Box wipes every buff and debuff away.")
    elif hook == "restore_interrupts":
        t = units[target]
        t["intr"] = False
        for a in rs.c.interrupts.get(t["kind"], ()):
            if a.charges is not None:
                t["ch"][a.id] = a.charges
            t["cd"].pop(a.id, None)
        emit(state, "restore", f"{rs.name(t)} has every interrupt back.", unit=t["id"])
    elif hook == "extra_turn":  # Energy Drink: R1, the user or a hunter next to it
        t = units.get(target, unit) if isinstance(target, str) else unit
        t["acted"] = False
        t["flags"].pop("move_done", None)
        t["mv"] = rs.movement(state, t)
        emit(state, "extra_turn", f"{rs.name(t)} may move and act again.", unit=t["id"])
    elif hook == "called_shot":  # Sniper: the aimed shot is for the next turn
        unit["ch"][AIM] = state["round"] + 1
        emit(state, "aim", f"{rs.name(unit)} takes aim.", unit=unit["id"])
    elif hook == "load_spread":  # Mossberg 500: this turn goes to loading a cartridge
        iid = _index(rs).item_of[ab.id]
        n = int(ab.id.rsplit("load", 1)[1])
        unit["ch"][attack_effects.spread_key(iid)] = n
        emit(state, "load", f"{rs.name(unit)} loads a cartridge: {ab.name.split(': ')[-1]}.",
             unit=unit["id"], item=iid, spread=n)
    elif hook == "move_again":  # Speed: the target may move again this turn
        t = units[target]
        t["mv"] = rs.movement(state, t)
        t["flags"].pop("move_done", None)
        emit(state, "move_again", f"{rs.name(t)} may move again this turn.", unit=t["id"])
    elif hook == "suppressive_fire":
        suppressive_fire(rs, state, unit, ab)
    elif hook == "move_light":
        relics.move_light(rs, state, unit, target)
    elif hook == "rain_stick":
        relics.rain_stick(rs, state, unit, ab)
    elif hook == "dust":
        relics.dust(rs, state, unit, ab, target)
    elif hook == "bell":
        relics.bell(rs, state, unit, target)
    elif hook == "stopwatch":
        relics.stopwatch(rs, state, unit, target)
    elif hook == "exorcise":
        foes.exorcise(rs, state, unit, target)
    elif hook == "bugs":
        foes.bugs(rs, state, unit, ab)
    elif hook in ("quick_attack", "fan_the_hammer", "burst_fire"):
        return False
    else:
        return False
    return True


def suppressive_fire(rs: Any, state: State, unit: Unit, ab: Any) -> None:
    """SMG Suppressive Fire: the weapon's attack dice are rolled, no damage; every living
    enemy of the BASE template in force has its ranged reach lowered by 1 per HIT for 1 turn
    (RULING HR-45: SUPPRESSED, the highest roll kept, never below range 1)."""
    faces = dice.combat(state, ab.attack or 1)
    h = dice.hits(faces)
    emit(state, "suppress_roll", f"{ab.name}: {hits_text(faces)}.", unit=unit["id"],
         faces=faces, hits=h)
    if not h:
        return
    for u in state["units"].values():
        if u["alive"] and u["side"] != unit["side"] and rs.template(u).id == "BASE":
            status.apply(rs, state, u, "SUPPRESSED", 1, h)


def weapon_ability_frames(rs: Any, state: State, unit: Unit, ab: Ability, target: Any,
                          frames: list[dict]) -> None:
    """A weapon class ability's attack frames carry the weapon (its passives), and Fan the
    Hammer fires four times without criticals, Burst Fire rerolls 2 misses."""
    gi = _index(rs)
    iid = gi.item_of.get(ab.id)
    if iid is None or gi.items[iid].weapon is None:
        return
    for fr in frames:
        fr["wpn"] = iid
        if ab.id.endswith("-quick") and gi.items[iid].weapon.miss_keeps_ready:
            fr["miss_ready"] = ab.id  # Boomerang: no cool down when it misses
    if ab.id.endswith("-fan"):
        colt = "colt_mark_iii" == iid
        for fr in frames:
            fr["nocrit"] = not colt
        first = frames[0] if frames else None
        if first is not None:
            for _ in range(3):
                state["queue"].append(dict(first, second=True))
    elif ab.id.endswith("-burst"):
        for fr in frames:
            fr["burst"] = 2


def extra_effects(rs: Any, state: State, unit: Unit, ab: Any, t: Unit) -> None:
    """Healing items' cures, Bleed removal and immunities (GearUse fields)."""
    for name in getattr(ab, "cure", ()):
        if name in t["st"]:
            status.remove(state, t, name, immunity=False, ctx=rs)
    if getattr(ab, "unbleed", 0) and t["bleed"]:
        t["bleed"] = max(0, t["bleed"] - ab.unbleed)
        emit(state, "bleed", f"{rs.name(t)} has {count_of(t['bleed'], 'Bleed point')}.", unit=t["id"],
             bleed=t["bleed"])
    for name, turns in getattr(ab, "immune_for", {}).items():
        t["imm"][name] = max(t["imm"].get(name, 0), turns)
        emit(state, "immune", f"{rs.name(t)} is immune to {immunity_word(name)} for "
             f"{count_of(turns, 'turn')}.",
             unit=t["id"], status=name)


def hunters_turn_starts(state: State) -> None:
    """Clocks of the Dybbuk boxes: the Crimson box's taunt ends at the start of the hunters'
    next turn; the Emerald box's calm lasts 2 turns, ending at the start of theirs."""
    if state.pop("crimson", None):
        for u in state["units"].values():
            u["st"].pop("CRIMSON", None)
    if "calm" in state:
        state["calm"] -= 1
        if state["calm"] <= 0:
            del state["calm"]


# -- lights and batteries ("Battery Items", "A Dark World") --------------------------------
def lights_fade(state: State) -> None:
    """At the end of the hunters' turn, lights with a clock (Glow Stick) count down and go
    out at 0 (RULING HR-49: the turn a light is made in is its first)."""
    for li in list(state["lights"]):
        if "turns" in li:
            li["turns"] -= 1
            if li["turns"] <= 0:
                state["lights"].remove(li)
                emit(state, "light_out", f"The light at {space_of((li['x'], li['y']))} fades.",
                     obj=li["id"])


def follow_lights(state: State, unit: Unit) -> None:
    """Lights a unit carries (headlight, a flash light that is on) move with it."""
    for li in state["lights"]:
        if li.get("carrier") == unit["id"]:
            li["x"], li["y"] = unit["x"], unit["y"]


def toggle_torch(rs: Any, state: State, unit: Unit, ab: Ability) -> None:
    """Switch a flash light on (if its battery lives) or off; a light that goes out rolls a
    die: on a MISS the battery dies ("Battery Items")."""
    ch = unit["ch"]
    unit["flags"]["torch"] = 1  # switched this turn
    if ch.get(TORCH):
        ch[TORCH] = 0
        state["lights"] = [li for li in state["lights"] if li.get("carrier") != unit["id"]
                           or li.get("torch") is None]
        face = dice.combat(state, 1)[0]
        dead = face == dice.BLANK
        if dead:
            ch[ab.id] = max(0, ch.get(ab.id, 0) - 1)
        emit(state, "battery", f"{rs.name(unit)}'s light goes out: {faces_text([face])}"
             f"{' - the battery is dead' if dead else ''}.", face=face, dead=dead)
        return
    ch[TORCH] = 1
    state["lights"].append({"id": rs.new_id(state, "L"), "x": unit["x"], "y": unit["y"],
                            "hp": 2, "carrier": unit["id"], "torch": ab.id})
    emit(state, "light", f"{rs.name(unit)} switches on a flash light.", unit=unit["id"])


# -- traps ("Traps") -----------------------------------------------------------------------
def stepped_on(rs: Any, state: State, unit: Unit) -> None:
    """An enemy moved: traps it steps on go off."""
    if unit["side"] != "enemies":
        return
    for trap in list(state.get("traps", ())):
        if trap["trigger"] == "enter" and (trap["x"], trap["y"]) == (unit["x"], unit["y"]):
            spring(rs, state, trap, unit["id"])
        elif trap["trigger"] == "tile" and unit["alive"] and \
                rs.md(state).tile_of[(unit["x"], unit["y"])] == trap["tile"]:
            utility.tile_trap_hit(rs, state, trap, unit)


def detonate(rs: Any, state: State, unit: Unit, trap_id: str) -> None:
    trap = next(t for t in state["traps"] if t["id"] == trap_id)
    spring(rs, state, trap, None)


def spring(rs: Any, state: State, trap: dict, trigger: str | None) -> None:
    """A trap goes off: an attack (or its effects) on the units around it, then it is gone.
    Traps attack everyone within 2 spaces unless the item says otherwise; Bear Trap bites only
    the enemy that set it off; Ghost Trap paralyzes only UNDEAD units."""
    state["traps"].remove(trap)
    if not state["traps"]:
        del state["traps"]
    owner = state["units"].get(trap["owner"])
    ab = _index(rs).abilities[trap["ability"]]
    emit(state, "trap_sprung", f"{ab.name} at {trap_place(trap)} goes off.", obj=trap["id"])
    if owner is None:
        return
    if getattr(ab, "single", False) and trigger is not None:
        victims = [trigger]
    else:
        cells = set(area_cells(rs.md(state), trap["x"], trap["y"], ab.radius))
        victims = [uid for uid, u in state["units"].items()
                   if u["alive"] and (u["x"], u["y"]) in cells]
    if ab.id == "gear-ghost_trap":
        victims = [v for v in victims if rs.base_template(state["units"][v]) == "UNDEAD"]
    for uid in victims:
        t = state["units"][uid]
        if ab.attack:
            fr = frames.frame(owner["id"], uid, mode="ability", atk=ab.attack, el=ab.element,
                              style="special", ab=ab.id, reach=99)
            fr["asked"] = True
            fr["trap"] = True
            state["queue"].append(fr)
        else:
            rs.apply_effects(state, ab, owner, t, hit=True, damaged=False)
