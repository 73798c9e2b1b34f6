"""A hunt's battle: the party's records onto the map, and the battle's outcome back onto the
records (RULINGS HR-72, HR-73).

At the start the party's hunters take the map's hunter starts in party order with their
carried HP, Sanity and maximum HP (HP less wounds); ``phase.BATTLE_START`` hooks then carry
gear and skills. At the end ``phase.BATTLE_END`` hooks run first, then each record takes its
unit's HP and Sanity. A hunter who fell (0 HP) is wounded and back on 1 HP when the hunters
won; when they did not, the fallen hunter dies. A hunter with as many wounds as the hunt's
``max_wounds`` dies. A hunter broken by Madness (HR-50) leaves the hunt; madness points carry.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import madness
from hauntkit.rulesets.beast.hunt import lighting, phase
from hauntkit.rulesets.beast.hunt.party import active, away, in_hunt, max_hp, max_sanity
from hauntkit.rulesets.beast.labels import count_of

State = dict[str, Any]


def battle_location(rs: Any, state: State) -> Any:
    """Where the leg's battle is fought: the leg's location, or the Location card drawn for a
    bounty found while investigating (HR-61)."""
    h = state["hunt"]
    return rs.c.locations[h["bounty"]["location"] if "bounty" in h else h["location"]]


def start_battle(rs: Any, state: State) -> None:
    """Place the party and the location's ambushers, then roll initiative (once the party
    has placed the Location card's light sources, HR-79)."""
    loc = battle_location(rs, state)
    if loc.map != state["map"]:  # a bounty's drawn Location (HR-61): its own map
        state["map"] = loc.map
        state["mission"] = dict(rs.c.maps[loc.map].mission)
    # an Abducted hunter is away from this location ("Mystery Table", Chaos 2)
    party = [r for r in active(state) if not away(r)]
    md = rs.c.maps[state["map"]]
    fighters = party[:len(md.hunter_starts)]
    rs.place_battle(state, [r["hunter"] for r in fighters], [r["seat"] for r in fighters],
                    rs.location_enemies(loc), map_lights=loc.lights is None)
    for r in fighters:
        unit = state["units"][r["hunter"]]
        unit["max"] = max_hp(rs, r)
        unit["hp"] = min(r["hp"], unit["max"])
        unit["san"] = r["sanity"]
        if r["madness"]:  # madness points carry from battle to battle (HR-50)
            state.setdefault("hx", {}).setdefault(unit["id"], {})["mad"] = r["madness"]
    for hook in phase.BATTLE_START:
        hook(rs, state)
    emit(state, "battle_start", f"Battle at {loc.name}!", location=loc.id)
    if not lighting.begin(rs, state, loc.lights or 0):
        rs.begin_battle(state)


def end_battle(rs: Any, state: State) -> None:
    """Record the battle's result in the leg, and the battle's toll on the party; the game
    goes on (``phases.settle_battle_if_over`` moves to the next phase)."""
    h = state["hunt"]
    result, state["result"] = state["result"], None
    h["battle"] = result
    for hook in phase.BATTLE_END:
        hook(rs, state)
    won = result["winner"] == "hunters"
    if won:
        loc = battle_location(rs, state)
        if loc.reward:
            state["crypto"] += loc.reward
            emit(state, "gain", f"Battle won: +{loc.reward} Crypto.", what="crypto",
                 amount=loc.reward)
    max_wounds = rs.c.hunts[h["hunt"]].max_wounds
    for r in state["party"]:
        unit = state["units"].get(r["hunter"])
        if unit is None or unit["side"] != "hunters":
            continue
        # what a battle raised (gear's HP, a herb's Sanity) ends with it: carried values stay
        # within the hunter's own maxima
        r["hp"] = min(unit["hp"], max_hp(rs, r))
        r["sanity"] = min(unit["san"], max_sanity(rs, r))
        r["madness"] = madness.points(state, unit["id"])
        if not unit["alive"] and unit["hp"] > 0:  # driven mad (HR-50): no other way out alive
            r["broken"] = True  # RULING HR-73
            emit(state, "broken", f"{rs.name(unit)} is broken and leaves the hunt.",
                 hunter=r["hunter"])
        elif r["hp"] <= 0:  # RULING HR-72
            if won:
                r["wounds"] += 1
                r["hp"] = 1
                r["sanity"] = max(1, r["sanity"])
                if r["wounds"] >= max_wounds:
                    r["dead"] = True
                    emit(state, "dead", f"{rs.name(unit)} dies of {count_of(r['wounds'], 'wound')}.",
                         hunter=r["hunter"])
                else:
                    emit(state, "wounded", f"{rs.name(unit)} is wounded "
                         f"({r['wounds']} of {max_wounds}).", hunter=r["hunter"])
            else:
                r["dead"] = True
                emit(state, "dead", f"{rs.name(unit)} is left for dead.", hunter=r["hunter"])
        r["sanity"] = max(r["sanity"], 1 if in_hunt(r) else 0)


__all__ = ["battle_location", "end_battle", "start_battle"]
