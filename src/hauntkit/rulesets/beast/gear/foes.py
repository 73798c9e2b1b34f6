"""What enemies are, as far as gear cares: the Undying template and its weaknesses (silver,
stakes), kinds named by items (vampires, poltergeists, phantasms), summoned units, and
maximum-HP loss (Rosary). Rules: "Gear Shop" (Melee Weapons: Silver, Stakes, Holy Ash Stake;
Defense: Rosary; Relics: Exorcists Cross, Bugs in a box, Lapis Lazuli); RULING HR-100.

Every function here runs only when an enemy of such a kind is on the map or a hunter carries
the item: plain battles never reach them.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import status
from hauntkit.rulesets.beast.battle.board import dist, occupancy

State = dict[str, Any]
Unit = dict[str, Any]


def kinds(rs: Any, unit: Unit) -> list[str]:
    """The kinds (vampire, poltergeist, phantasm) an enemy unit is marked with."""
    e = rs.c.enemies.get(unit["kind"])
    return e.kinds if e is not None else []


def undying_holds(rs: Any, unit: Unit, weapon: str | None) -> bool:
    """RULING HR-100: an Undying enemy cannot be slain but by a weapon of its weakness (a
    silver weapon if it is silver-weak, a stake if stake-weak)."""
    e = rs.c.enemies.get(unit["kind"])
    if e is None or not e.undying:
        return False
    if weapon is not None:
        w = rs.c.gear.items[weapon].weapon
        if w is not None and set(w.tags) & set(e.undying):
            return False
    return True


def lower_max_hp(rs: Any, state: State, unit: Unit, n: int) -> None:
    """Maximum HP lost for the battle (never below 1); a Rosary's wearer is immune to it
    ("Defense Gear Shop / Rosary: Immune to MAX HP damage")."""
    if not unit["alive"]:
        return
    if "gear" in unit and rs.c.gear.profile(unit).max_hp_guard:
        emit(state, "max_hp_guard", f"{rs.name(unit)}'s Rosary keeps its maximum HP whole.",
             unit=unit["id"])
        return
    unit["max"] = max(1, unit["max"] - n)
    unit["hp"] = min(unit["hp"], unit["max"])
    emit(state, "max_hp_loss", f"{rs.name(unit)}'s maximum HP falls to {unit['max']}.",
         unit=unit["id"], max=unit["max"])


def summon(rs: Any, state: State, unit: Unit, kind: str) -> None:
    """A summoning ability: a unit of ``kind`` appears on the first free space next to the
    user (reading order) and fights on its side; it is *summoned* (Bugs in a box)."""
    md = rs.md(state)
    occ = occupancy(state)
    from hauntkit.rulesets.beast.battle.board import blockers
    block = blockers(state, md)
    free = [c for c in sorted(md.neighbours[(unit["x"], unit["y"])], key=lambda c: (c[1], c[0]))
            if c not in occ and c not in block]
    if not free:
        emit(state, "no_room", f"{rs.name(unit)} finds no room to call anything up.")
        return
    n = 1
    while f"{kind}-{n}" in state["units"]:
        n += 1
    new = rs.add_unit(state, kind, f"{kind}-{n}", free[0][0], free[0][1])
    new["side"] = unit["side"]
    new["seat"] = unit["seat"]
    new["acted"] = True
    new["summoned"] = True
    rs.count_alive(state)
    emit(state, "summon", f"{rs.name(unit)} calls up {rs.name(new)}.", unit=new["id"],
         by=unit["id"])


def exorcise(rs: Any, state: State, unit: Unit, target: str) -> None:
    """Exorcists Cross: the Poltergeist or Phantasm is destroyed outright."""
    t = state["units"][target]
    if t["alive"]:
        t["hp"] = 0
        rs.kill(state, t, "exorcised")


def exorcisable(rs: Any, state: State, action: dict) -> bool:
    t = state["units"].get(action.get("target"))  # type: ignore[arg-type]
    return t is not None and bool({"poltergeist", "phantasm"} & set(kinds(rs, t)))


def bugs(rs: Any, state: State, unit: Unit, ab: Any) -> None:
    """Bugs in a box: up to 2 summoned enemies within the range are PARALYZED for 1 turn, the
    closest first (ties in unit order; RULING HR-100)."""
    near = sorted((dist(unit["x"], unit["y"], u["x"], u["y"]), uid)
                  for uid, u in state["units"].items()
                  if u["alive"] and u.get("summoned") and u["side"] != unit["side"]
                  and dist(unit["x"], unit["y"], u["x"], u["y"]) <= ab.range)
    if not near:
        emit(state, "no_target", "The bugs find no summoned monster to swarm.")
    for _, uid in near[:2]:
        status.apply(rs, state, state["units"][uid], "PARALYZE", 1, 1)
