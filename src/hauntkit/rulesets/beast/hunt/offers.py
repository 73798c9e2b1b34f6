"""Between-battle offers of Renown vs. Infamy at a location, as investigate actions (renown.py
holds the rules; RULINGS HR-52, HR-53):

- ``{"type": "tag_in", "hunter": id}``: Infamy rank 3, Tagging In: Curtis Kaine takes that
  hunter's place and seat for the rest of the investigation (the lead seat decides, HR-77);
- ``{"type": "penance", "payer": id, "receiver": id, "boon": "rank" | arsenal id}``: the
  payer's seat pays the location's Penance (its ``penance`` in the content) once per location,
  and the Offering goes to the receiver: +1 to its Arsenal card's rank, or another arsenal
  (Advanced ones too) for the rest of the Investigation (gear/arsenals.py, HR-104).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.rulesets.beast import action_labels
from hauntkit.rulesets.beast.gear import arsenals
from hauntkit.rulesets.beast.hunt import renown
from hauntkit.rulesets.beast.hunt.party import active, change, lead_seat, new_record

State = dict[str, Any]
Action = dict[str, Any]
Record = dict[str, Any]


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


def _boons(rs: Any, state: State, receiver: Record) -> list[str]:
    """What an Offering can do for ``receiver``: raise its arsenal card's rank (when it has a
    higher one) or swap in an arsenal nobody else holds, Advanced ones too (HR-104)."""
    index = rs.c.gear
    out = ["rank"] if arsenals.can_rank_up(index, receiver) else []
    return out + sorted(arsenals.free_arsenals(index, state["party"], receiver, advanced=True))


def penance_options(rs: Any, state: State, seat: int) -> list[Action]:
    loc = rs.c.locations[state["hunt"]["location"]]
    price = loc.penance
    if price is None or loc.id in state.get("penances", ()) or state["crypto"] < price.crypto:
        return []
    return [{"type": "penance", "payer": r["hunter"], "receiver": o["hunter"], "boon": boon}
            for r in active(state) if r["seat"] == seat
            for o in active(state) for boon in _boons(rs, state, o)]


def boon_words(rs: Any, boon: str) -> str:
    """``+1 Arsenal rank`` or ``the Slayer Arsenal``: what an Offering gives, in words."""
    if boon == "rank":
        return "+1 Arsenal rank"
    ars = rs.c.gear.arsenals.get(boon)
    name = ars.name if ars is not None else str(boon)
    return f"the {name}" + ("" if name.lower().endswith("arsenal") else " arsenal")


def penance_label(rs: Any, s: State, a: Action, who: str) -> str:
    """``Tamara pays the Penance (2 HP): +1 Arsenal rank for Michael``."""
    payer, receiver = (rs.c.hunters[a[k]].name if a.get(k) in rs.c.hunters else str(a.get(k))
                       for k in ("payer", "receiver"))
    loc = rs.c.locations.get((s.get("hunt") or {}).get("location"))
    price = getattr(loc, "penance", None)
    cost = ", ".join(f"{n} {w}" for n, w in ((getattr(price, "hp", 0), "HP"),
                                              (getattr(price, "sanity", 0), "Sanity"),
                                              (getattr(price, "crypto", 0), "Crypto")) if n)
    return (f"{payer} pays the Penance{f' ({cost})' if cost else ''}: "
            f"{boon_words(rs, a.get('boon'))}" + ("" if payer == receiver else f" for {receiver}"))


def penance(rs: Any, state: State, action: Action) -> None:
    """Pay the location's Penance; the Offering takes effect on the receiver at once: a rank
    counts from the next battle on, a swapped arsenal is the receiver's now (HR-104)."""
    loc = rs.c.locations[state["hunt"]["location"]]
    price = loc.penance
    receiver = next(r for r in active(state) if r["hunter"] == action["receiver"])
    if action["boon"] not in _boons(rs, state, receiver):
        raise IllegalActionError(f"that Offering does nothing for {action['receiver']!r}")
    boon = {"rank": 1} if action["boon"] == "rank" else {"arsenal": action["boon"]}
    renown.pay_penance(state, state["party"], action["payer"], loc.id, boon, action["receiver"])
    if "arsenal" in boon:
        arsenals.take_offered(rs.c.gear, state["party"], receiver, boon["arsenal"])
    payer = next(r for r in active(state) if r["hunter"] == action["payer"])
    change(rs, payer, hp=-price.hp, sanity=-price.sanity)
    state["crypto"] -= price.crypto
    who = rs.c.hunters[action["receiver"]].name
    emit(state, "penance", f"{rs.c.hunters[action['payer']].name} pays the Penance of "
         f"{loc.name}; the Offering gives {who} {boon_words(rs, action['boon'])}"
         + (f" (rank {arsenals.rank_of(receiver)})." if "rank" in boon else "."),
         payer=action["payer"], receiver=action["receiver"], boon=action["boon"])


def register_labels() -> None:
    """The Penance's label for players (action_labels.describe_action)."""
    action_labels._LABELS.setdefault("penance", penance_label)


__all__ = ["boon_words", "penance", "penance_label", "penance_options", "register_labels",
           "tag_in", "tag_in_options"]
