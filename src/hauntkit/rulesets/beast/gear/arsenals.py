"""Arsenal ranks, Advanced Arsenals and what an Offering does to a hunter's arsenal (rules:
"Arsenals", "Specific Buffs" / Offering; RULINGS HR-31, HR-53, HR-104).

An arsenal card stands at rank 1; each rank above it adds the items its content lists for that
rank (``Arsenal.ranks``). The Offering buff on a party record (``record["offering"]``:
``{"rank": n}`` and/or ``{"arsenal": id, "was": the arsenal held before}``) raises the rank by
``n`` or hands over another arsenal, Advanced ones included, for one Investigation; at its end
(:func:`relock`) Advanced Arsenals are locked again and a swapped hunter gets its own back.
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast.gear.loadout import arsenal_items
from hauntkit.rulesets.beast.gear.schema import ARSENAL_SLOTS
from hauntkit.rulesets.beast.hunters.pets import pet_arsenals

Record = dict[str, Any]


def rank_of(record: Record) -> int:
    """The rank of the hunter's arsenal card: 1, plus 1 per Offering of a rank it holds."""
    return 1 + int((record.get("offering") or {}).get("rank", 0))


def top_rank(index: Any, arsenal: str) -> int:
    """The highest rank the arsenal has: 1 and one more for each of its ``ranks``."""
    return 1 + len(index.arsenals[arsenal].ranks)


def is_advanced(index: Any, arsenal: str | None) -> bool:
    return arsenal is not None and index.arsenals[arsenal].advanced


def held(party: list[Record], but: Record | None = None) -> set[str]:
    """The arsenals hunters (other than ``but``) and their pets hold: one holder at a time."""
    return {r["arsenal"] for r in party if r is not but and r.get("arsenal")} | pet_arsenals(
        party)


def free_arsenals(index: Any, party: list[Record], record: Record,
                  advanced: bool = False) -> list[str]:
    """The arsenals ``record`` may take now: held by nobody else, not its own, and not
    Advanced unless ``advanced`` (an Offering unlocks them)."""
    taken = held(party, record)
    return [aid for aid in index.arsenals if aid not in taken and aid != record.get("arsenal")
            and (advanced or not index.arsenals[aid].advanced)]


def can_rank_up(index: Any, record: Record) -> bool:
    """Whether an Offering of a rank would change anything: the hunter holds an arsenal whose
    card has a rank above the one it stands at."""
    aid = record.get("arsenal")
    return bool(aid) and rank_of(record) < top_rank(index, aid)


def fit_slots(record: Record) -> list[str]:
    """With an arsenal only the first open slot and the augment take other gear ("Arsenals"):
    the rest go back to the pack. Returns the items moved."""
    if not record.get("arsenal"):
        return []
    moved = []
    for slot, iid in record["gear"].items():
        if iid and slot not in ARSENAL_SLOTS:
            record["pack"].append(iid)
            record["gear"][slot] = None
            moved.append(iid)
    return moved


def take_offered(index: Any, party: list[Record], record: Record, arsenal: str) -> None:
    """An Offering's swap: the hunter puts down its arsenal (remembered for the end of the
    Investigation) and takes ``arsenal``, Advanced or not, if nobody else holds it."""
    if arsenal not in free_arsenals(index, party, record, advanced=True):
        raise ValueError(f"the arsenal {arsenal!r} is held or unknown")
    offering = record.setdefault("offering", {})
    offering.setdefault("was", record.get("arsenal"))
    offering["arsenal"] = arsenal
    record["arsenal"] = arsenal
    fit_slots(record)


def relock(index: Any, party: list[Record]) -> list[tuple[Record, str | None]]:
    """At the end of an Investigation: a hunter whose arsenal came from an Offering gets its
    own back (if nobody else took it meanwhile), and every Advanced Arsenal still held is put
    down, locked again. Returns the records whose arsenal changed, with their new arsenal."""
    changed: list[tuple[Record, str | None]] = []
    for r in party:
        offering = r.get("offering") or {}
        if "was" not in offering:
            continue
        was = offering["was"]
        back = was if was is None or was not in held(party, r) else None
        if r.get("arsenal") != back:
            r["arsenal"] = back
            changed.append((r, back))
    for r in party:
        if is_advanced(index, r.get("arsenal")):
            r["arsenal"] = None
            changed.append((r, None))
    for r, _ in changed:
        fit_slots(r)
    return changed


__all__ = ["arsenal_items", "can_rank_up", "fit_slots", "free_arsenals", "held",
           "is_advanced", "rank_of", "relock", "take_offered", "top_rank"]
