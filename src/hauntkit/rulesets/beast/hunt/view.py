"""What a seat sees of a hunt's leg besides the battlefield: the phase, the party's records,
the party-wide values and where the leg stands. Nothing of it is hidden (the events of a
location are in the content, in order; the dice are rolled when used)."""

from __future__ import annotations

from typing import Any

import orjson

from hauntkit.rulesets.beast.hunt import cards

State = dict[str, Any]
_LEG = ("hunt", "investigation", "location", "first", "last", "plan", "done", "event",
        "fight", "ambush", "battle", "mystery", "outcome")


def hunt_view(rs: Any, state: State) -> dict[str, Any]:
    """The hunt part of a view (``phase``, ``hunt``, ``party``, ``crypto``, ``renown``,
    ``infamy``, ``clues``, and in words the Investigation's ``theme`` card and the Blue and
    Gray ``event_cards`` drawn in it, HR-107)."""
    h = state["hunt"]
    leg = {k: h[k] for k in _LEG}
    leg["events_left"] = len(h["events"])
    leg["bounty"] = h.get("bounty")  # a bounty found: the drawn Location and target (HR-61)
    return orjson.loads(orjson.dumps({
        "phase": state["phase"], "hunt": leg, "party": state["party"],
        "crypto": state["crypto"], "renown": state.get("renown", 0), "infamy": state.get("infamy", 0),
        "clues": state["clues"], **cards.view(rs, state)}))


__all__ = ["hunt_view"]
