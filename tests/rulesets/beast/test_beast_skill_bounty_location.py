"""Joe's Bounties, the target's Location (rules: "Bounties (Joe)", "Targets Location"; RULING
HR-61): the SURVIVAL check "can be attempted after every EVENT"; once found "the players will
draw a new Location card, even if the Location is not available for that Investigation and can
engage the Ambushers at that Location. Players must select which Ambusher from that Location is
the Target."""

from __future__ import annotations

import pytest
from huntkit import end_battle, hunt_rs, leg, say_done, start_data

from hauntkit.core.errors import IllegalActionError
from hauntkit.rulesets.beast.hunt import bounties


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def _joe_leg(rs, inv, loc, dice, seed=3, **skills):
    data = start_data(rs)
    data["party"][0]["hunter"] = "joe"
    data["party"][0]["skills"] = dict(skills)
    return leg(rs, inv, loc, data, dice=dice, seed=seed)


def _bounty(g):
    return g.state["party"][0]["skills"]["bounty"]


def _track(g):
    return {"type": "bounty_track", "hunter": "joe"}


def test_each_event_earns_one_tracking_try(hrs):
    """Targets Location: "This can be attempted after every EVENT": Risky Street has two events
    (A Choice, Hurt), so two tries; a failed check spends one; none is left after the second."""
    g = _joe_leg(hrs, "inv2", "t-risky", [6, 1, 1], bounty={"trait1": 2, "trait2": 5})
    assert g.state["hunt"]["event"] == "t-choice"
    g.act(0, {"type": "choose", "choice": "pay"})  # then Hurt; ambush roll 6 > risk 3
    assert g.state["phase"] == "investigate" and g.state["hunt"]["fight"] is False
    assert _bounty(g)["tries"] == 2
    g.act(0, _track(g))  # 1 + Survival 4 = 5: no trace
    assert "found" not in _bounty(g) and _bounty(g)["tries"] == 1
    g.act(0, _track(g))  # 5 again
    assert _bounty(g)["tries"] == 0
    assert _track(g) not in g.legal_actions(0)
    with pytest.raises(IllegalActionError):
        bounties.track(_bounty(g), 9, "t-quiet")


def test_no_try_before_trait_2_and_tries_lapse_with_the_location(hrs):
    """Targets Location: only "Once Clue 2 is used": an Event resolved before it earns no try;
    the tries of a location lapse when the hunters leave it (HR-61)."""
    g = _joe_leg(hrs, "inv1", "t-quiet", [6, 3], bounty={"trait1": 2})
    say_done(g)  # the shop; then A Clue (+1 clue), ambush 6 > risk 2
    assert g.state["phase"] == "investigate" and g.state["clues"] == 1
    g.act(0, {"type": "bounty_clue", "hunter": "joe"})  # Trait 2: 3 = FRANTIC
    assert _bounty(g)["trait2"] == 3 and _bounty(g).get("tries", 0) == 0
    texts = [e["text"] for e in g.state["log"]]
    assert "A Clue: +1 clue." in texts  # in words for the log (HR-91)
    assert ("A clue spent on the bounty: Trait 2 is frantic (Melee Critical Hits trigger a "
            "second attack, once per turn).") in texts
    assert _track(g) not in g.legal_actions(0)
    b = {"trait1": 1, "trait2": 1}
    bounties.earn_try(b)
    assert b["tries"] == 1
    g2 = _joe_leg(hrs, "inv2", "t-risky", [6], bounty={"trait1": 2, "trait2": 5, "tries": 3})
    g2.act(0, {"type": "choose", "choice": "pay"})
    while not g2.over:
        say_done(g2)
    assert "tries" not in g2.state["party"][0]["skills"]["bounty"]


def test_no_try_at_the_investigations_last_location(hrs):
    """HR-61: at an Investigation's last location the hunters face their own target; its events
    earn no tracking try."""
    g = _joe_leg(hrs, "inv1", "t-lair", [], bounty={"trait1": 2, "trait2": 5})
    assert g.state["hunt"]["last"] is True
    assert _bounty(g).get("tries", 0) == 0
    assert all(a["type"] != "bounty_track" for a in g.legal_actions(0))


