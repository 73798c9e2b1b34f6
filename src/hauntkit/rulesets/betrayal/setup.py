"""Scenario set-ups (``apply_setup``), invariants and per-game statistics."""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import HauntkitError
from hauntkit.rulesets.betrayal import (
    cards,
    frames,
    house,
    interpreter,
    placing,
    state_access,
    turns,
)
from hauntkit.rulesets.betrayal.index import BIT, OPP, STEP, Index
from hauntkit.rulesets.betrayal.vocabulary import SIDES, TRAITS

State = dict[str, Any]
SETUP_KEYS = ("tiles", "haunt", "explorers", "monsters", "piles", "tokens", "decks",
              "room_stack", "flags", "counters", "omens_drawn", "dice", "draws", "turn")


def _err(field: str, msg: str) -> HauntkitError:
    return HauntkitError(f"setup.{field}: {msg}")


def _take_card(s: State, cid: str) -> None:
    """Remove a card or object from wherever it is."""
    for pool in (*s["decks"].values(), *s["discard"].values(), s["limbo"],
                 *(e["cards"] for e in s["explorers"]),
                 *(m["cards"] for m in s["monsters"].values())):
        if cid in pool:
            pool.remove(cid)
            return
    for room, pile in list(s["piles"].items()):
        if cid in pile:
            pile.remove(cid)
            if not pile:
                del s["piles"][room]
            return


def _set_cards(ix: Index, s: State, ex: dict[str, Any], held: Any, where: str) -> None:
    """An explorer's cards become ``held``, each taken from wherever it is."""
    for cid in list(ex["cards"]):
        ex["cards"].remove(cid)
        cards.discard(ix, s, cid)
    for cid in held:
        _take_card(s, _card_ok(ix, cid, where))
        ex["cards"].append(cid)


def _card_ok(ix: Index, cid: Any, field: str) -> str:
    if not isinstance(cid, str) or (cid not in ix.cards
                                    and state_access.base_object(ix, cid) is None):
        raise _err(field, f"unknown card or object id {cid!r}")
    return cid


