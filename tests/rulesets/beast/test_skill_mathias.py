"""Mathias: Blood Rite and Blood Arts (rules: "Abilities of Note" / Blood Rite and Blood Arts
(Mathias); RULING HR-57)."""

from __future__ import annotations

import pytest
from beastkit import events

from hauntkit.core import Game
from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.hunters import blood
from hauntkit.rulesets.beast.hunters.skills import carry_out

BITE = {"type": "ability", "unit": "mathias", "ability": "bite", "target": "thug-1"}


def _game(rs, dice, skills=None):
    g = Game.new(rs, {"map": "alley", "hunters": ["mathias"], "enemies": ["thug"],
                      "dice": [6, 1], "skills": skills or {}}, seed=7)
    rs.apply_setup(g.state, {"units": {"mathias": {"x": 5, "y": 2},
                                       "thug-1": {"x": 6, "y": 2}},
                             "lights": [], "dice": dice})
    return g


def test_a_bite_that_damages_teaches_the_enemys_special_1_for_good(rs):
    """Blood Rite: once an enemy is damaged by Mathias' Bite he permanently learns its
    Special 1."""
    g = _game(rs, [1, 1, 0, 0, 0])  # 2 hits, no blocks
    g.act(0, BITE)
    assert g.state["hx"]["mathias"]["learned"] == ["thug"]
    assert events(g, "skill")[-1]["skill"] == "blood_rite"
    assert carry_out(g.state)["mathias"] == {"learned": ["thug"]}


def test_a_bite_that_does_no_damage_teaches_nothing(rs):
    g = _game(rs, [0, 0, 0, 0, 0])
    g.act(0, BITE)
    assert "learned" not in g.state.get("hx", {}).get("mathias", {})


def test_an_assigned_blood_art_is_his_action_with_a_cool_down(rs):
    """Blood Arts: learned skills assigned before the battle are Mathias' own (HR-57: an
    action with a 2-round cool down)."""
    g = _game(rs, [1, 1, 1, 0, 0, 0, 0], skills={"mathias": {"learned": ["thug", "cultist"],
                                                             "arts": ["thug"]}})
    art = {"type": "ability", "unit": "mathias", "ability": "art-thug", "target": "thug-1"}
    assert art in g.legal_actions(0)
    assert not any(a.get("ability") == "art-cultist" for a in g.legal_actions(0))
    g.act(0, art)  # Cheap Shot: a melee blow that leaves the target Flinching
    assert "FLINCH" in g.state["units"]["thug-1"]["st"]
    assert g.state["units"]["mathias"]["cd"]["art-thug"] == 2


def test_arts_are_assigned_from_learned_skills_only_and_fill_two_slots(rs):
    skills = {"learned": ["thug", "cultist", "ghoul"]}
    blood.assign(rs.c, skills, ["thug", "ghoul"])
    assert skills["arts"] == ["thug", "ghoul"]
    with pytest.raises(IllegalActionError):
        blood.assign(rs.c, skills, ["thug", "cultist", "ghoul"])
    with pytest.raises(IllegalActionError):
        blood.assign(rs.c, skills, ["werewolf"])


@pytest.mark.parametrize(("cp", "price"), [(100, 1), (150, 2), (250, 3), (1000, 10)])
def test_blood_art_price_is_one_crypto_per_100_cp_rounded_up(cp, price):
    assert blood.price(cp) == price


def test_buying_a_blood_art_needs_a_kill_and_the_crypto(rs):
    """Blood Arts of defeated enemies can be purchased for 1 Crypto per 100 CP, rounded up,
    but only if the enemy has been killed in battle before."""
    state = {"crypto": 3}
    skills: dict = {}
    with pytest.raises(IllegalActionError):
        blood.buy(rs.c, state, skills, "cultist", slain=[])
    assert blood.buy(rs.c, state, skills, "cultist", slain=["cultist"]) == 2  # 150 CP
    assert state["crypto"] == 1 and skills["learned"] == ["cultist"]
    with pytest.raises(IllegalActionError):
        blood.buy(rs.c, state, skills, "cultist", slain=["cultist"])
