"""The legal actions of a free turn (no pending choice): an explorer's and the monsters'.

Explorer turn: ``move``, ``explore``, ``room_action``, ``use``, ``haunt_action``, ``attack``,
``give``, ``drop``, ``pick_up``, ``place_stairs``, ``end_turn``. Monsters' turn (the controlling
seat): ``mmove``, ``mexplore``, ``mattack``, ``power``, ``mpick``, ``end_turn``.
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import cards, combat, conditions, house, placing, state_access
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]
Action = dict[str, Any]


END = {"type": "end_turn"}


MAX_TURN_ACTIONS = 200


def leave_cost(ix: Index, s: State, seat: int, room: str) -> int:
    """1 per tile left, plus the tile's obstacle, plus 1 per monster that slows heroes there
    (stunned monsters don't slow; RULING B8 and the rulebook digest)."""
    cost = 1 + ix.rooms[room].obstacle
    if s["haunt"] is not None and s["explorers"][seat]["side"] == "heroes":
        cost += sum(1 for m in s["monsters"].values() if m["room"] == room and not m["stunned"]
                    and ix.monsters[m["kind"]].slows)
    return cost


def offer_ok(ix: Index, s: State, t: dict[str, Any], entry: tuple[Any, str, Any, Any],
             who: Any) -> bool:
    """Whether an entry of ``ix.room_acts``/``card_acts``/``book_acts`` may be used now: not
    used already this turn (once per turn), its category and rolls not taken, ``when`` holds."""
    act, key, keys, cats = entry
    if act.once_per_turn and key in t["actions_used"]:
        return False
    if act.category and act.category in t["categories_rolled"]:
        return False
    if keys:
        rolls = t["rolls"]
        for k in keys:
            if k in rolls:
                return False
    if cats:
        tcats = t["categories_rolled"]
        for c in cats:
            if c in tcats:
                return False
    if act.when is not None and not conditions.holds(ix, s, act.when, who):
        return False
    attack = ix.attacks.get(key)
    # an attack that cannot hit anyone in range is not offered (it would waste the card)
    return attack is None or bool(combat.targets(ix, s, who, attack[0], attack[1]))


def haunt_book(ix: Index, s: State, seat: int) -> tuple[str, Any] | None:
    h = s["haunt"]
    side = s["explorers"][seat]["side"]
    if h is None or side is None:
        return None
    haunt = ix.haunts[h["id"]]
    return ("heroes", haunt.heroes) if side == "heroes" else ("traitor", haunt.traitor_book)


def legal(ix: Index, s: State, seat: int) -> list[Action]:
    if s["result"] is not None:
        return []
    ch = s["choice"]
    if ch is not None:
        return ch["opts"] if ch["seat"] == seat else []
    who = s["turn"]["who"]
    if who != seat and (who != "m" or seat != state_access.controller(s)):
        return []
    if s["turn"].get("actions_taken", 0) >= MAX_TURN_ACTIONS:
        return [END]  # RULING HB-18: a turn can't go on forever
    if who == "m":
        return ix.rules.monster_actions(ix, s)
    return ix.rules.explorer_actions(ix, s, seat)


def explorer_actions(ix: Index, s: State, seat: int) -> list[Action]:
    """The free actions of an explorer on their turn (betrayal)."""
    t = s["turn"]
    ex = s["explorers"]
    e = ex[seat]
    room = e["room"]
    out: list[Action] = [END]
    if not t["movement_ended"]:
        movement_actions(ix, s, seat, room, out)
    for entry in ix.room_acts[room]:
        if offer_ok(ix, s, t, entry, seat):
            out.append({"type": "room_action", "id": entry[0].id})
    held = e["cards"]
    used = t["used"]
    if held:
        card_acts = ix.card_acts
        for cid in held:
            acts = card_acts.get(cid)
            if not acts:
                continue
            if cid in used and ix.cards[cid].is_item():
                continue  # an item is used once per turn
            for entry in acts:
                if offer_ok(ix, s, t, entry, seat):
                    out.append({"type": "use", "card": cid, "id": entry[0].id})
    h = s["haunt"]
    if h is not None:
        side = e["side"]
        if side is not None:
            for entry in ix.book_acts[(h["id"], "heroes" if side == "heroes" else "traitor")]:
                if offer_ok(ix, s, t, entry, seat):
                    out.append({"type": "haunt_action", "id": entry[0].id})
        if not t["attacked"]:
            weapons: list[str | None] = [None]
            weapons += [c for c in held if c in ix.cards and ix.cards[c].weapon is not None
                        and c not in used]
            for w in weapons:
                wp = ix.cards[w].weapon if w else None
                trait = wp.trait if wp else "might"
                for tg in combat.targets(ix, s, seat, trait, bool(wp and wp.distance)):
                    out.append({"type": "attack", "target": tg, "weapon": w})
    if not held:
        free: list[str] = []
    else:
        free = [c for c in held if c not in used]
    if free and not t["gave"]:
        others = [i for i, x in enumerate(ex) if x["alive"] and i != seat and x["room"] == room]
        if others:
            for cid in free:
                if cards.tradable(ix, cid):
                    out += [{"type": "give", "card": cid, "to": o} for o in others]
    if not t["dropped"]:
        drops = [c for c in free if cards.droppable(ix, c)]
        out += [{"type": "drop", "card": c} for c in drops]
        if len(drops) > 1:
            out.append({"type": "drop", "card": "all"})
    pile = s["piles"].get(room)
    if pile and not t["picked"]:
        takes = [c for c in pile if not cards.is_companion(ix, c)]
        out += [{"type": "pick_up", "card": c} for c in takes]
        if len(takes) > 1:
            out.append({"type": "pick_up", "card": "all"})
    if h is not None and _may_place_stairs(ix, s, seat):
        out.append({"type": "place_stairs"})
    return out


def movement_actions(ix: Index, s: State, seat: int, room: str, out: list[Action]) -> None:
    """Add the moves and explorations ``seat`` may make from ``room`` now: one tile is always
    possible, more while moves last (RULING B8)."""
    t = s["turn"]
    cost = ix.rules.leave_cost(ix, s, seat, room)
    if t["moves_left"] >= cost or t["moved"] == 0:
        rolled = f"link:{room}" in t["rolls"]
        for dest, link in house.exits(ix, s, room):
            if rolled and link is not None and link.trait:
                continue
            out.append({"type": "move", "to": dest})
        floor = s["tiles"][room][0]
        if house.stack_has(ix, s, floor):
            out += [{"type": "explore", "dir": d} for d in house.open_sides(ix, s, room)]


def _may_place_stairs(ix: Index, s: State, seat: int) -> bool:
    """The traitor may search the stack for the Stairs from Basement when no monster can reach
    the heroes (rulebook digest)."""
    h = s["haunt"]
    if h is None or h["traitor"] != seat or not h["revealed"] or not s["monsters"]:
        return False
    if "stairs_from_basement" not in ix.rooms or "stairs_from_basement" in s["tiles"]:
        return False
    if "place_stairs" in s["turn"]["actions_used"]:
        return False
    if "stairs_from_basement" not in s["stack"] and "stairs_from_basement" not in s["aside"]:
        return False
    tiles = s["tiles"]
    if any(tiles[m["room"]][0] != "basement" for m in s["monsters"].values()):
        return False  # the stairs only help monsters shut in the basement
    hero_rooms = {s["explorers"][i]["room"] for i in state_access.heroes(s) if s["explorers"][i]["alive"]}
    table = house.exits_table(ix, s, True)
    for room in {m["room"] for m in s["monsters"].values()}:
        if not hero_rooms.isdisjoint(house.reach_in(ix, s, table, room, True)):
            return False
    return bool(placing.discover_options(ix, s, "stairs_from_basement"))


def monster_actions(ix: Index, s: State) -> list[Action]:
    """The free actions of the monsters' turn (betrayal)."""
    t = s["turn"]
    out: list[Action] = [END]
    for mid in sorted(s["monsters"], key=state_access.monster_number):
        m = s["monsters"][mid]
        mt = t["monster_turns"].get(mid)
        if mt is None:
            continue
        kind = ix.monsters[m["kind"]]
        if mt["moves_left"] > 0:
            out += [{"type": "mmove", "monster": mid, "to": d}
                    for d, _ in house.exits(ix, s, m["room"], monster=True)]
            if kind.explores and house.stack_has(ix, s, s["tiles"][m["room"]][0]):
                out += [{"type": "mexplore", "monster": mid, "dir": d}
                        for d in house.open_sides(ix, s, m["room"])]
        if m["stunned"]:
            continue
        if not mt["attacked"] and kind.attack:
            out += [{"type": "mattack", "monster": mid, "target": tg}
                    for tg in combat.targets(ix, s, mid, kind.attack, kind.distance)]
        for p in kind.powers:
            key = f"m:{m['kind']}:a:{p.id}"
            if f"{mid}:{key}" not in t["actions_used"] and (
                    p.when is None or conditions.holds(ix, s, p.when, mid)):
                out.append({"type": "power", "monster": mid, "id": p.id})
        if kind.carries and s["piles"].get(m["room"]):
            out += [{"type": "mpick", "monster": mid, "card": c} for c in s["piles"][m["room"]]
                    if not cards.is_companion(ix, c)]
    return out
