"""Every special room named in the rule documents (our wording in rooms_core.yaml)."""

from __future__ import annotations

from betrayal_helpers import dice, scenario, types

from hauntkit.rulesets.betrayal import house


def at(room: str, floor: str, x: int, y: int, r: int = 0) -> dict:
    return {"room": room, "floor": floor, "x": x, "y": y, "rotation": r}


def test_vault_one_attempt_per_turn_and_two_items():
    """Items doc: you can't keep rolling on the same turn to open the Vault."""
    g = scenario({"tiles": [at("vault", "upper", 0, 1)], "explorers": {"0": {"room": "vault"}}})
    act = {"type": "room_action", "id": "open_vault"}
    dice(g, 2, 2, 0, 0, 0)  # Knowledge 5 dice: 4, the lock holds
    g.act(0, act)
    assert act not in g.legal_actions(0)
    g2 = scenario({"tiles": [at("vault", "upper", 0, 1)], "explorers": {"0": {"room": "vault"}},
                   "decks": {"item": ["axe", "revolver"]}})
    dice(g2, 2, 2, 1, 1, 0)  # 6: open
    g2.act(0, act)
    assert {"axe", "revolver"} <= set(g2.state["explorers"][0]["cards"])
    assert g2.state["flags"]["vault_open"]


def test_collapsed_room_fall_to_basement_with_damage():
    g = scenario({"tiles": [at("collapsed_room", "ground", 1, 0)]})
    dice(g, 0, 0, 0, 0, 1)  # Speed 4 dice: 0 -> fall; 1 die of damage: 1
    g.act(0, {"type": "move", "to": "collapsed_room"})
    assert g.state["explorers"][0]["room"] == "basement_landing"
    assert g.state["choice"]["kind"] == "damage"
    g.act(0, {"type": "damage", "trait": "speed"})
    assert not {"move", "explore"} & types(g, 0)


def test_gallery_jump_is_one_way():
    g = scenario({"tiles": [at("gallery", "upper", 0, 1), at("ballroom", "ground", 1, 0)],
                  "explorers": {"0": {"room": "gallery"}, "1": {"room": "ballroom"}}})
    assert {"type": "move", "to": "ballroom"} in g.legal_actions(0)
    dice(g, 1)
    g.act(0, {"type": "move", "to": "ballroom"})
    assert g.state["explorers"][0]["room"] == "ballroom" and g.state["choice"]["kind"] == "damage"
    g.act(0, {"type": "damage", "trait": "might"})
    assert {"type": "move", "to": "gallery"} not in g.legal_actions(0)


def test_coal_chute_one_way_to_basement_and_monsters_climb():
    """Digest: monsters climb the Coal Chute, Collapsed Room and Gallery without a roll."""
    g = scenario({"tiles": [at("coal_chute", "ground", 1, 0, 3)],
                  "explorers": {"0": {"room": "coal_chute"}}})
    g.act(0, {"type": "move", "to": "basement_landing"})
    assert g.state["explorers"][0]["room"] == "basement_landing"
    assert {"type": "move", "to": "coal_chute"} not in g.legal_actions(0)

    up = [r for r, _ in house.exits(g.ruleset.ix, g.state, "basement_landing", monster=True)]
    assert "coal_chute" in up


def test_chasm_and_tower_end_movement_on_a_failed_roll():
    g = scenario({"tiles": [at("chasm", "basement", 1, 0)],
                  "explorers": {"0": {"room": "basement_landing"}}})
    dice(g, 0, 0, 0, 0)
    g.act(0, {"type": "move", "to": "chasm"})
    assert "move" not in types(g, 0)
    g = scenario({"tiles": [at("tower", "upper", 1, 0)],
                  "explorers": {"0": {"room": "upper_landing"}}})
    dice(g, 2, 2, 0)  # Might 3 dice: 4, across
    g.act(0, {"type": "move", "to": "tower"})
    assert "move" in types(g, 0)


def test_crypt_mental_damage_at_end_of_turn():
    g = scenario({"tiles": [at("crypt", "basement", 0, -1, 0)],
                  "explorers": {"0": {"room": "crypt"}}})
    g.act(0, {"type": "end_turn"})
    assert g.state["choice"]["kind"] == "damage"
    assert {a["trait"] for a in g.state["choice"]["opts"]} == {"knowledge", "sanity"}


def test_junk_room_roll_when_leaving():
    g = scenario({"tiles": [at("junk_room", "ground", 1, 0)],
                  "explorers": {"0": {"room": "junk_room"}}})
    before = g.state["explorers"][0]["traits"]["speed"]
    dice(g, 0, 0, 0)  # Might 3 dice: 0 -> lose 1 Speed
    g.act(0, {"type": "move", "to": "entrance_hall"})
    assert g.state["explorers"][0]["traits"]["speed"] == before - 1
    assert g.state["explorers"][0]["room"] == "entrance_hall"


