"""Scenario tests citing the sections of the betrayal rule documents (betrayal-turn-movement-
cards.md, betrayal-items-dice-attacks.md, betrayal-rulebook-digest.md) that no test named:
a turn's actions, moving, discovering, drawing and using cards, the haunt roll, item tokens,
attacks, damage, stuns and the haunt's secrets."""

from __future__ import annotations

from betrayal_helpers import dice, scenario, types

from hauntkit.rulesets.betrayal import house


def _explore_east(g, seat: int = 0) -> None:
    g.act(seat, {"type": "explore", "dir": "e"})
    while g.state["choice"] and g.state["choice"]["kind"] == "rotate":
        g.act(seat, g.state["choice"]["opts"][0])


def _value(g, seat: int, name: str) -> int:
    return g.view(seat)["explorers"][seat]["traits"][name]["value"]


# ------------------------------------------------------------ betrayal-turn-movement-cards.md


def test_attack_only_after_the_haunt_and_give_needs_both_to_agree():
    """betrayal-turn-movement-cards.md "Actions": you can attack once during your turn after
    the haunt starts; you can give an item to an explorer in the same room, assuming you both
    agree. Before the haunt nobody on the tile can be attacked; a refused gift stays."""
    g = scenario({"explorers": {"0": {"cards": ["axe"]}}})
    assert "attack" not in types(g, 0)
    g.act(0, {"type": "give", "card": "axe", "to": 1})
    g.act(1, {"type": "accept", "accept": False})
    assert "axe" in g.state["explorers"][0]["cards"]
    assert "axe" not in g.state["explorers"][1]["cards"]
    after = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2}})
    assert "attack" in types(after, 0)


def test_moves_up_to_speed_then_stop():
    """betrayal-turn-movement-cards.md "Movement": you move up to your current Speed."""
    g = scenario({"explorers": {"0": {"traits": {"speed": 4}}}})
    for room in ("foyer", "grand_staircase", "foyer", "entrance_hall"):
        g.act(0, {"type": "move", "to": room})
    assert "move" not in types(g, 0) and "explore" not in types(g, 0)


def test_tiles_for_other_floors_are_set_aside_until_one_fits():
    """betrayal-turn-movement-cards.md "Discovering a New Room": keep setting tiles that can't
    go on your floor aside, face down in a discard pile, until one fits; it joins the doorway
    you entered and you move into it."""
    g = scenario({"room_stack": ["chasm", "servants_quarters", "creaky_hallway"]})
    _explore_east(g)
    s = g.state
    assert s["aside"][-2:] == ["chasm", "servants_quarters"]  # basement/upper tiles
    assert "chasm" not in s["stack"] and "servants_quarters" not in s["stack"]
    assert s["explorers"][0]["room"] == "creaky_hallway"
    assert "entrance_hall" in [r for r, _ in house.exits(g.ruleset.ix, s, "creaky_hallway")]


def test_a_card_is_drawn_only_the_first_time_a_room_is_discovered():
    """betrayal-turn-movement-cards.md "Drawing Omen, Item, and Event Cards": the first time
    you discover a room with a card symbol you end your move there and draw; coming back later
    draws nothing."""
    g = scenario({"room_stack": ["ballroom"], "decks": {"event": ["second_wind", "dread"]},
                  "explorers": {"0": {"traits": {"speed": 4}}}})
    _explore_east(g)
    if g.state["choice"]:
        g.act(0, g.state["choice"]["opts"][0])  # Second Wind: gain 1 in a trait
    assert g.state["discard"]["event"] == ["second_wind"]
    assert "move" not in types(g, 0)  # drawing ends the move
    g.act(0, {"type": "end_turn"})
    for seat in (1, 2):
        g.act(seat, {"type": "end_turn"})
    deck = list(g.state["decks"]["event"])
    assert deck[0] == "dread"
    g.act(0, {"type": "move", "to": "entrance_hall"})
    g.act(0, {"type": "move", "to": "ballroom"})
    assert g.state["decks"]["event"] == deck  # nothing drawn
    assert "move" in types(g, 0)


