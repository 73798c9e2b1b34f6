"""Scenario tests of a hunt's leg: events, the ambush roll, battles carrying the party, wounds,
death, madness, rest, Crypto and the end of an investigation and of the hunt. Each cites the
section of riddle-of-the-beast-rules.md or the ruling it checks (docs/rulings.md HR-70..)."""

from __future__ import annotations

import pytest
from huntkit import end_battle, hunt_rs, leg, rec, say_done, start_data, to_phase

from hauntkit.rulesets.beast.hunt.party import max_hp


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def test_event_effects_apply_and_a_choice_waits_for_the_lead_seat(hrs):
    """HR-77, HR-70: an event's choice is the lead seat's action; only that seat acts
    until it is made, and 'done' is not offered meanwhile."""
    game = leg(hrs, "inv2", "t-risky", start_data(hrs), players=2, dice=[6])
    to_phase(game, "investigate")
    assert game.state["hunt"]["event"] == "t-choice"
    assert game.to_act() == [0]
    assert game.legal_actions(0) == [{"type": "choose", "choice": "pay"},
                                     {"type": "choose", "choice": "brag"}]
    game.act(0, {"type": "choose", "choice": "pay"})
    st = game.state
    assert (st["crypto"], st["clues"]) == (3, 1)


def test_a_choice_the_party_cannot_pay_for_is_not_offered(hrs):
    """HR-77: choices costing more Crypto than the party holds are not legal actions."""
    game = leg(hrs, "inv2", "t-risky", start_data(hrs, crypto=1), dice=[6])
    to_phase(game, "investigate")
    assert [a["choice"] for a in game.legal_actions(0) if a["type"] == "choose"] == ["brag"]


def test_event_damage_never_takes_a_hunter_below_1(hrs):
    """HR-78: outside battle event damage stops at 1 HP."""
    game = leg(hrs, "inv2", "t-risky", start_data(hrs), dice=[6])
    to_phase(game, "investigate")
    game.act(0, {"type": "choose", "choice": "brag"})  # then t-hurt: 10 damage each
    assert [r["hp"] for r in game.state["party"]] == [1, 1]


@pytest.mark.parametrize(("roll", "ambushed"), [(3, True), (4, False)])
def test_the_ambush_roll_against_the_location_risk(hrs, roll, ambushed):
    """HR-71: after the events, a d6 at or under the location's risk (3) is an ambush."""
    game = leg(hrs, "inv2", "t-risky", start_data(hrs), dice=[roll, 6, 1])
    to_phase(game, "investigate")
    game.act(0, {"type": "choose", "choice": "pay"})
    assert game.state["hunt"]["ambush"] == roll and game.state["hunt"]["fight"] is ambushed
    say_done(game)
    assert game.state["phase"] == ("battle" if ambushed else "rest")


def test_reckless_infamy_raises_the_risk_by_one(hrs):
    """"Renown vs. Infamy" / Infamy 2 (Reckless): every location's risk is 1 higher (HR-71)."""
    data = start_data(hrs, at=[1, 1], run={"renown": 0, "infamy": 6, "clues": 0})
    game = leg(hrs, "inv2", "t-risky", data, dice=[4, 6, 1])
    to_phase(game, "investigate")
    game.act(0, {"type": "choose", "choice": "pay"})
    assert game.state["hunt"]["fight"] is True  # 4 <= 3 + 1


def test_lets_fight_picks_a_fight_with_the_ambushers(hrs):
    """"Renown vs. Infamy" / Infamy 1 (Let's Fight): the party may force a fight (HR-71)."""
    game = leg(hrs, "inv2", "t-risky", start_data(hrs), dice=[6, 1, 6, 1])  # no Let's Talk
    to_phase(game, "investigate")
    game.act(0, {"type": "choose", "choice": "brag"})  # +3 infamy: rank 1
    assert game.state["hunt"]["fight"] is False
    assert {"type": "fight"} in game.legal_actions(0)
    game.act(0, {"type": "fight"})
    say_done(game)
    assert game.state["phase"] == "battle"


def test_no_ambush_without_ambushers(hrs):
    """HR-71: a location with no ambushers never fights; battle and loot are skipped."""
    data = start_data(hrs, at=[1, 0])
    game = leg(hrs, "inv2", "t-empty", data)
    to_phase(game, "rest")
    assert game.state["hunt"]["ambush"] is None
    assert [e["phase"] for e in game.state["log"] if e["type"] == "phase_skipped"] == \
        ["battle", "loot", "mystery"]


