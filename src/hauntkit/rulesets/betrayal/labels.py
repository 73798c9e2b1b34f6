"""What clients read about betrayal beyond a view: the public catalogue of its components and
human labels of a seat's own legal actions.

Never put anything side-specific in the catalogue: haunt books stay out (RULING B14). A label
is only ever made for the seat's own legal action, so it may use that seat's own side.
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal.index import Index
from hauntkit.rulesets.betrayal.view import _haunt

State = dict[str, Any]
SIDE_NAME = {"n": "north", "e": "east", "s": "south", "w": "west"}


def catalogue(ix: Index) -> dict[str, Any]:
    """Names and printed texts of cards, objects, characters, monsters and rooms."""
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


def _pretty(value: Any) -> str:
    return str(value).replace("_", " ")


def _card(ix: Index, cid: Any) -> str:
    card = ix.cards.get(cid) if isinstance(cid, str) else None
    if card is None and isinstance(cid, str):
        card = ix.objects.get(cid)
    return card.name if card is not None else _pretty(cid)


def _room(ix: Index, rid: Any) -> str:
    room = ix.rooms.get(rid) if isinstance(rid, str) else None
    return room.name if room is not None else _pretty(rid)


def _target(ix: Index, s: State, target: Any) -> str:
    if isinstance(target, int) and not isinstance(target, bool) \
            and 0 <= target < len(s["explorers"]):
        return ix.characters[s["explorers"][target]["character"]].name
    mon = s["monsters"].get(target) if isinstance(target, str) else None
    if mon is not None and mon["kind"] in ix.monsters:
        return f"{ix.monsters[mon['kind']].name} ({target})"
    return _pretty(target)


def _content_label(ix: Index, s: State, seat: int, a: dict[str, Any]) -> str | None:
    """The author's label of a room, card, haunt-book or monster-power action."""
    t = a.get("type")
    if t == "room_action":
        room = s["explorers"][seat]["room"] if 0 <= seat < len(s["explorers"]) else None
        if room in ix.rooms:
            return next((x.label for x in ix.rooms[room].actions if x.id == a.get("id")), None)
    elif t == "use" and a.get("card") in ix.cards:
        return next((x.label for x in ix.cards[a["card"]].actions if x.id == a.get("id")), None)
    elif t == "haunt_action" and s["haunt"] is not None:
        haunt = ix.haunts.get(s["haunt"]["id"])
        side = (_haunt(ix, s, seat) or {}).get("my_side")
        book = {"heroes": haunt.heroes, "traitor": haunt.traitor_book}.get(side) if haunt else None
        if book is not None:
            return next((x.label for x in book.actions if x.id == a.get("id")), None)
    elif t == "power":
        mon = s["monsters"].get(a.get("monster"))
        if mon is not None and mon["kind"] in ix.monsters:
            return next((x.label for x in ix.monsters[mon["kind"]].powers if x.id == a.get("id")),
                        None)
    return None


def describe_action(ix: Index, s: State, seat: int, a: dict[str, Any]) -> str:
    """A human label of one of ``seat``'s legal actions."""
    try:
        known = _content_label(ix, s, seat, a)
    except (AttributeError, KeyError, TypeError, IndexError):
        known = None
    t = a.get("type")
    g = a.get
    if t == "end_turn":
        return "End turn"
    if t == "move":
        return f"Move to {_room(ix, g('to'))}"
    if t == "explore":
        return f"Explore through the {SIDE_NAME.get(g('dir'), g('dir'))} door"
    if t in ("room_action", "haunt_action"):
        return known or f"{'Room' if t == 'room_action' else 'Haunt'}: {_pretty(g('id'))}"
    if t == "use":
        return f"{_card(ix, g('card'))}: {known or _pretty(g('id'))}"
    if t == "power":
        return f"{_target(ix, s, g('monster'))}: {known or _pretty(g('id'))}"
    if t == "attack":
        weapon = f" with {_card(ix, g('weapon'))}" if g("weapon") else ""
        return f"Attack {_target(ix, s, g('target'))}{weapon}"
    if t == "accept":
        ch = s["choice"]
        if ch is not None and ch.get("kind") == "accept":
            card, giver = _card(ix, ch["card"]), _target(ix, s, ch["giver"])
            return f"Take {card}" if g("accept") else f"Refuse {card} ({giver} keeps it)"
        return "Take it" if g("accept") else "Refuse it"
    if t == "give":
        return f"Give {_card(ix, g('card'))} to {_target(ix, s, g('to'))}"
    if t in ("drop", "pick_up"):
        verb = "Drop" if t == "drop" else "Pick up"
        if g("card") is None:  # ends a drop or pick up of several cards (RULING HB-2)
            return "Keep the rest" if t == "drop" else "Leave the rest"
        return f"{verb} everything" if g("card") == "all" else f"{verb} {_card(ix, g('card'))}"
    if t == "mmove":
        return f"{_target(ix, s, g('monster'))}: move to {_room(ix, g('to'))}"
    if t == "mattack":
        return f"{_target(ix, s, g('monster'))}: attack {_target(ix, s, g('target'))}"
    if t == "option":
        return str(g("label") or f"Option {int(g('i') or 0) + 1}")
    if t == "outcome" and isinstance(g("i"), int):
        return f"Outcome {g('i') + 1}"
    if t == "damage":
        return f"Take it on {g('trait')}"
    if t == "trait":
        return _pretty(g("trait")).capitalize()
    if t == "target":
        return f"Attack {_target(ix, s, g('target'))}"
    rest = [f"{k}: {_card(ix, v) if isinstance(v, str) else v}" for k, v in a.items()
            if k != "type"]
    return f"{_pretty(t).capitalize()}" + (f" ({', '.join(rest)})" if rest else "")
