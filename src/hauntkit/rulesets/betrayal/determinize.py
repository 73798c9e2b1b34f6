"""``determinize(ix, view, rng)``: a full, plausible betrayal state built from one seat's view.

Search bots (ISMCTS) play out many such states. Everything comes from the view and the public
content pack, never from the true state:

- deck orders: the cards of each deck that the view does not show anywhere (hands, piles,
  discards) are shuffled, and as many as the view's deck size are dealt into the deck;
- the set-aside tiles: named by the public log (drawn face up); the room stack: the other
  unplaced tiles, shuffled;
- a hidden traitor: sampled uniformly among the explorers whose side the seat cannot see;
- the future dice: a fresh seed from ``rng``.

What a view does not carry is set to its plain default: once-a-turn bookkeeping of the current
turn (rolls, actions and categories used), monsters' wounds, a pending explorer's fate. A view
with a pending choice (an effect half-resolved) cannot be rebuilt: ``NotDeterminizable``.
"""

from __future__ import annotations

import random
from typing import Any

from hauntkit.core.ruleset import NotDeterminizable
from hauntkit.rulesets.betrayal import house, turns
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]


def determinize(ix: Index, view: dict[str, Any], rng: random.Random) -> State:
    """A state consistent with ``view`` (of seat ``view["seat"]``), hidden parts sampled."""
    if view["choice"] is not None:
        raise NotDeterminizable("a choice is pending: the effect it belongs to is not in the view")
    seat = view["seat"]
    n = view["players"]
    s: State = {"players": n, "rng": {"s": rng.getrandbits(64), "script": []}, "max_turns": 600,
                "tiles": {}, "grid": {}}
    for t in view["tiles"]:
        house.place_tile(s, t["room"], t["floor"], t["x"], t["y"], t["rotation"])
    s["explorers"] = [{"character": e["character"], "room": e["room"], "alive": e["alive"],
                       "side": e["side"],
                       "cards": list(e["cards"]), "fate": None,
                       "traits": {k: tr["index"] for k, tr in e["traits"].items()}}
                      for e in view["explorers"]]
    piles = {t["room"]: list(t["pile"]) for t in view["tiles"] if t["pile"]}
    seen: set[str] = set()
    for e in view["explorers"]:
        seen.update(e["cards"])
    for m in view["monsters"]:
        seen.update(m["cards"])
    for pile in piles.values():
        seen.update(pile)
    for cards in view["discard"].values():
        seen.update(cards)
    decks = {}
    for kind, size in view["decks"].items():
        unseen = [c for c in ix.deck_ids[kind] if c not in seen]
        rng.shuffle(unseen)
        decks[kind] = unseen[:size]
    aside = _set_aside(ix, view)
    unplaced = [r for r in ix.stack_ids if r not in s["tiles"] and r not in aside]
    rng.shuffle(unplaced)
    logged = len(aside)
    if len(aside) < view["set_aside"]:  # tiles set aside silently: sample them
        extra = view["set_aside"] - len(aside)
        aside += unplaced[:extra]
        unplaced = unplaced[extra:]
    s["stack"] = unplaced[:view["room_stack"]]
    s["aside"] = aside[:view["set_aside"]]
    _fit_explore(ix, view, s, logged, rng)
    s["decks"] = decks
    s["discard"] = {k: list(v) for k, v in view["discard"].items()}
    s["limbo"] = []
    s["piles"] = piles
    s["tokens"] = {t["room"]: dict(t["tokens"]) for t in view["tiles"] if t["tokens"]}
    s["monsters"] = {m["id"]: {"kind": m["kind"], "room": m["room"], "stunned": m["stunned"],
                               "cards": list(m["cards"]), "wounds": 0} for m in view["monsters"]}
    s["monster_serial"] = max((int(m[1:]) for m in s["monsters"] if m[1:].isdigit()), default=0)
    h = view["haunt"]
    s["flags"] = dict(h["flags"]) if h else {}
    s["counters"] = dict(h["counters"]) if h else {}
    s["omens"] = view["omens_drawn"]
    s["haunt"] = _haunt(ix, view, s, rng) if h else None
    actor = view["turn"]["actor"]
    s["order"], s["order_index"] = _order(ix, view, s, actor)
    s["turn"] = _turn(ix, view, s, actor)
    s["effect_stack"] = []
    s["choice"] = None
    s["result"] = view["result"]
    s["turns"] = view["turn"]["number"]
    s["deaths"] = sum(1 for e in view["explorers"] if not e["alive"])
    s["ruleset"] = "betrayal"
    s["seed"] = 0
    s["config"] = {"players": n}
    s["version"] = 0
    s["log"] = []
    s["history"] = []
    del seat
    return s