def test_the_battle_carries_the_party_in_and_out(hrs):
    """HR-72 / "Gear and Equipment": HP, Sanity and the wounded maximum go into the battle,
    and the battle's HP and Sanity come back to the records."""
    data = start_data(hrs)
    data["party"][0].update(hp=5, sanity=4, wounds=1)
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1, 6, 1])
    to_phase(game, "battle")
    m = game.state["units"]["michael"]
    assert (m["hp"], m["max"], m["san"]) == (5, hrs.c.hunters["michael"].hp - 1, 4)
    end_battle(game, hrs, "hunters", michael={"hp": 3, "san": 2})
    r = rec(game, "michael")
    assert (r["hp"], r["sanity"]) == (3, 2)
    to_phase(game, "rest")
    assert (r["hp"], r["sanity"]) == (3 + 2, 2 + 1)  # the rest's 2 HP and 1 Sanity


def test_a_won_battle_pays_the_location_reward(hrs):
    """HR-75: a battle won at a location pays its reward (t-quiet: 3 Crypto)."""
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs), dice=[1, 6, 1])
    to_phase(game, "battle")
    end_battle(game, hrs, "hunters")
    assert game.state["crypto"] == 5 + 3
    assert game.state["phase"] == "loot"


def test_a_hunter_fallen_in_a_won_battle_is_wounded(hrs):
    """HR-72: fallen in a battle the hunters won: a wound, back on 1 HP, maximum HP -1."""
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs), dice=[1, 6, 1])
    to_phase(game, "battle")
    end_battle(game, hrs, "hunters", michael={"alive": False, "hp": 0})
    r = rec(game, "michael")
    assert (r["wounds"], r["dead"]) == (1, False)
    assert max_hp(hrs, r) == hrs.c.hunters["michael"].hp - 1


def test_the_last_wound_kills(hrs):
    """HR-72: a hunter reaching the hunt's max_wounds (2 in the test hunt) dies."""
    data = start_data(hrs)
    data["party"][0]["wounds"] = 1
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1, 6, 1])
    to_phase(game, "battle")
    end_battle(game, hrs, "hunters", michael={"alive": False, "hp": 0})
    assert rec(game, "michael")["dead"] is True
    assert game.view(0)["party"][0]["dead"] is True


def test_hunters_fallen_in_a_lost_battle_die_and_the_hunt_is_lost(hrs):
    """HR-72, HR-76: the hunters lose the battle: the fallen die; nobody is left: the hunt is
    lost and the leg ends at once (no loot, no rest)."""
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs), dice=[1, 6, 1])
    to_phase(game, "battle")
    end_battle(game, hrs, "enemies")
    assert game.over
    res = game.result()
    assert (res["winner"], res["hunt"]) == ("enemies", "lost")
    assert all(r["dead"] for r in game.state["party"])
    assert hrs.carry_out(game.state)["status"] == "lost"
    assert hrs.campaign_next({}, hrs.carry_out(game.state), []) is None


def test_a_broken_hunter_leaves_the_hunt_and_madness_points_carry(hrs):
    """HR-73 (with HR-50): a hunter broken by Madness is out of the hunt; the others' madness
    points go to the next battle."""
    data = start_data(hrs)
    data["party"][1]["madness"] = 2
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1, 6, 1], players=2)
    to_phase(game, "battle")
    assert game.state["hx"]["tamara"]["mad"] == 2
    end_battle(game, hrs, "hunters", michael={"alive": False, "hp": 4, "san": 0})
    m, t = rec(game, "michael"), rec(game, "tamara")
    assert m["broken"] is True and m["dead"] is False
    assert t["madness"] == 2 and not t["broken"]
    assert game.state["phase"] == "loot" and game.to_act() == [1]  # only tamara's seat


def test_rest_heals_and_treats_wounds_for_crypto(hrs):
    """HR-74: a rest gives 2 HP and 1 Sanity; a wound is treated for 3 Crypto."""
    data = start_data(hrs)
    data["party"][0].update(hp=2, sanity=2, wounds=1)
    game = leg(hrs, "inv1", "t-quiet", data, dice=[6])
    to_phase(game, "rest")
    r = rec(game, "michael")
    assert (r["hp"], r["sanity"]) == (4, 3)
    assert {"type": "treat", "hunter": "michael"} in game.legal_actions(0)
    game.act(0, {"type": "treat", "hunter": "michael"})
    assert (r["wounds"], game.state["crypto"]) == (0, 5 - 3)
    assert {"type": "treat", "hunter": "michael"} not in game.legal_actions(0)


