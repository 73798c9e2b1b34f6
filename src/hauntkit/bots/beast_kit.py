"""The beast heuristic's choices between battles (a hunt's shop, rest, loot and mystery
phases: docs/hunt.md, docs/beast-gear.md).

Each change of kit is made once and never undone: an item goes into an **empty** slot only
(equipping over a filled slot would swap the old item out, and the next choice could swap it
back), nothing is unequipped, given away or sold, and an arsenal is taken only by a hunter
with none and nothing in its slots (dropping or changing an arsenal is never chosen). A buy
fills an empty slot that nothing in the hunter's pack fits already. A Location card's light
source goes on the tile where the hunters stand. Choices that can be made
again and again to no end (Blood Arts, Arcana formations, pets' arsenals) score below ``done``.
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast.gear.loadout import slot_options
from hauntkit.rulesets.beast.gear.shop import free_slots

Action = dict[str, Any]
Record = dict[str, Any]

DONE = 0.5  # ending the phase: above every undoing choice, below every useful one
NEVER = -1.0
# choices that can be remade without end: a bot that liked them would flip them back and forth
REMADE = frozenset({"unequip", "give", "sell", "blood_arts", "lay_arcana", "pet_arsenal",
                    "choose_pet"})


def _record(view: dict[str, Any], hunter: str) -> Record | None:
    return next((r for r in view.get("party", ()) if r["hunter"] == hunter), None)


def _empty_slots(r: Record) -> list[str]:
    return [s for s in free_slots(r) if not r["gear"].get(s)]


def _fits_empty(c: Any, r: Record, item_id: str) -> bool:
    item = c.gear.items.get(item_id)
    if item is None or item.slotless:
        return False
    return any(s in _empty_slots(r) for s in slot_options(item))


def kit_score(c: Any, view: dict[str, Any], a: Action) -> float:
    """The score of a between-battle choice (no ``unit``)."""
    kind = a["type"]
    if kind == "done":
        return DONE
    if kind in REMADE:
        return NEVER
    r = _record(view, a["hunter"]) if "hunter" in a else None
    if kind == "equip":
        if r is None:
            return NEVER
        if a["slot"] == "attached":
            return 4.0
        return 5.0 if not r["gear"].get(a["slot"]) else NEVER
    if kind == "arsenal":
        if r is None or a["arsenal"] is None or r.get("arsenal"):
            return NEVER
        return 3.0 if not any(r["gear"].values()) and not r["pack"] else NEVER
    if kind == "buy":
        if r is None or not _fits_empty(c, r, a["item"]):
            return NEVER
        if any(_fits_empty(c, r, held) for held in r["pack"]):
            return NEVER  # equip what it has first
        item = c.gear.items[a["item"]]
        return 2.0 + (item.cost or 0) / 100.0  # the dearest that fits: usually the best
    if kind == "treat":
        return 3.0
    if kind == "place_light":
        return _light_spot(c, view, a["to"])
    if kind == "leave_dark":
        return DONE
    return 1.0  # a one-off choice of the phase (who takes a find, which event, ...)


def _light_spot(c: Any, view: dict[str, Any], to: list[int]) -> float:
    """A Location card's light source (HR-79): on the tile where most hunters stand (a light
    lights its whole tile), on a space far from the enemies (who may put it out); never a
    second light on a lit tile."""
    units = view.get("units") or {}
    md = c.maps[view["map"]["id"]]
    tile = md.tile_of[(to[0], to[1])]
    if tile in set(view["map"].get("lit_tiles", ())):
        return DONE - 0.1
    alive = [u for u in units.values() if u["alive"]]
    ours = sum(1 for u in alive if u["side"] == "hunters" and md.tile_of[(u["x"], u["y"])] == tile)
    if not ours:
        return DONE - 0.1
    far = min((max(abs(u["x"] - to[0]), abs(u["y"] - to[1])) for u in alive
               if u["side"] == "enemies"), default=0)
    return 2.0 + ours + 0.01 * far
