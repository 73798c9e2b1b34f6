"""The characters' skill records on a hunt: carried into each battle and back onto the party
record, the rest's skill actions, and what ends with an Investigation (docs/hunters.md;
rules: Blood Arts "must be assigned before each Battle", Pets "stored as new inventory",
Arcanas "re-arranged ... when out of Battle")."""

from __future__ import annotations

import pytest
from huntkit import end_battle, hunt_rs, leg, say_done, start_data

from hauntkit.rulesets.beast.hunt import hunter_skills as skills_hunt


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def _leg(hrs, hunter, skills, dice):
    data = start_data(hrs)
    data["party"][0]["hunter"] = hunter
    data["party"][0]["skills"] = skills
    g = leg(hrs, "inv1", "t-quiet", data, dice=dice)
    say_done(g)  # shop
    say_done(g)  # investigate (ambushed)
    return g


def test_blood_arts_ride_into_battle_and_learning_rides_back(hrs):
    g = _leg(hrs, "mathias", {"learned": ["thug"], "arts": ["thug"]}, [1, 6, 1])
    assert g.state["phase"] == "battle"
    mathias = g.state["units"]["mathias"]
    assert any(ab.id == "art-thug" for ab in hrs.unit_abilities(g.state, mathias))
    g.state["hx"]["mathias"]["learned"].append("cultist")  # as a Bite would
    end_battle(g, hrs, "hunters")
    assert g.state["party"][0]["skills"] == {"learned": ["thug", "cultist"], "arts": ["thug"]}


def test_the_rest_offers_skill_actions(hrs):
    g = _leg(hrs, "mathias", {"learned": ["thug", "cultist"], "arts": []}, [1, 6, 1])
    end_battle(g, hrs, "hunters")
    while g.state.get("phase") not in ("rest", None) and g.to_act():
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        g.act(seat, {"type": "done"} if {"type": "done"} in legal else legal[0])
    assert g.state["phase"] == "rest"
    offer = {"type": "blood_arts", "hunter": "mathias", "arts": ["thug", "cultist"]}
    assert offer in g.legal_actions(0)
    g.act(0, offer)
    assert g.state["party"][0]["skills"]["arts"] == ["thug", "cultist"]


def test_a_pet_that_dies_in_a_hunt_battle_is_struck_from_the_record(hrs):
    skills = {"pets": [{"kind": "cultist", "rank": 1}], "pet": 0}
    g = _leg(hrs, "serenity", skills, [1, 6, 1])
    assert g.state["units"]["pet-cultist"]["side"] == "hunters"
    end_battle(g, hrs, "hunters", **{"pet-cultist": {"alive": False, "hp": 0}})
    assert g.state["party"][0]["skills"]["pets"] == []


def test_the_end_of_an_investigation_ranks_pets_and_clears_herbs(hrs):
    state = {"party": [{"hunter": "serenity", "skills": {
        "pets": [{"kind": "thug", "rank": 0, "fought": True}], "compelled": True,
        "herb": "calmroot", "bounty": {"trait1": 1}}}]}
    skills_hunt.end_investigation(hrs, state, success=True)
    skills = state["party"][0]["skills"]
    assert skills["pets"][0]["rank"] == 1 and skills["compelled"] is False
    assert "herb" not in skills and "bounty" not in skills


def _events_state(hrs, party):
    from hauntkit.core.rng import new_rng
    return {"rng": new_rng(1), "log": [], "party": party}


def test_a_clash_card_before_an_event_goes_to_nysa_or_hurts_when_negative(hrs, monkeypatch):
    """Card Casting: the Clash Card deck is "normally drawn before each Event"; Weaver of Fate
    lets Nysa keep it; Loot "Lucky Charm Cereal disables 1 negative Clash Card" (HR-63)."""
    from hauntkit.rulesets.beast.hunt import hunter_skills as sh
    monkeypatch.setattr(sh, "choice", lambda rng, items: "the-skull")
    rec = {"hunter": "nysa", "seat": 0, "sanity": 5, "skills": {}}
    joe = {"hunter": "joe", "seat": 0, "sanity": 3, "charms": 1}
    state = _events_state(hrs, [rec, joe])
    sh.clash_before_event(hrs, state, "e1")
    assert rec["skills"]["held"] == ["the-skull"] and rec["sanity"] == 5
    state = _events_state(hrs, [joe])
    sh.clash_before_event(hrs, state, "e1")
    assert joe["charms"] == 0 and joe["sanity"] == 3  # the charm turns it aside
    sh.clash_before_event(hrs, state, "e2")
    assert joe["sanity"] == 2


def test_cards_nysa_kept_join_her_hand_when_the_battle_starts(rs):
    from hauntkit.core import Game
    g = Game.new(rs, {"map": "alley", "hunters": ["nysa"], "enemies": ["thug"],
                      "skills": {"nysa": {"held": ["key-moment", "the-skull"]}},
                      "dice": [6, 1]}, seed=7)
    hand = g.state["clash"]["hands"]["nysa"]
    assert hand[:2] == ["key-moment", "the-skull"] and len(hand) == 6  # + 3 dealt + 1 drawn
    assert rs.invariants(g.state) == []
