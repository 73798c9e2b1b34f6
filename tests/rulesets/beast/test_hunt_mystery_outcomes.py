"""The Mystery Table results that reach past the leg they are rolled in
(riddle-of-the-beast-rules.md "Mystery Table"; RULING HR-43): 7 turns counts Events down,
Abducted takes a hunter away for the next location."""

from __future__ import annotations

import pytest
from huntkit import end_battle, hunt_rs, leg, rec, say_done, start_data, to_phase

from hauntkit.rulesets.beast.hunt import loot


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def test_seven_turns_drops_the_hunter_to_1_hp_after_the_7th_event(hrs):
    """"Mystery Table", Chaos 6 (7 turns....): the picked hunter's HP drops to 1 after 7
    Events, not before; the others are untouched."""
    data = start_data(hrs)
    data["party"][0]["doom"] = 2  # five of the seven Events have passed
    game = leg(hrs, "inv1", "t-quiet", data, dice=[6])  # t-quiet: one event, no ambush
    to_phase(game, "rest")
    r = rec(game, "michael")
    assert r["doom"] == 1 and r["hp"] == hrs.c.hunters["michael"].hp
    data = start_data(hrs)
    data["party"][0]["doom"] = 1
    game = leg(hrs, "inv1", "t-quiet", data, dice=[6])
    to_phase(game, "rest")
    r = rec(game, "michael")
    assert "doom" not in r and r["hp"] == 1 + 2  # 1, then the rest's 2 HP (HR-74)
    assert rec(game, "tamara")["hp"] == hrs.c.hunters["tamara"].hp
    assert any(e["type"] == "doom" for e in game.state["log"])


def test_seven_turns_counts_seven_events_from_the_pick(hrs):
    """"Mystery Table", Chaos 6: picked, the hunter has 7 Events left, each Event counts one."""
    data = start_data(hrs)
    game = leg(hrs, "inv1", "t-quiet", data, dice=[6])
    loot.apply_mystery(hrs, game.state, hrs.c.gear.mystery[("chaos", 6)], "tamara")
    r = rec(game, "tamara")
    for left in range(6, 0, -1):
        loot.count_doom(hrs, game.state, "t-clue")
        assert r["doom"] == left and r["hp"] == hrs.c.hunters["tamara"].hp
    loot.count_doom(hrs, game.state, "t-clue")
    assert "doom" not in r and r["hp"] == 1


def test_abducted_hunter_misses_the_next_locations_battle_and_returns_at_full_hp(hrs):
    """"Mystery Table", Chaos 2 (Abducted): the picked unit is taken for the next Location
    (its events and battle pass without it) and comes back at full HP (RULING HR-43)."""
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs), dice=[6])
    loot.apply_mystery(hrs, game.state, hrs.c.gear.mystery[("chaos", 2)], "michael")
    rec(game, "michael")["hp"] = 2
    to_phase(game, "rest")
    say_done(game)
    assert game.over
    data = hrs.carry_out(game.state)
    r = data["party"][0]
    assert r["abducted"] == 1 and r["hp"] < hrs.c.hunters["michael"].hp  # still away
    nxt = leg(hrs, "inv1", "t-lair", data, dice=[1] * 12)
    to_phase(nxt, "battle")
    assert "michael" not in nxt.state["units"] and "tamara" in nxt.state["units"]
    # t-lair's Chaos event cost the hunters there 2 Sanity, not the absent one
    assert rec(nxt, "michael")["sanity"] == r["sanity"]
    assert rec(nxt, "tamara")["sanity"] == data["party"][1]["sanity"] - 2
    end_battle(nxt, hrs, "hunters")
    assert rec(nxt, "michael")["hp"] == r["hp"]  # the battle did not touch the absent hunter
    while not nxt.over:
        say_done(nxt)
    r = rec(nxt, "michael")
    assert "abducted" not in r and r["hp"] == hrs.c.hunters["michael"].hp


def test_a_lone_abducted_hunter_leaves_no_one_to_fight(hrs):
    """"Mystery Table", Chaos 2: with every hunter away, nobody fights at that location."""
    data = start_data(hrs)
    for r in data["party"]:
        r["abducted"] = 1
    game = leg(hrs, "inv1", "t-quiet", data, dice=[1] * 6)
    while not game.over:
        assert game.state["phase"] != "battle"  # nobody is there to fight ...
        say_done(game)
    assert game.state["hunt"]["fight"]  # ... though the party was ambushed
    assert all("abducted" not in r for r in game.state["party"])


