"""``determinize(rs, view, rng)``: a full, plausible beast state built from one seat's view.

Everything on the battlefield is public; what a view hides is the combat deck's order (it
shows the size only) and the future dice. The deck is dealt from the pack's combat deck
(shuffled with ``rng``; the enemy turn reshuffles it anyway, so only the current enemy turn
could depend on it), and the dice get a fresh seed. Fields a view leaves out get their plain
defaults: per-unit ``ptaken`` (poison ticks) and ``flags``, the ``max_rounds`` cap (30).
A view waiting on a pending decision or an interrupt window is in the middle of an enemy
activation whose continuation it does not carry: ``NotDeterminizable``.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from hauntkit.core.ruleset import NotDeterminizable
from hauntkit.rulesets.beast.battle import clash

State = dict[str, Any]
_UNIT_KEYS = ("id", "kind", "side", "seat", "x", "y", "hp", "max", "san", "st", "imm", "cd",
              "ch", "bleed", "mv", "acted", "intr", "alive")


def determinize(rs: Any, view: dict[str, Any], rng: random.Random) -> State:
    """A state consistent with ``view``; ``rs`` is the BeastRuleset (for its content)."""
    if view.get("phase", "battle") != "battle":
        raise NotDeterminizable("a hunt between battles: nothing to search")
    if view["pending"] or view["window"] or view["acting"]:
        raise NotDeterminizable("an enemy activation is under way; the view does not carry it")
    c = rs.c
    md = c.maps[view["map"]["id"]]
    deck = list(c.deck)
    rng.shuffle(deck)
    units = {}
    for uid, u in view["units"].items():
        unit = orjson.loads(orjson.dumps({k: u[k] for k in (*_UNIT_KEYS, "gear", "lost_gear")
                                          if k in u}))
        unit["ptaken"] = 0
        unit["flags"] = {}
        units[uid] = unit
    ids = [x["id"] for x in view["lights"]] + [b.get("id", "") for b in view["barricades"]]
    next_id = max((int(i[1:]) for i in ids if isinstance(i, str) and i[1:].isdigit()),
                  default=0)
    state: State = {
        "rng": {"s": rng.getrandbits(64), "script": []}, "map": view["map"]["id"],
        "players": view["players"], "round": view["round"], "side": view["side"],
        "first": view["first"], "units": units,
        "lights": [dict(x) for x in view["lights"]],
        "barricades": [dict(b) for b in view["barricades"]],
        "fog": dict(view["fog"]) if view["fog"] else None,
        "deck": deck[:view["deck_size"]], "forced": [], "queue": [], "pending": None,
        "window": None, "eturn": None, "passed": list(view["passed"]), "lost": [],
        "result": view["result"], "next_id": next_id, "alive": [0, 0], "max_rounds": 30,
        "mission": dict(md.mission),
        "ruleset": "beast", "seed": 0, "config": {}, "version": 0, "log": [], "history": [],
    }
    if view.get("hx"):
        state["hx"] = orjson.loads(orjson.dumps(view["hx"]))
    cl = clash.determinize(rs, view.get("clash"), state.get("hx", {}), rng)
    if cl is not None:
        state["clash"] = cl
    for key in ("traps", "calm", "crimson", "omens", "renown", "infamy", "gwall"):  # public
        if key in view:
            state[key] = orjson.loads(orjson.dumps(view[key]))
    rs.count_alive(state)
    return state

