"""Curtis Kaine's Trigger Happy and Vigilante Justice (rules: "Trigger Happy (Curtis Kaine)",
"Vigilante Justice (Curtis Kaine)"; RULING HR-58).

Trigger Happy: when the debuff a trigger skill names (BLEED, FLINCH, ...) takes hold on an
enemy that skill can reach, Curtis's seat is offered to use it at that enemy at once as a free
action (no action, no interrupt; the skill must be off cool down and its use starts the cool
down). Offers queue in ``state["offers"]`` and become ``pending`` choices one at a time.
Vigilante Justice: a critical hit of a base ranged attack (his own, or each shot of Bullet
Storm) adds 1 BLEED point; his abilities' criticals do not.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import frames
from hauntkit.rulesets.beast.battle.board import blockers, occupancy

State = dict[str, Any]
Unit = dict[str, Any]
BULLET_STORM_SHOTS = 3


class TriggerMixin:
    """Mixin: Trigger Happy offers and Vigilante Justice."""

    def on_status(self, state: State, unit: Unit, name: str) -> None:
        """A debuff (or Bleed points) took hold on ``unit``: queue Trigger Happy offers."""
        if not unit["alive"]:
            return
        for c in state["units"].values():
            if (not c["alive"] or c["side"] == unit["side"]
                    or "trigger_happy" not in self.passives(c)):
                continue
            if not any(ab.trigger == name for ab in self.unit_abilities(state, c)):
                continue
            offer = {"kind": "trigger", "seat": c["seat"], "unit": c["id"],
                     "target": unit["id"], "trigger": name}
            offers = state.setdefault("offers", [])
            if offer not in offers:
                offers.append(offer)

    def trigger_options(self, state: State, offer: dict[str, Any]) -> list[str]:
        units = state["units"]
        c, t = units.get(offer["unit"]), units.get(offer["target"])
        if c is None or t is None or not c["alive"] or not t["alive"] or "PARALYZE" in c["st"]:
            return []
        md = self.md(state)
        occ, block = occupancy(state), blockers(state, md)
        out = []
        for ab in self.unit_abilities(state, c):
            if ab.trigger != offer["trigger"] or c["cd"].get(ab.id, 0):
                continue
            if any(a["target"] == t["id"]
                   for a in self.ability_targets(state, c, ab, occ, block, "trigger")):
                out.append(ab.id)
        return out

    def next_offer(self, state: State) -> bool:
        """Turn the next still-valid offer into a pending choice; False if none is left."""
        offers = state.get("offers")
        while offers:
            offer = offers.pop(0)
            opts = self.trigger_options(state, offer)
            if opts:
                state["pending"] = dict(offer, options=opts)
                return True
        state.pop("offers", None)
        return False

    def bullet_storm(self, state: State, unit: Unit, target: str) -> None:
        """Bullet Storm: three base ranged attacks at the target (HR-58)."""
        r = self.c.hunters[unit["kind"]].ranged
        for _ in range(BULLET_STORM_SHOTS):
            state["queue"].append(frames.frame(unit["id"], target, mode="ranged",
                                               atk=r.attack, el=r.element, style="ranged",
                                               reach=r.range * 2))

    def vigilante_justice(self, state: State, fr: dict[str, Any], att: Unit, tgt: Unit,
                          hit: bool) -> None:
        if (fr["mode"] == "ranged" and fr.get("crit") and hit and tgt["alive"]
                and "vigilante_justice" in self.passives(att)):
            emit(state, "skill", f"Vigilante Justice: {self.name(tgt)} bleeds.",
                 unit=att["id"], skill="vigilante_justice", target=tgt["id"])
            self.bleed(state, tgt, 1)
