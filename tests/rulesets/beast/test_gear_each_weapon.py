"""Every weapon of the Gear Shop's tables in battle, one case each: riddle-of-the-beast-rules.md
"Gear Shop / Melee Weapons" and "Range Weapons" give each weapon its Attack value (A) and a
ranged weapon its Range (R); "Gear and Equipment" makes the weapon a second attack beside the
hunter's base value. Each case equips the weapon, checks it is offered at its reach and not
one space beyond, and that its attack rolls A dice. (The class specials and the named items'
own effects have their own tests: test_gear_weapons.py, test_gear_weapon_specials.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from beastkit import battle, events

from hauntkit.core import Game
from hauntkit.rulesets.beast import BeastRuleset

RS = BeastRuleset.from_content([])
# a shotgun with spreads is loaded before it fires (its own tests: test_gear_weapon_specials.py)
WEAPONS = sorted((gid, item) for gid, item in RS.c.gear.items.items()
                 if item.weapon and not item.weapon.spreads)


def _duel(rs: BeastRuleset, gid: str, distance: int) -> Game:
    """Blake at (0, 2) with the weapon, one thug ``distance`` spaces east on row 2 (clear but
    for a bin at (7, 2), which gives cover, not a wall); hunters act first."""
    return battle(rs, ["blake"], ["thug"], {"blake": {"x": 0, "y": 2},
                                             "thug-1": {"x": distance, "y": 2}},
                  lights=[[x, 2] for x in range(10)], gear={"blake": [gid]})


def _attacks(game: Game, gid: str) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions(0)
            if a["type"] == "attack" and a.get("weapon") == gid]


@pytest.mark.parametrize(("gid", "item"), WEAPONS, ids=[gid for gid, _ in WEAPONS])
def test_each_weapon_reaches_its_range_and_rolls_its_attack(rs: BeastRuleset, gid: str,
                                                            item: Any) -> None:
    weapon = item.weapon
    reach = weapon.range or 1  # a melee weapon with a range (the whips, A3/R3) reaches it
    if weapon.mode == "melee" and "polearm" in weapon.classes:
        reach = 2  # Polearm: First Strike can only target range 2 (its own test)
    game = _duel(rs, gid, reach)
    offered = _attacks(game, gid)
    assert offered, f"{item.name} is not offered against a thug {reach} spaces away"
    if reach + 1 <= 9:
        assert not _attacks(_duel(rs, gid, reach + 1), gid), (
            f"{item.name} reaches {reach + 1} spaces, beyond its range {reach}")
    game.state["rng"]["script"].extend([0] * 40)  # every die blank: nothing else happens
    game.act(0, offered[0])
    rolled = events(game, "attack_roll")
    assert rolled and len(rolled[-1]["faces"]) == weapon.attack, (
        f"{item.name} rolled {len(rolled[-1]['faces']) if rolled else 0} dice, "
        f"not its A{weapon.attack}")
