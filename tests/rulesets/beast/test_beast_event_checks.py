"""Skill checks at the hunt's events, where Augments count.

riddle-of-the-beast-rules.md "Gear Shop / Augments" (Fitness Tracker: "+2 when attempting an
Athletics skill check", Wiki: Knowledge, Not Wiki: Computer Use, Magnifying Glass:
Investigation; "Augments can be used to increase a characters Skill even if they have 0 points
in the skill"), "Gear and Equipment / Augments" ("As long as the item is equipped the skill is
considered at the increased value"); RULINGS HR-2 (a check N+ is a d6 plus the skill) and
HR-106 (an event's choice with a check: one hunter the party picks attempts it)."""

from __future__ import annotations

import pytest

from hauntkit.core import Game
from hauntkit.rulesets.beast import action_labels
from hauntkit.rulesets.beast.hunt import checks

# (augment, skill, hunt, investigation, location, event, choice)
CASES = [
    ("fitness_tracker", "athletics", "blackwood", "the-risen", "river-road",
     "broken-footbridge", "leap"),
    ("wiki", "knowledge", "blackwood", "the-risen", "chapel-yard", "parish-records", "read"),
    ("not_wiki", "computer_use", "blackwood", "the-risen", "dockside-bar", "harbour-cameras",
     "crack"),
    ("magnifying_glass", "investigation", "ashgrove", "the-beast", "burnt-mill",
     "ransacked-farmhouse", "search"),
]


def at_event(rs, hunt: str, inv: str, loc: str, event: str, gear: dict[str, str]) -> Game:
    """A leg of ``hunt`` at ``loc``, played until ``event`` waits for the party's choice;
    Michael wears ``gear`` (slot -> item)."""
    data = rs.campaign_start({"hunt": hunt, "players": 1})
    spec = rs.c.hunts[hunt]
    i = next(n for n, x in enumerate(spec.investigations) if x.id == inv)
    data["at"] = [i, spec.investigations[i].locations.index(loc)]
    next(r for r in data["party"] if r["hunter"] == "michael")["gear"].update(gear)
    game = Game.new(rs, {"hunt": {"hunt": hunt, "investigation": inv, "location": loc},
                         "players": 1, "dice": []}, 11, carry_in=data)
    while game.state["hunt"].get("event") != event:
        assert game.state["phase"] in ("shop", "investigate"), game.state["log"][-1]
        legal = game.legal_actions(0)
        game.act(0, {"type": "done"} if {"type": "done"} in legal else legal[0])
    return game


@pytest.mark.parametrize("augment, skill, hunt, inv, loc, event, choice", CASES)
def test_an_augment_turns_a_failed_event_check_into_a_success(rs, augment, skill, hunt, inv,
                                                             loc, event, choice):
    """Michael has no points in the skill; the check is 5+ and he rolls a 3: 3 fails, but with
    the Augment equipped 3 + 2 = 5 passes and the choice's reward (a clue) is had."""
    for gear, passes in (({}, False), ({"augment": augment}, True)):
        game = at_event(rs, hunt, inv, loc, event, gear)
        record = next(r for r in game.state["party"] if r["hunter"] == "michael")
        assert checks.record_skill(rs, record, skill) == (2 if passes else 0)
        clues = game.state["clues"]
        game.state["rng"]["script"].append(3)
        game.act(0, {"type": "choose", "choice": choice, "hunter": "michael"})
        check = [e for e in game.state["log"] if e["type"] == "skill_check"][-1]
        assert (check["skill"], check["roll"], check["passed"]) == (skill, 3, passes)
        assert game.state["clues"] == clues + (1 if passes else 0)


def test_each_hunter_may_be_the_one_who_tries(rs):
    """HR-106: a choice with a check is offered once per hunter at the location, each label
    naming the hunter, the skill and the number; choices without a check stay one action."""
    game = at_event(rs, "blackwood", "the-risen", "river-road", "broken-footbridge", {})
    legal = game.legal_actions(0)
    labels = [action_labels.describe_action(rs, game.state, 0, a) for a in legal]
    assert labels == [
        "Take the long way round.",
        "Leap the gap and follow the tracks. (Michael tries Athletics 5+)",
        "Leap the gap and follow the tracks. (Tamara tries Athletics 5+)",
        "Leap the gap and follow the tracks. (Blake tries Athletics 5+)",
        "Leap the gap and follow the tracks. (Cassandra tries Athletics 5+)",
    ]


def test_a_failed_check_takes_its_toll(rs):
    """The footbridge's failure costs every hunter 2 HP (never below 1, HR-78), said in words;
    the skill's
    own points count: Cassandra's Knowledge 3 with a roll of 2 passes the ledgers' 5+."""
    game = at_event(rs, "blackwood", "the-risen", "river-road", "broken-footbridge", {})
    hp = {r["hunter"]: r["hp"] for r in game.state["party"]}
    game.state["rng"]["script"].append(1)
    game.act(0, {"type": "choose", "choice": "leap", "hunter": "tamara"})
    assert all(r["hp"] == max(1, hp[r["hunter"]] - 2) for r in game.state["party"])
    texts = [e["text"] for e in game.state["log"]]
    assert "Tamara tries a Athletics check of 5+: rolled 1, 1 in all: failure." not in texts
    assert "Tamara tries an Athletics check of 5+: rolled 1, 1 in all: failure." in texts
    assert "The Broken Footbridge: every hunter loses 2 HP." in texts  # no "+0 Sanity"
    game = at_event(rs, "blackwood", "the-risen", "chapel-yard", "parish-records", {})
    clues = game.state["clues"]
    game.state["rng"]["script"].append(2)
    game.act(0, {"type": "choose", "choice": "read", "hunter": "cassandra"})
    assert game.state["clues"] == clues + 1
