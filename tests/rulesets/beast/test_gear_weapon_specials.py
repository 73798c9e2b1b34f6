"""Weapon effects built late: riddle-of-the-beast-rules.md "Gear Shop / Range Weapons"
(Boomerang, SMG Suppressive Fire, Mossberg 500); RULINGS HR-33, HR-100."""

from __future__ import annotations

from beastkit import battle, events


def duel(rs, gear: list[str], dice: list[int], ex: int = 7):
    """Michael at (5, 2) against one thug; hunters act first; dark map."""
    return battle(rs, ["michael"], ["thug"], {"michael": {"x": 5, "y": 2},
                                            "thug-1": {"x": ex, "y": 2}},
                  dice=dice, gear={"michael": gear})


def quick_fire(g) -> None:
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-boomerang-quick",
              "target": "thug-1"})


def test_boomerang_quick_fire_does_not_cool_down_on_a_miss(rs):
    """Gear Shop / Range Weapons / Boomerang: "Interrupt CD is not triggered on a MISS"
    (RULING HR-33: a miss is a roll with no HIT)."""
    g = duel(rs, ["boomerang"], [0, 0, 0, 0, 0, 0])
    quick_fire(g)
    assert events(g, "attack_roll")[-1]["faces"] == [0, 0]
    assert "gear-boomerang-quick" not in g.state["units"]["michael"]["cd"]


def test_boomerang_quick_fire_that_hits_cools_down(rs):
    """Gear Shop / Range Weapons / Boomerang: a Quick Fire that hits cools down as any
    Rapid weapon's (RULING HR-33: 2 rounds)."""
    g = duel(rs, ["boomerang"], [1, 0, 0, 0, 0, 0])
    quick_fire(g)
    assert g.state["units"]["michael"]["cd"]["gear-boomerang-quick"] == 2


def test_other_rapid_weapons_cool_down_even_on_a_miss(rs):
    """Gear Shop / Range Weapons / Rapid: only the Boomerang's miss skips the cool down."""
    g = duel(rs, ["shuriken"], [0, 0, 0, 0, 0, 0])
    g.act(0, {"type": "interrupt", "unit": "michael", "ability": "gear-shuriken-quick",
              "target": "thug-1"})
    assert g.state["units"]["michael"]["cd"]["gear-shuriken-quick"] == 2