def _fit_explore(ix: Index, view: dict[str, Any], s: State, logged: int,
                 rng: random.Random) -> None:
    """An ``explore`` among the seat's legal actions shows the stack holds a tile for its
    floor: make it so, swapping in a sampled set-aside tile when needed."""
    if not any(a["type"] == "explore" for a in view["legal"]):
        return
    floor = s["tiles"][s["explorers"][view["seat"]]["room"]][0]
    if house.stack_has(ix, s, floor) or not s["stack"]:
        return
    fits = [i for i in range(logged, len(s["aside"])) if floor in ix.floor_ok[s["aside"][i]]]
    if not fits:
        return
    i = rng.choice(fits)
    j = rng.randrange(len(s["stack"]))
    s["stack"][j], s["aside"][i] = s["aside"][i], s["stack"][j]


def _set_aside(ix: Index, view: dict[str, Any]) -> list[str]:
    """Tiles set aside, named by the public log (they were face up when drawn)."""
    by_name = _names(ix)
    out = []
    for ev in view["log"]:
        if ev.get("type") == "set_aside":
            room = by_name.get(ev.get("text", "").split(" can't be placed")[0])
            if room is not None and room not in out:
                out.append(room)
    return out


_NAMES: dict[int, dict[str, str]] = {}


def _names(ix: Index) -> dict[str, str]:
    names = _NAMES.get(id(ix))
    if names is None:
        names = _NAMES[id(ix)] = {r.name: rid for rid, r in ix.rooms.items()}
    return names


def _haunt(ix: Index, view: dict[str, Any], s: State, rng: random.Random) -> dict[str, Any]:
    h = view["haunt"]
    haunt = ix.haunts[h["id"]]
    n = view["players"]
    hidden = haunt.traitor.rule == "hidden"
    seat = view["seat"]
    traitor = h["traitor"]
    if traitor is None:
        # known sides: the seat's own and any revealed; a hidden traitor is one of the unknowns
        unknown = [e["seat"] for e in view["explorers"] if e["side"] == "unknown"]
        if hidden and unknown:
            traitor = rng.choice(unknown)
        for e in s["explorers"]:
            if e["side"] == "unknown":
                e["side"] = "heroes"
        if traitor is not None:
            s["explorers"][traitor]["side"] = "traitor"
    revealed = not hidden or (h["traitor"] is not None and seat != h["traitor"]) or any(
        ev.get("type") == "reveal" for ev in view["log"])
    revealer = h["revealer"]
    control = (revealer + 1) % n if haunt.monster_control == "left_of_revealer" else revealer
    if traitor is not None and (not hidden or revealed):
        control = traitor
    return {"id": h["id"], "revealer": revealer, "traitor": traitor, "hidden": hidden,
            "revealed": revealed, "control": control}


def _order(ix: Index, view: dict[str, Any], s: State, actor: Any) -> tuple[list[Any], int]:
    """The turn order (RULING B12) and the position of whoever acts now."""
    n = view["players"]
    h = s["haunt"]
    if h is None:
        first = actor if isinstance(actor, int) else 0
        order: list[Any] = [(first + k) % n for k in range(n)]
    else:
        haunt = ix.haunts[h["id"]]
        traitor = h["traitor"]
        if traitor is not None and not h["hidden"]:
            seats = [(traitor + k) % n for k in range(1, n)] + [traitor]
        else:
            rv = h["revealer"]
            first = rv if haunt.first == "revealer" else (rv + 1) % n
            seats = [(first + k) % n for k in range(n)]
        order = [*seats, "m"]
    key = "m" if actor == "monsters" else actor
    return order, order.index(key) if key in order else 0


def _turn(ix: Index, view: dict[str, Any], s: State, actor: Any) -> dict[str, Any]:
    vt = view["turn"]
    who = "m" if actor == "monsters" else actor
    t = turns.new_turn(who, vt["moves_left"])
    t["movement_ended"] = vt["movement_ended"]
    t["attacked"] = vt["attacked"]
    t["used"] = list(vt["used"])
    if who == "m":
        t["monster_turns"] = {m: {"moves_left": ix.monsters[v["kind"]].speed, "attacked": False}
                              for m, v in s["monsters"].items()}
    else:
        e = s["explorers"][who]
        speed_idx = e["traits"]["speed"]
        speed = ix.value(e["character"], "speed", speed_idx)
        t["moved"] = 1 if vt["movement_ended"] or vt["moves_left"] < speed else 0
    return t
