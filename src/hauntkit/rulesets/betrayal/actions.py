"""Applying an action: an answer to the pending choice, or a free action of the turn (the ones
``legal_actions.py`` lists), then the effects it starts until someone must choose.

Explorer turn: ``move``, ``explore``, ``room_action``, ``use``, ``haunt_action``, ``attack``,
``give``, ``drop``, ``pick_up``, ``place_stairs``, ``end_turn``. Monsters' turn (the controlling
seat): ``mmove``, ``mexplore``, ``mattack``, ``power``, ``mpick``, ``end_turn``.
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import (
    cards,
    combat,
    frames,
    house,
    interpreter,
    legal_actions,
    placing,
    rearrange,
    rolls,
    state_access,
    turns,
)
from hauntkit.rulesets.betrayal.index import OPP, STEP, Index

State = dict[str, Any]
Action = dict[str, Any]


# ------------------------------------------------------------------------------- apply
def apply(ix: Index, s: State, seat: int, action: Action) -> None:
    if s["choice"] is not None:
        interpreter.resolve_choice(ix, s, action)
    else:
        t = s["turn"]
        t["actions_taken"] = t.get("actions_taken", 0) + 1
        ix.rules.actions[action["type"]](ix, s, seat, action)
        interpreter.run(ix, s)
    _settle(ix, s)


def _settle(ix: Index, s: State) -> None:
    for _ in range(1000):
        turns.check_win(ix, s)
        if s["result"] is not None or s["choice"] is not None or s["effect_stack"]:
            return
        who = s["turn"]["who"]
        if who == "m" or s["explorers"][who]["alive"]:
            return
        turns.end_turn(ix, s)  # the acting explorer died: the turn ends
        interpreter.run(ix, s)


def _end(ix: Index, s: State, seat: int, a: Action) -> None:
    turns.request_end(ix, s)


def _move(ix: Index, s: State, seat: int, a: Action) -> None:
    t = s["turn"]
    room = s["explorers"][seat]["room"]
    cost = ix.rules.leave_cost(ix, s, seat, room)
    t["moves_left"] = max(0, t["moves_left"] - cost)
    t["moved"] += 1
    # None through a doorway: exits list the doorways' tiles first, each with no link
    link = _find_link(ix, s, room, a["to"])
    if link is not None and (link.trait or link.damage_dice):
        frames.push_op(s, {"op": "call", "fn": "link_move", "who": seat, "room": a["to"],
                           "from": room})
    else:
        frames.push_op(s, {"op": "call", "fn": "enter", "who": seat, "room": a["to"], "new": False})
    if ix.rooms[room].on_leave:
        frames.push(s, f"r:{room}:on_leave", seat, f"r:{room}")


def _find_link(ix: Index, s: State, src: str, dest: str) -> Any:
    return next((lk for d, lk in house.exits(ix, s, src) if d == dest), None)


def link_move(ix: Index, s: State, fr: dict[str, Any]) -> None:
    """Pass a link that needs a roll or hurts: traitors still roll, monsters never do."""
    who, src, dest = fr["who"], fr["from"], fr["room"]
    link = _find_link(ix, s, src, dest)
    evil = state_access.is_evil(s, who)
    ok = True
    if link is not None and link.trait:
        s["turn"]["rolls"].append(f"link:{src}")
        result = rolls.do_roll(ix, s, who, link.trait, None, "trait")
        ok = result >= link.min
        if not ok:
            key = _link_key(ix, src, link)
            if link.fail_blocks:
                s["turn"]["movement_ended"] = True
                state_access.log(s, "blocked",
                                 f"{state_access.name(ix, s, who)} fails to get through.")
                if key and ix.fx[key] and not evil:
                    frames.push(s, key, who, f"r:{src}")
                return
            if key and ix.fx[key] and not evil:
                frames.push(s, key, who, "link")
            frames.push_op(s, {"op": "call", "fn": "enter", "who": who, "room": dest, "new": False})
            return
    if link is not None and link.damage_dice and not evil:  # hurt on landing (after entering)
        frames.damage(s, [[who, sum(state_access.roll(s, link.damage_dice))]], "physical")
    frames.push_op(s, {"op": "call", "fn": "enter", "who": who, "room": dest, "new": False})


def _link_key(ix: Index, src: str, link: Any) -> str | None:
    for i, lk in enumerate(ix.rooms[src].links):
        if lk is link:
            return f"r:{src}:link{i}"
    return None


def enter(ix: Index, s: State, fr: dict[str, Any]) -> None:
    """Arrive on a tile: on a new tile draw its card (ending movement) and run "on discover";
    then the tile's "on enter" effects."""
    who, room = fr["who"], fr["room"]
    if not s["explorers"][who]["alive"]:
        return
    placing.relocate(ix, s, who, room)
    r = ix.rooms[room]
    state_access.log(s, "enter", f"{state_access.name(ix, s, who)} enters {r.name}.", seat=who,
                     room=room)
    if r.on_enter:
        frames.push(s, f"r:{room}:on_enter", who, f"r:{room}")
    if fr["new"]:
        ix.rules.discovered(ix, s, who, room)


