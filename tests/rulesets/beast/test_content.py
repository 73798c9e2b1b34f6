"""The `beast` pack: starter content counts and the validator's messages (PACK_SPEC)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hauntkit.core.errors import ContentError
from hauntkit.rulesets.beast import BeastRuleset


def test_starter_pack_covers_every_template_and_element(rs):
    c = rs.c
    assert len(c.hunters) >= 6 and len(c.enemies) >= 10 and len(c.maps) >= 4
    assert {e.template for e in c.enemies.values()} == set(c.templates)
    elements = set()
    for e in c.enemies.values():
        elements.add(e.melee_element)
        if e.ranged:
            elements.add(e.ranged.element)
        for ab in (e.special1, e.special2, e.signature):
            elements.add(ab.element)
    assert elements == {"PHYSICAL", "FIRE", "ELEC", "ICE", "ETHER", "NETHER"}
    named = {("michael", "Sneak Attack"), ("tamara", "Team Player"),
             ("tamara", "Potion of Amplification"), ("blake", "Barricade"),
             ("cassandra", "Anoint Weapon"), ("fei", "Flame Thrower"),
             ("fei", "Shock Grenade"), ("fei", "Paralyze")}
    have = {(hid, a.name) for hid, h in c.hunters.items() for a in h.abilities}
    assert named <= have
    assert {"melee", "range", "special1", "special2", "signature"} == set(c.cards.values())
    assert any(c.card_cruelty.values())


def _bad(tmp_path: Path, text: str) -> list[str]:
    (tmp_path / "bad.yaml").write_text(text)
    with pytest.raises(ContentError) as err:
        BeastRuleset.from_content([str(tmp_path)])
    return err.value.problems


def test_unknown_logic_word_is_reported_with_file_and_line(tmp_path):
    problems = _bad(tmp_path, """ruleset: beast
enemies:
  - id: imp
    name: Imp
    cp: 50
    template: BASE
    logic: TALLEST > CLOSEST
    move: 3
    melee: 1
    defense: 1
    hp: 2
    special1: {id: a, name: A, text: A.}
    special2: {id: b, name: B, text: B.}
    signature: {id: c, name: C, text: C.}
""")
    assert any("bad.yaml:" in p and "TALLEST" in p for p in problems)


def test_map_encounter_must_name_known_enemies(tmp_path):
    problems = _bad(tmp_path, """ruleset: beast
maps:
  - id: tiny
    name: Tiny
    rows: ["HHHH..E", ".......", "......."]
    tiles: [{id: all, x: 0, y: 0, w: 7, h: 3}]
    enemies: [dragon]
""")
    assert any("dragon" in p and "bad.yaml" in p for p in problems)


def test_an_effect_needs_exactly_one_kind(tmp_path):
    problems = _bad(tmp_path, """ruleset: beast
hunters:
  - id: zed
    name: Zed
    gender: male
    move: 4
    melee: 2
    ranged: {attack: 2, range: 3}
    defense: 3
    hp: 8
    sanity: 5
    abilities:
      - {id: x, name: X, text: X., effects: [{heal: 2, bleed: 1}]}
""")
    assert any("exactly one of" in p for p in problems)
