"""Putting pieces on tiles: explorers and monsters moved by effects (no move cost), monsters and
tokens placed, and where a tile, a monster or a token may go."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import cards, house, state_access
from hauntkit.rulesets.betrayal.index import OPP, STEP, Index

State = dict[str, Any]


def candidate_rooms(ix: Index, s: State, who: Any, to: str, floor: str | None,
                    token: str | None) -> list[str]:

    here = state_access.room_of(s, who)
    if to == "choice_adjacent":
        return sorted({r for r, _ in house.exits(ix, s, here, isinstance(who, str))})
    if to == "choice_any":
        return sorted(r for r in s["tiles"] if r != here)
    if to in ("choice_floor", "random_floor"):
        f = floor or s["tiles"][here][0]
        return [r for r in house.placed_on(s, f) if r != here]
    if to == "choice_token":
        return sorted(r for r, tk in s["tokens"].items() if tk.get(token or "") and r != here)
    return []


def relocate(ix: Index, s: State, who: Any, room: str) -> None:
    """Put ``who`` on ``room`` (no move cost, no "on enter" trigger); companions lying there
    pass to an explorer who arrives (rulebook digest, death)."""

    if isinstance(who, int):
        s["explorers"][who]["room"] = room
        pile = s["piles"].get(room)
        if pile:
            for cid in [c for c in pile if cards.is_companion(ix, c)]:
                cards.from_pile(s, room, cid)
                cards.gain(ix, s, who, cid)
    else:
        s["monsters"][who]["room"] = room


def place_rooms(ix: Index, s: State, who: Any, where: str, room: str | None,
                symbol: str | None) -> list[str]:

    if where == "here":
        return [state_access.room_of(s, who)] if who is not None else ["entrance_hall"]
    if where == "room":
        return [room] if room is not None and room in s["tiles"] else []
    if where == "each_symbol":
        return sorted(r for r in s["tiles"] if symbol in ix.symbols[r])
    if where == "far":
        here = state_access.room_of(s, who) if who is not None else "entrance_hall"
        return [far_room(ix, s, here)]
    if where in ("choice",):
        return sorted(s["tiles"])
    return house.placed_on(s, "ground")


def far_room(ix: Index, s: State, here: str) -> str:
    """A placed tile on another floor than ``here`` if any (the last one by id), else here."""
    f = s["tiles"][here][0]
    others = sorted(r for r, t in s["tiles"].items() if t[0] != f)
    return others[-1] if others else here


def put(ix: Index, s: State, room: str, monster: str | None, token: str | None) -> None:
    if monster:
        s["monster_serial"] += 1
        mid = f"m{s['monster_serial']}"
        s["monsters"][mid] = {"kind": monster, "room": room, "stunned": False, "cards": [],
                              "wounds": 0}
        state_access.log(s, "monster",
                         f"{ix.monsters[monster].name} appears in {ix.rooms[room].name}.",
                         monster=mid)
    if token:
        toks = s["tokens"].setdefault(room, {})
        toks[token] = toks.get(token, 0) + 1


def discover_options(ix: Index, s: State, room: str) -> list[dict[str, Any]]:
    """Every (open doorway, rotation) where ``room`` may be placed."""
    opts = []
    for f in ix.rooms[room].floors:
        for at, side in house.open_doorways(ix, s, f):
            _, x, y, _ = s["tiles"][at]
            dx, dy = STEP[side]
            for r in house.rotations(ix, s, room, f, x + dx, y + dy, OPP[side]):
                opts.append({"type": "place_tile", "room": room, "at": at, "dir": side, "r": r})
    return opts
