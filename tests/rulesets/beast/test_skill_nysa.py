"""Nysa: Arcanas and the Great Arcana (rules: "Arcanas (Nysa)", "Great Arcana (Nysa)";
proficiency tiers: "Augments"; RULINGS HR-55, HR-56). Card play itself: test_clash.py."""

from __future__ import annotations

import pytest
from beastkit import battle, events

from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.hunters import proficiency, tarot

BURIED = ["the-lantern", "the-lantern", "the-shield", "the-shield", "the-hound", "the-hound",
          "the-mask", "the-mask", "the-chain", "the-chain", "the-storm", "the-storm",
          "the-ember", "the-ember", "the-skull"]
ALL_FORMED = {"tower-1": BURIED[0:2], "tower-2": BURIED[2:4], "grand-cross": BURIED[4:7],
              "pyramid-1": BURIED[7:9], "pyramid-2": BURIED[9:11],
              "great-wall-1": BURIED[11:13], "great-wall-2": BURIED[13:15]}


def _nysa(rs, hx, dice=(), **units):
    spec = {"nysa": {"x": 5, "y": 2}, "joe": {"x": 5, "y": 3}, "thug-1": {"x": 8, "y": 2}}
    spec.update(units)
    return battle(rs, ["nysa", "joe"], ["thug"], spec, hands={"nysa": []},
                  hx={"nysa": hx}, dice=list(dice))


