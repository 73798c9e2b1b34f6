"""Labels of the skills' between-battle actions for players (labels.describe_action; the
battle actions' labels are in labels.py): names, never ids."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast import labels


def _hunter(rs: Any, hid: Any) -> str:
    h = rs.c.hunters.get(hid) if isinstance(hid, str) else None
    return h.name if h is not None else str(hid)


LABELS = {
    "run_away": lambda rs, s, a, who: f"{who}: run away (gone for this Investigation)",
    "forage": lambda rs, s, a, who: f"{_hunter(rs, a.get('hunter'))}: forage here",
    "bounty_clue": lambda rs, s, a, who: "Spend a clue on the bounty",
    "bounty_track": lambda rs, s, a, who: (
        f"{_hunter(rs, a.get('hunter'))}: track the bounty (Survival 6+)"),
    "give_herb": lambda rs, s, a, who: (
        f"{_hunter(rs, a.get('hunter'))}: give {rs.c.herbs[a['herb']].name} to "
        f"{_hunter(rs, a.get('to'))}" if a.get("herb") in rs.c.herbs else "Give a herb"),
    "blood_arts": lambda rs, s, a, who: (
        "Blood Arts: " + (", ".join(rs.c.enemies[e].special1.name for e in a.get("arts", [])
                                    if e in rs.c.enemies) or "none")),
    "lay_arcana": lambda rs, s, a, who: (
        f"{_hunter(rs, a.get('hunter'))}: lay the {a.get('formation')} Arcana"),
    "choose_pet": lambda rs, s, a, who: (
        f"{_hunter(rs, a.get('hunter'))}: " + ("bring no pet" if a.get("pet") is None
                                               else f"bring pet {a['pet'] + 1}")),
}


def register() -> None:
    for kind, fn in LABELS.items():
        labels._LABELS.setdefault(kind, fn)
