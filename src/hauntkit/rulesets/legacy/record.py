"""The Legacy campaign record: the persistent data of a campaign, as plain JSON, and the pure
functions that change it (a chapter's changes, a finished game's outcome, heirlooms).

The record (``data`` of the campaign document, docs/legacy-campaign.md)::

    {"format": 1, "next": 0,                       # number of the next chapter (14+: free play)
     "families": {"red": {"members": [{"chapter": 0, "year": 1666, "name": "Ada", "age": 31,
                                        "fate": "...", "died": false, "traitor": false}]}},
     "chapters": [{"number": 0, "id": "prologue", "mode": "campaign", "haunt": "...",
                   "winner": "heroes", "traitor": "blue", "ending": "heroes",
                   "seats": [{"family": "red", "name": "Ada", "age": 31, ...}],
                   "joined": ["green"], "changes": ["added the card ...", ...]}],
     "cards": [...], "tiles": [...],                 # added from Purgatory / the tile planks
     "intensified": {"card": 2}, "tomb": [...], "destroyed": [...],
     "heirlooms": {"item": {"family": "red", "name": "Ada's Lantern", "chapter": 3}},
     "crests": {"card_or_tile": ["red", "blue"]}, "stickers": [...], "names": {"omen": "..."},
     "passages": ["tile"]}                          # Secret Passage stickers

Every function here returns a new record (the input is not changed) and is a pure function of
its arguments, so the campaign is deterministic (docs/campaigns.md).
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from typing import Any

from hauntkit.core.errors import HauntkitError
from hauntkit.rulesets.legacy.chapters import Changes

Record = dict[str, Any]
RECORD_FORMAT = 1
MAX_HEIRLOOMS = 9  # rulebook "Sticker Sheet" / "Heirlooming Item Cards": nine per family


class RecordError(HauntkitError):
    """A campaign record is not what this version of the campaign expects."""

    code = "campaign_record"


def new_record(families: list[str]) -> Record:
    """The record of a campaign about to play its prologue, with every family of the box."""
    if len(set(families)) != len(families) or not families:
        raise RecordError(f"the families must be distinct and at least one: {families}")
    return {
        "format": RECORD_FORMAT, "next": 0,
        "families": {f: {"members": []} for f in families},
        "chapters": [], "cards": [], "tiles": [], "intensified": {}, "tomb": [],
        "destroyed": [], "heirlooms": {}, "crests": {}, "stickers": [], "names": {}, "passages": [],
    }


@dataclass
class Box:
    """What the content pack says about cards, for the rules of adding and intensifying:
    ``starter`` cards/tiles are in the decks from the start (not in Purgatory); ``boxes``
    gives a card's number of intensify checkboxes (a card not listed: no limit); ``names``
    the printed names of cards, tiles and families."""

    starter: set[str] = field(default_factory=set)
    boxes: dict[str, int] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # printed names, for the history


def in_play(record: Record, cid: str, box: Box) -> bool:
    """Whether a card or tile is in its deck or stack now (not Purgatory, Tomb or destroyed)."""
    if cid in record["destroyed"] or cid in record["tomb"]:
        return False
    return cid in box.starter or cid in record["cards"] or cid in record["tiles"]


def _add(record: Record, key: str, cid: str, box: Box, log: list[str]) -> None:
    # RULING HLC-2: a destroyed card never returns; a card in the Tomb stays there until an
    # ending returns it (untomb); a card already in play is not added twice.
    if cid in record["destroyed"]:
        log.append(f"{cid} was destroyed: not added")
    elif cid in record["tomb"]:
        log.append(f"{cid} is in the Tomb: not added")
    elif in_play(record, cid, box):
        log.append(f"{cid} is already in play: not added again")
    else:
        record[key].append(cid)
        log.append(f"added {cid}" + (" to the tile stack" if key == "tiles" else ""))


def _intensify(record: Record, cid: str, box: Box, log: list[str]) -> None:
    # Rulebook "Adding or Intensifying Event Cards": intensify = check one box on a card that
    # is in its deck. RULING HLC-3: a card not in play, or whose boxes are all checked, is
    # left as it is.
    if not in_play(record, cid, box):
        log.append(f"{cid} is not in play: not intensified")
        return
    have = record["intensified"].get(cid, 0)
    limit = box.boxes.get(cid)
    if limit is not None and have >= limit:
        log.append(f"{cid} has all its {limit} boxes checked already")
        return
    record["intensified"][cid] = have + 1
    log.append(f"intensified {cid} ({have + 1} box{'es' if have else ''} checked)")


def apply_changes(record: Record, changes: Changes, box: Box,
                  crest_families: dict[str, list[str]] | None = None) -> tuple[Record, list[str]]:
    """``record`` after ``changes`` (a chapter's set-up or ending), and what was done, in
    words. ``crest_families`` maps a crest selector (traitor, winners, revealer, everyone) to
    the families it means in this game."""
    rec = copy.deepcopy(record)
    log: list[str] = []
    for cid in changes.untomb:
        if cid in rec["tomb"]:
            rec["tomb"].remove(cid)
            log.append(f"{cid} came back from the Tomb")
    for cid in changes.add:
        _add(rec, "cards", cid, box, log)
    for cid in changes.tiles:
        _add(rec, "tiles", cid, box, log)
    for cid in changes.add_or_intensify:
        if in_play(rec, cid, box):
            _intensify(rec, cid, box, log)
        else:
            _add(rec, "cards", cid, box, log)
    for cid in changes.intensify:
        _intensify(rec, cid, box, log)
    for sticker in changes.stickers:
        if sticker not in rec["stickers"]:
            rec["stickers"].append(sticker)
            log.append(f"rules sticker {sticker} is now in force")
    for crest in changes.crests:
        fams = (crest_families or {}).get(crest.family, [])
        for fam in fams:
            rec["crests"].setdefault(crest.card, []).append(fam)
            log.append(f"{fam}'s crest placed on {crest.card}")
    for cid, name in changes.names.items():
        rec["names"][cid] = name
        log.append(f"{cid} is named {name!r}")
    for tile in changes.secret_passages:
        if tile not in rec.setdefault("passages", []):
            rec["passages"].append(tile)
            log.append(f"a secret passage now opens in {tile}")
    for cid in changes.tomb:
        send_to(rec, "tomb", cid, log)
    for cid in changes.destroy:
        send_to(rec, "destroyed", cid, log)
    return rec, log


def send_to(rec: Record, where: str, cid: str, log: list[str]) -> None:
    """Put a card or tile in the Tomb (``tomb``) or destroy it (``destroyed``), in place.
    Rulebook "Back in Box and the Tomb": the Tomb keeps it out of play until it is returned;
    a destroyed one is never used again (it leaves the Tomb, and its heirloom, too)."""
    if cid in rec["destroyed"]:
        return
    if where == "destroyed":
        if cid in rec["tomb"]:
            rec["tomb"].remove(cid)
        rec["destroyed"].append(cid)
        if rec["heirlooms"].pop(cid, None) is not None:
            log.append(f"{cid} was an heirloom; its sticker is lost with it")
        log.append(f"destroyed {cid}")
    elif cid not in rec["tomb"]:
        rec["tomb"].append(cid)
        log.append(f"put {cid} in the Tomb")


def heirloom_count(record: Record, family: str) -> int:
    """How many heirloom stickers ``family`` has used."""
    return sum(h["family"] == family for h in record["heirlooms"].values())


def can_heirloom(record: Record, family: str, card: str) -> bool:
    """Whether ``family`` may still make ``card`` its heirloom (rulebook "Heirlooming Item
    Cards": at most nine per family; a card carries one heirloom sticker)."""
    return card not in record["heirlooms"] and heirloom_count(record, family) < MAX_HEIRLOOMS


def add_heirloom(record: Record, family: str, card: str, name: str, chapter: int,
                 log: list[str]) -> Record:
    """``record`` with ``card`` heirloomed by ``family`` (in place); refused ones are logged."""
    if card in record["destroyed"]:
        log.append(f"{card} was destroyed: it can't be an heirloom")
    elif card in record["heirlooms"]:
        log.append(f"{card} is already {record['heirlooms'][card]['family']}'s heirloom")
    elif heirloom_count(record, family) >= MAX_HEIRLOOMS:
        log.append(f"{family} has used all {MAX_HEIRLOOMS} heirloom stickers; {card} not kept")
    else:
        record["heirlooms"][card] = {"family": family, "name": name, "chapter": chapter}
        log.append(f"{family} made {card} its heirloom ({name})")
    return record


# ------------------------------------------------------------------------- characters
_FIRST = ("Ada", "Amos", "Bess", "Caleb", "Delia", "Ezra", "Flora", "Gideon", "Hester", "Isaac",
          "Jemima", "Josiah", "Keziah", "Levi", "Mercy", "Nathan", "Orla", "Prudence", "Rufus",
          "Silas", "Tabitha", "Uriah", "Verity", "Walter", "Zillah")


def generated_member(family: str, chapter: int) -> dict[str, Any]:
    """A name and age for a family's new member in a chapter, fixed by its arguments."""
    digest = hashlib.sha256(f"hauntkit-legacy:{family}:{chapter}".encode()).digest()
    return {"name": _FIRST[digest[0] % len(_FIRST)], "age": 16 + digest[1] % 45}


def missed_too_many(record: Record, family: str) -> bool:
    """Rulebook "Joining the Campaign": a family that missed MORE than half of the played
    chapters (RULING HLC-4: every game the record holds counts, free play too)."""
    played = len(record["chapters"])
    missed = sum(all(s["family"] != family for s in ch["seats"]) for ch in record["chapters"])
    return missed * 2 > played


def mentioned(record: Record) -> set[str]:
    """Every card, tile, family and haunt id the record names (for its labels)."""
    ids = set(record["cards"]) | set(record["tiles"]) | set(record["tomb"]) | \
        set(record["destroyed"]) | set(record["intensified"]) | set(record["heirlooms"]) | \
        set(record["crests"]) | set(record.get("passages", [])) | set(record["families"])
    for fams in record["crests"].values():
        ids |= set(fams)
    return ids | {ch["haunt"] for ch in record["chapters"] if ch.get("haunt")}


__all__ = ["MAX_HEIRLOOMS", "RECORD_FORMAT", "Box", "Record", "RecordError", "add_heirloom",
           "apply_changes", "can_heirloom", "generated_member", "heirloom_count", "in_play",
           "mentioned", "missed_too_many", "new_record", "send_to"]
