"""Evaluating ``Cond`` (the condition model of the effect vocabulary)."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import common as C
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]


def holds(ix: Index, s: State, c: Any, who: Any) -> bool:
    """Whether condition ``c`` holds about ``who`` (a seat, a monster id, or None)."""
    h = s["haunt"]
    if c.haunt_started is not None and (h is not None) != c.haunt_started:
        return False
    if c.side is not None and (who is None or C.side(s, who) != c.side):
        return False
    if c.is_monster is not None and (isinstance(who, str)) != c.is_monster:
        return False
    if who is not None:
        room = C.room_of(s, who)
        if c.in_room is not None and room not in c.in_room:
            return False
        if c.on_floor is not None and s["tiles"][room][0] not in c.on_floor:
            return False
        if c.room_has_symbol is not None and ix.rooms[room].symbol != c.room_has_symbol:
            return False
        cards = s["ex"][who]["cards"] if isinstance(who, int) else s["mon"][who]["cards"]
        if c.carrying is not None and not any(_holds_card(cards, x) for x in c.carrying):
            return False
        if c.not_carrying is not None and any(_holds_card(cards, x) for x in c.not_carrying):
            return False
        if c.token_here is not None and not s["tokens"].get(room, {}).get(c.token_here):
            return False
        if c.monster_here is not None and not any(
            m["room"] == room and (c.monster_here == "any" or m["k"] == c.monster_here)
            for m in s["mon"].values()
        ):
            return False
        if c.trait_at_least is not None and any(
            C.value(ix, s, who, t) < v for t, v in c.trait_at_least.items()
        ):
            return False
        if c.trait_below is not None and any(
            C.value(ix, s, who, t) >= v for t, v in c.trait_below.items()
        ):
            return False
    elif any(x is not None for x in (c.in_room, c.on_floor, c.carrying, c.token_here,
                                      c.monster_here, c.trait_at_least, c.trait_below,
                                      c.room_has_symbol)):
        return False
    if c.flag is not None and not s["flags"].get(c.flag):
        return False
    if c.not_flag is not None and s["flags"].get(c.not_flag):
        return False
    if c.counter_at_least is not None and any(
        s["counters"].get(k, 0) < C.count(s, v) for k, v in c.counter_at_least.items()
    ):
        return False
    if c.all_heroes_dead is not None:
        dead = h is not None and not any(s["ex"][i]["alive"] for i in C.heroes(s))
        if dead != c.all_heroes_dead:
            return False
    if c.traitor_dead is not None:
        dead = h is not None and h["traitor"] is not None and not s["ex"][h["traitor"]]["alive"]
        if dead != c.traitor_dead:
            return False
    if c.living_heroes_at_most is not None and \
            sum(1 for i in C.heroes(s) if s["ex"][i]["alive"]) > C.count(s, c.living_heroes_at_most):
        return False
    if c.monsters_left_at_most is not None and len(s["mon"]) > C.count(s, c.monsters_left_at_most):
        return False
    if c.explorers_in_room is not None:
        e = c.explorers_in_room
        n = sum(1 for i, x in enumerate(s["ex"]) if x["alive"] and x["room"] == e.room
                and (e.side is None or x["side"] == e.side))
        if n < C.count(s, e.count):
            return False
    if c.any_of is not None and not any(holds(ix, s, sub, who) for sub in c.any_of):
        return False
    if c.not_ is not None and holds(ix, s, c.not_, who):
        return False
    return True


def _holds_card(cards: list[str], x: str) -> bool:
    if x in cards:
        return True
    prefix = x + "_"
    return any(c.startswith(prefix) and c[len(prefix):].isdigit() for c in cards)
