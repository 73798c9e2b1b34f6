"""More rules: task categories, hidden-traitor turn order, named cards' behaviour."""

from __future__ import annotations

from betrayal_helpers import dice, scenario


def test_one_roll_per_task_category_per_turn():
    """Digest: no more than one roll of a category a haunt names per turn, whichever way
    (the Seance of the content pack: at the table or through the Crystal Ball)."""
    g = scenario({"tiles": [{"room": "dining_room", "floor": "ground", "x": 5, "y": 5}],
                  "haunt": {"id": "seance", "revealer": 2, "traitor": None},
                  "explorers": {"0": {"room": "dining_room", "cards": ["crystal_ball"]},
                                "1": {"room": "dining_room"}}})
    table = {"type": "haunt_action", "id": "seance_table"}
    board = {"type": "haunt_action", "id": "seance_board"}
    assert table in g.legal_actions(0) and board in g.legal_actions(0)
    dice(g, 1, 1, 1, 1, 1)
    g.act(0, table)
    assert table not in g.legal_actions(0) and board not in g.legal_actions(0)


def test_hidden_traitor_turn_order_does_not_give_them_away():
    """RULING B12 (haunts without a known traitor say who goes first: the revealer) and
    docs/rulings.md HB-9 (the monsters' turn at the end of the round)."""
    g = scenario({"haunt": {"id": "the_poisoner", "revealer": 1, "traitor": 2}}, players=4,
                 seat=1)
    assert g.state["order"] == [1, 2, 3, 0, "m"]
    assert g.state["haunt"]["control"] == 1  # until revealed, per the haunt's monster_control
    g.act(1, {"type": "end_turn"})
    unmask = {"type": "haunt_action", "id": "unmask"}
    g.act(2, unmask)
    assert g.state["haunt"]["revealed"] and g.state["haunt"]["control"] == 2
    assert g.view(0)["haunt"]["traitor"] == 2
    # once revealed there is nothing left to reveal: the choice is no longer offered
    # (haunt 2's book: "Reveal yourself only when you must fight"; condition traitor_revealed)
    assert unmask not in g.legal_actions(2)


def test_image_in_the_mirror_trades_items_not_omens():
    """Digest: the Image in the Mirror does not affect omens that are also items (the Book)."""
    g = scenario({"explorers": {"0": {"cards": ["axe", "book"]}},
                  "decks": {"omen": ["image_in_the_mirror"], "item": ["revolver"]},
                  "room_stack": ["kitchen"]})
    dice(g, 2, 2, 2, 2, 2, 2)
    g.act(0, {"type": "explore", "dir": "e"})
    while g.state["choice"]["kind"] == "rotate":
        g.act(0, g.state["choice"]["opts"][0])
    assert g.state["choice"]["kind"] == "swap"
    assert {a["card"] for a in g.state["choice"]["opts"]} == {None, "axe"}
    g.act(0, {"type": "swap", "card": "axe"})
    assert "revolver" in g.state["explorers"][0]["cards"] and "axe" not in g.state["explorers"][0]["cards"]


def test_toy_monkey_attacks_once_per_turn_after_the_haunt():
    """Digest: the Toy Monkey can only attack once per turn."""
    g = scenario({"explorers": {"0": {"cards": ["toy_monkey"]}}})
    assert not any(a["type"] == "use" for a in g.legal_actions(0))  # before the haunt
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                  "explorers": {"0": {"cards": ["toy_monkey"]}, "2": {"room": "entrance_hall"}}})
    use = {"type": "use", "card": "toy_monkey", "id": "wind_up"}
    g.act(0, use)
    while g.state["choice"]:
        g.act(g.state["choice"]["seat"], g.state["choice"]["opts"][0])
    assert use not in g.legal_actions(0)


def test_blood_dagger_costs_speed_when_used():
    """Items doc: the Blood Dagger is a weapon; ours costs 1 Speed per attack."""
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                  "explorers": {"0": {"cards": ["blood_dagger"]}, "2": {"room": "entrance_hall"}},
                  "monsters": []})
    before = g.state["explorers"][0]["traits"]["speed"]
    dice(g, 1, 1, 1, 1, 1, 1, 1, 1)  # Might 3 + 3 dice: 6; Celeste Might 2 dice: 2
    g.act(0, {"type": "attack", "target": 2, "weapon": "blood_dagger"})
    assert g.state["explorers"][0]["traits"]["speed"] == before - 1