def apply_setup(ix: Index, s: State, setup: dict[str, Any]) -> None:
    """Set up a position. Keys (see docs/scenarios.md, ## betrayal): tiles, haunt, explorers,
    monsters, piles, tokens, decks, room_stack, flags, counters, omens_drawn, dice, turn."""
    if not isinstance(setup, dict):
        raise HauntkitError("setup must be a mapping")
    for key in setup:
        if key not in SETUP_KEYS:
            raise _err(key, f"unknown field; expected one of {', '.join(SETUP_KEYS)}")
    for i, t in enumerate(setup.get("tiles", [])):
        room = t.get("room")
        if room not in ix.rooms:
            raise _err(f"tiles[{i}].room", f"unknown room {room!r}")
        extra = set(t) - {"room", "floor", "x", "y", "rotation"}
        if extra:
            raise _err(f"tiles[{i}]", f"unknown field(s) {sorted(extra)}")
        floor = t.get("floor", ix.rooms[room].floors[0])
        if floor not in ix.floor_names:
            raise _err(f"tiles[{i}].floor", f"unknown floor {floor!r}")
        if floor not in ix.rooms[room].floors:
            raise _err(f"tiles[{i}].floor", f"room {room!r} may not go on the {floor} floor "
                       f"(its floors: {', '.join(ix.rooms[room].floors)})")
        cellkey = house.cell(floor, t["x"], t["y"])
        if cellkey in s["grid"] and s["grid"][cellkey] != room:
            raise _err(f"tiles[{i}]", f"cell {cellkey} already holds {s['grid'][cellkey]}")
        for pool in (s["stack"], s["aside"]):
            if room in pool:
                pool.remove(room)
        if room in s["tiles"]:
            del s["grid"][house.cell(*s["tiles"][room][:3])]
        house.place_tile(s, room, floor, t["x"], t["y"], t.get("rotation", 0) % 4)
        ix.rules.tile_placed(ix, s, room)
        house.forget_layout(s)  # a tile may have moved: cached exits no longer hold
    # explorers first: their traits, rooms and cards count when the haunt picks its traitor
    sides: dict[int, Any] = {}
    later: dict[int, tuple[Any, str]] = {}
    for key, e in (setup.get("explorers") or {}).items():
        seat = int(key)
        if not 0 <= seat < s["players"]:
            raise _err(f"explorers.{key}", "no such seat")
        ex = s["explorers"][seat]
        for f, v in e.items():
            where = f"explorers.{key}.{f}"
            if f == "room":
                if v not in s["tiles"]:
                    raise _err(where, f"room {v!r} is not placed")
                ex["room"] = v
            elif f in ("traits", "trait_index"):
                for t, val in v.items():
                    if t not in TRAITS:
                        raise _err(f"{where}.{t}", "unknown trait")
                    track = getattr(ix.characters[ex["character"]], t).values
                    if f == "trait_index":
                        if not -1 <= val <= 7:
                            raise _err(f"{where}.{t}", "index must be -1..7")
                        ex["traits"][t] = val
                    elif val not in track:
                        raise _err(f"{where}.{t}", f"{val} is not on the track {track}")
                    else:
                        ex["traits"][t] = track.index(val)
            elif f == "cards":
                if all(cid in ix.cards for cid in v):
                    _set_cards(ix, s, ex, v, where)
                else:  # a haunt's objects come into play with the haunt
                    later[seat] = (v, where)
            elif f == "alive":
                ex["alive"] = bool(v)
            elif f == "side":
                if v not in ("heroes", "traitor", None):
                    raise _err(where, "side must be heroes, traitor or null")
                sides[seat] = v  # after the haunt, which sets every side
            else:
                raise _err(where, "unknown field; expected room, traits, trait_index, cards, "
                           "alive, side")
    if "draws" in setup:  # picks for the next random draws (a tie's crest), in order
        if not isinstance(setup["draws"], list):
            raise _err("draws", "expected a list of picks")
        s["rng"].setdefault("draws", []).extend(setup["draws"])
    haunt_setup = None
    if "haunt" in setup:
        hd = setup["haunt"]
        extra = set(hd) - {"id", "traitor", "revealer", "revealed", "setup"}
        if extra:
            raise _err("haunt", f"unknown field(s) {sorted(extra)}")
        if hd.get("id") not in ix.haunts:
            raise _err("haunt.id", f"unknown haunt {hd.get('id')!r}")
        revealer = hd.get("revealer", 0)
        traitor = hd.get("traitor", "rule")
        turns.begin_haunt(ix, s, hd["id"], revealer, traitor)
        if hd.get("revealed"):
            turns.reveal_traitor(ix, s)
        if hd.get("setup", False) and ix.haunts[hd["id"]].setup:
            haunt_setup = (hd["id"], revealer)
    for seat, side in sides.items():
        s["explorers"][seat]["side"] = side
    for seat, (held, where) in later.items():
        _set_cards(ix, s, s["explorers"][seat], held, where)
    if "monsters" in setup:
        s["monsters"].clear()
        for i, m in enumerate(setup["monsters"]):
            if m.get("monster") not in ix.monsters:
                raise _err(f"monsters[{i}].monster", f"unknown monster {m.get('monster')!r}")
            if m.get("room") not in s["tiles"]:
                raise _err(f"monsters[{i}].room", f"room {m.get('room')!r} is not placed")
            placing.put(ix, s, m["room"], m["monster"], None)
            mid = f"m{s['monster_serial']}"
            s["monsters"][mid]["stunned"] = bool(m.get("stunned", False))
            for cid in m.get("cards", []):
                _take_card(s, _card_ok(ix, cid, f"monsters[{i}].cards"))
                s["monsters"][mid]["cards"].append(cid)
    for room, pile_cards in (setup.get("piles") or {}).items():
        if room not in s["tiles"]:
            raise _err(f"piles.{room}", "room is not placed")
        for cid in pile_cards:
            _take_card(s, _card_ok(ix, cid, f"piles.{room}"))
            s["piles"].setdefault(room, []).append(cid)
    for room, toks in (setup.get("tokens") or {}).items():
        if room not in s["tiles"]:
            raise _err(f"tokens.{room}", "room is not placed")
        s["tokens"][room] = dict(toks)
    for kind, top in (setup.get("decks") or {}).items():
        if kind not in s["decks"]:
            raise _err(f"decks.{kind}", "expected event, item or omen")
        for cid in reversed(top):
            if cid not in ix.cards or ix.cards[cid].kind != kind:
                raise _err(f"decks.{kind}", f"unknown {kind} card {cid!r}")
            _take_card(s, cid)
            s["decks"][kind].insert(0, cid)
    if "room_stack" in setup:
        for rid in reversed(setup["room_stack"]):
            if rid not in ix.rooms:
                raise _err("room_stack", f"unknown room {rid!r}")
            if rid in s["tiles"]:
                raise _err("room_stack", f"room {rid!r} is already placed")
            for pool in (s["stack"], s["aside"]):
                if rid in pool:
                    pool.remove(rid)
            s["stack"].insert(0, rid)
    s["flags"].update(setup.get("flags") or {})
    s["counters"].update(setup.get("counters") or {})
    if "omens_drawn" in setup:
        s["omens"] = int(setup["omens_drawn"])
    if "dice" in setup:
        s["rng"]["script"].extend(setup["dice"])
    hand_over = False
    if "turn" in setup:
        td = setup["turn"]
        extra = set(td) - {"seat", "moves"}
        if extra:
            raise _err("turn", f"unknown field(s) {sorted(extra)}")
        who = td.get("seat", 0)
        if who not in s["order"]:
            raise _err("turn.seat", f"{who!r} is not in the turn order {s['order']}")
        s["effect_stack"].clear()
        s["choice"] = None
        s["order_index"] = s["order"].index(who)
        s["turns"] -= 1 if s["turns"] else 0
        turns.start_turn(ix, s, who)
        if "moves" in td:
            s["turn"]["moves_left"] = td["moves"]
        interpreter.run(ix, s)
    elif "haunt" in setup:
        # as a real start: the turn passes to the first seat of the haunt's order, once the
        # haunt's set-up effects (if asked for) have resolved
        s["effect_stack"].clear()
        s["choice"] = None
        frames.push_op(s, {"op": "call", "fn": "next_turn"})
        hand_over = True
    elif "explorers" in setup:
        # keep the current actor, refreshed to the new position (moves from current Speed)
        who = s["turn"]["who"]
        if who != "m" and not s["effect_stack"] and s["choice"] is None:
            s["turn"]["moves_left"] = state_access.value(ix, s, who, "speed")
    if haunt_setup is not None:  # the haunt's set-up effects resolve first, as at its start
        frames.push(s, f"h:{haunt_setup[0]}:setup", haunt_setup[1], "haunt")
    if haunt_setup is not None or hand_over:
        interpreter.run(ix, s)
    # wins are checked after the next action, not by the set-up itself


