"""The house, discovery, placement and movement (RULINGS B5, B6, B7, B8)."""

from __future__ import annotations

from betrayal_helpers import scenario, types

from hauntkit.rulesets.betrayal import house


def test_starting_house_and_front_door():
    """RULING B5: three starting floors; everyone starts in the Entrance Hall; the front door
    leads nowhere (a false feature, RULING B7)."""
    g = scenario()
    v = g.view(0)
    rooms = {t["room"]: t for t in v["tiles"]}
    assert {"entrance_hall", "foyer", "grand_staircase", "upper_landing",
            "basement_landing"} <= set(rooms)
    assert [e["room"] for e in v["explorers"]] == ["entrance_hall"] * 3
    assert rooms["entrance_hall"]["false_doors"] == ["s"]
    explores = {a["dir"] for a in g.legal_actions(0) if a["type"] == "explore"}
    assert "s" not in explores and {"e", "w"} <= explores
    # the Grand Staircase leads up to the Upper Landing; the basement is cut off
    g.act(0, {"type": "move", "to": "foyer"})
    g.act(0, {"type": "move", "to": "grand_staircase"})
    assert {"type": "move", "to": "upper_landing"} in g.legal_actions(0)
    assert not any(a.get("to") == "basement_landing" for a in g.legal_actions(0))


def test_moves_equal_speed_and_one_tile_always_possible():
    """RULING B8: each tile left costs 1; moves equal Speed; one tile is always possible."""
    g = scenario({"explorers": {"0": {"traits": {"speed": 2}}}})
    g.act(0, {"type": "move", "to": "foyer"})
    g.act(0, {"type": "move", "to": "entrance_hall"})
    assert "move" not in types(g, 0)
    g2 = scenario({"explorers": {"0": {"traits": {"speed": 2}}}, "turn": {"seat": 0, "moves": 0}})
    assert "move" in types(g2, 0)  # never moved this turn: one tile is allowed


def test_discovery_sets_aside_tiles_of_other_floors_and_draws_card_ending_movement():
    """RULING B7: tiles that can't go on this floor are set aside; RULING B8/B9: the new
    tile's card is drawn and movement ends."""
    g = scenario({"room_stack": ["chasm", "storeroom"], "decks": {"item": ["axe"]}})
    g.act(0, {"type": "move", "to": "foyer"})
    g.act(0, {"type": "move", "to": "grand_staircase"})
    g.act(0, {"type": "move", "to": "upper_landing"})
    g.act(0, {"type": "explore", "dir": "n"})
    s = g.state
    assert "chasm" in s["aside"]  # basement only
    if s["choice"]:
        g.act(0, s["choice"]["opts"][0])
    assert s["explorers"][0]["room"] == "storeroom"
    assert "axe" in s["explorers"][0]["cards"]
    assert not {"move", "explore"} & types(g, 0)


def test_rotation_choice_only_connecting_rotations():
    """RULING B7: the discoverer picks among rotations where the doorway passed connects."""
    g = scenario({"room_stack": ["creaky_hallway", "library"],
                  "explorers": {"0": {"traits": {"speed": 7}}}})
    g.act(0, {"type": "move", "to": "foyer"})
    g.act(0, {"type": "move", "to": "grand_staircase"})
    g.act(0, {"type": "move", "to": "upper_landing"})
    g.act(0, {"type": "explore", "dir": "n"})  # creaky hallway: 4 doors, every rotation fits
    assert g.state["explorers"][0]["room"] == "creaky_hallway"
    g.act(0, {"type": "explore", "dir": "n"})  # library: doors w, s at rotation 0
    ch = g.state["choice"]
    assert ch["kind"] == "rotate"
    for opt in ch["opts"]:  # each offered rotation connects its doorway to the south
        from hauntkit.rulesets.betrayal.index import rotate

        assert "s" in {rotate(d, opt["r"]) for d in ("w", "s")}
    assert len(ch["opts"]) == 2


def test_no_rotation_may_seal_a_floor():
    """RULING B7: a tile that would leave its floor without an open doorway in every rotation
    is set aside and the next one drawn."""
    g = scenario({
        "tiles": [{"room": "crypt", "floor": "basement", "x": 0, "y": 1, "rotation": 2},
                  {"room": "pentagram_chamber", "floor": "basement", "x": -1, "y": 0},
                  {"room": "storeroom", "floor": "basement", "x": 0, "y": -1}],
        "explorers": {"0": {"room": "basement_landing"}},
        "room_stack": ["vault", "wine_cellar"],
        "decks": {"item": ["axe"]},
    })

    s = g.state
    assert house.open_doorways(g.ruleset.ix, s, "basement") == [("basement_landing", "e")]
    g.act(0, {"type": "explore", "dir": "e"})
    assert "vault" in s["aside"]  # one doorway only: it would seal the basement
    assert s["tiles"]["wine_cellar"][:3] == ["basement", 1, 0]
    assert house.open_doorways(g.ruleset.ix, s, "basement")


def test_running_out_of_tiles_costs_no_move():
    """RULING B7: no tile left for a floor costs no move (explore is then not offered)."""
    g = scenario()
    g.state["stack"] = [r for r in g.state["stack"] if "ground" not in
                        g.ruleset.ix.rooms[r].floors]
    assert "explore" not in types(g, 0)