def test_mystic_elevator_ride():
    g = scenario({"tiles": [at("mystic_elevator", "ground", 1, 0, 3)],
                  "explorers": {"0": {"room": "mystic_elevator"}}})
    dice(g, 1, 1)  # 2: a ground floor tile
    g.act(0, {"type": "room_action", "id": "ride"})
    rooms = {a["room"] for a in g.state["choice"]["opts"]}
    assert rooms == {"entrance_hall", "foyer", "grand_staircase"}
    g.act(0, {"type": "go", "room": "foyer"})
    assert g.state["explorers"][0]["room"] == "foyer"
    assert {"type": "room_action", "id": "ride"} not in g.legal_actions(0)


def test_revolving_wall_needs_a_roll_once_per_turn():
    g = scenario({"tiles": [at("revolving_wall", "ground", 1, 0),
                            at("creaky_hallway", "ground", 1, 1)],
                  "explorers": {"0": {"room": "revolving_wall"}}})
    g.state["tiles"]["revolving_wall"][3] = 0
    dice(g, 0, 0, 0, 0, 0)  # Knowledge 5 dice: 0, blocked
    g.act(0, {"type": "move", "to": "creaky_hallway"})
    assert g.state["explorers"][0]["room"] == "revolving_wall"
    assert "move" not in types(g, 0)


def test_secret_stairs_link_two_marked_tiles():
    g = scenario({"room_stack": ["secret_stairs"]})
    g.act(0, {"type": "explore", "dir": "e"})
    while g.state["choice"]["kind"] == "rotate":
        g.act(0, g.state["choice"]["opts"][0])
    assert g.state["choice"]["kind"] == "place"
    g.act(0, {"type": "put", "room": "upper_landing"})

    assert "upper_landing" in [r for r, _ in house.exits(g.ruleset.ix, g.state, "secret_stairs")]
    assert "secret_stairs" in [r for r, _ in house.exits(g.ruleset.ix, g.state, "upper_landing")]


def test_secret_passage_links_marked_tiles():
    g = scenario({"tiles": [at("secret_passage", "basement", 0, 1, 0)],
                  "tokens": {"secret_passage": {"secret_passage": 1},
                             "foyer": {"secret_passage": 1}},
                  "explorers": {"0": {"room": "foyer"}}})
    assert {"type": "move", "to": "secret_passage"} in g.legal_actions(0)


def test_mystic_slide_down_with_damage_on_failed_roll():
    g = scenario({"tiles": [at("mystic_slide", "upper", -1, 0)],
                  "explorers": {"0": {"room": "mystic_slide"}}})
    assert {"type": "move", "to": "basement_landing"} in g.legal_actions(0)
    dice(g, 0, 0, 0, 2)  # Might 3 dice: 0; 1 die: 2
    g.act(0, {"type": "move", "to": "foyer"})
    assert g.state["explorers"][0]["room"] == "foyer" and g.state["choice"]["kind"] == "damage"


def test_traitor_places_stairs_from_basement_when_monsters_cant_reach_heroes():
    """Digest: if no monster can reach the heroes, the traitor may search the room stack for
    the Stairs from Basement and place it at an open basement doorway."""
    g = scenario({"haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
                  "monsters": [{"monster": "ghoul", "room": "basement_landing"}],
                  "explorers": {"2": {"room": "basement_landing"}}}, seat=2)
    assert {"type": "place_stairs"} in g.legal_actions(2)
    g.act(2, {"type": "place_stairs"})
    g.act(2, g.state["choice"]["opts"][0])
    assert "stairs_from_basement" in g.state["tiles"]
    assert "stairs_from_basement" not in g.state["stack"]

    assert "foyer" in [r for r, _ in house.exits(g.ruleset.ix, g.state, "stairs_from_basement")]
    assert {"type": "place_stairs"} not in g.legal_actions(2)


def test_dog_fetch_and_bite():
    """Digest: the Dog avoids one-way/roll passages and the elevator; Bite is not an item."""
    g = scenario({"explorers": {"0": {"cards": ["dog", "axe"]}, "1": {"room": "foyer"}}})
    g.act(0, {"type": "use", "card": "dog", "id": "fetch"})
    g.act(0, {"type": "fetch", "to": 1, "card": "axe"})
    assert "axe" in g.state["explorers"][1]["cards"]
    g2 = scenario({"decks": {"omen": ["bite"]}, "room_stack": ["kitchen"]})
    g2.act(0, {"type": "explore", "dir": "e"})
    while g2.state["choice"] and g2.state["choice"]["kind"] == "rotate":
        g2.act(0, g2.state["choice"]["opts"][0])
    assert "bite" not in g2.state["explorers"][0]["cards"]
    assert "bite" in g2.state["discard"]["omen"] or g2.state["choice"]
