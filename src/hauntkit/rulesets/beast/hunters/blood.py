"""Mathias's Blood Rite and Blood Arts (rules: "Abilities of Note" / Blood Rite and Blood Arts;
RULING HR-57).

Blood Rite: an enemy damaged by his Bite teaches him its Special 1 for good (``learned``).
Blood Arts: before each battle up to ``SLOTS`` learned skills are assigned (``arts``); in battle
each is an action of his (``art-<enemy>``) with a 2-round cool down. Between battles the Blood
Art of an enemy killed in battle before can be bought for 1 Crypto per 100 CP, rounded up.
Records: ``skills = {"learned": [enemy ids], "arts": [enemy ids]}``.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit

State = dict[str, Any]
Unit = dict[str, Any]
SLOTS = 2


def price(cp: int) -> int:
    """1 Crypto per 100 CP, rounded up."""
    return -(-cp // 100)


def assign(content: Any, skills: dict[str, Any], arts: list[str]) -> None:
    """Slot ``arts`` (learned enemy ids, at most SLOTS, no repeats) for the next battle."""
    learned = skills.get("learned", [])
    if len(arts) > SLOTS or len(set(arts)) != len(arts):
        raise IllegalActionError(f"at most {SLOTS} different Blood Arts")
    for eid in arts:
        if eid not in learned:
            raise IllegalActionError(f"Mathias has not learned the Blood Rite of {eid!r}")
        if eid not in content.enemies:
            raise IllegalActionError(f"unknown enemy {eid!r}")
    skills["arts"] = list(arts)


def buy(content: Any, state: State, skills: dict[str, Any], enemy: str,
        slain: list[str] | set[str]) -> int:
    """Buy the Blood Art of ``enemy`` with ``state["crypto"]``; ``slain`` lists the enemy
    kinds killed in battle so far. Returns the price paid."""
    if enemy not in content.enemies:
        raise IllegalActionError(f"unknown enemy {enemy!r}")
    if enemy not in slain:
        raise IllegalActionError(f"no {enemy!r} has been killed in battle yet")
    learned = skills.setdefault("learned", [])
    if enemy in learned:
        raise IllegalActionError(f"Mathias already knows the Blood Rite of {enemy!r}")
    cost = price(content.enemies[enemy].cp)
    if state.get("crypto", 0) < cost:
        raise IllegalActionError(f"the Blood Art of {enemy!r} costs {cost} Crypto")
    state["crypto"] -= cost
    learned.append(enemy)
    return cost


class BloodMixin:
    """Mixin: Blood Rite in battle."""

    def blood_rite(self, state: State, fr: dict[str, Any], att: Unit, tgt: Unit,
                   lost: int) -> None:
        if not lost or "blood_rite" not in self.passives(att) or tgt["kind"] not in \
                self.c.enemies:
            return
        ab = self.ability(att, fr["ab"]) if fr["ab"] else None
        if ab is None or ab.hook != "bite":
            return
        learned = self.hx(state, att["id"]).setdefault("learned", [])
        if tgt["kind"] not in learned:
            learned.append(tgt["kind"])
            sp = self.c.enemies[tgt["kind"]].special1
            emit(state, "skill", f"Blood Rite: {self.name(att)} learns {sp.name}.",
                 unit=att["id"], skill="blood_rite", learned=tgt["kind"])
