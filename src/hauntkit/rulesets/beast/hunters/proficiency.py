"""Proficiency tiers (rules: "Augments": a skill raised by an Augment "can unlock Skill
Proficiencies of higher tiers"; RULING HR-55).

A skill value gives a tier: 0 untrained, 1-2 tier 1, 3-4 tier 2, 5+ tier 3. Skills and their
levels that need a tier: Card Casting's Level 2 Arcanas (Occult tier 2), Forage's herb roll
(+ Survival tier), a Bounty's Survival check (the value itself).
"""

from __future__ import annotations

from typing import Any

TIER_BANDS = (1, 3, 5)


def tier(value: int) -> int:
    """The proficiency tier of a skill value."""
    return sum(1 for b in TIER_BANDS if value >= b)


def unit_tier(rs: Any, state: dict[str, Any], unit: dict[str, Any], skill: str) -> int:
    """A hunter's tier in ``skill`` now (augments and herbs included: rules.skill_values)."""
    return tier(rs.skill_values(state, unit).get(skill, 0))
