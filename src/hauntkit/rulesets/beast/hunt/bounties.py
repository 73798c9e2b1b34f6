"""Joe's Bounties (rules: "Bounties (Joe)" and its three tables; RULING HR-61).

During an Investigation clues can be spent on a bounty (never counting for the Investigation's
objective): clue 1 rolls Trait 1, clue 2 rolls Trait 2 and opens the hunt for the target's
Location: a SURVIVAL check of 6+ (d6 plus Survival) that "can be attempted after every EVENT"
(each Event resolved once Trait 2 is known earns one try, ``bounty["tries"]``, used while the
hunters are at that location, HR-61). A total of 9+ marks a rare target, and a third clue rolls
its Trait 3, whose multiplier applies to the Crypto bonus. Once found a new Location card is
drawn (:func:`draw_location`) and the target is the ambusher of that Location the party picks;
killing it pays the bonus. The bounty lives in the tracker's record (``skills["bounty"]``), so
it is carried from leg to leg like the rest of the record.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.rng import choice

# d6 -> (trait, what it does, Crypto bonus): the document's tables.
TRAIT_1 = {1: ("FAST", "+3 Movement", 1), 2: ("STRONG", "+1 Melee Attack Value", 1),
           3: ("ELUSIVE", "+1 defence against all but melee attacks", 1),
           4: ("QUICKSHOT", "Range Attacks target 2 units", 2),
           5: ("STRONG", "+1 Melee Attack Value", 2), 6: ("RESILIENT", "-2 damage from physical attacks", 2)}
TRAIT_2 = {1: ("PRECISE", "Critical Hits inflict 1 BLEED", 2),
           2: ("HUGGER", "Attacks SLOW targets by 1 for each DOUBLE SWORD", 2),
           3: ("FRANTIC", "Melee Critical Hits trigger a second attack, once per turn", 2),
           4: ("DISTRACTION", "Range Critical Hits inflict FLINCH on the target", 3),
           5: ("SHIELDED", "Target starts each turn with a WARD of 1", 3),
           6: ("PYRO", "Attacks use the FIRE element", 3)}
# d6 -> (trait, Crypto multiplier)
TRAIT_3 = {1: ("MULTI-ATTACK", 3), 2: ("STEALTH", 2), 3: ("CLEAVE", 2),
           4: ("MAIMER", 3), 5: ("SHOT CALLER", 2), 6: ("POISON SKIN", 3)}
FIND, RARE = 6, 9


def next_clue(bounty: dict[str, Any]) -> str | None:
    """Which trait the next clue rolls ("trait1", "trait2", "trait3") or None."""
    if "trait1" not in bounty:
        return "trait1"
    if "trait2" not in bounty:
        return "trait2"
    if bounty.get("rare") and "trait3" not in bounty:
        return "trait3"
    return None


def spend_clue(bounty: dict[str, Any], state: dict[str, Any], roll: int) -> str:
    """Spend one of the party's clues (``state["clues"]``) on ``bounty``; ``roll`` is the
    table's d6."""
    step = next_clue(bounty)
    if step is None:
        raise IllegalActionError("the bounty needs no more clues")
    if state.get("clues", 0) < 1:
        raise IllegalActionError("no clue to spend")
    state["clues"] -= 1
    bounty[step] = roll
    return step


def can_track(bounty: dict[str, Any] | None) -> bool:
    return bool(bounty) and "trait2" in bounty and "found" not in bounty


def earn_try(bounty: dict[str, Any] | None) -> None:
    """An Event was resolved: one more SURVIVAL check may be tried (once Trait 2 is known)."""
    if bounty and can_track(bounty):
        bounty["tries"] = bounty.get("tries", 0) + 1


def track(bounty: dict[str, Any], total: int, location: str) -> bool:
    """The SURVIVAL check for the target's Location, spending one try (one per Event): found
    on 6+, rare on 9+. ``location`` is the drawn Location card (where the target is)."""
    if not can_track(bounty):
        raise IllegalActionError("the bounty's Trait 2 is not known yet, or it is found")
    if bounty.get("tries", 0) < 1:
        raise IllegalActionError("the target can be tracked once after each Event")
    bounty["tries"] -= 1
    if total >= FIND:
        bounty["found"] = location
        bounty["rare"] = total >= RARE
        bounty.pop("tries", None)
    return total >= FIND


def draw_location(rs: Any, state: dict[str, Any]) -> str:
    """The new Location card drawn once the target is found: any of the pack's locations with
    ambushers to engage, "even if the Location is not available for that Investigation"
    (HR-61)."""
    return str(choice(state["rng"], sorted(
        lid for lid, loc in rs.c.locations.items() if rs.location_enemies(loc))))


def reward(bounty: dict[str, Any]) -> int:
    """Both tables' Crypto bonuses added, times the rare Trait 3 multiplier."""
    base = TRAIT_1[bounty["trait1"]][2] + TRAIT_2[bounty["trait2"]][2]
    return base * (TRAIT_3[bounty["trait3"]][1] if "trait3" in bounty else 1)


def traits(bounty: dict[str, Any]) -> list[str]:
    """The target's known traits, by name."""
    out = []
    for key, table in (("trait1", TRAIT_1), ("trait2", TRAIT_2), ("trait3", TRAIT_3)):
        if key in bounty:
            out.append(table[bounty[key]][0])
    return out


# Trait 3's that are statuses of the engine, put on the target when the battle starts.
TRAIT_STATUS = {"MULTI-ATTACK": "MULTI_ATTACK", "STEALTH": "STEALTH", "CLEAVE": "CLEAVE"}
