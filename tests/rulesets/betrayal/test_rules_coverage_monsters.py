"""Traitor and monster rules of the betrayal rulebook digest that had no scenario citing them:
a new traitor's lingering event cards, the monsters' turn after the traitor's death, and the
monsters' use of secret passages and special movement tiles."""

from __future__ import annotations

from betrayal_helpers import dice, scenario


def at(room: str, floor: str, x: int, y: int, r: int = 0) -> dict:
    return {"room": room, "floor": floor, "x": x, "y": y, "rotation": r}


def _end_turns_until(g, who, faces: tuple[int, ...] = ()) -> None:
    """End turns until ``who``'s turn starts, queueing ``faces`` just before it does."""
    while True:
        order = g.state["order"]
        coming = order[(g.state["order_index"] + 1) % len(order)]
        if coming == who:
            dice(g, *faces)
        g.act(g.to_act()[0], {"type": "end_turn"})
        if g.state["turn"]["who"] == who:
            return


def test_a_new_traitor_loses_lingering_event_cards():
    """betrayal-rulebook-digest.md "Traitor and Monster Powers": when you become a traitor,
    prior lingering bad effects from Event cards disappear. Dread (an ongoing event: a Sanity
    roll at the start of each turn, 1 mental damage on 0-2) goes to the discard pile as its
    holder becomes the traitor, and their next turn starts without the roll."""
    g = scenario({"explorers": {"0": {"cards": ["dread"]}},
                  "haunt": {"id": "ghoul_pack", "revealer": 0, "traitor": 0}})
    assert g.state["haunt"]["traitor"] == 0
    assert "dread" not in g.state["explorers"][0]["cards"]
    assert g.state["discard"]["event"] == ["dread"]
    sanity = g.view(0)["explorers"][0]["traits"]["sanity"]["value"]
    _end_turns_until(g, 0, (0,) * sanity)  # what Dread's Sanity roll would use: 0, a damage
    assert g.state["choice"] is None
    assert len(g.state["rng"]["script"]) == sanity  # no roll was made


def test_a_hero_keeps_a_lingering_event_card():
    """betrayal-rulebook-digest.md "Traitor and Monster Powers": only the new traitor's
    lingering event effects go; a hero holding Dread keeps it and still rolls for it."""
    g = scenario({"explorers": {"1": {"cards": ["dread"]}},
                  "haunt": {"id": "ghoul_pack", "revealer": 0, "traitor": 0}})
    assert "dread" in g.state["explorers"][1]["cards"]
    assert g.state["discard"]["event"] == []
    sanity = g.view(1)["explorers"][1]["traits"]["sanity"]["value"]
    faces = (0,) * sanity
    _end_turns_until(g, 1, faces)  # Bram's Sanity roll for Dread: 0, 1 mental damage
    assert len(g.state["rng"]["script"]) == 0  # the roll was made
    assert g.state["choice"]["kind"] == "damage" and g.state["choice"]["seat"] == 1


def _kill_the_traitor(g) -> None:
    """Ada (seat 0) attacks the traitor (seat 1, Might and Speed at their lowest) and wins."""
    mine, theirs = (g.view(0)["explorers"][k]["traits"]["might"]["value"] for k in (0, 1))
    dice(g, *([2] * mine), *([0] * theirs))
    g.act(0, {"type": "attack", "target": 1, "weapon": None})
    if g.state["choice"]["kind"] == "steal":
        g.act(0, {"type": "steal", "card": None})  # deal the damage instead
    while g.state["choice"] and g.state["choice"]["kind"] == "damage":
        g.act(1, {"type": "damage", "trait": "might"})
    assert not g.state["explorers"][1]["alive"]


