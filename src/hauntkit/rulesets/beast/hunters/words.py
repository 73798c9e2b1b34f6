"""Labels of the skills' between-battle actions for players (action_labels.describe_action;
the battle actions' labels are in action_labels.py): names, never ids."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.beast import action_labels
from hauntkit.rulesets.beast.labels import formation_name


def _hunter(rs: Any, hid: Any) -> str:
    h = rs.c.hunters.get(hid) if isinstance(hid, str) else None
    return h.name if h is not None else str(hid)


def _ambusher(rs: Any, state: Any, action: Any) -> str:
    chase = state.get("hunt", {}).get("bounty") if isinstance(state, dict) else None
    if chase is None:
        return f"ambusher {action.get('target')}"
    kinds = rs.location_enemies(rs.c.locations[chase["location"]])
    return rs.c.enemies[kinds[action["target"]]].name


def _pet(rs: Any, state: Any, action: Any) -> str:
    """Serenity's pet by its kind ("her Ghoul"), numbered only when she has two alike."""
    rec = next((r for r in (state.get("party") or ()) if r["hunter"] == action.get("hunter")),
               None) if isinstance(state, dict) else None
    pets = ((rec or {}).get("skills") or {}).get("pets", [])
    i = action.get("pet")
    if not isinstance(i, int) or not 0 <= i < len(pets):
        return "her pet"
    kind = pets[i].get("kind")
    name = rs.c.enemies[kind].name if kind in rs.c.enemies else "pet"
    alike = [j for j, p in enumerate(pets) if p.get("kind") == kind]
    return f"her {name}" + (f" {alike.index(i) + 1}" if len(alike) > 1 else "")


LABELS = {
    "run_away": lambda rs, s, a, who: f"{who}: run away (gone for this Investigation)",
    "forage": lambda rs, s, a, who: f"{_hunter(rs, a.get('hunter'))}: forage here",
    "bounty_clue": lambda rs, s, a, who: "Spend a clue on the bounty",
    "bounty_track": lambda rs, s, a, who: (
        f"{_hunter(rs, a.get('hunter'))}: track the bounty (Survival 6+)"),
    "bounty_target": lambda rs, s, a, who: f"The bounty's target: {_ambusher(rs, s, a)}",
    "give_herb": lambda rs, s, a, who: (
        f"{_hunter(rs, a.get('hunter'))}: give {rs.c.herbs[a['herb']].name} to "
        f"{_hunter(rs, a.get('to'))}" if a.get("herb") in rs.c.herbs else "Give a herb"),
    "blood_arts": lambda rs, s, a, who: (
        "Blood Arts: " + (", ".join(rs.c.enemies[e].special1.name for e in a.get("arts", [])
                                    if e in rs.c.enemies) or "keep no art")),
    "lay_arcana": lambda rs, s, a, who: (
        f"{_hunter(rs, a.get('hunter'))}: lay the {formation_name(a.get('formation'))} Arcana"),
    "pet_arsenal": lambda rs, s, a, who: (
        f"{_hunter(rs, a.get('hunter'))}: {_pet(rs, s, a)} "
        + (f"takes the {rs.c.gear.arsenals[a['arsenal']].name}"
           if a.get("arsenal") in rs.c.gear.arsenals else "puts its arsenal down")),
    "choose_pet": lambda rs, s, a, who: (
        f"{_hunter(rs, a.get('hunter'))}: " + ("bring no pet" if a.get("pet") is None
                                               else f"bring {_pet(rs, s, a)}")),
}


def register() -> None:
    for kind, fn in LABELS.items():
        action_labels._LABELS.setdefault(kind, fn)
