"""Joe: Forage and Bounties (rules: "Forage (Joe)", "Bounties (Joe)" and its three tables;
RULINGS HR-60, HR-61), and the skills carried on a hunt (docs/hunters.md)."""

from __future__ import annotations

import pytest
from huntkit import end_battle, hunt_rs, leg, say_done, start_data

from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.hunt import bounties
from hauntkit.rulesets.beast.hunters import forage


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def _joe_leg(hrs, dice, loc="t-quiet", **skills):
    data = start_data(hrs)
    data["party"][0]["hunter"] = "joe"
    data["party"][0]["skills"] = dict(skills)
    g = leg(hrs, "inv1", loc, data, dice=dice)
    if g.state["phase"] == "shop":
        say_done(g)
    return g


def test_forage_table_adds_the_survival_tier(rs):
    """HR-60: d6 + Survival tier; Joe (Survival 4, tier 2) rolling 2 finds Ghostbloom (5)."""
    skills: dict = {}
    assert forage.forage(rs.c, skills, "alley", 2, 4) == "calmroot"  # 2 + 2 = 4
    assert skills == {"foraged": ["alley"], "herbs": ["calmroot"]}
    with pytest.raises(IllegalActionError):
        forage.forage(rs.c, skills, "alley", 6, 4)  # once per location
    assert forage.forage(rs.c, skills, "mill", 1, 0) is None


def test_foraging_while_investigating_stores_a_herb_and_rolls_for_ambush(hrs):
    """Forage: once per location; it requires the hunters to roll for Ambush."""
    g = _joe_leg(hrs, [6, 5, 1])  # ambush 6 > risk 2; forage 5+2 = 7; ambush roll 1
    assert g.state["phase"] == "investigate" and g.state["hunt"]["fight"] is False
    g.act(0, {"type": "forage", "hunter": "joe"})
    joe = g.state["party"][0]
    assert joe["skills"]["herbs"] == ["bloodclover"]
    assert g.state["hunt"]["fight"] is True  # the ambush roll of 1 <= risk 2
    assert {"type": "forage", "hunter": "joe"} not in g.legal_actions(0)


def test_a_herb_works_in_battle_and_wears_off_with_the_investigation(hrs):
    """Forage: each hunter benefits from 1 herb at a time, for the rest of the Investigation;
    herbs can be stored for future missions."""
    joe = {"hunter": "joe", "skills": {"herbs": ["bloodclover", "ironleaf"]}}
    tamara = {"hunter": "tamara", "skills": {"herb": "calmroot"}}
    assert forage.give(joe, tamara, "ironleaf") == "calmroot"
    assert joe["skills"]["herbs"] == ["bloodclover"] and tamara["skills"]["herb"] == "ironleaf"
    with pytest.raises(IllegalActionError):
        forage.give(joe, tamara, "ironleaf")
    g = _joe_leg(hrs, [1, 6, 1], herb="bloodclover")  # ambushed; initiative 6 v 1
    say_done(g)
    assert g.state["phase"] == "battle"
    unit = g.state["units"]["joe"]
    assert unit["max"] == 11  # 10 + 1 (Bloodclover)
    forage.end_investigation(g.state["party"])
    assert "herb" not in g.state["party"][0]["skills"]


def test_bounty_clues_roll_the_trait_tables(hrs):
    """Bounties: clue 1 rolls Trait 1, clue 2 Trait 2; clues spent on it do not count."""
    state, bounty = {"clues": 2}, {}
    assert bounties.spend_clue(bounty, state, 4) == "trait1"
    assert bounties.spend_clue(bounty, state, 6) == "trait2"
    assert state["clues"] == 0 and bounties.traits(bounty) == ["QUICKSHOT", "PYRO"]
    with pytest.raises(IllegalActionError):
        bounties.spend_clue(bounty, state, 1)
    assert bounties.reward(bounty) == 5  # +2 and +3


def test_tracking_finds_the_target_on_6_and_a_rare_one_on_9(hrs):
    """Targets Location: SURVIVAL 6+; 9+ a rare target with a third trait and multiplier."""
    state, bounty = {"clues": 3}, {"trait1": 1, "trait2": 1, "tries": 1}
    assert bounties.track(bounty, 5, "a") is False
    with pytest.raises(IllegalActionError):
        bounties.track(bounty, 9, "a")  # once after each Event (HR-61)
    bounties.earn_try(bounty)
    assert bounties.track(bounty, 9, "b") is True
    assert bounty["rare"] and bounties.next_clue(bounty) == "trait3"
    bounties.spend_clue(bounty, state, 1)  # MULTI-ATTACK, x3
    assert bounties.reward(bounty) == (1 + 2) * 3


