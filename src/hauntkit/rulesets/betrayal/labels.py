"""What clients read about betrayal beyond a view: the public catalogue of its components and
human labels of a seat's own legal actions.

Never put anything side-specific in the catalogue: haunt books stay out (RULING B14). A label
is only ever made for the seat's own legal action, so it may use that seat's own side.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.rulesets.betrayal import words
from hauntkit.rulesets.betrayal.answer_labels import ANSWERS as _ANSWER
from hauntkit.rulesets.betrayal.index import Index
from hauntkit.rulesets.betrayal.view import _haunt

State = dict[str, Any]


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


def _target(ix: Index, s: State, target: Any) -> str:
    return words.actor(ix, s, target)


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
        mon = s["monsters"].get(a.get("monster")) if isinstance(a.get("monster"), str) else None
        if mon is not None and mon["kind"] in ix.monsters:
            return next((x.label for x in ix.monsters[mon["kind"]].powers if x.id == a.get("id")),
                        None)
    return None


def describe_action(ix: Index, s: State, seat: int, a: dict[str, Any]) -> str:
    """A human label of one of ``seat``'s legal actions: what it does, with display names."""
    try:
        known = _content_label(ix, s, seat, a)
    except (AttributeError, KeyError, TypeError, IndexError):
        known = None
    t = a.get("type")
    if t in ("room_action", "haunt_action"):
        return known or ("Use this room" if t == "room_action" else "Use the haunt's action")
    if t in _TURN:
        return _TURN[t](ix, s, seat, a, known)
    ch = s["choice"]
    if t in _ANSWER and ch is not None:
        return _ANSWER[t](ix, s, seat, a, ch)
    return words.cap(str(t).replace("_", " ")) if isinstance(t, str) else "Act"


Label = Callable[[Index, State, int, dict[str, Any], Any], str]


def _use(ix: Index, s: State, seat: int, a: dict[str, Any], known: Any) -> str:
    name = words.card(ix, a.get("card"))
    return f"{words.bare(name)}: {known}" if known else f"Use {name}"


def _power(ix: Index, s: State, seat: int, a: dict[str, Any], known: Any) -> str:
    mon = words.cap(words.monster(ix, s, a.get("monster")))
    return f"{mon}: {known}" if known else f"{mon}: use its power"


def _attack(ix: Index, s: State, seat: int, a: dict[str, Any], known: Any) -> str:
    weapon = f" with {words.card(ix, a['weapon'])}" if a.get("weapon") else ""
    return f"Attack {_target(ix, s, a.get('target'))}{weapon}"


def _drop_or_pick(ix: Index, s: State, seat: int, a: dict[str, Any], known: Any) -> str:
    drop = a.get("type") == "drop"
    if a.get("card") is None:  # ends a drop or pick up of several cards (RULING HB-2)
        return "Keep the rest" if drop else "Leave the rest"
    verb = "Drop" if drop else "Pick up"
    return f"{verb} everything" if a["card"] == "all" else f"{verb} {words.card(ix, a['card'])}"


def _mmove(ix: Index, s: State, seat: int, a: dict[str, Any], known: Any) -> str:
    return f"Move {words.monster(ix, s, a.get('monster'))} to {words.room(ix, a.get('to'))}"


def _mexplore(ix: Index, s: State, seat: int, a: dict[str, Any], known: Any) -> str:
    return (f"Move {words.monster(ix, s, a.get('monster'))} through the "
            f"{words.side(a.get('dir'))} door into a new tile")


def _mattack(ix: Index, s: State, seat: int, a: dict[str, Any], known: Any) -> str:
    return (f"Attack {_target(ix, s, a.get('target'))} with "
            f"{words.monster(ix, s, a.get('monster'))}")


def _mpick(ix: Index, s: State, seat: int, a: dict[str, Any], known: Any) -> str:
    return (f"Pick up {words.card(ix, a.get('card'))} with "
            f"{words.monster(ix, s, a.get('monster'))}")


_TURN: dict[str, Label] = {
    "end_turn": lambda ix, s, seat, a, k: "End turn",
    "move": lambda ix, s, seat, a, k: f"Move to {words.room(ix, a.get('to'))}",
    "explore": lambda ix, s, seat, a, k:
        f"Explore through the {words.side(a.get('dir'))} door",
    "use": _use,
    "power": _power,
    "attack": _attack,
    "give": lambda ix, s, seat, a, k:
        f"Give {words.card(ix, a.get('card'))} to {_target(ix, s, a.get('to'))}",
    "drop": _drop_or_pick,
    "pick_up": _drop_or_pick,
    "place_stairs": lambda ix, s, seat, a, k: "Place the Stairs from Basement",
    "mmove": _mmove,
    "mexplore": _mexplore,
    "mattack": _mattack,
    "mpick": _mpick,
}
