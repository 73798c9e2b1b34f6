"""Status effects: applying with immunity and stacking, and their per-turn clocks
(rules: "Status Effects"; durations count the afflicted unit's own turns)."""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.labels import immunity_word, status_word
from hauntkit.rulesets.beast.schema import DEBUFFS

State = dict[str, Any]
PERMANENT = 99
# Statuses whose clock is not the end-of-turn countdown.
_NOT_TIMED = frozenset({"BURNING", "IMMOBILIZE", "COVER", "NO_HEAL", "NO_DEFEND"})


def has(unit: dict[str, Any], name: str) -> bool:
    return name in unit["st"]


def value(unit: dict[str, Any], name: str) -> int:
    st = unit["st"].get(name)
    return st[1] if st else 0


def immune(ctx: Any, unit: dict[str, Any], name: str) -> bool:
    """Immune now: a debuff that just ended (1 turn), poison cap, or the template's nature."""
    if name in unit["imm"]:
        return True
    return name in ctx.template_immunities(unit)


def apply(ctx: Any, state: State, unit: dict[str, Any], name: str, turns: int = 1,
          val: int = 1) -> bool:
    """Apply a status; return whether it took hold. Stacking per the rules: defence debuffs
    keep the highest value and gain 1 turn; POISON, WOUNDING and FLINCH do not stack; others
    refresh to the longer duration and higher value."""
    if not unit["alive"]:
        return False
    if "calm" in state:  # Emerald Dybbuk Box: no buff or debuff can be applied
        emit(state, "calm", f"The Emerald Dybbuk Box keeps {ctx.name(unit)} from becoming "
             f"{status_word(name)}.", unit=unit["id"])
        return False
    if name in DEBUFFS and immune(ctx, unit, name):
        emit(state, "immune", f"{ctx.name(unit)} is immune to {immunity_word(name)}.", unit=unit["id"],
             status=name)
        return False
    st = unit["st"]
    old = st.get(name)
    if old is None:
        st[name] = [turns, val]
    elif name == "DEF_DOWN":
        st[name] = [old[0] + 1, max(old[1], val)]
    elif name in ("POISON", "FLINCH", "WOUNDING"):
        return False
    elif name == "IMMOBILIZE":
        st[name] = [1, old[1] + val]
    else:
        st[name] = [max(old[0], turns), max(old[1], val)]
    emit(state, "status", f"{ctx.name(unit)} is now {status_word(name)}.", unit=unit["id"], status=name,
         turns=st[name][0], value=st[name][1])
    if name in DEBUFFS:
        ctx.on_status(state, unit, name)  # Trigger Happy (hunters/trigger.py)
    return True


def remove(state: State, unit: dict[str, Any], name: str, immunity: bool = True,
           ctx: Any = None) -> None:
    """End a status; a debuff that ends leaves 1 turn of immunity to it. ``ctx`` (the
    ruleset) names the unit in the log line."""
    if unit["st"].pop(name, None) is not None:
        if immunity and name in DEBUFFS:
            unit["imm"][name] = max(unit["imm"].get(name, 0), 1)
        emit(state, "status_end", f"{ctx.name(unit) if ctx is not None else unit['id']} is no longer "
             f"{status_word(name)}.", unit=unit["id"],
             status=name)


def end_of_turn(state: State, unit: dict[str, Any], ctx: Any = None) -> None:
    """At the end of the unit's own side's turn: immunities, then durations, count down."""
    imm: dict[str, Any] = unit["imm"]
    if imm:
        for name, left in list(imm.items()):
            if left < PERMANENT:
                if left <= 1:
                    del imm[name]
                else:
                    imm[name] = left - 1
    st: dict[str, Any] = unit["st"]
    # Each status's [turns, value] list is counted down in place; remove pops only the
    # status it ends, so the snapshot of (name, list) pairs stays true.
    for name, rec in list(st.items()):
        if name in _NOT_TIMED or rec[0] >= PERMANENT:
            continue
        rec[0] -= 1
        if rec[0] <= 0:
            remove(state, unit, name, ctx=ctx)
