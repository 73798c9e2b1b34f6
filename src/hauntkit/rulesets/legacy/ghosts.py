"""Ghosts coming to haunt the house (rulebook "Ghosts": "Most tiles have circles on them
showing where ghosts will come to haunt the house. Some tiles start with ghosts on them").
Tiles printed with ghosts bring them when placed (``LegacyRules.tile_placed``); any other ghost
comes through the ``ghost_arrives`` effect, only ever to a free circle (RULING HL-27). What
makes a ghost come is the content's to say (a card, a chapter, a haunt)."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import frames, state_access
from hauntkit.rulesets.legacy.index import GHOST

State = dict[str, Any]
CHOICE = "ghost"


def free_circles(ix: Any, s: State, room: str) -> int:
    """The circles of placed tile ``room`` with no ghost on them."""
    return max(0, ix.rooms[room].ghosts - s["tokens"].get(room, {}).get(GHOST, 0))


def arrive(ix: Any, s: State, room: str) -> None:
    """A ghost comes to ``room`` if one of its circles is free."""
    name = ix.rooms[room].name
    if not free_circles(ix, s, room):
        state_access.log(s, "ghost", f"No circle is free in {name}: no ghost comes.",
                         room=room)
        return
    toks = s["tokens"].setdefault(room, {})
    toks[GHOST] = toks.get(GHOST, 0) + 1
    state_access.log(s, "ghost", f"A ghost comes to haunt {name}.", room=room)


def ghost_arrives(ix: Any, s: State, fr: dict[str, Any], eff: Any) -> None:
    """The ``ghost_arrives`` effect."""
    n = state_access.count(s, eff.count)
    if eff.where == "choice":
        for _ in range(n):
            frames.push_op(s, {"op": "ask_ghost", "who": fr["who"]})
        return
    who = fr["who"]
    if eff.where == "room":
        room = eff.room if eff.room in s["tiles"] else None
    else:
        room = state_access.room_of(s, who) if who is not None else None
    if room is None:
        return
    for _ in range(n):
        arrive(ix, s, room)


def ask_ghost(ix: Any, s: State, fr: dict[str, Any]) -> None:
    """The player picks a placed tile with a free circle (nothing happens if none is free)."""
    rooms = [r for r in sorted(s["tiles"]) if free_circles(ix, s, r)]
    if not rooms:
        state_access.log(s, "ghost", "No circle in the house is free: no ghost comes.")
        return
    frames.ask(s, frames.seat_of(s, fr["who"]), CHOICE,
               [{"type": CHOICE, "room": r} for r in rooms],
               "Choose the tile a ghost comes to haunt.")


def ghost_chosen(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    arrive(ix, s, action["room"])
