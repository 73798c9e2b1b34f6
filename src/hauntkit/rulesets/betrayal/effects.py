"""What each effect of the vocabulary does (``do: roll``, ``do: damage``, ...), the engine steps
pushed as frames (``{"op": name, ...}``), and the answers to the choices they ask: betrayal's
tables ``EFFECTS``, ``OPS`` and ``CHOICES``, which each ruleset copies into its rules object.
The interpreter's loop that calls them is interpreter.py; frames and choices are frames.py."""

from __future__ import annotations

from typing import Any

from hauntkit.core import rng
from hauntkit.rulesets.betrayal import (
    cards,
    combat,
    conditions,
    frames,
    house,
    placing,
    rolls,
    state_access,
    traits,
    turns,
    vocabulary,
)
from hauntkit.rulesets.betrayal.index import STEP, Index

State = dict[str, Any]
PHYS = ("might", "speed")
MENT = ("knowledge", "sanity")


# ------------------------------------------------------------------------------- rolls


def _roll(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Roll) -> None:
    who = fr["who"]
    rolls.note_roll(s, eff)
    if fr["src"].startswith("r:") and state_access.is_evil(s, who):
        # traitors and monsters take a room's benefit without its harm: they pick the outcome
        opts = [{"type": "outcome", "i": i} for i, _ in enumerate(eff.outcomes)]
        frames.ask(s, frames.seat_of(s, who), "outcome", opts,
                   "Choose the outcome (a room's harm does not "
                   "touch you).", key=ix.key(eff.outcomes[0].effects).rsplit(".", 1)[0], who=who,
                   src=fr["src"])
        return
    dice = state_access.count(s, eff.dice) if eff.dice is not None else None
    trait_kind = "task" if eff.category else ("trait" if eff.trait else "any")
    result = rolls.do_roll(ix, s, who, eff.trait, dice, trait_kind, eff.category, eff.bonuses,
                           state_access.count(s, eff.add))
    rolls.take_outcome(ix, s, eff, result, who, fr["src"])


