"""The three core haunts played to a win for each side from a set-up (issue 2, Haunts)."""

from __future__ import annotations

from betrayal_helpers import dice, scenario

from hauntkit.rulesets.betrayal import interpreter, traits

KITCHEN = {"room": "kitchen", "floor": "ground", "x": 1, "y": 0, "rotation": 3}
CHAPEL = {"room": "chapel", "floor": "upper", "x": 0, "y": 1, "rotation": 2}


def bride(extra=None, seat=0):
    setup = {"haunt": {"id": "the_bride", "revealer": 1, "setup": False},
             "tiles": [KITCHEN, CHAPEL]}
    setup.update(extra or {})
    return scenario(setup, seat=seat)


def test_bride_traitor_is_left_of_revealer_and_bride_appears_with_them():
    g = bride()
    assert g.state["haunt"]["traitor"] == 2  # RULING B13: the haunt's rule picks the traitor
    assert [m["kind"] for m in g.state["monsters"].values()] == ["bride"]


def test_bride_heroes_win_by_banishing():
    g = bride({"explorers": {"0": {"room": "kitchen", "cards": ["brides_diary"]}},
               "flags": {"groom_named": True}})
    act = {"type": "haunt_action", "id": "banish"}
    assert act in g.legal_actions(0)
    dice(g, *[2] * 8)  # Knowledge 5 + 4 dice (8 at most, RULING B1): 16 + 4
    g.act(0, act)
    assert g.state["result"]["winner"] == "heroes"


def test_bride_failed_banish_brings_her_and_one_roll_per_turn():
    g = bride({"explorers": {"0": {"room": "kitchen"}}})
    dice(g, 1, 1, 1, 1, 0)  # 4: 0-5, she is enraged
    g.act(0, {"type": "haunt_action", "id": "banish"})
    assert next(iter(g.state["monsters"].values()))["room"] == "kitchen"
    while g.state["choice"]:
        g.act(g.state["choice"]["seat"], g.state["choice"]["opts"][0])
    assert {"type": "haunt_action", "id": "banish"} not in g.legal_actions(0)


def test_bride_traitor_wins_the_wedding():
    g = bride({"explorers": {"2": {"room": "upper_landing"}},
               "monsters": [{"monster": "bride", "room": "chapel"}],
               "tokens": {"upper_landing": {"corpse": 1}}}, seat=2)
    g.act(2, {"type": "move", "to": "chapel"})
    assert {"type": "haunt_action", "id": "wed"} not in g.legal_actions(2)  # corpse not ready
    g.act(2, {"type": "move", "to": "upper_landing"})
    g.act(2, {"type": "haunt_action", "id": "prepare"})
    assert g.state["flags"]["corpse_ready"] and g.state["flags"]["groom_named"]
    g.act(2, {"type": "move", "to": "chapel"})
    dice(g, 1, 1, 1, 1, 1)  # Sanity 5 dice: 5
    g.act(2, {"type": "haunt_action", "id": "wed"})
    assert g.state["result"]["winner"] == "traitor"


def test_bride_keeps_her_traitor_alive():

    g = bride()
    traits.change(g.ruleset.ix, g.state, 2, "might", -8)
    interpreter.run(g.ruleset.ix, g.state)
    e = g.state["explorers"][2]
    assert e["alive"] and e["traits"]["might"] >= 0


def ghouls(extra=None, seat=0):
    setup = {"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2}}
    setup.update(extra or {})
    return scenario(setup, seat=seat)


def test_ghoul_pack_heroes_win_by_killing_the_traitor():
    g = ghouls({"explorers": {"2": {"trait_index": {"might": 0, "speed": 0}},
                              "0": {"traits": {"might": 6}}},
                "monsters": []})
    dice(g, 2, 2, 2, 2, 2, 2, 0)  # Ada Might 6: 12; Celeste Might 1 (lowest): 0
    g.act(0, {"type": "attack", "target": 2, "weapon": None})
    while g.state["choice"] and g.state["result"] is None:
        ch = g.state["choice"]
        pick = {"type": "steal", "card": None} if ch["kind"] == "steal" else ch["opts"][0]
        g.act(ch["seat"], pick)
    assert g.state["result"]["winner"] == "heroes"


def test_ghoul_pack_traitor_wins_when_heroes_are_dead():
    g = ghouls({"explorers": {"1": {"alive": False},
                              "0": {"trait_index": {"might": 0, "speed": 0}}}}, seat=2)
    mid = sorted(g.state["monsters"])[0]
    g.act(2, {"type": "end_turn"})
    assert g.state["turn"]["who"] == "m"
    dice(g, 2, 2, 2, 0, 0)  # Ghoul Might 3: 6; Ada Might 2 dice: 0
    g.act(2, {"type": "mattack", "monster": mid, "target": 0})
    while g.state["choice"] and g.state["result"] is None:
        g.act(g.state["choice"]["seat"], g.state["choice"]["opts"][0])
    assert g.state["result"]["winner"] == "traitor"


def test_ghoul_pack_scales_with_players_and_calls_more_in_basement():
    assert len(ghouls().state["monsters"]) == 2
    g6 = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                   "explorers": {"2": {"room": "basement_landing"}}}, players=6, seat=2)
    assert len(g6.state["monsters"]) == 3
    g6.act(2, {"type": "haunt_action", "id": "call_pack"})
    assert len(g6.state["monsters"]) == 4


def poisoner(extra=None, seat=0):
    setup = {"haunt": {"id": "the_poisoner", "revealer": 0, "traitor": 2, "setup": False},
             "tiles": [KITCHEN]}
    setup.update(extra or {})
    return scenario(setup, seat=seat)


def test_poisoner_heroes_win_by_brewing():
    g = poisoner({"explorers": {"0": {"room": "kitchen"}},
                  "tokens": {"kitchen": {"herb": 2}}})
    g.act(0, {"type": "haunt_action", "id": "gather"})
    g.act(0, {"type": "end_turn"})
    g.act(1, {"type": "move", "to": "kitchen"})
    g.act(1, {"type": "haunt_action", "id": "gather"})
    assert g.state["counters"]["herbs"] == 2
    dice(g, 2, 2, 1)  # Bram's Knowledge 3 dice: 5
    g.act(1, {"type": "haunt_action", "id": "brew"})
    assert g.state["result"]["winner"] == "heroes"


def test_poisoner_traitor_wins_when_poison_peaks():
    g = poisoner({"counters": {"poison": 25}}, seat=0)
    assert g.view(1)["haunt"]["traitor"] is None
    assert g.state["result"] is None and g.state["counters"]["poison"] == 26  # seat 0 began
    g.act(0, {"type": "end_turn"})  # the next turn begins: poison reaches 27 (3 players)
    assert g.state["result"]["winner"] == "traitor"


def test_poisoner_setup_runs_from_the_chart():
    g = scenario({"haunt": {"id": "the_poisoner", "revealer": 0, "traitor": 1, "setup": True}})
    while g.state["choice"]:
        g.act(g.state["choice"]["seat"], g.state["choice"]["opts"][0])
    assert "kitchen" in g.state["tiles"]
    assert any(t.get("herb") for t in g.state["tokens"].values())


def test_far_objects_spread_over_other_floors():
    """The Bride's Diary lies on a floor other than the revealer's (set-up 'far')."""
    g = bride({"tiles": [KITCHEN, CHAPEL]})
    piles = {r: p for r, p in g.state["piles"].items() if "brides_diary" in p}
    (room,) = piles
    assert g.state["tiles"][room][0] != g.state["tiles"][g.state["explorers"][1]["room"]][0]
