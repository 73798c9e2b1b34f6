"""Between-battle offers of Renown vs. Infamy at a location, as investigate actions (renown.py
holds the rules; RULINGS HR-52, HR-53):

- ``{"type": "tag_in", "hunter": id}``: Infamy rank 3, Tagging In: Curtis Kaine takes that
  hunter's place and seat for the rest of the investigation (the lead seat decides, HR-77);
- ``{"type": "penance", "payer": id, "receiver": id, "boon": "rank" | arsenal id}``: the
  payer's seat pays the location's Penance (its ``penance`` in the content) once per location,
  and the Offering goes to the receiver.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.hunt import renown
from hauntkit.rulesets.beast.hunt.party import active, change, lead_seat, new_record

State = dict[str, Any]
Action = dict[str, Any]


def tag_in_options(rs: Any, state: State, seat: int) -> list[Action]:
    if (seat != lead_seat(state) or renown.infamy_level(state) < 3
            or renown.TAG_IN_HUNTER not in rs.c.hunters
            or any(r["hunter"] == renown.TAG_IN_HUNTER for r in state["party"])):
        return []
    return [{"type": "tag_in", "hunter": r["hunter"]} for r in active(state)]


def tag_in(rs: Any, state: State, action: Action) -> None:
    cameo = renown.tag_in(state, state["party"], action["hunter"])
    fresh = new_record(rs, renown.TAG_IN_HUNTER, cameo["seat"])
    cameo.update({k: v for k, v in fresh.items() if k not in cameo})
    emit(state, "tag_in", f"Tagging In: {rs.c.hunters[renown.TAG_IN_HUNTER].name} takes "
         f"{rs.c.hunters[action['hunter']].name}'s place until the investigation ends.",
         hunter=action["hunter"])


def _boons(rs: Any) -> list[str]:
    return ["rank", *sorted(getattr(rs.c, "arsenals", {}) or {})]


def penance_options(rs: Any, state: State, seat: int) -> list[Action]:
    loc = rs.c.locations[state["hunt"]["location"]]
    price = loc.penance
    if price is None or loc.id in state.get("penances", ()) or state["crypto"] < price.crypto:
        return []
    hunters = [r["hunter"] for r in active(state)]
    return [{"type": "penance", "payer": r["hunter"], "receiver": who, "boon": boon}
            for r in active(state) if r["seat"] == seat
            for who in hunters for boon in _boons(rs)]


def penance(rs: Any, state: State, action: Action) -> None:
    loc = rs.c.locations[state["hunt"]["location"]]
    price = loc.penance
    boon = {"rank": 1} if action["boon"] == "rank" else {"arsenal": action["boon"]}
    renown.pay_penance(state, state["party"], action["payer"], loc.id, boon, action["receiver"])
    payer = next(r for r in active(state) if r["hunter"] == action["payer"])
    change(rs, payer, hp=-price.hp, sanity=-price.sanity)
    state["crypto"] -= price.crypto
    emit(state, "penance", f"{rs.c.hunters[action['payer']].name} pays the Penance of "
         f"{loc.name}; the Offering goes to {rs.c.hunters[action['receiver']].name}.",
         payer=action["payer"], receiver=action["receiver"], boon=action["boon"])


__all__ = ["penance", "penance_options", "tag_in", "tag_in_options"]
