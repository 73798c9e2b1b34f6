"""One leg of a hunt: a visit to one location, as one game (RULING HR-70, docs/hunt.md).

The leg's phases: ``shop`` (only at the first location of an investigation: "Gear Shop",
items are bought "in between any Investigation"), ``investigate``, ``battle`` (when the party
is ambushed or picks a fight, HR-71; at the investigation's last location when the party found
its target, HR-75), ``loot`` (after a won battle), ``mystery`` (after an Order or Chaos event,
"Mystery Table"), ``rest`` (HR-74). The leg ends with a result saying how the hunt stands.
"""

from __future__ import annotations

from typing import Any

import orjson

from hauntkit.core.log import emit
from hauntkit.core.ruleset import ConfigError
from hauntkit.rulesets.beast.hunt import cards, phase, renown
from hauntkit.rulesets.beast.hunt.party import active, deal_seats, in_hunt, new_record
from hauntkit.rulesets.beast.hunt.schema import Hunt, Investigation
from hauntkit.rulesets.beast.labels import count_of

State = dict[str, Any]


def find(rs: Any, leg: dict[str, Any]) -> tuple[Hunt, int, int]:
    """The hunt of a leg config, and the indexes of its investigation and location."""
    hunt = rs.c.hunts.get(leg["hunt"])
    if hunt is None:
        raise ConfigError("config.hunt.hunt",
                          f"unknown hunt {leg['hunt']!r}; known: {sorted(rs.c.hunts)}")
    ids = [inv.id for inv in hunt.investigations]
    if leg["investigation"] not in ids:
        raise ConfigError("config.hunt.investigation",
                          f"hunt {hunt.id} has no investigation {leg['investigation']!r}; "
                          f"known: {ids}")
    i = ids.index(leg["investigation"])
    locs = hunt.investigations[i].locations
    if leg["location"] not in locs:
        raise ConfigError("config.hunt.location",
                          f"investigation {ids[i]} has no location {leg['location']!r}; "
                          f"known: {locs}")
    return hunt, i, locs.index(leg["location"])


def new_leg(rs: Any, config: dict[str, Any], seed: int,
            data: dict[str, Any] | None = None) -> State:
    """The state of a leg, before its first phase (``phases.start_leg`` enters it). ``data``:
    the hunt's carried data (from ``carry_in``); without it, the hunt's default party with its starting Crypto."""
    hunt, i, j = find(rs, config["hunt"])
    inv: Investigation = hunt.investigations[i]
    loc = rs.c.locations[inv.locations[j]]
    if data is None:
        hunters = config.get("hunters") or hunt.hunters
        for hid in hunters:
            if hid not in rs.c.hunters:
                raise ConfigError("config.hunters", f"unknown hunter {hid!r}")
        party = [new_record(rs, hid, 0) for hid in hunters]
        crypto, run = hunt.crypto, {"renown": 0, "infamy": 0, "clues": 0}
    else:
        data = orjson.loads(orjson.dumps(data))
        party, crypto, run = data["party"], data["crypto"], data["run"]
    alive = [r for r in party if in_hunt(r)]
    # the campaign's seats stay; a seat left without a hunter (its hunters dead or broken)
    # simply has nothing to do (HR-77)
    players = int(config.get("players") or len(alive))
    if not 1 <= players <= 4 or (data is None and players > len(alive)):
        raise ConfigError("players", f"between 1 and the {len(alive)} hunters")
    state = rs.blank_state(loc.map, players, seed,
                           int(config.get("max_rounds", rs.default_max_rounds)))
    state["rng"]["script"].extend(config.get("dice", []))
    deal_seats(party, players)
    first, last = j == 0, j == len(inv.locations) - 1
    if first:  # "Renown ... resets at the start of each Investigation" (and Infamy, clues,
        # the Theme card and the Blue and Gray cards drawn: HR-107)
        run = {"renown": 0, "infamy": 0, "clues": 0}
    state.update(party=party, crypto=crypto, renown=run["renown"], infamy=run["infamy"],
                 clues=run["clues"], theme=run.get("theme"), drawn=list(run.get("drawn", [])))
    plan = (["shop"] if first else []) + ["investigate", "battle", "loot", "mystery", "rest"]
    state["hunt"] = {"hunt": hunt.id, "investigation": inv.id, "location": loc.id,
                     "first": first, "last": last, "plan": plan, "done": [],
                     "events": list(loc.events), "event": None, "fight": False, "ambush": None,
                     "battle": None, "mystery": None, "outcome": None}
    state["phase"] = "start"
    emit(state, "leg", f"The hunt reaches {loc.name} ({inv.name}).", location=loc.id,
         investigation=inv.id)
    if first:
        cards.draw_theme(rs, state, seed)
    cards.draw_events(rs, state, seed)  # Blue or Gray Event cards, after the location's own
    return state


