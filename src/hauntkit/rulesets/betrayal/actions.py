"""The actions of a free turn (no pending choice): legal actions and applying them.

Explorer turn: ``move``, ``explore``, ``room_action``, ``use``, ``haunt_action``, ``attack``,
``give``, ``drop``, ``pick_up``, ``place_stairs``, ``end_turn``. Monsters' turn (the controlling
seat): ``mmove``, ``mattack``, ``power``, ``mpick``, ``end_turn``.
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import cards as K
from hauntkit.rulesets.betrayal import combat as B
from hauntkit.rulesets.betrayal import common as C
from hauntkit.rulesets.betrayal import conditions as Q
from hauntkit.rulesets.betrayal import effects as E
from hauntkit.rulesets.betrayal import house as H
from hauntkit.rulesets.betrayal import turns as U
from hauntkit.rulesets.betrayal.index import OPP, STEP, Index

State = dict[str, Any]
Action = dict[str, Any]
END = {"type": "end_turn"}
MAX_TURN_ACTIONS = 200


# ------------------------------------------------------------------------------- helpers
def leave_cost(ix: Index, s: State, seat: int, room: str) -> int:
    """1 per tile left, plus the tile's obstacle, plus 1 per monster that slows heroes there
    (stunned monsters don't slow; RULING B8 and the rulebook digest)."""
    cost = 1 + ix.rooms[room].obstacle
    if s["haunt"] is not None and s["ex"][seat]["side"] == "heroes":
        cost += sum(1 for m in s["mon"].values() if m["room"] == room and not m["stun"]
                    and ix.monsters[m["k"]].slows)
    return cost


def offer_ok(ix: Index, s: State, t: dict[str, Any], entry: tuple[Any, str, Any, Any],
              who: Any) -> bool:
    """Whether an entry of ``ix.room_acts``/``card_acts``/``book_acts`` may be used now: not
    used already this turn (once per turn), its category and rolls not taken, ``when`` holds."""
    act, key, keys, cats = entry
    if act.once_per_turn and key in t["acts"]:
        return False
    if act.category and act.category in t["cats"]:
        return False
    if keys:
        rolls = t["rolls"]
        for k in keys:
            if k in rolls:
                return False
    if cats:
        tcats = t["cats"]
        for c in cats:
            if c in tcats:
                return False
    if act.when is not None and not Q.holds(ix, s, act.when, who):
        return False
    attack = ix.attacks.get(key)
    # an attack that cannot hit anyone in range is not offered (it would waste the card)
    return attack is None or bool(B.targets(ix, s, who, attack[0], attack[1]))


def haunt_book(ix: Index, s: State, seat: int) -> tuple[str, Any] | None:
    h = s["haunt"]
    side = s["ex"][seat]["side"]
    if h is None or side is None:
        return None
    haunt = ix.haunts[h["id"]]
    return ("heroes", haunt.heroes) if side == "heroes" else ("traitor", haunt.traitor_book)


# ------------------------------------------------------------------------------- legal
def legal(ix: Index, s: State, seat: int) -> list[Action]:
    if s["result"] is not None:
        return []
    ch = s["choice"]
    if ch is not None:
        return ch["opts"] if ch["seat"] == seat else []
    who = s["turn"]["who"]
    if who != seat and (who != "m" or seat != C.controller(s)):
        return []
    if s["turn"].get("n", 0) >= MAX_TURN_ACTIONS:
        return [END]  # RULING HB-18: a turn can't go on forever
    if who == "m":
        return ix.rules.monster_actions(ix, s)
    return ix.rules.explorer_actions(ix, s, seat)


def explorer_actions(ix: Index, s: State, seat: int) -> list[Action]:
    """The free actions of an explorer on their turn (betrayal)."""
    t = s["turn"]
    ex = s["ex"]
    e = ex[seat]
    room = e["room"]
    out: list[Action] = [END]
    if not t["stop"]:
        movement_actions(ix, s, seat, room, out)
    for entry in ix.room_acts[room]:
        if offer_ok(ix, s, t, entry, seat):
            out.append({"type": "room_action", "id": entry[0].id})
    cards = e["cards"]
    used = t["used"]
    if cards:
        card_acts = ix.card_acts
        for cid in cards:
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
        if not t["att"]:
            weapons: list[str | None] = [None]
            weapons += [c for c in cards if c in ix.cards and ix.cards[c].weapon is not None
                        and c not in used]
            for w in weapons:
                wp = ix.cards[w].weapon if w else None
                trait = wp.trait if wp else "might"
                for tg in B.targets(ix, s, seat, trait, bool(wp and wp.distance)):
                    out.append({"type": "attack", "target": tg, "weapon": w})
    if not cards:
        free: list[str] = []
    else:
        free = [c for c in cards if c not in used]
    if free and not t["gave"]:
        others = [i for i, x in enumerate(ex) if x["alive"] and i != seat and x["room"] == room]
        if others:
            for cid in free:
                if K.tradable(ix, cid):
                    out += [{"type": "give", "card": cid, "to": o} for o in others]
    if not t["dropped"]:
        drops = [c for c in free if K.droppable(ix, c)]
        out += [{"type": "drop", "card": c} for c in drops]
        if len(drops) > 1:
            out.append({"type": "drop", "card": "all"})
    pile = s["piles"].get(room)
    if pile and not t["picked"]:
        takes = [c for c in pile if not K.is_companion(ix, c)]
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
    if t["mv"] >= cost or t["moved"] == 0:
        rolled = f"link:{room}" in t["rolls"]
        for dest, link in H.exits(ix, s, room):
            if rolled and link is not None and link.trait:
                continue
            out.append({"type": "move", "to": dest})
        floor = s["tiles"][room][0]
        if H.stack_has(ix, s, floor):
            out += [{"type": "explore", "dir": d} for d in H.open_sides(ix, s, room)]


def _may_place_stairs(ix: Index, s: State, seat: int) -> bool:
    """The traitor may search the stack for the Stairs from Basement when no monster can reach
    the heroes (rulebook digest)."""
    h = s["haunt"]
    if h is None or h["traitor"] != seat or not h["revealed"] or not s["mon"]:
        return False
    if "stairs_from_basement" not in ix.rooms or "stairs_from_basement" in s["tiles"]:
        return False
    if "place_stairs" in s["turn"]["acts"]:
        return False
    if "stairs_from_basement" not in s["stack"] and "stairs_from_basement" not in s["aside"]:
        return False
    tiles = s["tiles"]
    if any(tiles[m["room"]][0] != "basement" for m in s["mon"].values()):
        return False  # the stairs only help monsters shut in the basement
    hero_rooms = {s["ex"][i]["room"] for i in C.heroes(s) if s["ex"][i]["alive"]}
    table = H.exits_table(ix, s, True)
    for room in {m["room"] for m in s["mon"].values()}:
        if not hero_rooms.isdisjoint(H.reach_in(ix, s, table, room, True)):
            return False
    return bool(E.discover_options(ix, s, "stairs_from_basement"))


def monster_actions(ix: Index, s: State) -> list[Action]:
    """The free actions of the monsters' turn (betrayal)."""
    t = s["turn"]
    out: list[Action] = [END]
    for mid in sorted(s["mon"], key=monster_number):
        m = s["mon"][mid]
        mt = t["mt"].get(mid)
        if mt is None:
            continue
        kind = ix.monsters[m["k"]]
        if mt["mv"] > 0:
            out += [{"type": "mmove", "monster": mid, "to": d}
                    for d, _ in H.exits(ix, s, m["room"], monster=True)]
            if kind.explores and H.stack_has(ix, s, s["tiles"][m["room"]][0]):
                out += [{"type": "mexplore", "monster": mid, "dir": d}
                        for d in H.open_sides(ix, s, m["room"])]
        if m["stun"]:
            continue
        if not mt["att"] and kind.attack:
            out += [{"type": "mattack", "monster": mid, "target": tg}
                    for tg in B.targets(ix, s, mid, kind.attack, kind.distance)]
        for p in kind.powers:
            key = f"m:{m['k']}:a:{p.id}"
            if f"{mid}:{key}" not in t["acts"] and (p.when is None or Q.holds(ix, s, p.when, mid)):
                out.append({"type": "power", "monster": mid, "id": p.id})
        if kind.carries and s["piles"].get(m["room"]):
            out += [{"type": "mpick", "monster": mid, "card": c} for c in s["piles"][m["room"]]
                    if not K.is_companion(ix, c)]
    return out


# ------------------------------------------------------------------------------- apply
def apply(ix: Index, s: State, seat: int, action: Action) -> None:
    if s["choice"] is not None:
        E.resolve_choice(ix, s, action)
    else:
        t = s["turn"]
        t["n"] = t.get("n", 0) + 1
        ix.rules.actions[action["type"]](ix, s, seat, action)
        E.run(ix, s)
    _settle(ix, s)


def _settle(ix: Index, s: State) -> None:
    for _ in range(1000):
        U.check_win(ix, s)
        if s["result"] is not None or s["choice"] is not None or s["fx"]:
            return
        who = s["turn"]["who"]
        if who == "m" or s["ex"][who]["alive"]:
            return
        U.end_turn(ix, s)  # the acting explorer died: the turn ends
        E.run(ix, s)


def _end(ix: Index, s: State, seat: int, a: Action) -> None:
    U.request_end(ix, s)


def _move(ix: Index, s: State, seat: int, a: Action) -> None:
    t = s["turn"]
    room = s["ex"][seat]["room"]
    cost = ix.rules.leave_cost(ix, s, seat, room)
    t["mv"] = max(0, t["mv"] - cost)
    t["moved"] += 1
    # None through a doorway: exits list the doorways' tiles first, each with no link
    link = _find_link(ix, s, room, a["to"])
    if link is not None and (link.trait or link.damage_dice):
        E.push_op(s, {"op": "call", "fn": "link_move", "who": seat, "room": a["to"],
                      "from": room})
    else:
        E.push_op(s, {"op": "call", "fn": "enter", "who": seat, "room": a["to"], "new": False})
    if ix.rooms[room].on_leave:
        E.push(s, f"r:{room}:on_leave", seat, f"r:{room}")


def _find_link(ix: Index, s: State, src: str, dest: str) -> Any:
    return next((lk for d, lk in H.exits(ix, s, src) if d == dest), None)


def link_move(ix: Index, s: State, fr: dict[str, Any]) -> None:
    """Pass a link that needs a roll or hurts: traitors still roll, monsters never do."""
    who, src, dest = fr["who"], fr["from"], fr["room"]
    link = _find_link(ix, s, src, dest)
    evil = C.is_evil(s, who)
    ok = True
    if link is not None and link.trait:
        s["turn"]["rolls"].append(f"link:{src}")
        result = E.do_roll(ix, s, who, link.trait, None, "trait")
        ok = result >= link.min
        if not ok:
            key = _link_key(ix, src, link)
            if link.fail_blocks:
                s["turn"]["stop"] = True
                C.log(s, "blocked", f"{C.name(ix, s, who)} fails to get through.")
                if key and ix.fx[key] and not evil:
                    E.push(s, key, who, f"r:{src}")
                return
            if key and ix.fx[key] and not evil:
                E.push(s, key, who, "link")
            E.push_op(s, {"op": "call", "fn": "enter", "who": who, "room": dest, "new": False})
            return
    if link is not None and link.damage_dice and not evil:  # hurt on landing (after entering)
        E.damage(s, [[who, sum(C.roll(s, link.damage_dice))]], "physical")
    E.push_op(s, {"op": "call", "fn": "enter", "who": who, "room": dest, "new": False})


def _link_key(ix: Index, src: str, link: Any) -> str | None:
    for i, lk in enumerate(ix.rooms[src].links):
        if lk is link:
            return f"r:{src}:link{i}"
    return None


def enter(ix: Index, s: State, fr: dict[str, Any]) -> None:
    """Arrive on a tile: on a new tile draw its card (ending movement) and run "on discover";
    then the tile's "on enter" effects."""
    who, room = fr["who"], fr["room"]
    if not s["ex"][who]["alive"]:
        return
    E.relocate(ix, s, who, room)
    r = ix.rooms[room]
    C.log(s, "enter", f"{C.name(ix, s, who)} enters {r.name}.", seat=who, room=room)
    if r.on_enter:
        E.push(s, f"r:{room}:on_enter", who, f"r:{room}")
    if fr["new"]:
        ix.rules.discovered(ix, s, who, room)


def discovered(ix: Index, s: State, who: int, room: str) -> None:
    """A new tile's card is drawn (ending movement), then its "on discover" effects run
    (betrayal; RULING B9)."""
    r = ix.rooms[room]
    if r.symbol:
        E.push_op(s, {"op": "draw", "who": who, "deck": r.symbol})
    if r.on_discover:
        E.push(s, f"r:{room}:on_discover", who, f"r:{room}")


def _explore(ix: Index, s: State, seat: int, a: Action) -> None:
    """Discover a tile behind an open doorway (RULING B7)."""
    discover(ix, s, seat, a["dir"])


def monster_number(mid: str) -> tuple[int, str]:
    """Sort key of monster ids in number order (m2 before m10)."""
    return (len(mid), mid)


def _monster_acts(s: State, mid: str) -> None:
    """RULING B12, HB-21: monsters take their turns in number order, so once a monster acts, every
    lower-numbered monster's turn is over (it may have done nothing)."""
    mt = s["turn"]["mt"]
    for other in [m for m in mt if monster_number(m) < monster_number(mid)]:
        del mt[other]


def _mexplore(ix: Index, s: State, seat: int, a: Action) -> None:
    """A monster the haunt lets explore discovers a tile (it draws no card)."""
    _monster_acts(s, a["monster"])
    discover(ix, s, a["monster"], a["dir"])


def discover(ix: Index, s: State, who: Any, direction: str) -> None:
    t = s["turn"]
    seat = who
    a = {"dir": direction}
    room = C.room_of(s, who)
    f, x, y, _ = s["tiles"][room]
    dx, dy = STEP[a["dir"]]
    nx, ny = x + dx, y + dy
    # each try takes a tile off the stack (betrayal), so the bound is never reached there; a
    # ruleset that buries refused tiles under the stack places the last one anyway (HL-5)
    for _ in range(len(s["stack"]) + 1):
        new = H.next_fitting(ix, s, f)
        if new is None:
            C.log(s, "no_tile", "No tile is left for this floor; the move costs nothing.")
            return
        rots = H.rotations(ix, s, new, f, nx, ny, OPP[a["dir"]], strict=True)
        if rots:
            break
        ix.rules.set_aside_tile(ix, s, new)
        C.log(s, "set_aside", f"{ix.rooms[new].name} can't be placed there and is set aside.")
    else:
        new = H.next_fitting(ix, s, f)
        if new is None:
            return
        rots = H.rotations(ix, s, new, f, nx, ny, OPP[a["dir"]])
        if not rots:
            return
    if isinstance(who, str):
        t["mt"][who]["mv"] -= 1
    else:
        cost = ix.rules.leave_cost(ix, s, seat, room)
        t["mv"] = max(0, t["mv"] - cost)
        t["moved"] += 1
    data = {"who": seat, "room": new, "floor": f, "x": nx, "y": ny, "from": room}
    if len(rots) == 1:
        place_new(ix, s, data, rots[0])
    else:
        E.ask(s, E.seat_of(s, who), "rotate", [{"type": "rotate", "r": r} for r in rots],
              f"Choose how {ix.rooms[new].name} is turned.", **data)


def place_new(ix: Index, s: State, data: dict[str, Any], r: int) -> None:
    room, who = data["room"], data["who"]
    H.place_tile(s, room, data["floor"], data["x"], data["y"], r)
    ix.rules.tile_placed(ix, s, room)
    C.log(s, "discover", f"{C.name(ix, s, who)} discovers {ix.rooms[room].name}.", who=who,
          room=room)
    if isinstance(who, str):  # a monster: it simply moves in
        E.relocate(ix, s, who, room)
        return
    E.push_op(s, {"op": "call", "fn": "enter", "who": who, "room": room, "new": True})
    src = data["from"]
    if ix.rooms[src].on_leave:
        E.push(s, f"r:{src}:on_leave", who, f"r:{src}")


def _rotate_chosen(ix: Index, s: State, ch: dict[str, Any], action: Action) -> None:
    place_new(ix, s, ch, action["r"])


def _room_action(ix: Index, s: State, seat: int, a: Action) -> None:
    room = s["ex"][seat]["room"]
    act = next(x for x in ix.rooms[room].actions if x.id == a["id"])
    _start(s, f"r:{room}:a:{a['id']}", seat, f"r:{room}", act)


def _use(ix: Index, s: State, seat: int, a: Action) -> None:
    card = ix.cards[a["card"]]
    act = next(x for x in card.actions if x.id == a["id"])
    if card.is_item():
        s["turn"]["used"].append(a["card"])
    _start(s, f"c:{a['card']}:a:{a['id']}", seat, f"c:{a['card']}", act)


def _haunt_action(ix: Index, s: State, seat: int, a: Action) -> None:
    side, book = haunt_book(ix, s, seat)  # type: ignore[misc]
    act = next(x for x in book.actions if x.id == a["id"])
    _start(s, f"h:{s['haunt']['id']}:{side}:a:{a['id']}", seat, "haunt", act)


def _start(s: State, key: str, who: Any, src: str, act: Any) -> None:
    s["turn"]["acts"].append(key)
    if act.category:
        s["turn"]["cats"].append(act.category)
    E.push(s, key, who, src)


def _attack(ix: Index, s: State, seat: int, a: Action) -> None:
    s["turn"]["att"] = True
    w = a["weapon"]
    wp = ix.cards[w].weapon if w else None
    B.attack(ix, s, seat, a["target"], wp.trait if wp else "might", bool(wp and wp.distance), w,
             None)


def _give(ix: Index, s: State, seat: int, a: Action) -> None:
    s["turn"]["gave"] = True
    s["turn"]["used"].append(a["card"])
    K.lose(ix, s, seat, a["card"])
    K.gain(ix, s, a["to"], a["card"])
    C.log(s, "give", f"{C.name(ix, s, seat)} gives {C.card_name(ix, a['card'])} to "
          f"{C.name(ix, s, a['to'])}.")


def _drop(ix: Index, s: State, seat: int, a: Action) -> None:
    t = s["turn"]
    t["dropped"] = True
    e = s["ex"][seat]
    cids = [a["card"]] if a["card"] != "all" else [
        c for c in e["cards"] if c not in t["used"] and K.droppable(ix, c)]
    for cid in cids:
        t["used"].append(cid)
        K.lose(ix, s, seat, cid)
        K.to_pile(s, e["room"], cid)
    C.log(s, "drop", f"{C.name(ix, s, seat)} drops "
          f"{', '.join(C.card_name(ix, c) for c in cids)}.")


def _pick_up(ix: Index, s: State, seat: int, a: Action) -> None:
    t = s["turn"]
    t["picked"] = True
    room = s["ex"][seat]["room"]
    cids = [a["card"]] if a["card"] != "all" else [
        c for c in s["piles"][room] if not K.is_companion(ix, c)]
    for cid in cids:
        K.from_pile(s, room, cid)
        t["used"].append(cid)
        K.gain(ix, s, seat, cid)
    C.log(s, "pick_up", f"{C.name(ix, s, seat)} picks up "
          f"{', '.join(C.card_name(ix, c) for c in cids)}.")


def _place_stairs(ix: Index, s: State, seat: int, a: Action) -> None:
    s["turn"]["acts"].append("place_stairs")
    E.ask(s, seat, "place_tile", E.discover_options(ix, s, "stairs_from_basement"),
          "Place the Stairs from Basement at an open basement doorway.", who=seat)


def _mmove(ix: Index, s: State, seat: int, a: Action) -> None:
    _monster_acts(s, a["monster"])
    s["turn"]["mt"][a["monster"]]["mv"] -= 1
    E.relocate(ix, s, a["monster"], a["to"])


def _mattack(ix: Index, s: State, seat: int, a: Action) -> None:
    mid = a["monster"]
    _monster_acts(s, mid)
    s["turn"]["mt"][mid]["att"] = True
    kind = ix.monsters[s["mon"][mid]["k"]]
    assert kind.attack is not None, mid  # legal only for a monster with an attack trait
    B.attack(ix, s, mid, a["target"], kind.attack, kind.distance, None, None)


def _power(ix: Index, s: State, seat: int, a: Action) -> None:
    mid = a["monster"]
    _monster_acts(s, mid)
    k = s["mon"][mid]["k"]
    key = f"m:{k}:a:{a['id']}"
    s["turn"]["acts"].append(f"{mid}:{key}")
    E.push(s, key, mid, f"m:{k}")


def _mpick(ix: Index, s: State, seat: int, a: Action) -> None:
    mid = a["monster"]
    _monster_acts(s, mid)
    K.from_pile(s, s["mon"][mid]["room"], a["card"])
    K.gain(ix, s, mid, a["card"])


APPLY = {
    "end_turn": _end, "move": _move, "explore": _explore, "room_action": _room_action,
    "use": _use, "haunt_action": _haunt_action, "attack": _attack, "give": _give,
    "drop": _drop, "pick_up": _pick_up, "place_stairs": _place_stairs, "mmove": _mmove,
    "mattack": _mattack, "power": _power, "mpick": _mpick, "mexplore": _mexplore,
}
CHOICES = {"rotate": _rotate_chosen}