def test_a_bounty_found_is_fought_and_paid(hrs):
    """Bounties: once found the hunters engage the ambushers of a newly drawn Location; with
    one kind of ambusher the target is the first of them (HR-61); killing it pays the Crypto
    bonus (test_beast_skill_bounty_location.py has the rest)."""
    g = _joe_leg(hrs, [6, 5], bounty={"trait1": 2, "trait2": 5})  # not ambushed; 5 + 4 = 9
    g.act(0, {"type": "bounty_track", "hunter": "joe"})  # the try A Clue earned
    bounty = g.state["party"][0]["skills"]["bounty"]
    assert bounty["found"] == g.state["hunt"]["bounty"]["location"]
    assert g.state["hunt"]["fight"] is True
    chase = g.state["hunt"]["bounty"]
    if chase["target"] is None:  # ambushers of two kinds: the party picks (the first here)
        g.act(0, {"type": "bounty_target", "target": 0})
    say_done(g)
    assert g.state["phase"] == "battle"
    first = hrs.location_enemies(hrs.c.locations[chase["location"]])[0]
    assert g.state["bounty_target"] == f"{first}-1"
    crypto = g.state["crypto"]
    end_battle(g, hrs, "hunters")
    assert g.state["party"][0]["skills"]["bounty"] == {}
    assert g.state["crypto"] >= crypto + 4  # +1 STRONG, +3 SHIELDED (and the location's)


def _target(rs, traits, dice, cards=(), **units):
    from beastkit import battle
    spec = {"joe": {"x": 5, "y": 2}, "thug-1": {"x": 6, "y": 2}}
    spec.update(units)
    g = battle(rs, ["joe"], ["thug"], spec, hx={"thug-1": {"traits": traits}}, dice=dice,
               cards=list(cards))
    g.state["bounty_target"] = "thug-1"
    return g


def test_bounty_traits_change_the_target_in_battle(rs):
    """Bounty tables: FAST +3 Movement, ELUSIVE +1 DEF against non-melee, RESILIENT -2 PHYS
    damage (HR-61: the traits play out on the target)."""
    g = _target(rs, ["FAST", "ELUSIVE", "RESILIENT"], [1, 1, 0, 0, 0, 0],
                **{"thug-1": {"x": 8, "y": 2}})
    thug = g.state["units"]["thug-1"]
    assert rs.movement(g.state, thug) == 7  # 4 + 3
    g.act(0, {"type": "attack", "unit": "joe", "target": "thug-1", "mode": "ranged"})
    assert len([e for e in g.state["log"] if e["type"] == "defence_roll"][-1]["faces"]) == 3
    assert thug["hp"] == 6  # 2 hits - 2 (RESILIENT)


def test_poison_skin_poisons_a_melee_attacker(rs):
    """Rare Bounty Trait 3, POISON SKIN: when damaged by Melee the attacker suffers POISON."""
    g = _target(rs, ["POISON SKIN"], [1, 1, 1, 0, 0, 0, 0, 0, 1])
    g.act(0, {"type": "attack", "unit": "joe", "target": "thug-1", "mode": "melee"})
    assert "POISON" in g.state["units"]["joe"]["st"]


def test_pyro_makes_its_attacks_fire(rs):
    """Bounty Trait 2, PYRO: attacks use the FIRE element."""
    g = _target(rs, ["PYRO"], [], cards=["strike"])
    g.act(0, {"type": "end_turn"})
    while g.state["window"] is not None:
        g.act(0, {"type": "pass"})
    rolls = [e for e in g.state["log"] if e["type"] == "attack_roll" and e["att"] == "thug-1"]
    assert rolls and "fire" in rolls[0]["text"].lower()


def _volley(rs, traits):
    from beastkit import battle
    spec = {"joe": {"x": 6, "y": 0}, "michael": {"x": 6, "y": 4}, "thug-1": {"x": 8, "y": 2}}
    g = battle(rs, ["joe", "michael"], ["thug"], spec, hx={"thug-1": {"traits": traits}},
               cards=["volley"])
    g.state["bounty_target"] = "thug-1"
    for seat in (0, 1):
        if seat in g.to_act():
            g.act(seat, {"type": "end_turn"})
    while g.state["window"] is not None:
        g.act(g.to_act()[0], {"type": "pass"})
    return [e["tgt"] for e in g.state["log"]
            if e["type"] == "attack_roll" and e.get("att") == "thug-1"]


def test_quickshot_ranged_attacks_take_two_hunters(rs):
    """Bounty Trait 4, QUICKSHOT: "Range Attacks target 2 units" (HR-61): the target's ranged
    attack is rolled against two hunters in reach; without the trait, against one."""
    assert sorted(_volley(rs, ["QUICKSHOT"])) == ["joe", "michael"]
    assert len(_volley(rs, [])) == 1