def test_no_treatment_without_the_crypto(hrs):
    """HR-74: treating a wound costs Crypto the party must have."""
    data = start_data(hrs, crypto=2)
    data["party"][0]["wounds"] = 1
    game = leg(hrs, "inv1", "t-quiet", data, dice=[6])
    to_phase(game, "rest")
    assert {"type": "done"} in game.legal_actions(0)
    assert not any(a["type"] == "treat" for a in game.legal_actions(0))


def test_the_target_is_found_with_enough_clues_and_its_death_pays(hrs):
    """HR-75: at the last location, enough clues find the target (a battle, no risk roll);
    slaying it pays the investigation's reward; the rest after it is a full one (HR-74)."""
    data = start_data(hrs, at=[0, 1], run={"renown": 0, "infamy": 0, "clues": 1})
    data["party"][0].update(hp=2, sanity=2)
    game = leg(hrs, "inv1", "t-lair", data, dice=[6, 1])
    to_phase(game, "battle")
    assert game.state["hunt"]["ambush"] is None
    end_battle(game, hrs, "hunters")
    assert game.state["crypto"] == 5 + 2  # the location's reward
    to_phase(game, "rest")  # (the loot and the mystery may bring Crypto too)
    r = rec(game, "michael")
    assert (r["hp"], r["sanity"]) == (max_hp(hrs, r), hrs.c.hunters["michael"].sanity)
    crypto = game.state["crypto"]
    say_done(game)
    res = game.result()
    assert game.state["crypto"] == crypto + 7 and res["hunt"] == "on"
    out = hrs.carry_out(game.state)
    assert out["at"] == [1, 0] and out["investigations"] == [{"id": "inv1", "success": True}]


def test_a_cold_trail_fails_the_investigation(hrs):
    """HR-75: too few clues at the last location: no battle, the investigation fails."""
    data = start_data(hrs, at=[0, 1])
    game = leg(hrs, "inv1", "t-lair", data)
    to_phase(game, "mystery")  # t-chaos: a Chaos event
    assert game.state["hunt"]["fight"] is False and game.state["hunt"]["mystery"] == "chaos"
    to_phase(game, "rest")
    crypto = game.state["crypto"]
    while not game.over:
        say_done(game)
    assert hrs.carry_out(game.state)["investigations"] == [{"id": "inv1", "success": False}]
    assert game.state["crypto"] == crypto  # no reward


def test_renown_and_infamy_reset_when_an_investigation_starts(hrs):
    """"Renown vs. Infamy": Renown and Infamy reset at the start of each Investigation, and
    carry from leg to leg inside one (with the clues, HR-75)."""
    run = {"renown": 4, "infamy": 5, "clues": 2}
    inside = leg(hrs, "inv1", "t-lair", start_data(hrs, at=[0, 1], run=dict(run)))
    assert (inside.state["renown"], inside.state["infamy"], inside.state["clues"]) == (4, 5, 2)
    fresh = leg(hrs, "inv2", "t-empty", start_data(hrs, at=[1, 0], run=dict(run)))
    assert (fresh.state["renown"], fresh.state["infamy"], fresh.state["clues"]) == (0, 0, 0)


def test_karma_pays_at_the_end_of_an_investigation(hrs):
    """"Renown vs. Infamy" / Renown 3 (Karma): 2 Crypto per hunter when the investigation
    ends."""
    data = start_data(hrs, at=[0, 1], run={"renown": 8, "infamy": 0, "clues": 0})
    game = leg(hrs, "inv1", "t-lair", data, dice=[6, 6, 6, 6, 6, 6])
    to_phase(game, "rest")
    crypto = game.state["crypto"]
    while not game.over:
        say_done(game)
    assert game.state["crypto"] == crypto + 2 * 2


def test_the_hunt_is_won_when_the_last_target_dies(hrs):
    """HR-76: slaying the last investigation's target wins the hunt; campaign_next ends."""
    data = start_data(hrs, at=[1, 2])
    game = leg(hrs, "inv2", "t-lair", data, dice=[6, 1])  # clues_needed 0: found
    to_phase(game, "battle")
    end_battle(game, hrs, "hunters")
    while not game.over:
        say_done(game)
    assert game.result()["hunt"] == "won" and game.result()["winner"] == "hunters"
    out = hrs.carry_out(game.state)
    assert (out["status"], out["at"]) == ("won", None)
    assert hrs.campaign_next({}, out, []) is None


