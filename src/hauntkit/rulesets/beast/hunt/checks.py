"""Skill checks outside battle: an event's choice that one hunter attempts (RULINGS HR-2,
HR-106).

A hunter's skill value outside battle is what it would be in battle: its card's value, its
herb's boost, a Rule Book's learned level and its equipped Augment ("Augments": "As long as
the item is equipped the skill is considered at the increased value"). A check N+ is a d6
plus that value, passing at N or more.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.action_labels import skill_word
from hauntkit.rulesets.beast.battle import dice

Record = dict[str, Any]


def record_skill(rs: Any, record: Record, skill: str) -> int:
    """The hunter's value in ``skill`` between battles (card, herb, Rule Book, Augment)."""
    value = rs.c.hunters[record["hunter"]].skills.get(skill, 0)
    herb = rs.c.herbs.get((record.get("skills") or {}).get("herb") or "")
    if herb is not None:
        value += herb.boost.get(skill, 0)
    value += (record.get("learned") or {}).get(skill, 0)
    worn = [item for item in (record.get("gear") or {}).values() if item]
    if worn:
        value += rs.c.gear.profile({"gear": worn}).skills.get(skill, 0)
    return value


def attempt(rs: Any, state: dict[str, Any], record: Record, skill: str, target: int) -> bool:
    """Roll the check ``skill`` ``target``+ for ``record``'s hunter; logged, returns success."""
    roll = dice.d6(state)
    value = record_skill(rs, record, skill)
    total = roll + value
    passed = total >= target
    name = rs.c.hunters[record["hunter"]].name
    word = skill_word(skill)
    article = "an" if word[0] in "AEIOU" else "a"
    emit(state, "skill_check", f"{name} tries {article} {word} check of {target}+: "
         f"rolled {roll}, {total} in all: {'success' if passed else 'failure'}.",
         hunter=record["hunter"], skill=skill, roll=roll, total=total, target=target,
         passed=passed)
    return passed


__all__ = ["attempt", "record_skill"]