def invariants(ix: Index, s: State, rs: Any) -> list[str]:
    """Broken invariants: traits on their tracks, every card in exactly one place, everyone on
    a placed tile, a sound house grid, and a decision always available."""
    out: list[str] = []
    for i, e in enumerate(s["explorers"]):
        for t in TRAITS:
            idx = e["traits"][t]
            if not (0 <= idx <= 7 or (idx == -1 and not e["alive"])):
                out.append(f"explorer {i} {t} index {idx} off its track")
        if e["room"] not in s["tiles"]:
            out.append(f"explorer {i} on unplaced tile {e['room']}")
    for mid, m in s["monsters"].items():
        if m["room"] not in s["tiles"]:
            out.append(f"monster {mid} on unplaced tile {m['room']}")
    where: dict[str, int] = {}
    pools = [*s["decks"].values(), *s["discard"].values(), s["limbo"],
             *(e["cards"] for e in s["explorers"]), *(m["cards"] for m in s["monsters"].values()),
             *s["piles"].values()]
    for pool in pools:
        for cid in pool:
            where[cid] = where.get(cid, 0) + 1
    for cid in ix.cards:
        n = where.get(cid, 0)
        if ix.cards[cid].in_deck and n != 1:
            out.append(f"card {cid} is in {n} places")
        elif n > 1:
            out.append(f"card {cid} is in {n} places")
    for cid, n in where.items():
        if cid not in ix.cards and n > 1:
            out.append(f"object {cid} is in {n} places")
    for room, (f, x, y, r) in s["tiles"].items():
        if s["grid"].get(house.cell(f, x, y)) != room:
            out.append(f"tile {room} not in the grid at {f},{x},{y}")
        real = ix.doors[room][r][0]
        for side in SIDES:
            if not real & BIT[side]:
                continue
            dx, dy = STEP[side]
            other = s["grid"].get(house.cell(f, x + dx, y + dy))
            if other is None:
                continue  # open doorway
            # connected, or a false feature facing a wall (RULING B7): both are sound
            _ = ix.doors[other][s["tiles"][other][3]][0] & BIT[OPP[side]]
    if len(s["grid"]) != len(s["tiles"]):
        out.append("grid and tiles disagree")
    placed_or_pooled = set(s["tiles"]) | set(s["stack"]) | set(s["aside"])
    if s["choice"] is not None and s["choice"]["kind"] == "rotate":
        placed_or_pooled.add(s["choice"]["room"])  # drawn, its rotation being chosen
    for rid, room in ix.rooms.items():
        # an extra room (in_stack: false, not a starting tile) waits outside the game until an
        # effect places it: being nowhere is sound for it
        if rid not in placed_or_pooled and (room.in_stack or room.start is not None):
            out.append(f"room {rid} is nowhere")
    if s["result"] is None:
        seats = rs.to_act(s)
        if not seats or not any(rs.legal_actions(s, q) for q in seats):
            out.append("no legal action for the seat to act")
    return out


def stats(ix: Index, s: State) -> dict[str, Any]:
    """Per-game figures: winner side, the goal that decided (``turns.decided_by``), haunt id
    (None if it never started), turns, deaths."""
    r = s["result"] or {}
    h = s["haunt"]
    return {"winner": r.get("winner"), "reason": r.get("reason"),
            "goal": turns.decided_by(ix, s),
            "haunt": h["id"] if h else None, "traitor": h["traitor"] if h else None,
            "turns": s["turns"], "deaths": s["deaths"], "omens": s["omens"],
            "tiles": len(s["tiles"]), "capped": r.get("reason") == "turn cap reached"}
