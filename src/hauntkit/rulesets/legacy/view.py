"""What a Legacy player sees: betrayal's view plus used cards, action words used this turn,
the haunt's boxes a seat may read, heirlooms, and the backs of the decks and the tile stack (their regions are public: "Players
may look through, but not rearrange, the backs", rulebook "Card Decks and the Tile Stack"), and
in a campaign game its chapter (``chapter``, story.py; None in free play)."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import words
from hauntkit.rulesets.betrayal.view import scale_text
from hauntkit.rulesets.betrayal.view import view as betrayal_view
from hauntkit.rulesets.legacy import heirlooms, story
from hauntkit.rulesets.legacy.actions import is_swarm, swarm_group
from hauntkit.rulesets.legacy.chapters import Chapter
from hauntkit.rulesets.legacy.schema import BOX_COLOURS

State = dict[str, Any]


def view(ix: Any, s: State, seat: int | None, to_act: list[int],
         chapter: Chapter | None = None) -> dict[str, Any]:
    out = betrayal_view(ix, s, seat, to_act)
    out["ruleset"] = "legacy"
    # public: the chapter is read aloud to the whole table (rulebook "Setup" step 7)
    out["chapter"] = story.shown(chapter, s) if chapter is not None else None
    for shown, e in zip(out["explorers"], s["explorers"], strict=True):
        shown["family"] = e["character"]
        if e.get("given_name"):  # public: introduced at the start (rulebook "Setup" 6)
            shown["given_name"], shown["age"] = e["given_name"], e.get("age")
        shown["used"] = sorted(e["used"])
        shown["found"] = bool(e.get("found"))  # RULING HL-17 (public: cards drawn are shown)
    for tile in out["tiles"]:
        room = ix.rooms[tile["room"]]
        tile["symbols"] = list(ix.symbols[tile["room"]])
        tile["ghost_circles"] = room.ghosts
        tile["runestone"] = room.runestone
    t = s["turn"]
    out["turn"]["words"] = list(t.get("words", []))
    lg = s["legacy"]
    out["backs"] = {
        "stack": [list(ix.rooms[r].floors) for r in s["stack"]],
        "decks": {k: [sorted(ix.card_regions[c]) for c in v] for k, v in s["decks"].items()},
    }
    if out["haunt"] is not None:
        _boxes(ix, s, seat, out["haunt"])
    out["boxes_used"] = list(lg.get("boxes_used", ()))  # public: the actions were taken openly
    out["dead_monsters"] = dict(s.get("dead_monsters", {}))  # public: they died in the open
    out["heirlooms"] = dict(lg["heirlooms"])
    out["heirloom_names"] = {c: n for c, n in heirlooms.names(s).items() if c in lg["heirlooms"]}
    out["ongoing"] = dict(lg.get("ongoing", {}))  # card -> tile: the token and the card are public
    out["haunt_threshold"] = lg["threshold"]
    out["mode"] = lg["mode"]
    return out


def _box(box: Any, book: Any, colour: str, players: int) -> dict[str, Any]:
    labels = {a.id: a.label for a in book.actions}
    return {"id": box.id, "kind": box.kind, "colour": colour, "title": box.title,
            "text": scale_text(box.text, players),
            "actions": [scale_text(labels[a], players) for a in box.actions]}


def _boxes(ix: Any, s: State, seat: int | None, shown: dict[str, Any]) -> None:
    """The haunt's boxes a seat may read (rulebook "Learning the Haunt", "Hidden Information",
    "Hidden Traitor", "Hidden Traitor / The Traitor"): its own side's book whole (``book.boxes``); the other side's boxes
    whose action has been taken (``read_boxes``: "the other side can ask you to read the
    entire text"); in a hidden-traitor haunt, where everyone reads the one book, the traitor's
    gray boxes for everyone (``traitor_boxes``; they never say who the traitor is) and the
    heroes' boxes for the traitor."""
    h = s["haunt"]
    haunt = ix.haunts[h["id"]]
    n = s["players"]
    books = {"heroes": haunt.heroes, "traitor": haunt.traitor_book}
    hidden_haunt = haunt.traitor.rule == "hidden"
    mine = shown["my_side"] if seat is not None else None
    if shown["book"] is not None and mine in books:
        colour = "gray" if mine == "traitor" and hidden_haunt else None
        shown["book"]["boxes"] = [_box(b, books[mine], colour or BOX_COLOURS[b.kind], n)
                                  for b in books[mine].boxes]
    if hidden_haunt:
        tb = haunt.traitor_book
        shown["traitor_boxes"] = [_box(b, tb, "gray", n) for b in tb.boxes]
    used = set(s["legacy"].get("boxes_used", ()))
    shown["read_boxes"] = [
        {"side": side, **_box(b, book, BOX_COLOURS[b.kind], n)}
        for side, book in books.items() if side != mine and not (hidden_haunt and side == "traitor")
        for b in book.boxes if f"{side}:{b.id}" in used or hidden_haunt]


def describe(ix: Any, s: State, seat: int, a: dict[str, Any], base: Any) -> str:
    """Labels of Legacy's own actions and answers; betrayal's for the rest."""
    g = a.get
    t = g("type")
    if t == "take" and s["choice"] is None:
        return f"Take {words.card(ix, g('card'))} from {words.actor(ix, s, g('from'))} " \
            "(if they allow it)"
    if t == "join_keep":
        return f"Keep {words.card(ix, g('card'))}"
    ch = s["choice"]
    if t == "permit" and ch is not None and ch.get("kind") == "permit":
        card = words.card(ix, ch.get("card"))
        return f"Let {words.actor(ix, s, ch.get('who'))} take {card}" if g("allow") \
            else f"Keep {card}"
    if t == "permit":
        return "Allow it" if g("allow") else "Refuse"
    if t == "five":
        return "Use a result of 5" if g("five") else "Roll the dice"
    if t == "draw_event":
        return "Draw the event card" if g("draw") else "Draw no event card"
    if t == "ghost" and g("room") in ix.rooms:
        return f"A ghost comes to {ix.rooms[g('room')].name}"
    if t in (heirlooms.NAME, "join_name"):
        return f"Name it \u201c{g('name')}\u201d"
    if t == "ignore_card" and s["choice"] is not None and s["choice"].get("card") in ix.cards:
        name = ix.cards[s["choice"]["card"]].name
        return f"Ignore {name}" if g("ignore") else f"Resolve {name}"
    if t == "pay" and s["choice"] is not None and s["choice"].get("kind") == "pay":
        return str(s["choice"]["offer"]) if g("pay") else "Don't pay"
    mid = g("monster")
    if t == "mmove" and isinstance(mid, str) and s["turn"].get("monster_turns") \
            and mid in s["monsters"] and is_swarm(ix, s, mid):
        more = len(swarm_group(ix, s, mid)) - 1
        if more:
            return f"{base(ix, s, seat, a)}, with {more} more of the swarm"
    if t in ("heirloom", "join_heirloom"):
        return "Make it the family's heirloom" if g("make") else "Keep it as it is"
    return base(ix, s, seat, a)