def test_monsters_still_take_their_turn_after_the_traitor_dies():
    """betrayal-rulebook-digest.md "Hero and Traitor Turns": even if the traitor dies, as long
    as the monsters can complete the traitor's goals, they still get their turn. The hounds can
    still kill every hero, so the game goes on; the dead traitor's seat is skipped and the
    hounds act after it, moved by that seat, and may attack."""
    g = scenario({"haunt": {"id": "hounds", "revealer": 0, "traitor": 1},
                  "explorers": {"1": {"trait_index": {"might": 0, "speed": 0}}}})
    assert g.state["order"] == [2, 0, 1, "m"] and len(g.state["monsters"]) == 2
    assert g.state["turn"]["who"] == 0
    _kill_the_traitor(g)
    assert g.result() is None  # the heroes must still kill every hound
    g.act(0, {"type": "end_turn"})
    assert g.state["turn"]["who"] == "m"  # the dead traitor's turn is skipped
    assert g.to_act() == [1]
    attack = next(a for a in g.legal_actions(1) if a["type"] == "mattack" and a["target"] == 0)
    might = g.view(0)["explorers"][0]["traits"]["might"]["value"]
    dice(g, 2, 2, 2, 2, *([0] * might))  # a Hound's Might 4: 8 against 0
    g.act(1, attack)
    assert g.state["choice"]["kind"] == "damage" and g.state["choice"]["seat"] == 0


def _monsters_turn(tiles: list[dict], ghoul_room: str, tokens: dict | None = None):
    setup = {"tiles": tiles, "tokens": tokens or {},
             "haunt": {"id": "ghoul_pack", "revealer": 2, "traitor": 2},
             "monsters": [{"monster": "ghoul", "room": ghoul_room}]}
    g = scenario(setup, seat="m")
    (mid,) = g.state["monsters"]
    return g, mid


def test_a_monster_moves_through_a_secret_passage():
    """betrayal-rulebook-digest.md "Using Items and Omens": monsters can use the Secret Passage
    and the Secret Stairs to move around. A ghoul in the Foyer steps to the marked Secret
    Passage in the basement for one move."""
    g, mid = _monsters_turn([at("secret_passage", "basement", 0, 1)], "foyer",
                       {"secret_passage": {"secret_passage": 1}, "foyer": {"secret_passage": 1}})
    step = {"type": "mmove", "monster": mid, "to": "secret_passage"}
    assert step in g.legal_actions(2)
    moves = g.state["turn"]["monster_turns"][mid]["moves_left"]
    g.act(2, step)
    assert g.state["monsters"][mid]["room"] == "secret_passage"
    assert g.state["turn"]["monster_turns"][mid]["moves_left"] == moves - 1


def test_a_monster_climbs_secret_stairs_both_ways():
    """betrayal-rulebook-digest.md "Using Items and Omens": monsters can use the Secret Stairs."""
    g, mid = _monsters_turn([at("secret_stairs", "upper", 0, 1)], "entrance_hall",
                       {"secret_stairs": {"secret_stairs": 1},
                        "entrance_hall": {"secret_stairs": 1}})
    g.act(2, {"type": "mmove", "monster": mid, "to": "secret_stairs"})
    assert g.state["monsters"][mid]["room"] == "secret_stairs"
    assert {"type": "mmove", "monster": mid, "to": "entrance_hall"} in g.legal_actions(2)


def test_a_monster_passes_the_revolving_wall_without_a_roll():
    """betrayal-rulebook-digest.md "Using Items and Omens": monsters can use the Revolving
    Wall with no need to roll. An explorer needs a Knowledge roll of 3 (rooms_core.yaml); the
    ghoul goes through and the scripted dice stay unused."""
    g, mid = _monsters_turn([at("revolving_wall", "ground", 1, 0),
                        at("creaky_hallway", "ground", 1, 1)], "revolving_wall")
    g.state["tiles"]["revolving_wall"][3] = 0
    dice(g, 0, 0, 0, 0, 0, 0, 0, 0)
    g.act(2, {"type": "mmove", "monster": mid, "to": "creaky_hallway"})
    assert g.state["monsters"][mid]["room"] == "creaky_hallway"
    assert len(g.state["rng"]["script"]) == 8  # no roll


def test_a_monster_rides_the_mystic_slide_without_harm():
    """betrayal-rulebook-digest.md "Using Items and Omens": monsters can use the Mystic Slide;
    "Traitor and Monster Powers": they ignore a tile's harmful text (the Might roll and the die
    of damage on landing)."""
    g, mid = _monsters_turn([at("mystic_slide", "upper", -1, 0)], "mystic_slide")
    assert {"type": "mmove", "monster": mid, "to": "basement_landing"} in g.legal_actions(2)
    dice(g, 0, 0, 0, 0, 0, 0, 0, 0)
    g.act(2, {"type": "mmove", "monster": mid, "to": "foyer"})
    assert g.state["monsters"][mid]["room"] == "foyer"
    assert len(g.state["rng"]["script"]) == 8 and g.state["choice"] is None