def discovered(ix: Index, s: State, who: int, room: str) -> None:
    """A new tile's card is drawn (ending movement), then its "on discover" effects run
    (betrayal; RULING B9)."""
    r = ix.rooms[room]
    if r.symbol:
        frames.push_op(s, {"op": "draw", "who": who, "deck": r.symbol})
    if r.on_discover:
        frames.push(s, f"r:{room}:on_discover", who, f"r:{room}")


def _explore(ix: Index, s: State, seat: int, a: Action) -> None:
    """Discover a tile behind an open doorway (RULING B7)."""
    discover(ix, s, seat, a["dir"])


def _monster_acts(s: State, mid: str) -> None:
    """RULING B12, HB-21: monsters take their turns in number order, so once a monster acts, every
    lower-numbered monster's turn is over (it may have done nothing)."""
    mt = s["turn"]["monster_turns"]
    for other in [m for m in mt if state_access.monster_number(m) < state_access.monster_number(mid)]:
        del mt[other]


def _mexplore(ix: Index, s: State, seat: int, a: Action) -> None:
    """A monster the haunt lets explore discovers a tile (it draws no card)."""
    _monster_acts(s, a["monster"])
    discover(ix, s, a["monster"], a["dir"])


def discover(ix: Index, s: State, who: Any, direction: str) -> None:
    t = s["turn"]
    seat = who
    a = {"dir": direction}
    room = state_access.room_of(s, who)
    f, x, y, _ = s["tiles"][room]
    dx, dy = STEP[a["dir"]]
    nx, ny = x + dx, y + dy
    # each try takes a tile off the stack (betrayal), so the bound is never reached there; a
    # ruleset that buries refused tiles under the stack rearranges the region (HL-5)
    plans: list[list[Any]] = []
    for _ in range(len(s["stack"]) + 1):
        new = house.next_fitting(ix, s, f)
        if new is None:
            state_access.log(s, "no_tile",
                             "No tile is left for this floor; the move costs nothing.")
            return
        rots = house.rotations(ix, s, new, f, nx, ny, OPP[a["dir"]], strict=True)
        if rots:
            break
        ix.rules.set_aside_tile(ix, s, new)
        state_access.log(s, "set_aside",
                         f"{ix.rooms[new].name} can't be placed there and is set aside.")
    else:
        new = house.next_fitting(ix, s, f)
        if new is None:
            return
        rots = house.rotations(ix, s, new, f, nx, ny, OPP[a["dir"]])
        plans = rearrange.plans(ix, s, new, f, nx, ny, OPP[a["dir"]])
        if not plans:  # RULING HL-5: never placed so as to seal the region
            ix.rules.set_aside_tile(ix, s, new)
            state_access.log(s, "no_tile",
                             f"{ix.rooms[new].name} would seal off this region, and turning no "
                             "tile frees a doorway: it is buried; the move costs nothing.")
            return
    if isinstance(who, str):
        t["monster_turns"][who]["moves_left"] -= 1
    else:
        cost = ix.rules.leave_cost(ix, s, seat, room)
        t["moves_left"] = max(0, t["moves_left"] - cost)
        t["moved"] += 1
    data = {"who": seat, "room": new, "floor": f, "x": nx, "y": ny, "from": room}
    if plans:
        _offer_rearrangements(ix, s, who, data, plans, len(rots) > 1)
    elif len(rots) == 1:
        place_new(ix, s, data, rots[0])
    else:
        frames.ask(s, frames.seat_of(s, who), "rotate", [{"type": "rotate", "r": r} for r in rots],
                   f"Choose how {ix.rooms[new].name} is turned.", **data)


