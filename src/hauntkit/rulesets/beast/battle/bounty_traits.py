"""A bounty target's traits in battle (rules: "Bounties (Joe)", the three trait tables;
RULING HR-61). The target is ``state["bounty_target"]``; its trait names are in
``state["hx"][uid]["traits"]``. MULTI-ATTACK, STEALTH and CLEAVE are plain statuses put on it
when the battle starts (hunt/hunter_skills.py); QUICKSHOT makes its ranged attacks take a second
hunter (battle/enemy_turn.py, ``quickshot``).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import status

State = dict[str, Any]
Unit = dict[str, Any]
_NONE: tuple[str, ...] = ()


def traits(state: State, unit: Unit) -> Any:
    if state.get("bounty_target") != unit["id"]:
        return _NONE
    return state.get("hx", {}).get(unit["id"], {}).get("traits", _NONE)


def quickshot(state: State, unit: Unit) -> bool:
    """QUICKSHOT: "Range Attacks target 2 units" (the enemy AI adds a second hunter in reach)."""
    return "QUICKSHOT" in traits(state, unit)


def move_bonus(state: State, unit: Unit) -> int:
    """FAST: +3 Movement."""
    return 3 if "FAST" in traits(state, unit) else 0


def attack_bonus(state: State, unit: Unit, fr: dict[str, Any]) -> int:
    """STRONG: +1 Melee Attack Value."""
    return 1 if fr["style"] == "melee" and "STRONG" in traits(state, unit) else 0


def defence_bonus(state: State, unit: Unit, fr: dict[str, Any]) -> int:
    """ELUSIVE: +1 DEF against non-melee attacks."""
    return 1 if fr["style"] != "melee" and "ELUSIVE" in traits(state, unit) else 0


def damage_cut(state: State, unit: Unit, el: str) -> int:
    """RESILIENT: -2 damage from PHYS."""
    return 2 if el == "PHYSICAL" and "RESILIENT" in traits(state, unit) else 0


def element(state: State, unit: Unit, el: str) -> str:
    """PYRO: its attacks use the FIRE element."""
    return "FIRE" if el == "PHYSICAL" and "PYRO" in traits(state, unit) else el


def turn_start(rs: Any, state: State) -> None:
    """SHIELDED: the target starts each turn with a WARD of 1."""
    uid = state.get("bounty_target")
    unit = state["units"].get(uid) if uid else None
    if unit is not None and unit["alive"] and "SHIELDED" in traits(state, unit):
        unit["st"]["WARD"] = [1, max(1, status.value(unit, "WARD"))]


def after_attack(rs: Any, state: State, fr: dict[str, Any], att: Unit, tgt: Unit, hit: bool,
                 lost: int) -> None:
    """The target's attack traits, and POISON SKIN when it is hurt in melee."""
    if lost and fr["style"] == "melee" and "POISON SKIN" in traits(state, tgt) and att["alive"]:
        if status.apply(rs, state, att, "POISON", 1, 1):
            rs.poison_roll(state, att)
    t = traits(state, att)
    if not t or not tgt["alive"]:
        return
    crit = fr.get("crit") and hit
    if crit and "PRECISE" in t:
        rs.bleed(state, tgt, 1)
    if crit and "MAIMER" in t:
        status.apply(rs, state, tgt, "WOUNDING", 1, 1)
    if crit and fr["style"] != "melee" and "DISTRACTION" in t:
        status.apply(rs, state, tgt, "FLINCH", 1, 1)
    if hit and fr["style"] != "melee" and "SHOT CALLER" in t:
        status.apply(rs, state, tgt, "MARKED", 2, 1)
    if hit and fr.get("dbl") and "HUGGER" in t:
        status.apply(rs, state, tgt, "SLOW", 1, fr["dbl"])
    if crit and fr["style"] == "melee" and "FRANTIC" in t and not att["flags"].get("again"):
        att["flags"]["again"] = 1
        new = {k: v for k, v in fr.items() if k not in ("h", "crit", "nodef", "sp", "reroll")}
        new.update(ph="pre", asked=False)
        state["queue"].insert(1, new)
        emit(state, "skill", f"{rs.name(att)} attacks again in a frenzy (FRANTIC).",
             unit=att["id"])