def test_found_draws_a_new_location_and_its_battle_is_fought_there(hrs):
    """Targets Location: once found a new Location card is drawn "even if the Location is not
    available for that Investigation" (here the Dockside Bar, not in the test hunt), the
    hunters engage its ambushers on its map, the target is the one the party picks (two thugs
    and a cultist: the first thug);
    killing it pays both tables' Crypto bonus, and the battle pays that Location's reward."""
    g = _joe_leg(hrs, "inv2", "t-risky", [6, 2], seed=27, bounty={"trait1": 2, "trait2": 5})
    g.act(0, {"type": "choose", "choice": "pay"})  # ambush 6: no ambush here
    g.act(0, _track(g))  # 2 + 4 = 6: found, not rare
    bounty, h = _bounty(g), g.state["hunt"]
    assert bounty["found"] == "dockside-bar" and bounty["rare"] is False
    assert h["bounty"] == {"location": "dockside-bar", "target": None}
    assert h["fight"] is True and "tries" not in bounty
    g.act(0, {"type": "bounty_target", "target": 0})
    say_done(g)
    assert g.state["phase"] == "battle"
    bar = hrs.c.locations["dockside-bar"]
    assert g.state["map"] == bar.map
    assert any(e["type"] == "battle_start" and e.get("location") == "dockside-bar"
               for e in g.state["log"])
    assert sorted(u for u in g.state["units"] if u.startswith("thug")) == ["thug-1", "thug-2"]
    assert g.state["bounty_target"] == "thug-1"
    assert g.state["hx"]["thug-1"]["traits"] == ["STRONG", "SHIELDED"]
    crypto = g.state["crypto"]
    end_battle(g, hrs, "hunters")
    assert g.state["crypto"] == crypto + 1 + 3 + bar.reward  # STRONG, SHIELDED, the reward
    assert g.state["party"][0]["skills"]["bounty"] == {}


def test_the_draw_covers_every_location_with_ambushers(hrs):
    """Targets Location: the draw is over the pack's locations, not only the Investigation's;
    a Location without ambushers (the Empty Lot) would leave nobody to engage (HR-61)."""
    seen = {bounties.draw_location(hrs, {"rng": {"s": seed, "script": []}})
            for seed in range(200)}
    assert seen == {lid for lid, loc in hrs.c.locations.items()
                    if hrs.location_enemies(loc)}
    assert "t-empty" not in seen and "dockside-bar" in seen


def test_the_party_picks_which_ambusher_is_the_target(hrs):
    """Targets Location: "Players must select which Ambusher from that Location is the Target":
    each kind of the Chapel Yard's ambushers (a ghoul, a bone archer, ...) may be picked; the lead
    seat picks before it may say done, and the trait goes on the picked one."""
    g = _joe_leg(hrs, "inv2", "t-risky", [6, 5], seed=26, bounty={"trait1": 6, "trait2": 6})
    g.act(0, {"type": "choose", "choice": "pay"})
    g.act(0, _track(g))  # 5 + 4 = 9: found, and rare
    assert g.state["hunt"]["bounty"] == {"location": "chapel-yard", "target": None}
    assert _bounty(g)["rare"] is True
    legal = g.legal_actions(0)
    assert {"type": "done"} not in legal
    picks = [a for a in legal if a["type"] == "bounty_target"]
    ambushers = hrs.c.locations["chapel-yard"].ambushers
    assert ambushers[:2] == ["ghoul", "bone-archer"]
    kinds = [i for i, kind in enumerate(ambushers) if kind not in ambushers[:i]]  # one a kind
    assert picks == [{"type": "bounty_target", "target": i} for i in kinds]
    g.act(0, picks[1])
    assert {"type": "done"} in g.legal_actions(0)
    say_done(g)
    assert g.state["phase"] == "battle" and g.state["bounty_target"] == "bone-archer-1"
    assert g.state["map"] == hrs.c.locations["chapel-yard"].map != "alley"  # its own map
    assert g.state["hx"]["bone-archer-1"]["traits"] == ["RESILIENT", "PYRO"]
    assert "bounty_target" not in g.state["hx"].get("ghoul-1", {}).get("traits", [])


def test_a_bug_out_bag_counts_in_the_tracking_check(hrs):
    """Bug out bag: "+2 when attempting a Survival skill check", and an Augment counts "as long
    as the item is equipped" (HR-106: between battles too): Joe's Survival 4 and a roll of 1
    make 5, no trace; with the bag 7, and the target is found (6+)."""
    for gear, found in (({}, False), ({"augment": "bug_out_bag"}, True)):
        data = start_data(hrs)
        data["party"][0]["hunter"] = "joe"
        data["party"][0]["skills"] = {"bounty": {"trait1": 2, "trait2": 5}}
        data["party"][0]["gear"].update(gear)
        g = leg(hrs, "inv2", "t-risky", data, dice=[6, 1], seed=1)
        g.act(0, {"type": "choose", "choice": "pay"})
        g.act(0, _track(g))
        assert ("found" in _bounty(g)) is found