def test_bite_is_an_omen_that_is_not_kept():
    """betrayal-turn-movement-cards.md "Using Items and Omen Cards": most omen cards, except
    the Bite, are items you keep. The Bite is resolved and set aside, and still counts for the
    haunt roll."""
    g = scenario({"room_stack": ["kitchen"], "decks": {"omen": ["bite"]}})
    might = _value(g, 0, "might")
    dice(g, *([0] * 4), *([2] * might))  # the Bite rolls 0 against Ada's Might
    _explore_east(g)
    assert g.state["explorers"][0]["room"] == "kitchen"
    assert "bite" not in g.state["explorers"][0]["cards"]
    assert g.state["omens"] == 1


def test_no_haunt_roll_once_the_haunt_has_started():
    """betrayal-turn-movement-cards.md "Haunt Roll": before the haunt starts you roll 6 dice
    each time you draw an omen; after it has started, an omen is kept and no roll is made."""
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                  "room_stack": ["kitchen"], "decks": {"omen": ["book"]}, "monsters": []})
    _explore_east(g)
    assert "book" in g.state["explorers"][0]["cards"]
    dice(g, 0, 0, 0, 0, 0, 0)
    g.act(0, {"type": "end_turn"})
    assert len(g.state["rng"]["script"]) == 6  # no haunt roll
    assert g.state["haunt"]["id"] == "ghoul_pack"


# ------------------------------------------------------------ betrayal-items-dice-attacks.md


def _bride(extra: dict | None = None):
    setup = {"haunt": {"id": "the_bride", "revealer": 1, "traitor": 2},
             "explorers": {"0": {"cards": ["brides_diary"]}}}
    setup.update(extra or {})
    return scenario(setup, seat=0)


def test_an_item_token_is_traded_and_dropped_like_a_card():
    """betrayal-items-dice-attacks.md "Item Tokens": unless the haunt says otherwise, item
    tokens can be traded, dropped or stolen like cards. The Bride's Diary can be given and
    dropped; the haunt says it can't be stolen."""
    g = _bride()
    acts = g.legal_actions(0)
    assert {"type": "give", "card": "brides_diary", "to": 1} in acts
    assert {"type": "drop", "card": "brides_diary"} in acts


def test_the_haunt_says_the_diary_cannot_be_stolen():
    """betrayal-items-dice-attacks.md "Item Tokens" (unless the haunt says otherwise) and
    "Special Attacks" (stealing instead of 2 or more physical damage): the traitor beats the
    Diary's carrier by 6 and is offered no steal of it."""
    g = _bride({"explorers": {"0": {"cards": ["brides_diary", "axe"]}}})
    while g.state["turn"]["who"] != 2:
        g.act(g.to_act()[0], {"type": "end_turn"})
    mine, theirs = _value(g, 2, "might"), _value(g, 0, "might")
    dice(g, *([2] * mine), *([0] * theirs))
    g.act(2, {"type": "attack", "target": 0, "weapon": None})
    ch = g.state["choice"]
    assert ch["kind"] == "steal"
    offered = {o.get("card") for o in ch["opts"]}
    assert "axe" in offered and "brides_diary" not in offered


def test_the_cards_rule_wins_over_the_books():
    """betrayal-items-dice-attacks.md "What Happens if the Rules in the Book and the Rules on a
    Card Conflict?": use the card. The book lets you give an item; the Armor's card says it
    can't be traded, so it is never offered, while the Axe is."""
    g = scenario({"explorers": {"0": {"cards": ["armor", "axe"]}}})
    gives = {a["card"] for a in g.legal_actions(0) if a["type"] == "give"}
    assert "axe" in gives and "armor" not in gives


def test_a_sanity_attack_deals_mental_damage():
    """betrayal-items-dice-attacks.md "Make an Attack": attacking with Sanity or Knowledge
    inflicts mental damage; betrayal-rulebook-digest.md "Mental Damage": the loser lowers
    Sanity and/or Knowledge. The Bride attacks with Sanity."""
    g = scenario({"haunt": {"id": "the_bride", "revealer": 1, "traitor": 2},
                  "explorers": {"0": {"room": "entrance_hall"}}}, seat="m")
    (mid,) = [m for m, v in g.state["monsters"].items() if v["kind"] == "bride"]
    g.state["monsters"][mid]["room"] = "entrance_hall"
    attack = {"type": "mattack", "monster": mid, "target": 0}
    assert attack in g.legal_actions(2)
    dice(g, *([2] * 5), *([0] * _value(g, 0, "sanity")))  # the Bride's Sanity 5: 10
    g.act(2, attack)
    ch = g.state["choice"]
    assert ch["kind"] == "damage" and ch["seat"] == 0
    assert {o["trait"] for o in ch["opts"]} == {"sanity", "knowledge"}


