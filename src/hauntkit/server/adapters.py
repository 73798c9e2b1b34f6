"""What the web client needs beyond a view, per ruleset: the public catalogue of content (card,
character, monster and room names and texts: printed on the components, never secret) and
readable labels of a seat's own legal actions. Rulesets without an adapter get neither; the
client then falls back to ids and generic labels.

Never put anything side-specific in a catalogue: haunt books stay out (RULING B14).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.core.ruleset import Ruleset

Catalog = Callable[[Ruleset], dict[str, Any]]
Labeler = Callable[[Ruleset, dict[str, Any], list[dict[str, Any]]], list[str | None]]


def _betrayal_catalog(rs: Ruleset) -> dict[str, Any]:
    ix = rs.ix  # type: ignore[attr-defined]
    cards = {cid: {"name": c.name, "kind": c.kind, "text": c.text,
                   "weapon": c.weapon.model_dump() if c.weapon else None}
             for cid, c in ix.cards.items()}
    for oid, o in ix.objects.items():
        cards.setdefault(oid, {"name": o.name, "kind": "object", "text": o.text, "weapon": None})
    return {
        "cards": cards,
        "characters": {k: {"name": c.name, "text": c.text} for k, c in ix.characters.items()},
        "monsters": {k: {"name": m.name, "text": m.text} for k, m in ix.monsters.items()},
        "rooms": {k: {"name": r.name, "text": r.text, "doors": list(r.doors),
                      "false_doors": list(r.false_doors), "floors": list(r.floors),
                      "symbol": r.symbol} for k, r in ix.rooms.items()},
    }


def _betrayal_labels(rs: Ruleset, view: dict[str, Any],
                     legal: list[dict[str, Any]]) -> list[str | None]:
    """Labels of the seat's own legal actions that need content to read well (room, card and
    the seat's own haunt-book actions). The book actions' labels come only from the side this
    seat is on, which the view already tells it."""
    ix = rs.ix  # type: ignore[attr-defined]
    haunt = view.get("haunt") or {}
    me = view.get("seat")
    room = None
    if me is not None and 0 <= me < len(view.get("explorers", [])):
        room = view["explorers"][me]["room"]
    out: list[str | None] = []
    for a in legal:
        t = a.get("type")
        label = None
        try:
            if t == "room_action" and room in ix.rooms:
                label = next((x.label for x in ix.rooms[room].actions if x.id == a["id"]), None)
            elif t == "use" and a.get("card") in ix.cards:
                label = next((x.label for x in ix.cards[a["card"]].actions if x.id == a["id"]),
                             None)
            elif t == "haunt_action" and haunt.get("id") in ix.haunts:
                h = ix.haunts[haunt["id"]]
                book = {"heroes": h.heroes, "traitor": h.traitor_book}.get(haunt.get("my_side"))
                if book is not None:
                    label = next((x.label for x in book.actions if x.id == a["id"]), None)
            elif t == "power" and a.get("monster"):
                mon = next((m for m in view.get("monsters", []) if m["id"] == a["monster"]), None)
                if mon and mon["kind"] in ix.monsters:
                    label = next((x.label for x in ix.monsters[mon["kind"]].powers
                                  if x.id == a["id"]), None)
        except (AttributeError, KeyError, TypeError):
            label = None
        out.append(label)
    return out


CATALOGS: dict[str, Catalog] = {"betrayal": _betrayal_catalog}
LABELERS: dict[str, Labeler] = {"betrayal": _betrayal_labels}


def catalog(rs: Ruleset) -> dict[str, Any]:
    fn = CATALOGS.get(rs.id)
    return fn(rs) if fn else {}


def action_labels(rs: Ruleset, view: dict[str, Any],
                  legal: list[dict[str, Any]]) -> list[str | None] | None:
    fn = LABELERS.get(rs.id)
    if fn is None or not legal:
        return None
    return fn(rs, view, legal)
