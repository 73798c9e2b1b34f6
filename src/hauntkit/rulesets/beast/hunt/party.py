"""The party: each hunter's record carried from battle to battle (docs/hunt.md "The party").

A record (``state["party"]`` is a list of them, in the hunt's hunter order)::

    {"hunter": "michael", "seat": 0, "hp": 9, "sanity": 6,
     "gear": {"open1": None, ..., "augment": None, "consumable": None},
     "pack": [], "arsenal": None, "wounds": 0, "madness": 0,
     "dead": False, "broken": False, "skills": {}}

``hp`` and ``sanity`` are the hunter's current values; the maximum HP is the hunter's HP less
one per wound (RULING HR-72). ``gear`` maps the six equipment slots of "Gear and Equipment /
Equipment Slots" to an item id or None; ``pack`` holds owned items not equipped. ``madness``
(madness points) and ``broken`` (driven mad) follow the Madness rules (madness.py, HR-50);
``skills`` belongs to the hunters' rules (hunters/), ``gear``/``pack``/``arsenal`` to the gear
rules; the hunt only carries them. ``dead`` and ``broken`` hunters are out of the hunt
(HR-72, HR-73). Party-wide values sit beside the party: ``state["crypto"]``,
``state["renown"]``, ``state["infamy"]`` and ``state["clues"]`` (renown and infamy are party
wide: "Renown vs. Infamy").
"""

from __future__ import annotations

from typing import Any

Record = dict[str, Any]
State = dict[str, Any]

SLOTS = ("open1", "open2", "open3", "open4", "augment", "consumable")


def new_record(rs: Any, hunter: str, seat: int) -> Record:
    """A fresh hunter: full HP and Sanity, nothing equipped, no wound."""
    h = rs.c.hunters[hunter]
    return {"hunter": hunter, "seat": seat, "hp": h.hp, "sanity": h.sanity,
            "gear": {slot: None for slot in SLOTS}, "pack": [], "arsenal": None,
            "wounds": 0, "madness": 0, "dead": False, "broken": False, "skills": {}}


def max_hp(rs: Any, record: Record) -> int:
    """The hunter's HP less one per wound, at least 1 (RULING HR-72)."""
    return max(1, rs.c.hunters[record["hunter"]].hp - record["wounds"])


def max_sanity(rs: Any, record: Record) -> int:
    return int(rs.c.hunters[record["hunter"]].sanity)


def in_hunt(record: Record) -> bool:
    """Whether the hunter still takes part: neither dead nor broken (HR-72, HR-73)."""
    return not record.get("dead") and not record.get("broken")


def active(state: State) -> list[Record]:
    """The records of the hunters still in the hunt, in party order."""
    return [r for r in state.get("party", ()) if in_hunt(r)]


def deal_seats(party: list[Record], players: int) -> None:
    """Hunters still in the hunt are dealt to the seats round-robin, as in a battle."""
    for i, r in enumerate(r for r in party if in_hunt(r)):
        r["seat"] = i % players


def away(record: Record) -> bool:
    """Whether the hunter is away from this location (Abducted: "Mystery Table", Chaos 2;
    ``abducted`` is 1 during the next location's leg, loot.count_abducted)."""
    return record.get("abducted") == 1


def lead_seat(state: State) -> int | None:
    """The seat that makes the party's shared choices: the lowest seat with a hunter still in
    the hunt (RULING HR-77)."""
    seats = [r["seat"] for r in active(state)]
    return min(seats) if seats else None


def change(rs: Any, record: Record, hp: int = 0, sanity: int = 0) -> None:
    """Change a hunter's HP and Sanity outside battle: never above the maximum, never below 1
    (RULING HR-78)."""
    record["hp"] = max(1, min(max_hp(rs, record), record["hp"] + hp))
    record["sanity"] = max(1, min(max_sanity(rs, record), record["sanity"] + sanity))


def problems(rs: Any, state: State) -> list[str]:
    """What is wrong with a hunt's party and values (``invariants`` of a leg)."""
    bad = [f"{key} is {state.get(key, 0)}" for key in ("crypto", "clues", "renown", "infamy")
           if state.get(key, 0) < 0]
    max_wounds = rs.c.hunts[state["hunt"]["hunt"]].max_wounds
    for r in state["party"]:
        if not in_hunt(r):
            continue
        who = r["hunter"]
        if not 0 < r["hp"] <= max_hp(rs, r):
            bad.append(f"{who} hunts with HP {r['hp']}/{max_hp(rs, r)}")
        if not 0 < r["sanity"] <= max_sanity(rs, r):
            bad.append(f"{who} hunts with Sanity {r['sanity']}")
        if not 0 <= r["wounds"] < max_wounds:
            bad.append(f"{who} hunts with {r['wounds']} wounds")
    return bad


__all__ = ["SLOTS", "Record", "active", "change", "deal_seats", "in_hunt", "lead_seat",
           "max_hp", "max_sanity", "new_record", "problems"]
