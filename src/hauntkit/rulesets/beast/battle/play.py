"""A battle's side of the Ruleset contract: who acts, the legal actions, applying one.

Plain functions of the ruleset ``rs`` (the BeastRuleset), so that mypyc compiles them
(mypyc_modules.txt); BeastRuleset.to_act / legal_actions / apply call them for a battle.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.action_labels import end_turn_text
from hauntkit.rulesets.beast.battle import combat, flow, status
from hauntkit.rulesets.beast.battle.board import blockers, occupancy
from hauntkit.rulesets.beast.battle.hunter_options import hunter_options
from hauntkit.rulesets.beast.gear import attack_effects, using, utility
from hauntkit.rulesets.beast.hunters.skills import SKILL_ACTIONS
from hauntkit.rulesets.beast.labels import space_name, space_of

State = dict[str, Any]
Action = dict[str, Any]


def to_act(rs: Any, state: State) -> list[int]:
    """The seats to act in a battle (the Ruleset contract's ``to_act``)."""
    if state["result"] is not None:
        return []
    if state["pending"]:
        return [state["pending"]["seat"]]
    if state["window"]:
        return [state["window"]["seat"]]
    if state["side"] == "hunters":
        return flow.hunter_seats_left(state)
    return []


def legal_actions(rs: Any, state: State, seat: int) -> list[Action]:
    """What ``seat`` may do in a battle: a pending choice, an interrupt window, or its
    hunters' moves, attacks and abilities, and ``end_turn``."""
    if state["result"] is not None:
        return []
    pending = state["pending"]
    if pending:
        if pending["seat"] != seat:
            return []
        if pending["kind"] == "crit":
            return [{"type": "crit", "reroll": False}, {"type": "crit", "reroll": True}]
        if pending["kind"] == "hex":
            return [{"type": "hex", "lower": "attack"}, {"type": "hex", "lower": "defense"}]
        if pending["kind"] == "second":  # a weapon's second target (HR-35)
            return [{"type": "second", "target": t} for t in pending["options"]]
        skill = rs.pending_actions(state)
        if skill is not None:
            return skill
        return [{"type": "arc", "target": t} for t in pending["options"]]
    window = state["window"]
    if window:
        if window["seat"] != seat:
            return []
        return flow.window_options(rs, state, seat) + [{"type": "pass"}]
    if state["side"] != "hunters" or seat in state["passed"]:
        return []
    units: dict[str, dict[str, Any]] = state["units"]
    mine: list[dict[str, Any]] = []
    for u in units.values():
        side: str = u["side"]  # typed: a native string comparison
        if u["seat"] == seat and side == "hunters" and u["alive"]:
            mine.append(u)
    if not mine:  # the seat has no hunter left (hunter_seats_left)
        return []
    maps: dict[str, Any] = rs.c.maps
    md = maps[state["map"]]  # rs.md
    occ, block = occupancy(state), blockers(state, md)
    out: list[Action] = []
    for u in mine:
        out.extend(hunter_options(rs, state, u, occ, block))  # rs.hunter_actions
    out.append({"type": "end_turn"})
    return out


def apply(rs: Any, state: State, seat: int, action: Action) -> None:
    """Play ``action`` for ``seat``, then resolve until a seat must decide (``run``)."""
    kind: str = action["type"]  # typed: native string comparisons below
    units = state["units"]
    if kind == "crit":
        fr = state["queue"][0]
        fr["reroll"] = action["reroll"]
        fr["ph"] = "decided"
        state["pending"] = None
    elif kind == "second":
        pending, state["pending"] = state["pending"], None
        attack_effects.push_second(rs, state, state["units"][pending["unit"]],
                                pending["weapon"], action["target"], pending["why"], at=0)
    elif kind == "arc":
        fr = state["queue"][0]
        state["pending"] = None
        combat.push_arc(rs, state, fr, action["target"])
        fr["ph"] = "done"
    elif kind == "hex":
        pending, state["pending"] = state["pending"], None
        name = "ATTACK_DOWN" if action["lower"] == "attack" else "DEF_DOWN"
        status.apply(rs, state, units[pending["target"]], name, 2, pending["hits"])
    elif kind == "pass":
        state["window"]["passed"].append(seat)
    elif kind == "end_turn":
        state["passed"].append(seat)
        emit(state, "end_turn", end_turn_text(rs, state, seat), seat=seat)
    elif kind in SKILL_ACTIONS:
        rs.apply_skill(state, action)
    else:
        unit = units[action["unit"]]
        if kind == "step":
            rs.do_step(state, unit, action["to"])
        elif kind == "slip":
            rs.do_step(state, unit, action["through"])
            if unit["alive"]:
                rs.do_step(state, unit, action["to"])
        elif kind == "attack":
            rs.do_attack(state, unit, action["target"], action["mode"],
                           free=bool(action.get("free")), weapon=action.get("weapon"))
        elif kind in ("ability", "interrupt", "free"):
            ab = rs.ability(unit, action["ability"])
            before = len(state["queue"])
            rs.use_ability(state, unit, ab, action["target"],
                             interrupt=kind == "interrupt", team=bool(action.get("team")),
                             free=kind == "free")
            if before:  # an interrupt resolves before the attack it interrupted
                queue = state["queue"]
                queue[:] = queue[before:] + queue[:before]
        elif kind == "detonate":
            using.detonate(rs, state, unit, action["trap"])
        elif kind == "steal":  # Thief's Glove (utility.py)
            utility.steal(rs, state, unit, action["target"])
        elif kind == "cover":
            unit["st"]["COVER"] = [1, rs.cover_source(state, unit)]
            emit(state, "cover", f"{rs.name(unit)} takes cover.", unit=unit["id"])
        elif kind == "douse":
            rs.take_action(unit)
            li = next(li for li in state["lights"] if li["id"] == action["light"])
            if rs.skill_check(state, unit, "engineering", 4):
                state["lights"].remove(li)
                emit(state, "object_destroyed", f"{rs.name(unit)} puts out the light at {space_name(li['x'], li['y'])}.",
                     obj=li["id"])
        elif kind == "carry":
            rs.take_action(unit)
            li = next(li for li in state["lights"] if li["id"] == action["light"])
            li["x"], li["y"] = action["to"]
            emit(state, "light_moved", f"{rs.name(unit)} moves the light to {space_of(action['to'])}.", obj=li["id"])
    flow.run(rs, state)