def test_no_stealing_with_a_distance_attack():
    """betrayal-items-dice-attacks.md "Special Attacks": you can't steal an item or omen by
    making a distance attack; betrayal-rulebook-digest.md "Distance Attacks": the Revolver
    attacks along a straight line of doors. Ada wins by 2 or more from the Entrance Hall
    against Celeste on the Grand Staircase and must deal the damage."""
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                  "explorers": {"0": {"cards": ["revolver"]},
                                "2": {"room": "grand_staircase", "cards": ["axe"]}},
                  "monsters": []})
    speed, theirs = _value(g, 0, "speed"), _value(g, 2, "speed")
    dice(g, *([2] * (speed + 1)), *([0] * theirs))
    g.act(0, {"type": "attack", "target": 2, "weapon": "revolver"})
    ch = g.state["choice"]
    assert ch["kind"] == "damage" and ch["seat"] == 2
    assert {o["trait"] for o in ch["opts"]} == {"might", "speed"}


# ------------------------------------------------------------ betrayal-rulebook-digest.md


def test_a_physical_attack_lowers_might_or_speed():
    """betrayal-rulebook-digest.md "Physical Damage": the higher Might result defeats the
    other, who lowers Might and/or Speed by the difference."""
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                  "explorers": {"2": {"room": "entrance_hall"}}, "monsters": []})
    mine, theirs = _value(g, 0, "might"), _value(g, 2, "might")
    dice(g, *([1] * mine), *([0] * (theirs - 1)), 1)  # a difference of mine - 1
    g.act(0, {"type": "attack", "target": 2, "weapon": None})
    ch = g.state["choice"]
    if ch["kind"] == "steal":
        g.act(0, {"type": "steal", "card": None})
        ch = g.state["choice"]
    assert ch["kind"] == "damage" and ch["left"] == mine - 1
    assert {o["trait"] for o in ch["opts"]} == {"might", "speed"}


def test_the_traitor_still_moves_a_stunned_monster():
    """betrayal-rulebook-digest.md "Death and Stuns": a stunned monster can't slow an
    explorer, but the traitor may still move it; it recovers at the end of its turn."""
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                  "monsters": [{"monster": "ghoul", "room": "entrance_hall", "stunned": True}]},
                 seat="m")
    (mid,) = g.state["monsters"]
    step = {"type": "mmove", "monster": mid, "to": "foyer"}
    assert step in g.legal_actions(2)
    assert not any(a["type"] == "mattack" for a in g.legal_actions(2))
    g.act(2, step)
    assert g.state["monsters"][mid]["room"] == "foyer"
    g.act(2, {"type": "end_turn"})
    assert not g.state["monsters"][mid]["stunned"]


def test_the_chart_names_the_haunt_and_the_roller_reveals_it():
    """betrayal-rulebook-digest.md "The Haunt": roll 6 dice when an omen is drawn; below the
    number of omens drawn, the haunt starts; the roller is the haunt revealer, and the chart
    (the omen crossed with the room it was drawn in) names the haunt."""
    g = scenario({"omens_drawn": 3, "room_stack": ["kitchen"], "decks": {"omen": ["dog"]}})
    _explore_east(g)
    dice(g, 0, 0, 0, 0, 1, 1)  # 2, below 4 omens
    g.act(0, {"type": "end_turn"})
    h = g.state["haunt"]
    assert h["id"] == g.ruleset.ix.chart[("dog", "kitchen")] == "the_poisoner"
    assert h["revealer"] == 0


def test_the_heroes_goals_stay_out_of_the_traitors_view():
    """betrayal-rulebook-digest.md "Haunt Scenarios": the heroes should not tell the traitor
    their goals unless necessary. The traitor's view holds only the traitor's book."""
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2}})
    haunt = g.ruleset.ix.haunts["ghoul_pack"]
    traitor_view, hero_view = g.view(2)["haunt"]["book"], g.view(0)["haunt"]["book"]
    assert traitor_view["goals"] == list(haunt.traitor_book.goals)
    assert hero_view["goals"] == list(haunt.heroes.goals)
    assert traitor_view["goals"] != hero_view["goals"]
