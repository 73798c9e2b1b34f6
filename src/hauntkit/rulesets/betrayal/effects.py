"""The effect interpreter: a stack of plain-data frames in ``state["fx"]`` and at most one
pending choice in ``state["choice"]``, so the state round-trips through JSON at any moment.

A frame is either ``{"op": "fx", "k": key, "i": next, "who": actor, "src": source}`` (an effect
list of the content index, by key) or an engine step ``{"op": name, ...}``. ``run`` resolves
frames until a player must choose (``state["choice"]``) or the stack is empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hauntkit.rulesets.betrayal import common as C
from hauntkit.rulesets.betrayal import schema as S
from hauntkit.rulesets.betrayal import traits as T
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]
PHYS = ("might", "speed")
DEATH = "death"  # source of ``on_death`` reactions: they run for a dead explorer (RULING HB-20)
MENT = ("knowledge", "sanity")


def push(s: State, key: str, who: Any, src: str) -> None:
    s["fx"].append({"op": "fx", "k": key, "i": 0, "who": who, "src": src})


def push_op(s: State, frame: dict[str, Any]) -> None:
    s["fx"].append(frame)


def ask(s: State, seat: int, kind: str, opts: list[dict[str, Any]], prompt: str,
        **data: Any) -> None:
    """Suspend resolution until ``seat`` picks one of ``opts`` (each an action)."""
    s["choice"] = {"seat": seat, "kind": kind, "opts": opts, "prompt": prompt, **data}


def seat_of(s: State, who: Any) -> int:
    """The seat deciding for ``who`` (a monster's controller)."""
    return who if isinstance(who, int) else C.controller(s)


# ------------------------------------------------------------------------------- the loop
def run(ix: Index, s: State) -> None:
    stack = s["fx"]
    rules = ix.rules
    handlers, ops, harmful = rules.effects, rules.ops, rules.harmful
    while s["result"] is None and s["choice"] is None:
        if not stack:
            if s["turn"].get("end"):
                _turns.end_turn(ix, s)
                continue
            return
        fr = stack[-1]
        if fr["op"] == "fx":
            who = fr["who"]
            lst = ix.fx[fr["k"]]
            if fr["i"] >= len(lst) or (_gone(s, who) and fr["src"] != DEATH):
                stack.pop()
                continue
            eff = lst[fr["i"]]
            fr["i"] += 1
            if fr["src"].startswith("r:") and C.is_evil(s, who) and eff.do in harmful:
                continue  # traitors and monsters ignore a room's harm (rulebook digest)
            handlers[eff.do](ix, s, fr, eff)
        else:
            stack.pop()
            ops[fr["op"]](ix, s, fr)
    if s["result"] is not None:
        s["fx"].clear()
        s["choice"] = None


def _gone(s: State, who: Any) -> bool:
    if who is None:
        return False
    if isinstance(who, int):
        return not s["ex"][who]["alive"]
    return who not in s["mon"]


def resolve_choice(ix: Index, s: State, action: dict[str, Any]) -> None:
    ch = s["choice"]
    s["choice"] = None
    ix.rules.choices[ch["kind"]](ix, s, ch, action)
    run(ix, s)


# ------------------------------------------------------------------------------- rolls
def do_roll(ix: Index, s: State, who: Any, trait: str | None, dice: int | None, kind: str,
            category: str | None = None, extra: Sequence[Any] = (), add: int = 0) -> int:
    """Roll for ``who``: dice = trait value (or ``dice``) plus bonuses; result never below 0.
    An explorer with a saved "It Is Meant To Be" result uses it instead."""
    if isinstance(who, int) and s["ex"][who].get("fate") is not None and kind != "defend":
        result = s["ex"][who].pop("fate")
        C.log(s, "roll", f"{C.name(ix, s, who)} uses a saved result: {result}.", seat=who,
              result=result)
        return result
    n = dice if dice is not None else C.value(ix, s, who, trait) if trait else 0
    more, plus = T.roll_mods(ix, s, who, kind, trait, category, extra)
    faces = C.roll(s, n + more)  # 0 dice (or fewer) still roll 1 die, RULING B1
    result = max(0, sum(faces) + plus + add)
    C.log(s, "roll", f"{C.name(ix, s, who) if who is not None else 'The house'} rolls "
          f"{C.plural(len(faces), 'die', 'dice')}{f' for {trait}' if trait else ''}: "
          f"{', '.join(map(str, faces)) or 'nothing'} (total {result}).", who=who, dice=faces,
          result=result)
    return result


def note_roll(s: State, eff: S.Roll) -> None:
    """Book a roll's key and category for the turn (each at most once a turn)."""
    t = s["turn"]
    if eff.key:
        t["rolls"].append(eff.key)
    if eff.category:
        t["cats"].append(eff.category)


def take_outcome(ix: Index, s: State, eff: S.Roll, result: int, who: Any, src: str) -> None:
    """Save the result if the roll says so, and apply the first outcome it falls in."""
    if eff.save_as:
        s["counters"][eff.save_as] = result
    for o in eff.outcomes:
        if (o.min is None or result >= o.min) and (o.max is None or result <= o.max):
            if o.text:
                C.log(s, "outcome", o.text)
            push(s, ix.key(o.effects), who, src)
            return


def _roll(ix: Index, s: State, fr: dict[str, Any], eff: S.Roll) -> None:
    who = fr["who"]
    note_roll(s, eff)
    if fr["src"].startswith("r:") and C.is_evil(s, who):
        # traitors and monsters take a room's benefit without its harm: they pick the outcome
        opts = [{"type": "outcome", "i": i} for i, _ in enumerate(eff.outcomes)]
        ask(s, seat_of(s, who), "outcome", opts, "Choose the outcome (a room's harm does not "
            "touch you).", key=ix.key(eff.outcomes[0].effects).rsplit(".", 1)[0], who=who,
            src=fr["src"])
        return
    dice = C.count(s, eff.dice) if eff.dice is not None else None
    trait_kind = "task" if eff.category else ("trait" if eff.trait else "any")
    result = do_roll(ix, s, who, eff.trait, dice, trait_kind, eff.category, eff.bonuses,
                     C.count(s, eff.add))
    take_outcome(ix, s, eff, result, who, fr["src"])


def _choose_outcome(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    push(s, f"{ch['key']}.{action['i']}", ch["who"], ch["src"])


# ------------------------------------------------------------------------------- traits
def _trait_choice(ix: Index, s: State, fr: dict[str, Any], eff: Any, sign: int) -> None:
    who = fr["who"]
    if not isinstance(who, int):
        return
    n = C.count(s, eff.amount)
    if eff.trait == "choice":
        opts = [{"type": "trait", "trait": t} for t in S.TRAITS]
        ask(s, who, "trait", opts, f"Choose a trait to {'gain' if sign > 0 else 'lose'} {n}.",
            who=who, n=n * sign)
        return
    T.change(ix, s, who, eff.trait, n * sign)


def _gain(ix: Index, s: State, fr: dict[str, Any], eff: S.Gain) -> None:
    _trait_choice(ix, s, fr, eff, 1)


def _lose(ix: Index, s: State, fr: dict[str, Any], eff: S.Lose) -> None:
    _trait_choice(ix, s, fr, eff, -1)


def _trait_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    T.change(ix, s, ch["who"], action["trait"], ch["n"])


def _heal(ix: Index, s: State, fr: dict[str, Any], eff: S.Heal) -> None:
    if isinstance(fr["who"], int):
        for t in (S.TRAITS if eff.trait == "all" else (eff.trait,)):
            T.heal(ix, s, fr["who"], t)


# ------------------------------------------------------------------------------- damage
def targets(s: State, who: Any, to: str) -> list[int]:
    live = C.living(s)
    room = C.room_of(s, who) if who is not None else None
    if to == "self":
        return [who] if isinstance(who, int) else []
    if to == "all":
        return live
    if to == "others":
        return [i for i in live if i != who]
    if to == "heroes":
        return [i for i in live if s["ex"][i]["side"] == "heroes"]
    if to == "traitor":
        return [i for i in live if s["ex"][i]["side"] == "traitor"]
    if to == "here":
        return [i for i in live if s["ex"][i]["room"] == room]
    if to == "others_here":
        return [i for i in live if s["ex"][i]["room"] == room and i != who]
    if to == "outside":
        return [i for i in live if s["ex"][i]["room"] != room]
    return []


def damage(s: State, seats_amounts: list[list[int]], kind: str) -> None:
    """Queue damage: each ``[seat, amount]`` is split by that player point by point."""
    q = [x for x in seats_amounts if x[1] > 0]
    if q:
        push_op(s, {"op": "dmg", "q": q, "kind": kind})


def _damage(ix: Index, s: State, fr: dict[str, Any], eff: S.Damage) -> None:
    q = []
    for seat in targets(s, fr["who"], eff.to):
        n = C.count(s, eff.amount) if eff.amount is not None else 0
        if eff.dice is not None:
            n += sum(C.roll(s, C.count(s, eff.dice)))
        q.append([seat, n])
    damage(s, q, eff.kind)


def _op_dmg(ix: Index, s: State, fr: dict[str, Any]) -> None:
    q = fr["q"]
    while q and (q[0][1] <= 0 or not s["ex"][q[0][0]]["alive"]):
        q.pop(0)
    if not q:
        return
    push_op(s, fr)  # keep the frame until every point is placed
    seat, n = q[0]
    allowed = PHYS if fr["kind"] == "physical" else MENT if fr["kind"] == "mental" else S.TRAITS
    opts = [{"type": "damage", "trait": t} for t in allowed]
    ask(s, seat, "damage", opts, f"Take 1 point of {fr['kind']} damage ({n} left): choose a "
        "trait.", left=n)


def _damage_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    fr = s["fx"][-1]
    seat = fr["q"][0][0]
    fr["q"][0][1] -= 1
    T.change(ix, s, seat, action["trait"], -1)


# ------------------------------------------------------------------------------- cards
def _draw(ix: Index, s: State, fr: dict[str, Any], eff: S.Draw) -> None:

    who = fr["who"]
    if not isinstance(who, int):
        return
    n = C.count(s, eff.count)
    for _ in range(n - 1):  # later draws resolve after the first (stack order)
        push_op(s, {"op": "draw", "who": who, "deck": eff.deck})
    _cards.draw(ix, s, who, eff.deck)


def _op_draw(ix: Index, s: State, fr: dict[str, Any]) -> None:

    if s["ex"][fr["who"]]["alive"]:
        _cards.draw(ix, s, fr["who"], fr["deck"])


def _get_card(ix: Index, s: State, fr: dict[str, Any], eff: S.GetCard) -> None:

    if isinstance(fr["who"], int):
        _cards.take_specific(ix, s, fr["who"], eff.card)


def _discard(ix: Index, s: State, fr: dict[str, Any], eff: S.Discard) -> None:

    who = fr["who"]
    cid = fr["src"][2:] if eff.card == "this" and fr["src"].startswith("c:") else eff.card
    if not isinstance(who, int):
        return
    if cid in s["limbo"]:
        s["limbo"].remove(cid)
        _cards.discard(ix, s, cid)
    elif cid in s["ex"][who]["cards"]:
        _cards.lose(ix, s, who, cid)
        _cards.discard(ix, s, cid)


def _keep(ix: Index, s: State, fr: dict[str, Any], eff: S.Keep) -> None:
    cid = fr["src"][2:]
    if cid in s["limbo"] and isinstance(fr["who"], int):
        s["limbo"].remove(cid)
        s["ex"][fr["who"]]["cards"].append(cid)


def _op_card_done(ix: Index, s: State, fr: dict[str, Any]) -> None:

    _cards.card_done(ix, s, fr)


def _ignore_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    cid = ch["card"]
    if action["ignore"]:
        C.log(s, "ignore", f"{C.name(ix, s, ch['seat'])} ignores {ix.cards[cid].name}.")
        return
    push(s, f"c:{cid}:on_draw", ch["seat"], f"c:{cid}")


# ------------------------------------------------------------------------------- moving
def candidate_rooms(ix: Index, s: State, who: Any, to: str, floor: str | None,
                    token: str | None) -> list[str]:

    here = C.room_of(s, who)
    if to == "choice_adjacent":
        return sorted({r for r, _ in _house.exits(ix, s, here, isinstance(who, str))})
    if to == "choice_any":
        return sorted(r for r in s["tiles"] if r != here)
    if to in ("choice_floor", "random_floor"):
        f = floor or s["tiles"][here][0]
        return [r for r in _house.placed_on(s, f) if r != here]
    if to == "choice_token":
        return sorted(r for r, tk in s["tokens"].items() if tk.get(token or "") and r != here)
    return []


def relocate(ix: Index, s: State, who: Any, room: str) -> None:
    """Put ``who`` on ``room`` (no move cost, no "on enter" trigger); companions lying there
    pass to an explorer who arrives (rulebook digest, death)."""

    if isinstance(who, int):
        s["ex"][who]["room"] = room
        pile = s["piles"].get(room)
        if pile:
            for cid in [c for c in pile if _cards.is_companion(ix, c)]:
                _cards.from_pile(s, room, cid)
                _cards.gain(ix, s, who, cid)
    else:
        s["mon"][who]["room"] = room


def _move(ix: Index, s: State, fr: dict[str, Any], eff: S.Move) -> None:
    who = fr["who"] if eff.who == "self" else eff.who
    if who is None or _gone(s, who):
        if isinstance(who, str):
            # a monster kind: move each of that kind? pick the first living one
            ids = [m for m, v in s["mon"].items() if v["k"] == who]
            if not ids:
                return
            who = ids[0]
        else:
            return
    if eff.to == "actor_tile":
        if fr["who"] is not None and not _gone(s, fr["who"]):
            relocate(ix, s, who, C.room_of(s, fr["who"]))
        return
    if eff.room is not None:
        if eff.room in s["tiles"]:
            relocate(ix, s, who, eff.room)
        return
    rooms = candidate_rooms(ix, s, who, eff.to or "choice_adjacent", eff.floor, eff.token)
    if not rooms:
        return
    if eff.to == "random_floor":
        from hauntkit.core import rng

        relocate(ix, s, who, rng.choice(s["rng"], rooms))
        return
    if len(rooms) == 1:
        relocate(ix, s, who, rooms[0])
        return
    ask(s, seat_of(s, fr["who"] if fr["who"] is not None else who), "dest",
        [{"type": "go", "room": r} for r in rooms], "Choose where to move.", who=who)


def _dest_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    relocate(ix, s, ch["who"], action["room"])
    C.log(s, "moved", f"{C.name(ix, s, ch['who'])} is moved to {ix.rooms[action['room']].name}.")


# ------------------------------------------------------------------------------- placing
def place_rooms(ix: Index, s: State, who: Any, where: str, room: str | None,
                symbol: str | None) -> list[str]:

    if where == "here":
        return [C.room_of(s, who)] if who is not None else ["entrance_hall"]
    if where == "room":
        return [room] if room is not None and room in s["tiles"] else []
    if where == "each_symbol":
        return sorted(r for r in s["tiles"] if ix.rooms[r].symbol == symbol)
    if where == "far":
        here = C.room_of(s, who) if who is not None else "entrance_hall"
        return [far_room(ix, s, here)]
    if where in ("choice",):
        return sorted(s["tiles"])
    return _house.placed_on(s, "ground")


def far_room(ix: Index, s: State, here: str) -> str:
    """A placed tile on another floor than ``here`` if any (the last one by id), else here."""
    f = s["tiles"][here][0]
    others = sorted(r for r, t in s["tiles"].items() if t[0] != f)
    return others[-1] if others else here


def put(ix: Index, s: State, room: str, monster: str | None, token: str | None) -> None:
    if monster:
        s["mseq"] += 1
        mid = f"m{s['mseq']}"
        s["mon"][mid] = {"k": monster, "room": room, "stun": False, "cards": [], "w": 0}
        C.log(s, "monster", f"{ix.monsters[monster].name} appears in {ix.rooms[room].name}.",
              monster=mid)
    if token:
        toks = s["tokens"].setdefault(room, {})
        toks[token] = toks.get(token, 0) + 1


def _place(ix: Index, s: State, fr: dict[str, Any], eff: S.Place) -> None:
    n = C.count(s, eff.count)
    rooms = place_rooms(ix, s, fr["who"], eff.where, eff.room, eff.symbol)
    if not rooms:
        return
    if eff.where == "choice":
        for _ in range(n - 1):
            push_op(s, {"op": "ask_place", "who": fr["who"], "monster": eff.monster,
                        "token": eff.token})
        _ask_place(ix, s, {"who": fr["who"], "monster": eff.monster, "token": eff.token})
        return
    for room in rooms:
        for _ in range(n):
            put(ix, s, room, eff.monster, eff.token)


def _ask_place(ix: Index, s: State, fr: dict[str, Any]) -> None:
    ask(s, seat_of(s, fr["who"]), "place", [{"type": "put", "room": r} for r in sorted(s["tiles"])],
        f"Choose a tile for {fr['monster'] or fr['token']}.", monster=fr["monster"],
        token=fr["token"])


def _place_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    put(ix, s, action["room"], ch["monster"], ch["token"])


def _remove_token(ix: Index, s: State, fr: dict[str, Any], eff: S.RemoveToken) -> None:
    rooms = list(s["tokens"]) if eff.everywhere else [C.room_of(s, fr["who"])]
    for r in rooms:
        toks = s["tokens"].get(r, {})
        if toks.get(eff.token):
            toks[eff.token] = 0 if eff.everywhere else toks[eff.token] - 1
            if not toks[eff.token]:
                del toks[eff.token]
            if not toks:
                del s["tokens"][r]


# ------------------------------------------------------------------------------- discover
def discover_options(ix: Index, s: State, room: str) -> list[dict[str, Any]]:
    """Every (open doorway, rotation) where ``room`` may be placed."""
    from hauntkit.rulesets.betrayal.index import OPP, STEP

    opts = []
    for f in ix.rooms[room].floors:
        for at, side in _house.open_doorways(ix, s, f):
            _, x, y, _ = s["tiles"][at]
            dx, dy = STEP[side]
            for r in _house.rotations(ix, s, room, f, x + dx, y + dy, OPP[side]):
                opts.append({"type": "place_tile", "room": room, "at": at, "dir": side, "r": r})
    return opts


def _discover(ix: Index, s: State, fr: dict[str, Any], eff: S.Discover) -> None:
    room = None
    if eff.room:
        room = eff.room if eff.room in s["stack"] or eff.room in s["aside"] else None
    else:
        room = next((r for r in s["stack"] if eff.floor in ix.floor_ok[r]), None)
    if room is None:
        return
    opts = discover_options(ix, s, room)
    if not opts:
        return
    ask(s, seat_of(s, fr["who"]), "place_tile", opts, f"Choose where {ix.rooms[room].name} "
        "goes.", who=fr["who"])


def _place_tile_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    from hauntkit.rulesets.betrayal.index import STEP

    room = action["room"]
    for pool in (s["stack"], s["aside"]):
        if room in pool:
            pool.remove(room)
    f, x, y, _ = s["tiles"][action["at"]]
    dx, dy = STEP[action["dir"]]
    _house.place_tile(s, room, f, x + dx, y + dy, action["r"])
    ix.rules.tile_placed(ix, s, room)
    _house.shuffle_stack(s)
    C.log(s, "tile", f"{ix.rooms[room].name} is placed.", room=room)
    if ix.rooms[room].on_discover:
        push(s, f"r:{room}:on_discover", ch["who"], f"r:{room}")


# ------------------------------------------------------------------------------- combat
def _attack(ix: Index, s: State, fr: dict[str, Any], eff: S.Attack) -> None:

    dice = C.count(s, eff.dice) if eff.dice is not None else None
    _combat.ask_target(ix, s, fr["who"], eff.trait, eff.distance, None, dice)


def _steal(ix: Index, s: State, fr: dict[str, Any], eff: S.Steal) -> None:

    _combat.ask_steal(ix, s, fr["who"], None)


# ------------------------------------------------------------------------------- control
def _if(ix: Index, s: State, fr: dict[str, Any], eff: S.If) -> None:

    branch = eff.then if _conditions.holds(ix, s, eff.cond, fr["who"]) else eff.else_
    if branch:
        push(s, ix.key(branch), fr["who"], fr["src"])


def _choose(ix: Index, s: State, fr: dict[str, Any], eff: S.Choose) -> None:

    opts = [{"type": "option", "i": i, "label": o.label} for i, o in enumerate(eff.options)
            if o.when is None or _conditions.holds(ix, s, o.when, fr["who"])]
    if not opts:
        return
    key = ix.key(eff.options[0].effects).rsplit(".", 1)[0]
    ask(s, seat_of(s, fr["who"]), "option", opts, "Choose one.", key=key, who=fr["who"],
        src=fr["src"])


def _option_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    push(s, f"{ch['key']}.{action['i']}", ch["who"], ch["src"])


def _counter(ix: Index, s: State, fr: dict[str, Any], eff: S.Counter) -> None:
    s["counters"][eff.name] = s["counters"].get(eff.name, 0) + C.count(s, eff.add)


def _flag(ix: Index, s: State, fr: dict[str, Any], eff: S.SetFlag) -> None:
    if eff.value:
        s["flags"][eff.name] = True
    else:
        s["flags"].pop(eff.name, None)


def _win(ix: Index, s: State, fr: dict[str, Any], eff: S.Win) -> None:

    _turns.declare_winner(ix, s, eff.side, "goals completed")


def _end_movement(ix: Index, s: State, fr: dict[str, Any], eff: Any) -> None:
    s["turn"]["stop"] = True


def _end_turn(ix: Index, s: State, fr: dict[str, Any], eff: Any) -> None:
    s["turn"]["stop"] = True
    s["turn"]["end"] = True


def _stun(ix: Index, s: State, fr: dict[str, Any], eff: S.Stun) -> None:

    if eff.who == "here":
        room = C.room_of(s, fr["who"])
        mids = [m for m, v in s["mon"].items() if v["room"] == room]
    else:
        mids = [m for m, v in s["mon"].items() if m == eff.who or v["k"] == eff.who]
    for m in mids:
        _combat.stun(ix, s, m)


def _kill(ix: Index, s: State, fr: dict[str, Any], eff: S.Kill) -> None:

    who = fr["who"]
    if eff.who == "self":
        if isinstance(who, int):
            s["ex"][who]["t"]["sanity"] = -1
            T.die(ix, s, who, "sanity")
        elif who in s["mon"]:
            _combat.kill_monster(ix, s, who)
        return
    if eff.who == "monster_here":
        room = C.room_of(s, who)
        mids = sorted(m for m, v in s["mon"].items() if v["room"] == room)
        if len(mids) == 1:
            _combat.kill_monster(ix, s, mids[0])
        elif mids:
            ask(s, seat_of(s, who), "kill", [{"type": "kill", "monster": m} for m in mids],
                "Choose a monster to destroy.")
        return
    for m in [m for m, v in s["mon"].items() if m == eff.who or v["k"] == eff.who][:1]:
        _combat.kill_monster(ix, s, m)


def _kill_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:

    _combat.kill_monster(ix, s, action["monster"])


def _drop(ix: Index, s: State, fr: dict[str, Any], eff: S.Drop) -> None:

    who = fr["who"]
    if eff.card == "all":
        _cards.drop_all(ix, s, who)
        return
    holder = s["ex"][who]["cards"] if isinstance(who, int) else s["mon"][who]["cards"]
    if eff.card in holder:
        _cards.lose(ix, s, who, eff.card)
        _cards.to_pile(s, C.room_of(s, who), eff.card)


def _say(ix: Index, s: State, fr: dict[str, Any], eff: S.Say) -> None:
    C.log(s, "say", eff.text)


def _reveal(ix: Index, s: State, fr: dict[str, Any], eff: S.Reveal) -> None:

    _turns.reveal_traitor(ix, s)


def _hook(ix: Index, s: State, fr: dict[str, Any], eff: S.Hook) -> None:
    ix.rules.hooks[eff.name](ix, s, fr, eff.args)


def _once(ix: Index, s: State, fr: dict[str, Any], eff: S.OncePerTurn) -> None:
    key = f"{fr['who']}:{eff.key}"
    if key in s["turn"]["once"]:
        return
    s["turn"]["once"].append(key)
    push(s, ix.key(eff.effects), fr["who"], fr["src"])


def _op_call(ix: Index, s: State, fr: dict[str, Any]) -> None:
    """A deferred engine step by name (turn flow, combat)."""

    ix.rules.calls[fr["fn"]](ix, s, fr)


# betrayal's tables: each ruleset instance copies them into its rules object (rules.py)
EFFECTS = {
    "roll": _roll, "gain": _gain, "lose": _lose, "heal": _heal, "damage": _damage,
    "draw": _draw, "get_card": _get_card, "discard": _discard, "keep": _keep, "move": _move,
    "place": _place, "remove_token": _remove_token, "discover": _discover, "attack": _attack,
    "steal": _steal, "if": _if, "choose": _choose, "counter": _counter, "flag": _flag,
    "win": _win, "end_movement": _end_movement, "end_turn": _end_turn, "stun": _stun,
    "kill": _kill, "drop": _drop, "say": _say, "reveal": _reveal, "hook": _hook,
    "once_per_turn": _once,
}
OPS = {
    "dmg": _op_dmg, "draw": _op_draw, "card_done": _op_card_done, "ask_place": _ask_place,
    "call": _op_call,
}
CHOICES: dict[str, Any] = {
    "outcome": _choose_outcome, "trait": _trait_chosen, "damage": _damage_chosen,
    "ignore": _ignore_chosen, "dest": _dest_chosen, "place": _place_chosen,
    "place_tile": _place_tile_chosen, "option": _option_chosen, "kill": _kill_chosen,
}


# engine modules that import this one: bound here, once every module is defined
from hauntkit.rulesets.betrayal import cards as _cards  # noqa: E402
from hauntkit.rulesets.betrayal import combat as _combat  # noqa: E402
from hauntkit.rulesets.betrayal import conditions as _conditions  # noqa: E402
from hauntkit.rulesets.betrayal import house as _house  # noqa: E402
from hauntkit.rulesets.betrayal import turns as _turns  # noqa: E402