def _offer_rearrangements(ix: Index, s: State, who: Any, data: dict[str, Any],
                          plans: list[list[Any]], several_rotations: bool) -> None:
    """RULING HL-5: the only rearrangement is made; among several the discoverer chooses."""
    if len(plans) == 1:
        _rearrange(ix, s, data, plans[0])
        return
    new = data["room"]
    opts = [{"type": "option", "i": i, "label": rearrange.label(ix, p, new, several_rotations)}
            for i, p in enumerate(plans)]
    frames.ask(s, frames.seat_of(s, who), "rearrange", opts,
               f"Every tile left would seal off this region. Turn one tile so that a doorway "
               f"stays free, then {ix.rooms[new].name} is placed.", plans=plans, **data)


def _rearrange(ix: Index, s: State, data: dict[str, Any], plan: list[Any]) -> None:
    rearrange.apply(ix, s, plan)
    state_access.log(s, "rearrange",
                     f"{ix.rooms[plan[0]].name} is turned so its doorways face "
                     f"{rearrange.doorway_sides(ix, plan[0], plan[1])}, and a doorway of the "
                     "region stays free.", room=plan[0])
    place_new(ix, s, data, plan[2])


def _rearrange_chosen(ix: Index, s: State, ch: dict[str, Any], action: Action) -> None:
    data = {k: ch[k] for k in ("who", "room", "floor", "x", "y", "from")}
    _rearrange(ix, s, data, ch["plans"][action["i"]])


def place_new(ix: Index, s: State, data: dict[str, Any], r: int) -> None:
    room, who = data["room"], data["who"]
    house.place_tile(s, room, data["floor"], data["x"], data["y"], r)
    ix.rules.tile_placed(ix, s, room)
    state_access.log(s, "discover",
                     f"{state_access.name(ix, s, who)} discovers {ix.rooms[room].name}.", who=who,
                     room=room)
    if isinstance(who, str):  # a monster: it simply moves in
        placing.relocate(ix, s, who, room)
        return
    frames.push_op(s, {"op": "call", "fn": "enter", "who": who, "room": room, "new": True})
    src = data["from"]
    if ix.rooms[src].on_leave:
        frames.push(s, f"r:{src}:on_leave", who, f"r:{src}")


def _rotate_chosen(ix: Index, s: State, ch: dict[str, Any], action: Action) -> None:
    place_new(ix, s, ch, action["r"])


def _room_action(ix: Index, s: State, seat: int, a: Action) -> None:
    room = s["explorers"][seat]["room"]
    act = next(x for x in ix.rooms[room].actions if x.id == a["id"])
    _start(s, f"r:{room}:a:{a['id']}", seat, f"r:{room}", act)


def _use(ix: Index, s: State, seat: int, a: Action) -> None:
    card = ix.cards[a["card"]]
    act = next(x for x in card.actions if x.id == a["id"])
    if card.is_item():
        s["turn"]["used"].append(a["card"])
    _start(s, f"c:{a['card']}:a:{a['id']}", seat, f"c:{a['card']}", act)


def _haunt_action(ix: Index, s: State, seat: int, a: Action) -> None:
    side, book = legal_actions.haunt_book(ix, s, seat)  # type: ignore[misc]
    act = next(x for x in book.actions if x.id == a["id"])
    _start(s, f"h:{s['haunt']['id']}:{side}:a:{a['id']}", seat, "haunt", act)


