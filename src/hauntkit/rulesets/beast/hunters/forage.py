"""Joe's Forage (rules: "Forage (Joe)"; RULING HR-60).

Once per location Joe may Forage: a d6 plus his Survival tier (proficiency.py) finds the herb
of the pack's Forage table (``herbs`` in content) whose ``rolls`` hold the total, or nothing.
Foraging makes the hunters roll for Ambush (hunt/hunter_skills.py). Herbs are stored in Joe's record
(``skills["herbs"]``) for future missions; a stored herb is given to one hunter (Joe too), who
benefits from one herb at a time (``skills["herb"]``) for the rest of the Investigation.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.hunters.proficiency import tier


def herb_for(content: Any, total: int) -> str | None:
    """The herb a Forage total finds (None: nothing)."""
    for hid, herb in content.herbs.items():
        if total in herb.rolls:
            return hid
    return None


def forage(content: Any, skills: dict[str, Any], location: str, roll: int,
           survival: int) -> str | None:
    """Joe forages at ``location`` with d6 ``roll`` and Survival value ``survival``; the herb
    found (if any) is stored in his record."""
    done = skills.setdefault("foraged", [])
    if location in done:
        raise IllegalActionError(f"Joe has already foraged at {location!r}")
    done.append(location)
    herb = herb_for(content, roll + tier(survival))
    if herb is not None:
        skills.setdefault("herbs", []).append(herb)
    return herb


def give(giver: dict[str, Any], receiver: dict[str, Any], herb: str) -> str | None:
    """Use a stored herb of ``giver``'s record on ``receiver``'s (party records); returns the
    herb it replaces (a hunter benefits from one herb at a time)."""
    stored = giver.setdefault("skills", {}).get("herbs", [])
    if herb not in stored:
        raise IllegalActionError(f"no stored herb {herb!r}")
    stored.remove(herb)
    skills = receiver.setdefault("skills", {})
    old = skills.get("herb")
    skills["herb"] = herb
    return old


def end_investigation(party: list[dict[str, Any]]) -> None:
    """Herbs in use wear off and every location can be foraged again."""
    for rec in party:
        skills = rec.get("skills") or {}
        skills.pop("herb", None)
        skills.pop("foraged", None)
