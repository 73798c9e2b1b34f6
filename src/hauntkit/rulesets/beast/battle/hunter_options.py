"""What a hunter may do on its turn: its legal actions (moves, attacks, abilities, gear uses
and skills) as listed for its seat, with the content facts of its kind read once (rules:
"Combat Basics", "Attack Types", "Interrupts", "Ability Cool Downs")."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast.battle.board import (
    dist,
    los,
)
from hauntkit.rulesets.beast.battle.reach import Scan, target_list
from hauntkit.rulesets.beast.gear import using
from hauntkit.rulesets.beast.hunt import renown
from hauntkit.rulesets.beast.records import AbilityRecord, record_of

State = dict[str, Any]
Unit = dict[str, Any]
AREA_SHAPES = ("aoe", "beam")


def ranged_distance(attacker: Unit, target: Unit) -> int:
    """STEALTH doubles the distance for enemies' ranged targeting, unless MARKED."""
    d = dist(attacker["x"], attacker["y"], target["x"], target["y"])
    if "STEALTH" in target["st"] and "MARKED" not in target["st"] and \
            attacker["side"] != target["side"]:
        d *= 2
    return d


def disabled_index(unit: Unit) -> int:
    """TRICKS OF THE TRADE disables the unit's first ability (hunters) or Special 1 (HR-8)."""
    return 1 if "TRICKS" in unit["st"] else 0


class KindFacts:
    """What listing a unit kind's actions reads from the content (it does not change)."""

    def __init__(self, c: Any, kind: str) -> None:
        self.c = c
        h = c.hunters.get(kind)
        self.hunter: bool = h is not None
        self.passives: bool = bool(c.passives.get(kind))
        self.abilities: list[AbilityRecord] = [record_of(ab) for ab in h.abilities] if h else []
        self.rrange: int = h.ranged.range if h else 0


_KINDS: dict[str, KindFacts] = {}


def kind_facts(c: Any, kind: str) -> KindFacts:
    kf = _KINDS.get(kind)
    if kf is None or kf.c is not c:
        kf = KindFacts(c, kind)
        _KINDS[kind] = kf
    return kf


def hunter_options(rs: Any, state: State, unit: Unit, occ: dict,
                   block: frozenset[tuple[int, int]]) -> list[dict]:
    """HunterSide.hunter_actions: a hunter's (or a pet's) legal actions on its turn."""
    out: list[dict] = []
    uid = unit["id"]
    st: dict[str, Any] = unit["st"]
    if "PARALYZE" in st:
        return out
    flags: dict[str, Any] = unit["flags"]
    kind = unit["kind"]
    c = rs.c
    kf = kind_facts(c, kind)
    md = c.maps[state["map"]]
    x: int = unit["x"]
    y: int = unit["y"]
    units: dict[str, Unit] = state["units"]
    if unit["mv"] > 0 and not flags.get("move_done"):
        two = unit["mv"] >= 2
        stealthy = two and "STEALTH" in st
        side = unit["side"]
        step: dict[str, Any] = {"type": "step", "unit": uid}
        for n in md.neighbours[(x, y)]:
            if n in block:
                continue
            o = occ.get(n)
            if o is None:
                a = step.copy()
                a["to"] = list(n)
                out.append(a)
            elif two and (units[o]["side"] == side or stealthy):
                # Through a friendly unit's space ("Combat Basics"), or, STEALTHy, an enemy's:
                # two spaces of movement, ending on a free space (RULING HR-6).
                for m in md.neighbours[n]:
                    if m not in occ and m not in block:
                        out.append({"type": "slip", "unit": uid, "through": [n[0], n[1]],
                                    "to": [m[0], m[1]]})
    if "COVER" not in st:
        covered = (x, y) in md.cover  # cover_source, inlined
        if not covered:
            for b in state["barricades"]:
                if abs(b["x"] - x) <= 1 and abs(b["y"] - y) <= 1:
                    covered = True
                    break
        if covered:
            out.append({"type": "cover", "unit": uid})
    if not kf.hunter:  # Serenity's pet: moves, and acts on her command (hunters/pets.py)
        return out + rs.pet_actions(state, unit, occ, block)
    scan = Scan(state, unit, md, block)
    acted = unit["acted"]
    if not acted:
        if "DISARMED" not in st:
            out.extend(attack_list(rs, scan, kf, False))
        for li in state["lights"]:
            lx, ly = li["x"], li["y"]
            if max(abs(x - lx), abs(y - ly)) <= 1:
                lid = li["id"]
                out.append({"type": "douse", "unit": uid, "light": lid})
                for cx, cy in md.neighbours[(x, y)] + [(x, y)]:
                    if cx != lx or cy != ly:
                        out.append({"type": "carry", "unit": uid, "light": lid,
                                    "to": [cx, cy]})
    if "infamy" in state and "DISARMED" not in st and not flags.get("free_atk") \
            and renown.reckless(state):  # no Infamy points (absent): never Reckless
        out.extend(attack_list(rs, scan, kf, True))
    # a hunter without skills has its card's abilities (SkillsMixin.unit_abilities)
    abilities = [record_of(ab) for ab in rs.unit_abilities(state, unit)] if kf.passives \
        else kf.abilities
    skip = "TRICKS" in st  # disabled_index
    team = "TEAM_PLAYER" in st
    cd: dict[str, Any] = unit["cd"]
    for i, f in enumerate(abilities):
        if skip and i == 0:
            continue
        if f.kind == "interrupt":
            if ready(rs, unit, f):
                out.extend(target_list(rs, scan, f, occ, "interrupt"))
            continue
        if not acted and cd.get(f.id, 0) == 0:
            out.extend(target_list(rs, scan, f, occ, "ability"))
        elif team and f.hook_name != "team_player":
            for a in target_list(rs, scan, f, occ, "ability"):
                a["team"] = True
                out.append(a)
    if kf.passives:  # card plays, Arcana and Tarot actions (hunters/)
        out.extend(rs.skill_actions(state, unit, occ, block))
    if "gear" in unit:  # weapons and items (using.py)
        out.extend(using.gear_actions(rs, state, unit, occ, block, scan))
    return out


