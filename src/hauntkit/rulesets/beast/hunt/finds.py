"""Items an event lets the hunters find (rules: "Gear Shop" / Dybbuk Boxes: "cannot be
purchased. Only found."; RULING HR-105).

An event's effects may name an item (``find``); it waits in ``state["hunt"]["found"]`` until the
lead seat (HR-77) picks who keeps it: ``{"type": "find", "item": id, "hunter": id}``. The item
goes to that hunter's pack as a reward (it cannot be sold) and stays until it is used up.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.rulesets.beast import action_labels
from hauntkit.rulesets.beast.hunt.party import active, away

State = dict[str, Any]
Action = dict[str, Any]


def found(rs: Any, state: State, item: str, source: str) -> None:
    """An event turns up ``item``: the party will pick who keeps it (when no hunter is at the
    location to take it, an Abducted one being away, it stays where it was)."""
    name = rs.c.gear.items[item].name
    if not any(not away(r) for r in active(state)):
        emit(state, "found", f"{source}: a {name} is there, but no hunter is here to take it.",
             item=item)
        return
    state["hunt"].setdefault("found", []).append(item)
    emit(state, "found", f"{source}: the hunters find a {name}.", item=item)


def waiting(state: State) -> bool:
    """Whether a found item waits for the party to pick its keeper."""
    return bool(state["hunt"].get("found"))


def options(rs: Any, state: State) -> list[Action]:
    """Who may keep the first found item: every hunter at this location."""
    items = state["hunt"].get("found") or []
    if not items:
        return []
    return [{"type": "find", "item": items[0], "hunter": r["hunter"]}
            for r in active(state) if not away(r)]


def keep(rs: Any, state: State, action: Action) -> None:
    """The picked hunter puts the found item in its pack, as a reward ("Items acquired as
    rewards cannot be sold")."""
    if action not in options(rs, state):
        raise IllegalActionError("no such found item or hunter")
    state["hunt"]["found"].pop(0)
    if not state["hunt"]["found"]:
        del state["hunt"]["found"]
    r = next(r for r in active(state) if r["hunter"] == action["hunter"])
    r["pack"].append(action["item"])
    r.setdefault("rewards", []).append(action["item"])
    emit(state, "found", f"{rs.c.hunters[r['hunter']].name} keeps the "
         f"{rs.c.gear.items[action['item']].name}.", hunter=r["hunter"], item=action["item"])


def label(rs: Any, s: State, a: Action, who: str) -> str:
    item = rs.c.gear.items.get(a.get("item"))
    hunter = rs.c.hunters.get(a.get("hunter"))
    return (f"Give the {item.name if item else 'find'} to "
            f"{hunter.name if hunter else a.get('hunter')}")


def register_labels() -> None:
    action_labels._LABELS.setdefault("find", label)


__all__ = ["found", "keep", "label", "options", "register_labels", "waiting"]