def _start(s: State, key: str, who: Any, src: str, act: Any) -> None:
    s["turn"]["actions_used"].append(key)
    if act.category:
        s["turn"]["categories_rolled"].append(act.category)
    frames.push(s, key, who, src)


def _attack(ix: Index, s: State, seat: int, a: Action) -> None:
    s["turn"]["attacked"] = True
    w = a["weapon"]
    wp = ix.cards[w].weapon if w else None
    combat.attack(ix, s, seat, a["target"], wp.trait if wp else "might", bool(wp and wp.distance),
                  w, None)


def _give(ix: Index, s: State, seat: int, a: Action) -> None:
    """Offer a card: the turn's give is spent, and the receiver answers (RULING HB-26)."""
    s["turn"]["gave"] = True
    offer(ix, s, seat, a["to"], a["card"])


def offer(ix: Index, s: State, giver: int, to: int, cid: str) -> None:
    """Ask ``to`` whether they take ``cid`` from ``giver`` ("assuming you both agree"; Legacy:
    "another willing explorer"): a pending choice of the receiving seat."""
    frames.ask(s, to, "accept", [{"type": "accept", "accept": True},
                                 {"type": "accept", "accept": False}],
               f"{state_access.name(ix, s, giver)} offers you "
               f"{state_access.card_name(ix, cid)}. Take it?", giver=giver, card=cid)


def refuse_offer(ix: Index, s: State, ch: dict[str, Any]) -> None:
    """The receiver said no: the card stays with the giver."""
    state_access.log(s, "refuse",
                     f"{state_access.name(ix, s, ch['seat'])} refuses "
                     f"{state_access.card_name(ix, ch['card'])}; "
                     f"{state_access.name(ix, s, ch['giver'])} keeps it.")


def _accept_chosen(ix: Index, s: State, ch: dict[str, Any], action: Action) -> None:
    giver, to, cid = ch["giver"], ch["seat"], ch["card"]
    if not action["accept"]:
        refuse_offer(ix, s, ch)
        return
    s["turn"]["used"].append(cid)
    cards.lose(ix, s, giver, cid)
    cards.gain(ix, s, to, cid)
    state_access.log(s, "give",
                     f"{state_access.name(ix, s, giver)} gives {state_access.card_name(ix, cid)} to "
                     f"{state_access.name(ix, s, to)}.")


def _drop(ix: Index, s: State, seat: int, a: Action) -> None:
    """Drop one card (then the player may go on dropping: any subset, RULING HB-2) or all."""
    t = s["turn"]
    t["dropped"] = True
    if a["card"] == "all":
        _drop_cards(ix, s, seat, _droppable(ix, s, seat))
        return
    _drop_cards(ix, s, seat, [a["card"]])
    _ask_more(ix, s, seat, "drop")


def _droppable(ix: Index, s: State, seat: int) -> list[str]:
    used = s["turn"]["used"]
    return [c for c in s["explorers"][seat]["cards"] if c not in used and cards.droppable(ix, c)]


def _pickable(ix: Index, s: State, seat: int) -> list[str]:
    pile = s["piles"].get(s["explorers"][seat]["room"], [])
    return [c for c in pile if not cards.is_companion(ix, c)]


def _drop_cards(ix: Index, s: State, seat: int, cids: list[str]) -> None:
    t = s["turn"]
    e = s["explorers"][seat]
    for cid in cids:
        t["used"].append(cid)
        cards.lose(ix, s, seat, cid)
        cards.to_pile(s, e["room"], cid)
    state_access.log(s, "drop", f"{state_access.name(ix, s, seat)} drops "
                     f"{', '.join(state_access.card_name(ix, c) for c in cids)}.")