def attack_list(rs: Any, scan: Scan, kf: KindFacts, free: bool) -> list[dict]:
    """HunterSide.attack_options: melee and ranged attacks on enemies and light sources in
    reach (``free``: Reckless's free attack, Infamy 2)."""
    out: list[dict] = []
    state, unit = scan.state, scan.unit
    uid = scan.uid
    md, block = scan.md, scan.block
    x, y = scan.x, scan.y
    rrange = kf.rrange
    seer = False
    if "gear" in unit:  # Precision Scope, Thermal Scope
        prof = rs.c.gear.profile(unit)
        rrange += prof.range_bonus
        seer = prof.ignore_stealth or using.GOGGLES in unit["flags"].get("ammo", ())
    bars = state["barricades"]
    for o in scan.others():
        if o.side == "hunters":
            continue
        d = o.d
        if d <= 1:
            out.append(attack_action(uid, o.tid, "melee", free))
        rd = d * 2 if o.hidden and not seer else d
        lasered = o.st.get("LASERED")  # status.value, inlined
        if (rd <= rrange + (lasered[1] if lasered else 0)  # Laser Pointer
                and not (bars and scan.shielded(o))
                and scan.sees(o)):
            out.append(attack_action(uid, o.tid, "ranged", free))
    lights: list[dict[str, Any]] = state["lights"]
    for li in lights:
        if li.get("holy"):
            continue  # Blessed Glow Sticks: cannot be destroyed
        lx, ly = li["x"], li["y"]
        d = max(abs(x - lx), abs(y - ly))
        if d <= 1:
            out.append(attack_action(uid, li["id"], "melee", free))
        elif d <= rrange and los(md, block, x, y, lx, ly):
            out.append(attack_action(uid, li["id"], "ranged", free))
    return out


def attack_action(uid: str, target: str, mode: str, free: bool) -> dict:
    a: dict[str, Any] = {"type": "attack", "unit": uid, "target": target, "mode": mode}
    if free:
        a["free"] = True
    return a


def ready(rs: Any, unit: Unit, f: AbilityRecord) -> bool:
    """HunterSide.interrupt_ready."""
    if unit["intr"] or not unit["alive"] or "PARALYZE" in unit["st"]:
        return False
    cd: dict[str, Any] = unit["cd"]
    if "gear" in unit:
        if using.interrupt_blocked(rs, unit):
            return False  # a flash light that is on, a chainsaw swung this turn
        if using.holding(rs, unit, f.ab):  # Utility Pouch of Holding
            return cd.get(f.id, 0) == 0
    if f.charged:
        ch: dict[str, Any] = unit["ch"]
        return ch.get(f.id, 0) > 0
    return cd.get(f.id, 0) == 0
