"""KNOCKBACK (rules: "Trigger Happy (Curtis Kaine)", whose example names it as a trigger;
RULING HR-64): the target is pushed straight away from the user, space by space, until the
spaces are done or the next one is a wall, a barricade, a unit or the map's edge."""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle.board import blockers
from hauntkit.rulesets.beast.gear import using
from hauntkit.rulesets.beast.labels import space_name

State = dict[str, Any]
Unit = dict[str, Any]


def knockback(rs: Any, state: State, src: Unit, tgt: Unit, spaces: int) -> None:
    """Push ``tgt`` up to ``spaces`` spaces in the direction from ``src`` to it; a unit that
    moves is KNOCKED BACK (Trigger Happy's trigger)."""
    dx = (tgt["x"] > src["x"]) - (tgt["x"] < src["x"])
    dy = (tgt["y"] > src["y"]) - (tgt["y"] < src["y"])
    if not dx and not dy:
        return
    md = rs.md(state)
    block = blockers(state, md)
    taken = {(u["x"], u["y"]) for u in state["units"].values() if u["alive"]}
    x: int = tgt["x"]
    y: int = tgt["y"]
    moved = 0
    for _ in range(spaces):
        nxt = (x + dx, y + dy)
        if nxt not in md.neighbours[(x, y)] or nxt in block or nxt in taken:
            break
        x, y = nxt
        moved += 1
    if not moved:
        emit(state, "knockback", f"{rs.name(tgt)} is not knocked back: there is no room "
             "behind.", unit=tgt["id"], spaces=0)
        return
    tgt["x"], tgt["y"] = x, y
    emit(state, "knockback", f"{rs.name(tgt)} is knocked back {moved} "
         f"space{'s' if moved > 1 else ''} to {space_name(x, y)}.", unit=tgt["id"],
         spaces=moved, at=[x, y])
    if "gear" in tgt:
        using.follow_lights(state, tgt)
    if "traps" in state:
        using.stepped_on(rs, state, tgt)
    if tgt["alive"]:
        rs.on_status(state, tgt, "KNOCKBACK")
