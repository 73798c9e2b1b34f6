"""What a Legacy player sees: betrayal's view plus used cards, action words used this turn,
heirlooms, and the backs of the decks and the tile stack (their regions are public: "Players
may look through, but not rearrange, the backs", rulebook "Card Decks and the Tile Stack")."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import words
from hauntkit.rulesets.betrayal.view import view as betrayal_view

State = dict[str, Any]


def view(ix: Any, s: State, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    out = betrayal_view(ix, s, seat, to_act)
    out["ruleset"] = "legacy"
    for shown, e in zip(out["explorers"], s["explorers"], strict=True):
        shown["family"] = e["character"]
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
    out["heirlooms"] = dict(lg["heirlooms"])
    out["ongoing"] = dict(lg.get("ongoing", {}))  # card -> tile: the token and the card are public
    out["haunt_threshold"] = lg["threshold"]
    out["mode"] = lg["mode"]
    return out


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
    if t == "ignore_card" and s["choice"] is not None and s["choice"].get("card") in ix.cards:
        name = ix.cards[s["choice"]["card"]].name
        return f"Ignore {name}" if g("ignore") else f"Resolve {name}"
    if t == "pay" and s["choice"] is not None and s["choice"].get("kind") == "pay":
        return str(s["choice"]["offer"]) if g("pay") else "Don't pay"
    if t in ("heirloom", "join_heirloom"):
        return "Make it the family's heirloom" if g("make") else "Keep it as it is"
    return base(ix, s, seat, a)