def _choose_outcome(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    frames.push(s, f"{ch['key']}.{action['i']}", ch["who"], ch["src"])


# ------------------------------------------------------------------------------- traits
def _trait_choice(ix: Index, s: State, fr: dict[str, Any], eff: Any, sign: int) -> None:
    who = fr["who"]
    if not isinstance(who, int):
        return
    n = state_access.count(s, eff.amount)
    if eff.trait == "choice":
        opts = [{"type": "trait", "trait": t} for t in vocabulary.TRAITS]
        frames.ask(s, who, "trait", opts,
                   f"Choose a trait to {'gain' if sign > 0 else 'lose'} {n}.",
                   who=who, amount=n * sign)
        return
    traits.change(ix, s, who, eff.trait, n * sign)


def _gain(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Gain) -> None:
    _trait_choice(ix, s, fr, eff, 1)


def _lose(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Lose) -> None:
    _trait_choice(ix, s, fr, eff, -1)


def _trait_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    traits.change(ix, s, ch["who"], action["trait"], ch["amount"])


def _heal(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Heal) -> None:
    if isinstance(fr["who"], int):
        for t in (vocabulary.TRAITS if eff.trait == "all" else (eff.trait,)):
            traits.heal(ix, s, fr["who"], t)


# ------------------------------------------------------------------------------- damage
def targets(s: State, who: Any, to: str) -> list[int]:
    live = state_access.living(s)
    room = state_access.room_of(s, who) if who is not None else None
    if to == "self":
        return [who] if isinstance(who, int) else []
    if to == "all":
        return live
    if to == "others":
        return [i for i in live if i != who]
    if to == "heroes":
        return [i for i in live if s["explorers"][i]["side"] == "heroes"]
    if to == "traitor":
        return [i for i in live if s["explorers"][i]["side"] == "traitor"]
    if to == "here":
        return [i for i in live if s["explorers"][i]["room"] == room]
    if to == "others_here":
        return [i for i in live if s["explorers"][i]["room"] == room and i != who]
    if to == "outside":
        return [i for i in live if s["explorers"][i]["room"] != room]
    return []


def _damage(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Damage) -> None:
    q = []
    for seat in targets(s, fr["who"], eff.to):
        n = state_access.count(s, eff.amount) if eff.amount is not None else 0
        if eff.dice is not None:
            n += sum(state_access.roll(s, state_access.count(s, eff.dice)))
        q.append([seat, n])
    frames.damage(s, q, eff.kind)


def _op_dmg(ix: Index, s: State, fr: dict[str, Any]) -> None:
    q = fr["queue"]
    while q and (q[0][1] <= 0 or not s["explorers"][q[0][0]]["alive"]):
        q.pop(0)
    if not q:
        return
    frames.push_op(s, fr)  # keep the frame until every point is placed
    seat, n = q[0]
    allowed = PHYS if fr["kind"] == "physical" else MENT if fr["kind"] == "mental" else vocabulary.TRAITS
    opts = [{"type": "damage", "trait": t} for t in allowed]
    frames.ask(s, seat, "damage", opts, f"Take 1 point of {fr['kind']} damage ({n} left): choose a "
               "trait.", left=n)


def _damage_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    fr = s["effect_stack"][-1]
    seat = fr["queue"][0][0]
    fr["queue"][0][1] -= 1
    traits.change(ix, s, seat, action["trait"], -1)


# ------------------------------------------------------------------------------- cards
def _draw(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Draw) -> None:

    who = fr["who"]
    if not isinstance(who, int):
        return
    n = state_access.count(s, eff.count)
    for _ in range(n - 1):  # later draws resolve after the first (stack order)
        frames.push_op(s, {"op": "draw", "who": who, "deck": eff.deck})
    cards.draw(ix, s, who, eff.deck)


def _op_draw(ix: Index, s: State, fr: dict[str, Any]) -> None:

    if s["explorers"][fr["who"]]["alive"]:
        cards.draw(ix, s, fr["who"], fr["deck"])


def _get_card(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.GetCard) -> None:

    if isinstance(fr["who"], int):
        cards.take_specific(ix, s, fr["who"], eff.card)


def _discard(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Discard) -> None:

    who = fr["who"]
    cid = fr["src"][2:] if eff.card == "this" and fr["src"].startswith("c:") else eff.card
    if not isinstance(who, int):
        return
    if cid in s["limbo"]:
        s["limbo"].remove(cid)
        cards.discard(ix, s, cid)
    elif cid in s["explorers"][who]["cards"]:
        cards.lose(ix, s, who, cid)
        cards.discard(ix, s, cid)


def _keep(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Keep) -> None:
    cid = fr["src"][2:]
    if cid in s["limbo"] and isinstance(fr["who"], int):
        s["limbo"].remove(cid)
        s["explorers"][fr["who"]]["cards"].append(cid)


def _op_card_done(ix: Index, s: State, fr: dict[str, Any]) -> None:

    cards.card_done(ix, s, fr)


def _ignore_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    cid = ch["card"]
    if action["ignore"]:
        state_access.log(s, "ignore",
                         f"{state_access.name(ix, s, ch['seat'])} ignores {ix.cards[cid].name}.")
        return
    frames.push(s, f"c:{cid}:on_draw", ch["seat"], f"c:{cid}")


# ------------------------------------------------------------------------------- moving


def _move(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Move) -> None:
    who = fr["who"] if eff.who == "self" else eff.who
    if who is None or state_access.gone(s, who):
        if isinstance(who, str):
            # a monster kind: move each of that kind? pick the first living one
            ids = [m for m, v in s["monsters"].items() if v["kind"] == who]
            if not ids:
                return
            who = ids[0]
        else:
            return
    if eff.to == "actor_tile":
        if fr["who"] is not None and not state_access.gone(s, fr["who"]):
            placing.relocate(ix, s, who, state_access.room_of(s, fr["who"]))
        return
    if eff.room is not None:
        if eff.room in s["tiles"]:
            placing.relocate(ix, s, who, eff.room)
        return
    rooms = placing.candidate_rooms(ix, s, who, eff.to or "choice_adjacent", eff.floor, eff.token)
    if not rooms:
        return
    if eff.to == "random_floor":
        placing.relocate(ix, s, who, rng.choice(s["rng"], rooms))
        return
    if len(rooms) == 1:
        placing.relocate(ix, s, who, rooms[0])
        return
    frames.ask(s, frames.seat_of(s, fr["who"] if fr["who"] is not None else who), "dest",
               [{"type": "go", "room": r} for r in rooms], "Choose where to move.", who=who)


def _dest_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    placing.relocate(ix, s, ch["who"], action["room"])
    state_access.log(s, "moved",
                     f"{state_access.name(ix, s, ch['who'])} is moved to {ix.rooms[action['room']].name}.")


# ------------------------------------------------------------------------------- placing


def _place(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Place) -> None:
    n = state_access.count(s, eff.count)
    rooms = placing.place_rooms(ix, s, fr["who"], eff.where, eff.room, eff.symbol)
    if not rooms:
        return
    if eff.where == "choice":
        for _ in range(n - 1):
            frames.push_op(s, {"op": "ask_place", "who": fr["who"], "monster": eff.monster,
                               "token": eff.token})
        _ask_place(ix, s, {"who": fr["who"], "monster": eff.monster, "token": eff.token})
        return
    for room in rooms:
        for _ in range(n):
            placing.put(ix, s, room, eff.monster, eff.token)


def _ask_place(ix: Index, s: State, fr: dict[str, Any]) -> None:
    frames.ask(s, frames.seat_of(s, fr["who"]), "place", [{"type": "put",
                                                           "room": r} for r in sorted(s["tiles"])],
               f"Choose a tile for {state_access.piece_name(ix, fr['monster'], fr['token'])}.",
               monster=fr["monster"],
               token=fr["token"])


def _place_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    placing.put(ix, s, action["room"], ch["monster"], ch["token"])


def _remove_token(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.RemoveToken) -> None:
    rooms = list(s["tokens"]) if eff.everywhere else [state_access.room_of(s, fr["who"])]
    for r in rooms:
        toks = s["tokens"].get(r, {})
        if toks.get(eff.token):
            toks[eff.token] = 0 if eff.everywhere else toks[eff.token] - 1
            if not toks[eff.token]:
                del toks[eff.token]
            if not toks:
                del s["tokens"][r]


# ------------------------------------------------------------------------------- discover


def _discover(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Discover) -> None:
    room = None
    if eff.room:
        room = eff.room if eff.room in s["stack"] or eff.room in s["aside"] else None
    else:
        room = next((r for r in s["stack"] if eff.floor in ix.floor_ok[r]), None)
    if room is None:
        return
    opts = placing.discover_options(ix, s, room)
    if not opts:
        return
    frames.ask(s, frames.seat_of(s, fr["who"]), "place_tile", opts,
               f"Choose where {ix.rooms[room].name} "
               "goes.", who=fr["who"])


def _place_tile_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    room = action["room"]
    for pool in (s["stack"], s["aside"]):
        if room in pool:
            pool.remove(room)
    f, x, y, _ = s["tiles"][action["at"]]
    dx, dy = STEP[action["dir"]]
    house.place_tile(s, room, f, x + dx, y + dy, action["r"])
    ix.rules.tile_placed(ix, s, room)
    house.shuffle_stack(s)
    state_access.log(s, "tile", f"{ix.rooms[room].name} is placed.", room=room)
    if ix.rooms[room].on_discover:
        frames.push(s, f"r:{room}:on_discover", ch["who"], f"r:{room}")


# ------------------------------------------------------------------------------- combat
def _attack(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Attack) -> None:

    dice = state_access.count(s, eff.dice) if eff.dice is not None else None
    combat.ask_target(ix, s, fr["who"], eff.trait, eff.distance, None, dice)


def _steal(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Steal) -> None:

    combat.ask_steal(ix, s, fr["who"], None)


# ------------------------------------------------------------------------------- control
def _if(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.If) -> None:

    branch = eff.then if conditions.holds(ix, s, eff.cond, fr["who"]) else eff.else_
    if branch:
        frames.push(s, ix.key(branch), fr["who"], fr["src"])


def _choose(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Choose) -> None:

    opts = [{"type": "option", "i": i, "label": o.label} for i, o in enumerate(eff.options)
            if o.when is None or conditions.holds(ix, s, o.when, fr["who"])]
    if not opts:
        return
    key = ix.key(eff.options[0].effects).rsplit(".", 1)[0]
    frames.ask(s, frames.seat_of(s, fr["who"]), "option", opts, "Choose one.", key=key,
               who=fr["who"],
               src=fr["src"])


def _option_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    frames.push(s, f"{ch['key']}.{action['i']}", ch["who"], ch["src"])


def _counter(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Counter) -> None:
    s["counters"][eff.name] = s["counters"].get(eff.name, 0) + state_access.count(s, eff.add)


def _flag(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.SetFlag) -> None:
    if eff.value:
        s["flags"][eff.name] = True
    else:
        s["flags"].pop(eff.name, None)


def _win(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Win) -> None:

    turns.declare_winner(ix, s, eff.side, "goals completed")


def _end_movement(ix: Index, s: State, fr: dict[str, Any], eff: Any) -> None:
    s["turn"]["movement_ended"] = True


def _end_turn(ix: Index, s: State, fr: dict[str, Any], eff: Any) -> None:
    s["turn"]["movement_ended"] = True
    s["turn"]["end_requested"] = True


def _stun(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Stun) -> None:

    if eff.who == "here":
        room = state_access.room_of(s, fr["who"])
        mids = [m for m, v in s["monsters"].items() if v["room"] == room]
    else:
        mids = [m for m, v in s["monsters"].items() if m == eff.who or v["kind"] == eff.who]
    for m in mids:
        combat.stun(ix, s, m)


def _kill(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Kill) -> None:

    who = fr["who"]
    if eff.who == "self":
        if isinstance(who, int):
            s["explorers"][who]["traits"]["sanity"] = -1
            traits.die(ix, s, who, "sanity")
        elif who in s["monsters"]:
            combat.kill_monster(ix, s, who)
        return
    if eff.who == "monster_here":
        room = state_access.room_of(s, who)
        mids = sorted(m for m, v in s["monsters"].items() if v["room"] == room)
        if len(mids) == 1:
            combat.kill_monster(ix, s, mids[0])
        elif mids:
            frames.ask(s, frames.seat_of(s, who), "kill", [{"type": "kill",
                                                            "monster": m} for m in mids],
                       "Choose a monster to destroy.")
        return
    for m in [m for m, v in s["monsters"].items() if m == eff.who or v["kind"] == eff.who][:1]:
        combat.kill_monster(ix, s, m)


def _kill_chosen(ix: Index, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:

    combat.kill_monster(ix, s, action["monster"])


def _drop(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Drop) -> None:

    who = fr["who"]
    if eff.card == "all":
        cards.drop_all(ix, s, who)
        return
    holder = s["explorers"][who]["cards"] if isinstance(who, int) else s["monsters"][who]["cards"]
    if eff.card in holder:
        cards.lose(ix, s, who, eff.card)
        cards.to_pile(s, state_access.room_of(s, who), eff.card)


def _say(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Say) -> None:
    state_access.log(s, "say", eff.text)


def _reveal(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Reveal) -> None:

    turns.reveal_traitor(ix, s)


def _hook(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.Hook) -> None:
    ix.rules.hooks[eff.name](ix, s, fr, eff.args)


def _once(ix: Index, s: State, fr: dict[str, Any], eff: vocabulary.OncePerTurn) -> None:
    key = f"{fr['who']}:{eff.key}"
    if key in s["turn"]["once"]:
        return
    s["turn"]["once"].append(key)
    frames.push(s, ix.key(eff.effects), fr["who"], fr["src"])


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
