"""The hunters' side: how each of their actions resolves (hunter_options.py lists them) (rules: "Combat Basics",
"Attack Types", "Attack of Opportunity", "Interrupts", "Abilities of Note")."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import combat, dice, frames, status
from hauntkit.rulesets.beast.battle.board import (
    area_cells,
    beam_cells,
    blockers,
    dist,
    nearest,
    occupancy,
)
from hauntkit.rulesets.beast.battle.hunter_options import (
    AREA_SHAPES,
    attack_list,
    hunter_options,
    kind_facts,
    ready,
)
from hauntkit.rulesets.beast.battle.reach import Scan, target_list
from hauntkit.rulesets.beast.gear import attack_effects, foes, relics, using
from hauntkit.rulesets.beast.labels import faces_text, hits_text, space_name, space_of
from hauntkit.rulesets.beast.records import record_of
from hauntkit.rulesets.beast.schema import Ability

State = dict[str, Any]
Unit = dict[str, Any]
def step_to(rs: Any, state: State, unit: Unit, to: list[int]) -> None:
    """HunterSide.do_step: one space of movement; attacks of opportunity first (player
    units only)."""
    units: dict[str, Unit] = state["units"]
    x: int = unit["x"]
    y: int = unit["y"]
    # occupancy() of the 3x3 around the unit only (a later unit on a space wins there)
    near: dict[tuple[int, int], str] = {}
    for uid, u in units.items():
        ux: int = u["x"]
        uy: int = u["y"]
        if -1 <= ux - x <= 1 and -1 <= uy - y <= 1 and u["alive"]:
            near[(ux, uy)] = uid
    adjacent = [near[n] for n in rs.c.maps[state["map"]].neighbours[(x, y)]
                if n in near and units[near[n]]["side"] == "enemies"]
    st: dict[str, Any] = unit["st"]
    flags: dict[str, Any] = unit["flags"]
    if adjacent and ("STEALTH" not in st or flags.get("adj0")):
        opportunity(rs, state, unit, adjacent)
        if not unit["alive"]:
            return
    cost = 1
    if "COVER" in st:
        src = st["COVER"][1]
        own = src == 2 and any(b["owner"] == unit["id"] for b in state["barricades"])
        if not own:
            cost += 2  # leaving cover: -2 movement
        status.remove(state, unit, "COVER", immunity=False, ctx=rs)
    unit["mv"] = max(0, unit["mv"] - cost)
    flags["moved"] = 1
    unit["x"], unit["y"] = to
    if "gear" in unit:
        using.follow_lights(state, unit)
    # the space is ``at``: an event's ``to`` names the seats it is private to (core.log)
    emit(state, "move", f"{rs.name(unit)} moves to {space_of(to)}.", unit=unit["id"],
         at=list(to))


def opportunity(rs: Any, state: State, unit: Unit, enemies: list[str]) -> None:
    """Attacks of opportunity: each adjacent enemy able to strike rolls 1 die: a HIT deals 1,
    no defence. Each enemy gets one per hunter per turn (HR-9). Interrupts never provoke."""
    done = unit["flags"].setdefault("aoo", [])
    units: dict[str, Unit] = state["units"]
    for eid in enemies:
        e = units[eid]
        if eid in done or not e["alive"] or "PARALYZE" in e["st"] or "DISARMED" in e["st"]:
            continue
        done.append(eid)
        face = dice.combat(state, 1)[0]
        emit(state, "opportunity", f"{rs.name(e)} takes an attack of opportunity on "
             f"{rs.name(unit)}: {faces_text([face])}.", att=eid, tgt=unit["id"], face=face)
        if face:
            rs.deal(state, unit, 1, e, "PHYSICAL")
        if not unit["alive"]:
            return


def adjacent_to(state: State, unit: Unit) -> list[str]:
    """HunterSide.adjacent_enemies: the living units of other sides next to ``unit``."""
    x: int = unit["x"]
    y: int = unit["y"]
    side = unit["side"]
    units: dict[str, Unit] = state["units"]
    out: list[str] = []
    for uid, e in units.items():
        if e["alive"] and e["side"] != side:
            ex: int = e["x"]
            ey: int = e["y"]
            if -1 <= ex - x <= 1 and -1 <= ey - y <= 1:
                out.append(uid)
    return out


def spend_action(unit: Unit) -> None:
    """HunterSide.take_action: spend the hunter's action; a hunter that moved before acting
    has used its movement (one movement, at the start or the end of its turn: HR-6)."""
    unit["acted"] = True
    flags: dict[str, Any] = unit["flags"]
    if flags.get("moved"):
        flags["move_done"] = 1


def resolve(rs: Any, state: State, unit: Unit, ab: Ability, target: Any,
            melee_use: bool) -> None:
    """HunterSide.resolve_ability: targets and effects of an ability, for either side; gear
    hooks first."""
    f = record_of(ab)
    if f.gear:
        if f.hook_name and using.resolve(rs, state, unit, ab, target):
            return
        before = len(state["queue"])
        rs.resolve_plain(state, unit, ab, target, melee_use)
        using.weapon_ability_frames(rs, state, unit, ab, target, state["queue"][before:])
        return
    rs.resolve_plain(state, unit, ab, target, melee_use)


# Compiled by mypyc as a plain (non-native) class, since BeastRuleset mixes it with the others;
# ``self: Any`` because mypyc would check an annotated self's exact class at run time.
@mypyc_attr(native_class=False)
class HunterSide:
    """Mixin: legal actions and their resolution for hunter seats."""

    # -- options ---------------------------------------------------------------------------
    def hunter_actions(self: Any, state: State, unit: Unit, occ: dict, block: frozenset[tuple[int, int]]) -> list[dict]:
        return hunter_options(self, state, unit, occ, block)

    def attack_options(self: Any, state: State, unit: Unit, block: frozenset[tuple[int, int]],
                       free: bool = False) -> list[dict]:
        """The unit's melee and ranged attacks on enemies and light sources in reach
        (``free``: Reckless's free attack, Infamy 2)."""
        scan = Scan(state, unit, self.md(state), block)
        return attack_list(self, scan, kind_facts(self.c, unit["kind"]), free)

    def interrupt_ready(self: Any, unit: Unit, ab: Ability) -> bool:
        return ready(self, unit, record_of(ab))

    def cover_source(self: Any, state: State, unit: Unit) -> int:
        """1: on a cover space; 2: next to a barricade; 0: no cover here."""
        if (unit["x"], unit["y"]) in self.md(state).cover:
            return 1
        for b in state["barricades"]:
            if dist(b["x"], b["y"], unit["x"], unit["y"]) <= 1:
                return 2
        return 0

    def ability_targets(self: Any, state: State, unit: Unit, ab: Ability, occ: dict, block: frozenset[tuple[int, int]],
                        kind: str) -> list[dict]:
        """Every legal target of ``ab`` for ``unit`` as actions of type ``kind``."""
        scan = Scan(state, unit, self.md(state), block)
        return target_list(self, scan, record_of(ab), occ, kind)

    def tile_lit(self: Any, state: State, c: tuple[int, int]) -> bool:
        md = self.md(state)
        tile = md.tile_of[c]
        return any(md.tile_of[(li["x"], li["y"])] == tile for li in state["lights"])

    # -- resolution ------------------------------------------------------------------------
    def do_step(self: Any, state: State, unit: Unit, to: list[int]) -> None:
        step_to(self, state, unit, to)

    def adjacent_enemies(self: Any, state: State, unit: Unit) -> list[str]:
        return adjacent_to(state, unit)

    def take_action(self: Any, unit: Unit) -> None:
        spend_action(unit)

    def do_attack(self: Any, state: State, unit: Unit, target: str, mode: str,
                  free: bool = False, weapon: str | None = None) -> None:
        if free:
            unit["flags"]["free_atk"] = 1  # Infamy 2, Reckless: one free attack a turn
        else:
            spend_action(unit)
        h = self.c.hunters[unit["kind"]]
        if weapon is not None:
            self.weapon_attack(state, unit, target, weapon)
            return
        if mode == "ranged":
            opportunity(self, state, unit, adjacent_to(state, unit))
            if not unit["alive"]:
                return
        el, pc = "PHYSICAL", False
        if "ANOINTED" in unit["st"] and target in state["units"]:
            el, pc = "ETHER", True  # Anoint Weapon: ETHER, criticals still physical
            unit["st"].pop("ANOINTED")
        atk = self.melee_value(state, unit) if mode == "melee" else h.ranged.attack
        if mode == "ranged" and h.ranged.element != "PHYSICAL" and not pc:
            el = h.ranged.element
        reach = 1 if mode == "melee" else h.ranged.range
        fr = frames.frame(unit["id"], target, mode=mode, atk=atk, el=el, style=mode,
                          reach=reach * 2, phys_crit=pc)
        state["queue"].append(fr)
        cleave = "CLEAVE" in unit["st"]
        if "gear" in unit:
            prof = self.c.gear.profile(unit)
            fr["reach"] += prof.range_bonus * 2 if mode == "ranged" else 0
            if mode == "ranged":
                attack_effects.ranged_extras(self, unit, fr)
            if prof.multi_attack:
                fr["ma"] = True
            cleave = cleave or prof.cleave
        if mode == "melee" and cleave:
            for eid in adjacent_to(state, unit):
                if eid != target:
                    state["queue"].append(frames.frame(unit["id"], eid, mode="melee", atk=atk,
                                                       el=el, style="melee", phys_crit=pc))

    def weapon_attack(self: Any, state: State, unit: Unit, target: str, iid: str) -> None:
        """An attack with an equipped weapon (rules: "Gear": a second weapon beside the base
        value); ranged weapons provoke attacks of opportunity except Pistols."""
        gi = self.c.gear
        w = gi.items[iid].weapon
        classes = gi.weapon_classes(unit, iid)
        if w.mode == "ranged" and "pistol" not in classes:
            opportunity(self, state, unit, adjacent_to(state, unit))
            if not unit["alive"]:
                return
        if w.charges is not None:
            unit["ch"][f"gear-{iid}"] -= 1
        if w.no_interrupt:
            unit["flags"]["noint"] = 1
        fr = attack_effects.weapon_frame(self, state, unit, target, iid)
        fr["reach"] += gi.profile(unit).range_bonus if w.mode == "ranged" else 0
        if "ANOINTED" in unit["st"] and fr["el"] == "PHYSICAL":
            fr["el"], fr["pc"] = "ETHER", True
            unit["st"].pop("ANOINTED")
        if w.mode == "ranged":
            attack_effects.ranged_extras(self, unit, fr)
        fr["reach"] *= 2  # STEALTH checked when listing targets, as for base attacks
        emit(state, "weapon", f"{self.name(unit)} attacks with {gi.items[iid].name}.",
             unit=unit["id"], item=iid)
        state["queue"].append(fr)
        if w.mode == "melee" and ("CLEAVE" in unit["st"] or gi.profile(unit).cleave):
            for eid in adjacent_to(state, unit):
                if eid != target:
                    extra = attack_effects.weapon_frame(self, state, unit, eid, iid)
                    extra["second"] = True
                    state["queue"].append(extra)

    def use_ability(self: Any, state: State, unit: Unit, ab: Ability, target: Any, *,
                    interrupt: bool = False, team: bool = False, free: bool = False) -> None:
        """Use a hunter's ability or interrupt on ``target`` (uid, [x, y] or direction);
        ``free``: a free action (Trigger Happy, a pet's command) spends no action."""
        f = record_of(ab)
        if free:
            pass
        elif interrupt:
            unit["intr"] = True
            if "gear" in unit and using.holding(self, unit, ab):
                unit["cd"][f.id] = self.c.gear.profile(unit).interrupt_cooldown
            elif f.charged:
                unit["ch"][f.id] -= 1
            elif f.cooldown:
                unit["cd"][f.id] = f.cooldown
        elif team:
            unit["st"].pop("TEAM_PLAYER", None)  # no cool down triggered (Team Player)
        else:
            spend_action(unit)
        emit(state, "ability", f"{self.name(unit)} uses {f.name}.", unit=unit["id"],
             ability=f.id, target=target)
        units: dict[str, Unit] = state["units"]
        melee_use = f.style == "melee" or (
            isinstance(target, str) and target in units
            and dist(unit["x"], unit["y"], units[target]["x"], units[target]["y"]) <= 1
            and f.hook_name == "sneak_attack")
        if not interrupt and not melee_use and f.shape != "self" and f.targets != "ally":
            opportunity(self, state, unit, adjacent_to(state, unit))
            if not unit["alive"]:
                return
        if "BLIND" in unit["st"] and not combat.blind_check(self, state, unit, f.range):
            return
        if not interrupt and not team:
            cd = f.cooldown
            if cd is None and f.shape in AREA_SHAPES:
                cd = 2  # beams and AOEs: 2-round cool down unless said otherwise
            if cd and "gear" in unit:
                cd = using.cooldown(self, unit, ab, cd)  # Battery Packs, Grenade Belt
            if cd:
                unit["cd"][f.id] = cd
        if f.gear:
            using.spend(self, state, unit, ab, interrupt)
            using.pay_sanity(self, state, unit, ab)
            if not unit["alive"]:
                return
            checked = relics.relic_check(self, state, unit, ab)
            if checked is None:  # (a new name: mypyc would fold `ab is None` to False)
                return
            ab = checked
        resolve(self, state, unit, ab, target, melee_use)

    def resolve_ability(self: Any, state: State, unit: Unit, ab: Ability, target: Any,
                        melee_use: bool = False) -> None:
        """Targets and effects of an ability, for either side; gear hooks first."""
        resolve(self, state, unit, ab, target, melee_use)

    def resolve_plain(self: Any, state: State, unit: Unit, ab: Ability, target: Any,
                      melee_use: bool = False) -> None:
        """Resolve an ability by its shape, hook and effects."""
        f = record_of(ab)
        hook = f.hook_name
        units: dict[str, Unit] = state["units"]
        if hook == "barricade":
            bid = self.new_id(state, "B")
            state["barricades"].append({"id": bid, "x": target[0], "y": target[1], "hp": 2,
                                        "owner": unit["id"]})
            emit(state, "barricade", f"{self.name(unit)} raises a barricade at {space_of(target)}.", obj=bid)
            return
        if hook == "summon":  # an enemy calls up another (foes.py: Bugs in a box)
            assert ab.summons is not None  # gear.schema: a summoner names an enemy (HR-100)
            foes.summon(self, state, unit, ab.summons)
            return
        if hook == "create_light":
            lid = self.new_id(state, "L")
            state["lights"].append({"id": lid, "x": target[0], "y": target[1], "hp": 2})
            if getattr(ab, "holy_light", False):
                state["lights"][-1]["holy"] = True  # Blessed Glow Sticks
            turns = getattr(ab, "light_turns", None)  # a gear use's field (gear/schema.py)
            if turns:
                state["lights"][-1]["turns"] = turns  # Glow Stick (RULING HR-49)
            emit(state, "light", f"A light source now burns at {space_of(target)}.", obj=lid)
            return
        if f.id.startswith("tarot-") and f.id.endswith("-s2"):
            self.hx(state, unit["id"])["tarot_s2_used"] = True  # once a battle
        if hook == "swap":
            a, b = (units[t] for t in target)
            a["x"], a["y"], b["x"], b["y"] = b["x"], b["y"], a["x"], a["y"]
            emit(state, "swap", f"{self.name(a)} and {self.name(b)} trade places.",
                 units=list(target))
            return
        if hook == "amplify":
            state["fog"] = {"x": target[0], "y": target[1], "turns": 2}
            emit(state, "fog", f"{self.name(unit)} throws a fog cloud at {space_of(target)}.")
            return
        if hook == "destroy_light":
            lights = [li for li in state["lights"] if not li.get("holy")
                      and dist(li["x"], li["y"], unit["x"], unit["y"]) <= f.range]
            if lights:
                li = nearest(lights, unit["x"], unit["y"])
                state["lights"].remove(li)
                emit(state, "object_destroyed", f"{self.name(unit)} snuffs out the light at {space_name(li['x'], li['y'])}.",
                     obj=li["id"])
            return
        targets = self.area_targets(state, unit, ab, target)
        for tid in targets:
            t = units[tid]
            if hook == "bullet_storm":
                self.bullet_storm(state, unit, tid)
            elif hook == "compel":
                if self.compellable(state, unit, t):  # a fog cloud widens it: enemies only
                    self.compel(state, unit, t)
            elif hook == "team_player":
                t["st"]["TEAM_PLAYER"] = [1, 1]
                emit(state, "status", f"{self.name(t)} may act again (Team Player).")
            elif hook == "anoint":
                t["st"]["ANOINTED"] = [1, 1]
                emit(state, "status", f"{self.name(t)}'s weapon is anointed.")
            elif hook == "hex":
                faces = dice.combat(state, 2)
                h = dice.hits(faces)
                emit(state, "hex_roll", f"Hex: {hits_text(faces)}.", faces=faces, tgt=tid)
                if h and unit["side"] == "hunters":
                    # The hexer picks: lower the target's attack or its defence.
                    state["pending"] = {"kind": "hex", "seat": unit["seat"], "target": tid,
                                        "hits": h}
                elif h:
                    status.apply(self, state, t, "DEF_DOWN", 2, h)
            elif f.dice:
                single = f.shape == "single" and len(targets) == 1
                style = "melee" if melee_use else ("ranged" if f.style == "ranged" else
                                                   f.style)
                el, pc = ab.element, False
                if style != "special" and el == "PHYSICAL" and "ANOINTED" in unit["st"]:
                    el, pc = "ETHER", True  # an anointed weapon's melee or ranged attack
                    unit["st"].pop("ANOINTED")
                fr = frames.frame(
                    unit["id"], tid, mode="ability", atk=f.dice, el=el, style=style,
                    ab=f.id, mult=ab.crit_multiplier, reach=(f.range * 2 if single else 99),
                    phys_crit=pc, sneak=hook == "sneak_attack")
                if ab.pierce:
                    fr["pierce"] = ab.pierce
                if not ab.can_crit:
                    fr["nocrit"] = True
                if not ab.perfect_defence:
                    fr["noperf"] = True
                state["queue"].append(fr)
            else:
                if f.shape == "aoe" and f.targets == "enemy" and t["side"] == unit["side"]:
                    continue  # a rollless AOE "on any enemies" spares friends (Flash Bang)
                self.apply_effects(state, ab, unit, t, hit=True, damaged=False)
                if f.gear:  # cures, Bleed removal, immunities
                    using.extra_effects(self, state, unit, ab, t)

    def area_targets(self: Any, state: State, unit: Unit, ab: Ability, target: Any) -> list[str]:
        """Units an ability reaches: its shape, widened by Tamara's fog cloud."""
        md = self.md(state)
        f = record_of(ab)
        if f.shape == "beam":
            cells = beam_cells(md, blockers(state, md), unit["x"], unit["y"], target, f.range)
        elif f.shape == "aoe":
            cells = area_cells(md, target[0], target[1], f.radius)
        else:
            t = state["units"][target]
            cells = [(t["x"], t["y"])]
        fog = state["fog"]
        if fog and any(dist(c[0], c[1], fog["x"], fog["y"]) <= 1 for c in cells):
            cells = cells + area_cells(md, fog["x"], fog["y"], 1)
        occ = occupancy(state)
        area = f.shape in AREA_SHAPES
        out: list[str] = []
        for c in cells:
            tid = occ.get(c)
            if tid is None or tid in out:
                continue
            if area and tid == unit["id"]:
                continue
            out.append(tid)
        return out

    def new_id(self: Any, state: State, prefix: str) -> str:
        state["next_id"] += 1
        return f"{prefix}{state['next_id']}"
