"""The phase dispatch of a beast game (docs/hunt.md "Phases", RULING HR-70)."""

from __future__ import annotations

import pytest
from huntkit import hunt_rs, leg, say_done, start_data

from hauntkit.core import Game
from hauntkit.core.errors import HauntkitError
from hauntkit.rulesets.beast.hunt import phase
from hauntkit.rulesets.beast.hunt.party import SLOTS


@pytest.fixture(scope="module")
def hrs():
    return hunt_rs()


def test_a_plain_battle_has_no_phase(rs):
    """HR-70: a game without a hunt leg is one battle, its state unchanged by the hunt."""
    game = Game.new(rs, {"map": "alley"}, 4)
    assert "phase" not in game.state and "party" not in game.state
    assert phase.phase_of(game.state) == "battle"
    assert all(a["type"] != "done" for s in game.to_act() for a in game.legal_actions(s))


def test_the_first_leg_of_an_investigation_opens_with_the_shop(hrs):
    """HR-70 ("Gear Shop": items are bought in between any Investigation): the shop opens an
    investigation's first location; every seat with a hunter says done to leave it."""
    game = leg(hrs, "inv1", "t-quiet", players=2)
    assert game.state["phase"] == "shop"
    assert game.to_act() == [0, 1]
    assert game.legal_actions(0)[-1] == {"type": "done"}  # after the shop's buys (shop.py)
    game.act(0, {"type": "done"})
    assert game.to_act() == [1] and game.legal_actions(0) == []
    game.act(1, {"type": "done"})
    assert game.state["phase"] == "investigate"


def test_later_legs_start_investigating(hrs):
    """HR-70: no shop at an investigation's later locations."""
    game = leg(hrs, "inv1", "t-lair", start_data(hrs))
    assert game.state["phase"] == "investigate"
    assert "shop" not in game.state["hunt"]["plan"]


def test_an_illegal_phase_action_is_refused_and_changes_nothing(hrs):
    """Every choice is an action in legal_actions; anything else is refused, state unchanged."""
    game = leg(hrs, "inv1", "t-quiet")
    before = game.save()
    for bad in ({"type": "treat", "hunter": "michael"}, {"type": "end_turn"},
                {"type": "done", "extra": 1}):
        with pytest.raises(HauntkitError):
            game.act(0, bad)
    assert game.save() == before


def test_an_extra_adds_actions_to_a_phase(hrs, monkeypatch):
    """docs/hunt.md "Phases": EXTRAS let another module (gear, hunters) add actions."""
    seen = []
    extra = phase.Extra(frozenset({"polish"}),
                         lambda rs, st, seat: [{"type": "polish", "seat": seat}],
                         lambda rs, st, seat, a: seen.append(a))
    monkeypatch.setitem(phase.EXTRAS, "shop", [extra])
    game = leg(hrs, "inv1", "t-quiet")
    assert {"type": "polish", "seat": 0} in game.legal_actions(0)
    game.act(0, {"type": "polish", "seat": 0})
    assert seen == [{"type": "polish", "seat": 0}] and game.state["phase"] == "shop"


def test_the_party_record_format(hrs):
    """docs/hunt.md "The party": each hunter's carried record and the party-wide values."""
    data = start_data(hrs)
    game = leg(hrs, "inv1", "t-quiet", data)
    st = game.state
    assert [r["hunter"] for r in st["party"]] == ["michael", "tamara"]
    rec = st["party"][0]
    assert set(rec) == {"hunter", "seat", "hp", "sanity", "gear", "pack", "arsenal", "wounds",
                        "madness", "dead", "broken", "skills"}
    assert tuple(rec["gear"]) == SLOTS and rec["hp"] == hrs.c.hunters["michael"].hp
    assert (st["crypto"], st["renown"], st["infamy"], st["clues"]) == (5, 0, 0, 0)
    view = game.view(0)
    assert view["phase"] == "shop" and view["party"] == st["party"] and view["crypto"] == 5


def test_battle_hooks_run_around_a_hunt_battle(hrs, monkeypatch):
    """docs/hunt.md "Phases": BATTLE_START sees the placed units before initiative;
    BATTLE_END sees the result before the records are written back."""
    calls = []
    monkeypatch.setattr(phase, "BATTLE_START", [lambda rs, st: calls.append(
        ("start", sorted(st["units"]), st["round"]))])
    monkeypatch.setattr(phase, "BATTLE_END", [lambda rs, st: calls.append(
        ("end", st["hunt"]["battle"]["winner"]))])
    from huntkit import end_battle
    game = leg(hrs, "inv1", "t-quiet", start_data(hrs), dice=[1, 6, 1])  # ambush 1 <= 2
    say_done(game)  # shop
    say_done(game)  # investigate
    assert game.state["phase"] == "battle"
    end_battle(game, hrs, "hunters")
    assert calls == [("start", ["michael", "tamara", "thug-1"], 0), ("end", "hunters")]


def test_event_and_investigation_hooks(hrs, monkeypatch):
    """docs/hunt.md "Phases": BEFORE_EVENT runs before each event resolves (the Clash card
    drawn before each Event); INVESTIGATION_END runs once when an investigation ends, with
    whether its target was slain, before Renown and Infamy reset. Hooks change the state only
    (a carried-in leg is built again from its seed)."""
    monkeypatch.setattr(phase, "BEFORE_EVENT", [lambda rs, st, ev: st.setdefault(
        "seen", []).append(["event", ev, st["clues"]])])
    monkeypatch.setattr(phase, "INVESTIGATION_END", [lambda rs, st, ok: st.setdefault(
        "seen", []).append(["end", ok, st.get("renown")])])
    data = start_data(hrs, at=[0, 1], run={"renown": 2, "infamy": 0, "clues": 0})
    game = leg(hrs, "inv1", "t-lair", data)
    while not game.over:
        say_done(game)
    assert game.state["seen"] == [["event", "t-chaos", 0], ["end", False, 2]]
    first = leg(hrs, "inv1", "t-quiet", start_data(hrs), dice=[6])
    while not first.over:
        say_done(first)
    assert first.state["seen"] == [["event", "t-clue", 0]]  # not the investigation's end