def _treasure_map_leg(hrs, location: str):
    """A leg at its mystery phase about to roll Chaos 1 (Treasure Map), with the generator set
    so that the Location card drawn is ``location``."""
    from hauntkit.core.rng import choice
    from hauntkit.rulesets.beast.hunt import phases

    game = leg(hrs, "inv1", "t-quiet", start_data(hrs, crypto=10), dice=[6])
    st = game.state
    ids = sorted(hrs.c.locations)
    seed = next(s for s in range(10_000)
                if choice({"s": s, "script": []}, ids) == location)
    st["rng"].update(s=seed, script=[1])  # the Mystery roll: Chaos 1
    st["hunt"].update(mystery="chaos", done=[], plan=[], events=[], event=None)
    st["phase"] = "mystery"
    before = len(st["log"])
    phases.HANDLERS["mystery"].enter(hrs, st)
    return game, st["log"][before:]


def test_treasure_map_plays_a_drawn_locations_events_then_gives_a_loot_item(hrs):
    """"Mystery Table", Chaos 1 (Treasure Map): a Location card is drawn and its Events are
    completed (an event's choice included) before any item of the Loot Table is picked
    (RULING HR-43)."""
    game, log = _treasure_map_leg(hrs, "t-risky")  # events: t-choice, then t-hurt
    st = game.state
    assert st["hunt"]["treasure"] == "t-risky"
    assert [e["event"] for e in log if e["type"] == "event"] == ["t-choice"]
    legal = game.legal_actions(0)
    assert {"type": "choose", "choice": "brag"} in legal
    assert not any(a["type"] == "treasure" for a in legal)  # not before the events are done
    game.act(0, {"type": "choose", "choice": "brag"})
    assert st["renown"] == 3 and st["hunt"]["events"] == []
    assert all(r["hp"] == 1 for r in st["party"])  # t-hurt: 10 damage, never below 1
    legal = game.legal_actions(0)
    assert {"type": "treasure", "entry": "rabbit_foot", "hunter": "tamara"} in legal
    game.act(0, {"type": "treasure", "entry": "rabbit_foot", "hunter": "tamara"})
    assert "loot_rabbit_foot" in rec(game, "tamara")["pack"]
    assert {"type": "done"} in game.legal_actions(0)


def test_treasure_map_to_a_location_without_events_goes_straight_to_the_loot(hrs):
    """"Mystery Table", Chaos 1: a Location card with no Events leaves only the loot pick."""
    game, _ = _treasure_map_leg(hrs, "t-empty")
    assert any(a["type"] == "treasure" for a in game.legal_actions(0))
    assert not any(a["type"] == "choose" for a in game.legal_actions(0))


def test_ghost_in_the_rain_places_a_poltergeist_on_the_hunters_side(hrs):
    """"Mystery Table", Order 2 (Ghost in the Rain): a Poltergeist assists the hunters in the
    investigation's battles: it stands beside the first hunter on the hunters' side,
    commanded by that hunter's seat, in every battle of the investigation (RULING HR-43)."""
    data = start_data(hrs)
    for r in data["party"]:
        r["omens"] = [{"id": "ghost_in_the_rain", "battles": loot.INVESTIGATION}]
    data["run"]["clues"] = 1  # t-lair: the target is found and fought
    game = leg(hrs, "inv1", "t-lair", data, dice=[1, 6, 1])
    to_phase(game, "battle")
    ghost = game.state["units"]["poltergeist"]
    m = game.state["units"]["michael"]
    assert ghost["side"] == "hunters" and ghost["alive"] and ghost["seat"] == m["seat"]
    assert max(abs(ghost["x"] - m["x"]), abs(ghost["y"] - m["y"])) == 1
    assert game.state["hx"]["poltergeist"]["pet_of"] == "michael"
    end_battle(game, hrs, "hunters")
    assert rec(game, "michael")["omens"][0]["battles"] == loot.INVESTIGATION  # it stays


def test_no_poltergeist_without_ghost_in_the_rain(hrs):
    """"Mystery Table", Order 2: the Poltergeist comes only with Ghost in the Rain."""
    data = start_data(hrs)
    data["run"]["clues"] = 1
    game = leg(hrs, "inv1", "t-lair", data, dice=[1, 6, 1])
    to_phase(game, "battle")
    assert "poltergeist" not in game.state["units"]
