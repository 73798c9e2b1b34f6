"""Madness: what happens when a hunter's Sanity runs out or an effect says "roll for Madness"
(rules: "Mystery Table" Order 6, "A Dark World"; RULING HR-50).

The roll is a d6, -1 in darkness. The outcome table is ours (RULING R8): 1 or less *broken*
(driven mad: out of the battle, and out of the hunt), 2-3 *terror* (PARALYZE 1 turn), 4-5
*frenzy* (BERSERK and DEF_DOWN 1 for 2 turns), 6 *clarity* (nothing). Every outcome but
clarity adds a madness point; the third point breaks the hunter whatever it rolled. A hunter
left at 0 Sanity after its roll stands at 1.

Battle state: madness points live in ``state["hx"][uid]["mad"]`` (public). Between battles the
hunt calls :func:`roll_for_record` on a party record (``record["madness"]`` = points,
``record["broken"]`` = driven mad).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import dice, status
from hauntkit.rulesets.beast.battle.board import is_lit

State = dict[str, Any]
Unit = dict[str, Any]
MAX_POINTS = 3
OUTCOMES = ("broken", "terror", "frenzy", "clarity")
TEXT = {
    "broken": "is driven mad and can fight no more",
    "terror": "freezes in terror",
    "frenzy": "flies into a reckless frenzy",
    "clarity": "holds on to reason",
}


def outcome(total: int) -> str:
    """The Madness table (HR-50): the d6 total after modifiers."""
    if total <= 1:
        return "broken"
    if total <= 3:
        return "terror"
    if total <= 5:
        return "frenzy"
    return "clarity"


def resolve(roll: int, modifier: int, points: int) -> tuple[str, int]:
    """The outcome and the new madness points of a roll (points before the roll)."""
    result = outcome(roll + modifier)
    if result != "clarity":
        points += 1
        if points >= MAX_POINTS:
            result = "broken"
    return result, points


def points(state: State, uid: str) -> int:
    return state.get("hx", {}).get(uid, {}).get("mad", 0)


def roll_in_battle(rs: Any, state: State, unit: Unit) -> str:
    """Roll for Madness in battle and apply the outcome to ``unit`` (a living hunter)."""
    roll = dice.d6(state)
    mod = 0 if is_lit(state, rs.md(state), unit["x"], unit["y"]) else -1
    result, pts = resolve(roll, mod, points(state, unit["id"]))
    state.setdefault("hx", {}).setdefault(unit["id"], {})["mad"] = pts
    emit(state, "madness", f"{rs.name(unit)} rolls for Madness: {roll}"
         f"{' -1 (darkness)' if mod else ''}: {rs.name(unit)} {TEXT[result]}.",
         unit=unit["id"], roll=roll, outcome=result, points=pts)
    if result == "broken":
        rs.kill(state, unit, "driven mad")
        return result
    if unit["san"] <= 0:
        unit["san"] = 1
    if result == "terror":
        status.apply(rs, state, unit, "PARALYZE", 1, 1)
    elif result == "frenzy":
        status.apply(rs, state, unit, "BERSERK", 2, 1)
        status.apply(rs, state, unit, "DEF_DOWN", 2, 1)
    return result


def lose_sanity(rs: Any, state: State, unit: Unit, n: int) -> None:
    """Sanity damage to a hunter; at 0 it rolls for Madness (HR-50)."""
    if unit["kind"] not in rs.c.hunters or not unit["alive"] or n <= 0:
        return
    unit["san"] = max(0, unit["san"] - n)
    emit(state, "sanity", f"{rs.name(unit)} loses {n} Sanity ({unit['san']} left).",
         unit=unit["id"], lost=n, left=unit["san"])
    if unit["san"] == 0:
        roll_in_battle(rs, state, unit)


def roll_for_record(record: dict[str, Any], roll: int, dark: bool = False) -> str:
    """Roll for Madness between battles (Mystery Table, Order 6) on a party record: updates
    ``madness`` (points) and ``broken``; a terror or frenzy has no lasting effect outside a
    battle. ``roll`` is the d6 the caller rolled with the state's generator."""
    result, pts = resolve(roll, -1 if dark else 0, int(record.get("madness") or 0))
    record["madness"] = pts
    if result == "broken":
        record["broken"] = True
    if record.get("sanity", 1) <= 0 and result != "broken":
        record["sanity"] = 1
    return result
