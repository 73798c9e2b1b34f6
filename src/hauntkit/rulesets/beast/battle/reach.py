"""What a hunter's actions can reach while its legal actions are listed: one scan of the
living units with distances, lines of sight and barricade cover shared by the attacks,
abilities and gear uses listed (Scan), and an ability's targets (target_list, over its record:
records.py). Used by hunter_options.py, hunter_actions.py, flow.py and gear/using.py."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast.battle.board import area_cells, beam_cells, los
from hauntkit.rulesets.beast.records import AbilityRecord

State = dict[str, Any]
Unit = dict[str, Any]


def shielded_by_barricade(state: State, attacker: Unit, target: Unit) -> bool:
    """Blake's Barricade: ranged attacks must destroy it before hitting units next to it."""
    tx, ty = target["x"], target["y"]
    if abs(attacker["x"] - tx) <= 1 and abs(attacker["y"] - ty) <= 1:
        return False
    for b in state["barricades"]:
        if abs(b["x"] - tx) <= 1 and abs(b["y"] - ty) <= 1:
            return True
    return False


class Near:
    """A living unit as the hunter whose actions are listed sees it."""

    def __init__(self, tid: str, t: Unit, x: int, y: int, d: int) -> None:
        self.tid = tid
        self.t = t
        self.x = x
        self.y = y
        self.d = d  # king steps from the hunter
        self.side: str = t["side"]
        st: dict[str, Any] = t["st"]
        self.st = st
        self.hidden: bool = "STEALTH" in st and "MARKED" not in st
        self.sight = -1  # line of sight from the hunter: 1, 0, or -1 until asked
        self.shield = -1  # behind a barricade from the hunter (shielded_by_barricade), alike


class Scan:
    """One unit's view of the battle while its legal actions are listed: the living units
    with their distances (one pass over state["units"]) and lines of sight, each computed
    once and shared by its attacks and abilities."""

    def __init__(self, state: State, unit: Unit, md: Any, block: frozenset[tuple[int, int]]
                 ) -> None:
        self.state = state
        self.unit = unit
        self.md = md
        self.block = block
        self.uid: str = unit["id"]
        self.side: str = unit["side"]
        self.x: int = unit["x"]
        self.y: int = unit["y"]
        self.scanned = False
        self.near: list[Near] = []

    def others(self) -> list[Near]:
        """The living units, in state["units"] order (the unit itself among them)."""
        if not self.scanned:
            self.scanned = True
            x, y = self.x, self.y
            units: dict[str, Unit] = self.state["units"]
            for tid, t in units.items():
                if t["alive"]:
                    tx: int = t["x"]
                    ty: int = t["y"]
                    dx = x - tx if x > tx else tx - x
                    dy = y - ty if y > ty else ty - y
                    self.near.append(Near(tid, t, tx, ty, dx if dx > dy else dy))
        return self.near

    def sees(self, o: Near) -> bool:
        if o.sight < 0:
            o.sight = 1 if los(self.md, self.block, self.x, self.y, o.x, o.y) else 0
        return o.sight == 1

    def shielded(self, o: Near) -> bool:
        if o.shield < 0:
            o.shield = 1 if shielded_by_barricade(self.state, self.unit, o.t) else 0
        return o.shield == 1


def targeted(base: dict, target: Any) -> dict:
    """``base`` with ``target`` (an action: type, unit, ability, then target)."""
    a = base.copy()
    a["target"] = target
    return a


def target_list(rs: Any, scan: Scan, f: AbilityRecord, occ: dict, kind: str) -> list[dict]:
    """HunterSide.ability_targets: every legal target of an ability as actions of type
    ``kind``."""
    state, unit = scan.state, scan.unit
    uid = scan.uid
    md, block = scan.md, scan.block
    x, y = scan.x, scan.y
    base: dict[str, Any] = {"type": kind, "unit": uid, "ability": f.id}
    out: list[dict] = []
    shape = f.shape
    if shape == "self":
        return [targeted(base, uid)]
    if shape == "beam":
        return [targeted(base, d) for d in range(8) if beam_cells(md, block, x, y, d, 1)]
    if shape == "swap":  # Pyramid: two units in range and sight trade places
        near = sorted(o.tid for o in scan.others() if o.d <= f.range and scan.sees(o))
        return [targeted(base, [a, b]) for i, a in enumerate(near) for b in near[i + 1:]]
    hook = f.hook_name
    if shape == "single":
        side = scan.side
        no_hostile, no_ally = f.targets == "ally", f.targets == "enemy"
        team_player = hook == "team_player"
        compel = hook == "compel"
        reach = f.range
        shields = f.dice > 0 and bool(state["barricades"])
        for o in scan.others():
            hostile = o.side != side
            if (no_ally and not hostile) or (no_hostile and hostile):
                continue
            if team_player and o.tid == uid:
                continue
            if compel and not rs.compellable(state, unit, o.t):
                continue
            rng = o.d * 2 if hostile and o.hidden else o.d
            if rng > reach or not scan.sees(o):
                continue
            if hostile and shields and rng > 1 and scan.shielded(o):
                continue
            out.append(targeted(base, o.tid))
        return out
    # aoe and place: a space within range, in sight
    rng = f.range
    here: Any = (x, y)  # boxed once
    cells: list[Any]  # (x, y) tuples, as objects: a typed tuple is rebuilt at each use
    if hook not in ("barricade", "create_light", "evasive_roll", "trap"):
        # Only centres whose area holds a unit other than the user (HR-11).
        radius = 1 if hook == "amplify" else f.radius
        far = rng + radius  # areas of units further away hold no space in range
        found: set[Any] = set()
        for p in occ:
            ox: int = p[0]
            oy: int = p[1]
            if p != here and max(abs(ox - x), abs(oy - y)) <= far:
                found.update(area_cells(md, ox, oy, radius))
        cells = sorted(found)
    else:
        width: int = md.width
        height: int = md.height
        cells = [(i, j) for i in range(max(0, x - rng), min(width, x + rng + 1))
                 for j in range(max(0, y - rng), min(height, y + rng + 1))]
    solid = hook in ("barricade", "evasive_roll", "trap")
    light = hook == "create_light"
    if light:
        lit = {md.tile_of[(li["x"], li["y"])] for li in state["lights"]}
        spots = {(li["x"], li["y"]) for li in state["lights"]}
    for c in cells:
        cx: int = c[0]
        cy: int = c[1]
        if max(abs(cx - x), abs(cy - y)) > rng or c in block:
            continue
        if solid and (c in occ or c == here):
            continue
        if light and (c in spots or md.tile_of[c] in lit):
            continue
        if not los(md, block, x, y, cx, cy):
            continue
        out.append(targeted(base, [cx, cy]))
    return out