def _pick_up_cards(ix: Index, s: State, seat: int, cids: list[str]) -> None:
    t = s["turn"]
    room = s["explorers"][seat]["room"]
    for cid in cids:
        cards.from_pile(s, room, cid)
        t["used"].append(cid)
        cards.gain(ix, s, seat, cid)
    state_access.log(s, "pick_up", f"{state_access.name(ix, s, seat)} picks up "
                     f"{', '.join(state_access.card_name(ix, c) for c in cids)}.")


def _ask_more(ix: Index, s: State, seat: int, kind: str) -> None:
    """After one card dropped or picked up, the same drop or pick up may take another (the
    documents' "any number", "some or all"), until the player stops (``card: null``)."""
    rest = _droppable(ix, s, seat) if kind == "drop" else _pickable(ix, s, seat)
    if rest:
        prompt = ("Drop another item, or keep the rest?" if kind == "drop"
                  else "Pick up another item, or leave the rest?")
        frames.ask(s, seat, kind, [*({"type": kind, "card": c} for c in rest),
                                   {"type": kind, "card": None}], prompt, who=seat)


def _more_chosen(ix: Index, s: State, ch: dict[str, Any], action: Action) -> None:
    cid = action["card"]
    if cid is None:
        return
    if ch["kind"] == "drop":
        _drop_cards(ix, s, ch["who"], [cid])
    else:
        _pick_up_cards(ix, s, ch["who"], [cid])
    _ask_more(ix, s, ch["who"], ch["kind"])


def _pick_up(ix: Index, s: State, seat: int, a: Action) -> None:
    """Pick up one card (then the player may go on: some or all, RULING HB-2) or all."""
    s["turn"]["picked"] = True
    if a["card"] == "all":
        _pick_up_cards(ix, s, seat, _pickable(ix, s, seat))
        return
    _pick_up_cards(ix, s, seat, [a["card"]])
    _ask_more(ix, s, seat, "pick_up")


def _place_stairs(ix: Index, s: State, seat: int, a: Action) -> None:
    s["turn"]["actions_used"].append("place_stairs")
    frames.ask(s, seat, "place_tile", placing.discover_options(ix, s, "stairs_from_basement"),
               "Place the Stairs from Basement at an open basement doorway.", who=seat)


def _mmove(ix: Index, s: State, seat: int, a: Action) -> None:
    _monster_acts(s, a["monster"])
    s["turn"]["monster_turns"][a["monster"]]["moves_left"] -= 1
    placing.relocate(ix, s, a["monster"], a["to"])


def _mattack(ix: Index, s: State, seat: int, a: Action) -> None:
    mid = a["monster"]
    _monster_acts(s, mid)
    s["turn"]["monster_turns"][mid]["attacked"] = True
    kind = ix.monsters[s["monsters"][mid]["kind"]]
    assert kind.attack is not None, mid  # legal only for a monster with an attack trait
    combat.attack(ix, s, mid, a["target"], kind.attack, kind.distance, None, None)


def _power(ix: Index, s: State, seat: int, a: Action) -> None:
    mid = a["monster"]
    _monster_acts(s, mid)
    k = s["monsters"][mid]["kind"]
    key = f"m:{k}:a:{a['id']}"
    s["turn"]["actions_used"].append(f"{mid}:{key}")
    frames.push(s, key, mid, f"m:{k}")


def _mpick(ix: Index, s: State, seat: int, a: Action) -> None:
    mid = a["monster"]
    _monster_acts(s, mid)
    cards.from_pile(s, s["monsters"][mid]["room"], a["card"])
    cards.gain(ix, s, mid, a["card"])


APPLY = {
    "end_turn": _end, "move": _move, "explore": _explore, "room_action": _room_action,
    "use": _use, "haunt_action": _haunt_action, "attack": _attack, "give": _give,
    "drop": _drop, "pick_up": _pick_up, "place_stairs": _place_stairs, "mmove": _mmove,
    "mattack": _mattack, "power": _power, "mpick": _mpick, "mexplore": _mexplore,
}
CHOICES = {"rotate": _rotate_chosen, "rearrange": _rearrange_chosen, "accept": _accept_chosen, "drop": _more_chosen,
           "pick_up": _more_chosen}