@pytest.mark.parametrize(("value", "tier"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_proficiency_tiers(value, tier):
    """HR-55: 0 untrained, 1-2 tier 1, 3-4 tier 2, 5+ tier 3."""
    assert proficiency.tier(value) == tier


def test_laying_buried_cards_into_a_tower_unlocks_its_ability(rs):
    """Arcanas: buried cards placed into a formation unlock its ability while formed;
    re-arranged as an Action (HR-56: Tower Level 1 takes 2 cards)."""
    g = _nysa(rs, {"buried": ["the-lantern", "the-shield", "the-hound"]})
    assert not any(a.get("ability") == "tower" for a in g.legal_actions(0))
    lay = {"type": "arcana", "unit": "nysa", "formation": "tower-1"}
    assert lay in g.legal_actions(0)
    assert {"type": "arcana", "unit": "nysa", "formation": "grand-cross"} in g.legal_actions(0)
    g.act(0, lay)
    rec = g.state["hx"]["nysa"]
    assert rec["arcana"] == {"tower-1": ["the-lantern", "the-shield"]}
    assert rec["buried"] == ["the-hound"] and g.state["units"]["nysa"]["acted"]
    g.act(0, {"type": "end_turn"})
    g.act(1, {"type": "end_turn"})
    while g.state["window"] is not None:
        g.act(g.to_act()[0], {"type": "pass"})
    assert any(a.get("ability") == "tower" for a in g.legal_actions(0))


def test_level_two_needs_level_one_and_occult_tier_two(rs):
    rec = {"buried": ["a", "b", "c", "d"], "arcana": {}}
    assert tarot.can_form(rec, "tower-2", 4) == "tower-2 builds on tower-1"
    tarot.form(rec, "tower-1", 4)
    assert tarot.can_form(rec, "tower-2", 2) is not None  # Occult 2 is tier 1
    tarot.form(rec, "tower-2", 3)
    assert rec["arcana"]["tower-2"] == ["c", "d"] and rec["buried"] == []
    with pytest.raises(IllegalActionError):
        tarot.form(rec, "pyramid-1", 4)  # no buried cards left


def test_tower_flinches_its_target(rs):
    """Tower (Level 1): A3/R3 PHYS, inflicts FLINCH."""
    g = _nysa(rs, {"arcana": {"tower-1": BURIED[:2]}}, dice=[1, 0, 0, 0, 0],
              **{"thug-1": {"x": 7, "y": 2}})
    g.act(0, {"type": "ability", "unit": "nysa", "ability": "tower", "target": "thug-1"})
    assert "FLINCH" in g.state["units"]["thug-1"]["st"]


def test_grand_cross_cannot_crit_nor_be_perfectly_defended(rs):
    """Grand Cross: A5/R5 BEAM, cannot Critically Hit, no Perfect Defense against it."""
    g = _nysa(rs, {"arcana": {"grand-cross": BURIED[4:7]}}, dice=[1, 1, 1, 1, 1, 1, 1])
    g.act(0, {"type": "ability", "unit": "nysa", "ability": "grand-cross", "target": 0})
    roll = events(g, "attack_roll")[-1]
    assert roll["faces"] == [1, 1, 1, 1, 1] and roll["crit"] is False
    assert events(g, "defence_roll")[-1]["perfect"] is False  # 2 blocks of DEF 2 (no 3)
    assert g.state["units"]["thug-1"]["hp"] == 3
    assert g.state["units"]["nysa"]["cd"]["grand-cross"] == 2


def test_great_wall_wards_allies_against_elemental_attacks(rs):
    """Great Wall (Level 2): allies gain a Ward of 2 against Elemental attacks (HR-56:
    2 less damage from each non-physical attack)."""
    g = _nysa(rs, {"arcana": {"great-wall-1": BURIED[11:13], "great-wall-2": BURIED[13:15]}})
    assert rs.great_wall(g.state, "hunters") == 2 and rs.great_wall(g.state, "enemies") == 0


def test_great_wall_is_a_ward_spent_by_elemental_damage_each_round(rs):
    """Great Wall (Level 2) and "Status Effects / Wards": a Ward of 2 "will absorb the next 2
    points of damage": an ally's elemental damage is absorbed up to 2 in all within a round,
    and the Ward is whole again the next round (HR-56)."""
    g = _nysa(rs, {"arcana": {"great-wall-1": BURIED[11:13], "great-wall-2": BURIED[13:15]}})
    st = g.state
    joe = st["units"]["joe"]
    assert rs.great_wall_soak(st, joe, 1) == 0  # 1 of the 2 absorbed
    assert rs.great_wall_soak(st, joe, 3) == 2  # the last 1 absorbed
    assert rs.great_wall_soak(st, joe, 2) == 2  # spent for this round
    assert rs.great_wall_soak(st, st["units"]["nysa"], 3) == 1  # each ally has its own
    st["round"] += 1
    assert rs.great_wall_soak(st, joe, 3) == 1  # whole again
    assert rs.great_wall_soak(st, st["units"]["thug-1"], 3) == 3  # not the enemies'


def test_pyramid_swaps_two_units(rs):
    """Pyramid (Level 1): INTERRUPT, R6, two targets within range swap spots."""
    g = _nysa(rs, {"arcana": {"pyramid-1": BURIED[7:9]}})
    swap = {"type": "interrupt", "unit": "nysa", "ability": "pyramid",
            "target": ["joe", "thug-1"]}
    assert swap in g.legal_actions(0)
    g.act(0, swap)
    assert (g.state["units"]["joe"]["x"], g.state["units"]["thug-1"]["x"]) == (8, 5)
    assert g.state["units"]["nysa"]["cd"]["pyramid"] == 4


def test_the_great_arcana_summons_a_tarot_spirit(rs):
    """Great Arcana: every Arcana formed; Nysa draws a random Tarot spirit: its melee value,
    its ranged attack, Special 1 (2-round cool down) and Special 2 (once a battle)."""
    g = _nysa(rs, {"arcana": ALL_FORMED})
    tarot = {"type": "tarot", "unit": "nysa"}
    assert tarot in g.legal_actions(0)
    g.act(0, tarot)
    spirit = g.state["hx"]["nysa"]["tarot"]
    assert spirit in rs.c.tarot  # one of the Tarot's 18 spirits (HR-110)
    nysa = g.state["units"]["nysa"]
    assert rs.melee_value(g.state, nysa) == rs.c.tarot[spirit].melee
    ids = {ab.id for ab in rs.unit_abilities(g.state, nysa)}
    assert {f"tarot-{spirit}-s1", f"tarot-{spirit}-s2"} <= ids
    assert tarot not in g.legal_actions(0)  # one summoning a battle
