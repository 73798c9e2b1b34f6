"""Renown and Infamy (rules: "Renown vs. Infamy": both tables) and the Offering buff (rules:
"Specific Buffs" / Offering); RULINGS HR-51, HR-52, HR-53."""

from __future__ import annotations

import pytest
from beastkit import events
from hypothesis import given, settings
from hypothesis import strategies as st

from hauntkit.core import Game
from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.hunt import renown


@pytest.mark.parametrize(("points", "lvl"), [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (7, 2),
                                             (8, 3), (20, 3)])
def test_rank_bands_of_both_tables(points, lvl):
    """Renown vs. Infamy: 0-2 rank 0, 3-5 rank 1, 6-7 rank 2, 8+ rank 3."""
    assert renown.level(points) == lvl
    assert renown.renown_level({"renown": points}) == lvl == renown.infamy_level(
        {"infamy": points})


@settings(max_examples=30, deadline=None)
@given(a=st.integers(0, 30), b=st.integers(0, 30))
def test_more_points_never_lower_the_rank(a, b):
    assert (renown.level(a) <= renown.level(b)) == (a <= b) or renown.level(a) == renown.level(b)


def _game(rs, **config):
    return Game.new(rs, {"map": "alley", "hunters": ["tamara"], "enemies": ["thug", "thug"],
                         **config}, seed=3)


def test_lets_talk_makes_weak_enemies_flee_at_the_start_of_battle(rs):
    """Renown 1, Let's Talk: a Tactics or Empathy check of 5+ per enemy of 500 CP or less,
    at the start of the battle (HR-51: the hunter best at either rolls; automatic)."""
    g = _game(rs, renown=3, dice=[2, 1, 6, 1])  # Tamara Empathy 3: 2+3 ok, 1+3 fails
    fled = events(g, "fled")
    assert [e["unit"] for e in fled] == ["thug-1"]
    assert "thug-1" not in g.state["units"] and g.state["units"]["thug-2"]["alive"]
    assert g.state["alive"] == [1, 1]
    assert [e["ok"] for e in events(g, "skill_check")] == [True, False]


def test_no_renown_no_talk(rs):
    g = _game(rs, dice=[6, 1])
    assert events(g, "fled") == [] and events(g, "skill_check") == []


def test_reckless_gives_a_free_attack_each_turn_and_lowers_defence(rs):
    """Infamy 2, Reckless: one free melee or range attack per turn; DEF -1."""
    g = _game(rs, infamy=6, dice=[6, 1])
    rs.apply_setup(g.state, {"units": {"tamara": {"x": 5, "y": 2},
                                       "thug-1": {"x": 6, "y": 2}, "thug-2": {"x": 9, "y": 4}},
                             "lights": [], "dice": [0, 0]})
    tamara = g.state["units"]["tamara"]
    assert rs.defence_score(g.state, tamara) == 1  # 3 - 1 dark - 1 reckless
    g.state.pop("infamy")
    assert rs.defence_score(g.state, tamara) == 2
    g.state["infamy"] = 6
    free = {"type": "attack", "unit": "tamara", "target": "thug-1", "mode": "melee",
            "free": True}
    assert free in g.legal_actions(0)
    g.act(0, free)
    assert not g.state["units"]["tamara"]["acted"]
    legal = g.legal_actions(0)
    assert free not in legal
    plain = {k: v for k, v in free.items() if k != "free"}
    assert plain in legal  # the ordinary attack (the hunter's action) is still there


def test_karma_and_lets_fight_and_risk():
    """Renown 3 Karma: +2 Crypto per hunter; Infamy 1 Let's Fight; Infamy 2 Risk +1."""
    assert renown.karma_crypto({"renown": 8}, 4) == 8
    assert renown.karma_crypto({"renown": 7}, 4) == 0
    assert renown.can_force_fight({"infamy": 3}) and not renown.can_force_fight({"infamy": 2})
    assert renown.risk_bonus({"infamy": 6}) == 1 and renown.risk_bonus({"infamy": 5}) == 0


def test_tagging_in_brings_curtis_kaine_until_the_investigation_ends():
    """Infamy 3, Tagging In (HR-52): Curtis Kaine replaces a hunter for the Investigation."""
    state = {"infamy": 8}
    party = [{"hunter": "joe", "seat": 0, "hp": 5}, {"hunter": "fei", "seat": 1}]
    new = renown.tag_in(state, party, "joe")
    assert party[0] is new and new["hunter"] == "curtis" and new["seat"] == 0
    with pytest.raises(IllegalActionError):
        renown.tag_in(state, party, "fei")  # Curtis is already in
    renown.end_investigation(state, party)
    assert party[0] == {"hunter": "joe", "seat": 0, "hp": 5} and "infamy" not in state
    with pytest.raises(IllegalActionError):
        renown.tag_in({"infamy": 7}, party, "joe")


def test_offering_once_per_location_giftable_and_gone_after_the_investigation():
    """Offering: pay a location's Penance for +1 Arsenal rank or another Arsenal; once per
    location; one hunter may pay at several locations; may be gifted (HR-53)."""
    state: dict = {}
    party = [{"hunter": "joe"}, {"hunter": "fei"}]
    renown.pay_penance(state, party, "joe", "chapel", {"rank": 1}, receiver="fei")
    assert party[1]["offering"] == {"rank": 1} and "offering" not in party[0]
    with pytest.raises(IllegalActionError):
        renown.pay_penance(state, party, "fei", "chapel", {"rank": 1})
    renown.pay_penance(state, party, "joe", "mill", {"arsenal": "advanced-1"})
    assert party[0]["offering"] == {"arsenal": "advanced-1"}
    with pytest.raises(IllegalActionError):
        renown.pay_penance(state, party, "joe", "docks", {"rank": 2})
    renown.end_investigation(state, party)
    assert all("offering" not in r for r in party) and "penances" not in state


def test_new_recruit_wins_over_the_strongest_enemy_up_to_750_cp(rs):
    """Renown 2, New Recruit: a Personality or Dare Devil check turns one enemy of 750 CP or
    less into an ally for the rest of the Investigation (HR-62: 5+, the highest CP)."""
    g = Game.new(rs, {"map": "alley", "hunters": ["tamara"], "enemies": ["thug", "cultist"],
                      "renown": 6, "dice": [5, 1, 6, 1]}, seed=3)
    cultist = g.state["units"]["cultist-1"]
    assert cultist["side"] == "hunters" and cultist["seat"] == 0
    assert g.state["hx"]["tamara"]["recruit"] == "cultist"
    assert events(g, "recruit") and g.state["units"]["thug-1"]["side"] == "enemies"
    assert any(a["type"] == "command" and a["unit"] == "cultist-1"
               for a in g.legal_actions(0))


def test_a_recruit_returns_in_the_next_battle_of_the_investigation(rs):
    g = Game.new(rs, {"map": "alley", "hunters": ["tamara"], "enemies": ["thug"],
                      "renown": 6, "skills": {"tamara": {"recruit": "cultist"}},
                      "dice": [1, 6, 1]}, seed=3)
    ally = g.state["units"]["recruit-cultist"]
    assert ally["side"] == "hunters" and g.state["units"]["thug-1"]["side"] == "enemies"