def drop(state: State, *names: str) -> None:
    """Take phases out of the rest of the leg's plan."""
    state["hunt"]["plan"] = [p for p in state["hunt"]["plan"] if p not in names]


def _battle_text(battle: dict[str, Any] | None) -> str:
    if battle is None:
        return "no battle"
    if battle["winner"] is None:
        return f"battle drawn after {count_of(battle['rounds'], 'round')}"
    return (f"battle {'won' if battle['winner'] == 'hunters' else 'lost'} in "
            f"{count_of(battle['rounds'], 'round')}")


def finish_leg(rs: Any, state: State) -> None:
    """End the leg: rewards at the end of an investigation, where the hunt goes next, and the
    game's result (RULINGS HR-75, HR-76)."""
    h = state["hunt"]
    hunt, i, j = find(rs, h)
    inv = hunt.investigations[i]
    battle = h["battle"]
    won = battle is not None and battle["winner"] == "hunters"
    status, why, nxt = "on", "", None
    if h["last"]:
        success = won and h["fight"]
        if success:
            state["crypto"] += inv.reward
            emit(state, "investigation", f"{inv.name}: the target is slain "
                 f"(+{inv.reward} Crypto).", investigation=inv.id, success=True)
        else:
            emit(state, "investigation", f"{inv.name}: the target got away.",
                 investigation=inv.id, success=False)
        gain = renown.karma_crypto(state, len(active(state)))
        if gain:
            state["crypto"] += gain
            emit(state, "karma", f"Karma: +{gain} Crypto.", crypto=gain)
        for hook in phase.INVESTIGATION_END:
            hook(rs, state, bool(success))
        renown.end_investigation(state, state["party"])
        if i + 1 < len(hunt.investigations):
            nxt = [i + 1, 0]
        else:
            status = "won" if success else "lost"
            why = ("the hunt's last target is slain" if success
                   else "the hunt's last target got away")
    else:
        nxt = [i, j + 1]
    for hook in phase.LEG_END:
        hook(rs, state)
    if not active(state):
        status, why, nxt = "lost", "every hunter is dead or broken", None
    h["outcome"] = {"status": status, "next": nxt, "investigation": inv.id,
                    "success": bool(h["last"] and won and h["fight"]) if h["last"] else None}
    winner = "enemies" if status == "lost" or (battle and battle["winner"] == "enemies") \
        else "hunters"
    reason = f"{rs.c.locations[h['location']].name}: {_battle_text(battle)}; " + (
        f"hunt {status}: {why}" if status != "on" else
        f"{inv.name} {'succeeded' if h['outcome']['success'] else 'failed'}" if h["last"] else
        f"on to {rs.c.locations[inv.locations[j + 1]].name}")
    state["result"] = {"winner": winner, "reason": reason, "hunt": status,
                       "investigation": inv.id, "location": h["location"], "battle": battle,
                       "crypto": state["crypto"]}
    emit(state, "leg_end", f"The leg is over: {reason}.", hunt=status)


__all__ = ["drop", "find", "finish_leg", "new_leg"]