def test_the_hunt_is_lost_when_the_last_target_gets_away(hrs):
    """HR-76: the last investigation's target not slain (the battle lost by the round limit
    here) loses the hunt."""
    data = start_data(hrs, at=[1, 2])
    game = leg(hrs, "inv2", "t-lair", data, dice=[6, 1])
    to_phase(game, "battle")
    hrs.apply_setup(game.state, {"round": 30, "side": "enemies"})
    while game.state["phase"] == "battle":
        seat = game.to_act()[0]
        game.act(seat, {"type": "pass"} if game.state["window"] else {"type": "end_turn"})
    assert game.state["hunt"]["battle"]["winner"] is None
    while not game.over:
        say_done(game)
    assert game.result()["hunt"] == "lost"


def test_a_battle_over_before_anyone_acts_goes_on_to_the_loot(hrs):
    """HR-51 (Let's Talk at the start of a battle) with HR-70: when every enemy is talked
    away, the battle is won at once and the leg goes on to its loot."""
    data = start_data(hrs, at=[0, 1], run={"renown": 3, "infamy": 0, "clues": 1})
    game = leg(hrs, "inv1", "t-lair", data, dice=[6, 6, 6, 6])
    to_phase(game, "loot")
    assert game.state["hunt"]["battle"]["winner"] == "hunters"
    assert any(e["type"] == "fled" for e in game.state["log"])


def test_tagging_in_swaps_a_hunter_for_the_investigation(hrs, monkeypatch):
    """"Renown vs. Infamy" / Infamy 3 (Tagging In), HR-52: the cameo hunter takes a hunter's
    place and seat until the investigation ends; then the hunter comes back. (The test swaps
    in Blake: the cameo's id is renown.TAG_IN_HUNTER.)"""
    from hauntkit.rulesets.beast.hunt import renown
    monkeypatch.setattr(renown, "TAG_IN_HUNTER", "blake")
    data = start_data(hrs, at=[0, 1], run={"renown": 0, "infamy": 8, "clues": 0})
    game = leg(hrs, "inv1", "t-lair", data)
    to_phase(game, "investigate")
    assert {"type": "tag_in", "hunter": "tamara"} in game.legal_actions(0)
    game.act(0, {"type": "tag_in", "hunter": "tamara"})
    party = game.state["party"]
    assert [r["hunter"] for r in party] == ["michael", "blake"]
    assert party[1]["hp"] == hrs.c.hunters["blake"].hp and party[1]["benched"]["hunter"] == \
        "tamara"
    assert not any(a["type"] == "tag_in" for a in game.legal_actions(0))
    while not game.over:  # the trail is cold (no clue): the investigation ends, Tamara is back
        say_done(game)
    assert [r["hunter"] for r in game.state["party"]] == ["michael", "tamara"]


def test_a_penance_buys_an_offering_once_per_location(hrs):
    """"Specific Buffs" / Offering, HR-53: a hunter pays the location's Penance (t-quiet:
    2 HP and 1 Crypto) and the Offering goes to the hunter it names; once per location. (A
    rank is offered to a hunter holding an arsenal card with a higher rank: HR-104.)"""
    data = start_data(hrs)
    data["party"][0]["arsenal"] = "bruiser"
    game = leg(hrs, "inv1", "t-quiet", data, dice=[6], players=2)
    to_phase(game, "investigate")
    offer = {"type": "penance", "payer": "tamara", "receiver": "michael", "boon": "rank"}
    assert offer in game.legal_actions(1) and offer not in game.legal_actions(0)
    game.act(1, offer)
    assert rec(game, "michael")["offering"] == {"rank": 1}
    assert rec(game, "tamara")["hp"] == hrs.c.hunters["tamara"].hp - 2
    assert game.state["crypto"] == 5 - 1
    assert not any(a["type"] == "penance" for s in (0, 1) for a in game.legal_actions(s))


def test_an_omen_on_one_hunter_only_reaches_the_battle(hrs):
    """"Mystery Table" / Chaos 3 (Cursed) carried on one record into the next battle: the other
    hunters (records without omens) fight as usual; only the cursed one is cursed. (A hunt
    played by bots crashed here when a record had no omens.)"""
    data = start_data(hrs)
    data["party"][0]["omens"] = [{"id": "cursed", "battles": 1}]
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1, 6, 1])
    to_phase(game, "battle")
    assert game.state["omens"]["cursed"] == ["michael"]


def test_a_seat_whose_hunters_are_gone_stays_and_waits(hrs):
    """HR-77 with HR-72: a two-seat hunt whose second seat's hunter died goes on; that seat
    has nothing to do (the campaign keeps its seats)."""
    data = start_data(hrs)
    data["party"][1]["dead"] = True
    game = leg(hrs, "inv1", "t-lair", data, players=2)
    assert game.to_act() == [0] and game.legal_actions(1) == []
    while not game.over:
        say_done(game)
    assert game.result()["hunt"] == "on"
