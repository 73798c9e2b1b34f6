"""Scenario tests citing sections of betrayal-legacy-rulebook.md that no test named: traits,
trait rolls, line of sight, the combat example, resuming play after the haunt starts and the
haunt's public information."""

from __future__ import annotations

from typing import Any

from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset

FAMILIES = ["ashdown", "crowley", "hartwell"]


def scenario(setup: dict[str, Any], seat: Any = 0) -> Game:
    """A 3-player free-play game in the position ``setup``, with ``seat`` to play."""
    ruleset = get_ruleset("legacy")
    g = Game.new(ruleset, {"players": 3, "families": FAMILIES}, 1)
    ruleset.apply_setup(g.state, {**setup, "turn": {"seat": seat}})
    return g


def dice(g: Game, *faces: int) -> None:
    g.state["rng"]["script"].extend(faces)


def value(g: Game, seat: int, name: str) -> int:
    return g.view(seat)["explorers"][seat]["traits"][name]["value"]


HOLLOW_MAN = {"haunt": {"id": "the_hollow_man", "revealer": 0, "traitor": 1}}


def test_traits_are_public_and_split_physical_and_mental():
    """betrayal-legacy-rulebook.md "Traits": Speed and Might are physical traits, Sanity and
    Knowledge mental ones; character traits are public knowledge. Another seat's view shows
    Ada's four traits; a physical loss is taken from Might or Speed only."""
    g = scenario(HOLLOW_MAN | {"monsters": [{"monster": "hollow_man",
                                             "room": "entrance_hall"}]})
    mine = g.view(0)["explorers"][0]["traits"]
    assert g.view(2)["explorers"][0]["traits"] == mine
    assert set(mine) == {"might", "speed", "knowledge", "sanity"}
    (mid,) = g.state["monsters"]
    dice(g, *([0] * value(g, 0, "might")), *([2] * 5))
    g.act(0, {"type": "attack", "target": mid, "weapon": None})
    ch = g.state["choice"]
    assert ch["kind"] == "damage" and {o["trait"] for o in ch["opts"]} == {"might", "speed"}


def test_the_rulebooks_combat_example():
    """betrayal-legacy-rulebook.md "Combat Example": with Might 4 you attack a monster on your
    tile; you roll 4 dice for 5, the monster rolls 8; you take 3 physical damage and lower
    Might 2 steps and Speed 1. (Ashdown starts at Might 4 and Speed 4; the Hollow Man has
    Might 5.)"""
    g = scenario(HOLLOW_MAN | {"monsters": [{"monster": "hollow_man",
                                             "room": "entrance_hall"}]})
    (mid,) = g.state["monsters"]
    assert value(g, 0, "might") == 4 and value(g, 0, "speed") == 4
    start = dict(g.state["explorers"][0]["traits"])
    dice(g, 2, 2, 1, 0, 2, 2, 2, 2, 0)  # 4 dice: 5; the Hollow Man's 5 dice: 8
    g.act(0, {"type": "attack", "target": mid, "weapon": None})
    assert g.state["choice"]["left"] == 3
    for trait in ("might", "might", "speed"):
        g.act(0, {"type": "damage", "trait": trait})
    now = g.state["explorers"][0]["traits"]
    assert (start["might"] - now["might"], start["speed"] - now["speed"]) == (2, 1)
    assert g.state["choice"] is None and not g.state["monsters"][mid]["stunned"]


def test_a_trait_roll_uses_dice_equal_to_the_trait():
    """betrayal-legacy-rulebook.md "Trait Rolls": roll dice equal to the number you currently
    have in that trait. The Chapel's PRAY is a Sanity roll: Ada at Sanity 4 rolls 4 dice and
    two queued faces are left over."""
    g = scenario({"tiles": [{"room": "chapel", "floor": "ground", "x": 1, "y": 0,
                             "rotation": 1}],
                  "explorers": {"0": {"room": "chapel"}}})
    sanity = value(g, 0, "sanity")
    dice(g, *([1] * sanity), 2, 2)
    g.act(0, {"type": "room_action", "id": "pray"})
    assert g.state["rng"]["script"] == [2, 2]
    assert any(e.get("result") == sanity for e in g.state["log"] if e["type"] == "roll")


def _musket(traitor_room: str) -> Game:
    return scenario(HOLLOW_MAN | {"monsters": [],
                                  "explorers": {"0": {"cards": ["musket"]},
                                                "1": {"room": traitor_room}}})


def test_line_of_sight_stays_in_one_region():
    """betrayal-legacy-rulebook.md "Line of Sight": a straight line of doorways in the same
    region, none between regions; players attack along it when a Weapon says so, and take no
    damage if they lose against a target on another tile. The Old Musket reaches the Ground
    Floor Staircase from the Entrance Hall, not the Front Steps (the outside region)."""
    shot = {"type": "attack", "target": 1, "weapon": "musket"}
    assert shot not in _musket("front_steps").legal_actions(0)
    g = _musket("ground_floor_staircase")
    assert shot in g.legal_actions(0)
    before = dict(g.state["explorers"][0]["traits"])
    dice(g, *([0] * value(g, 0, "speed")), *([2] * value(g, 1, "speed")))
    g.act(0, shot)
    assert g.state["explorers"][0]["traits"] == before and g.state["choice"] is None


def test_resuming_play_after_the_haunt_starts():
    """betrayal-legacy-rulebook.md "Resuming Play": the hero left of the traitor goes first,
    play continues left with the traitor after all heroes, then the monster's turn."""
    g = scenario(HOLLOW_MAN, seat=2)
    assert g.state["order"] == [2, 0, 1, "m"]
    seen = []
    for _ in range(4):
        seen.append(g.state["turn"]["who"])
        g.act(g.to_act()[0], {"type": "end_turn"})
    assert seen == [2, 0, 1, "m"] and g.state["turn"]["who"] == 2


def test_public_information_is_read_to_both_sides():
    """betrayal-legacy-rulebook.md "Public Information": the story and the set-up at the start
    of the haunt are heard by everyone; "Hidden Information": the rest of each book is
    private."""
    g = scenario(HOLLOW_MAN)
    hero, traitor = g.view(0)["haunt"], g.view(1)["haunt"]
    for key in ("intro", "setup_text", "name"):
        assert hero[key] and hero[key] == traitor[key]
    assert hero["book"] != traitor["book"]


def test_never_more_than_eight_dice():
    """betrayal-legacy-rulebook.md "Dice and Die Rolls": you can never roll more than 8 dice.
    Might 7 with the Spear's 2 extra dice attacks with 8 dice; the ninth queued face is left
    for the Hollow Man's roll."""
    g = scenario(HOLLOW_MAN | {"monsters": [{"monster": "hollow_man", "room": "entrance_hall"}],
                               "explorers": {"0": {"traits": {"might": 7}, "cards": ["spear"]}}})
    (mid,) = g.state["monsters"]
    dice(g, *([2] * 9), 0, 0, 0, 0)  # 8 dice of 2 for Ada: 16; the Hollow Man 2, 0, 0, 0, 0
    g.act(0, {"type": "attack", "target": mid, "weapon": "spear"})
    rolls = [e for e in g.state["log"] if e["type"] == "roll"]
    assert [len(e["dice"]) for e in rolls[-2:]] == [8, 5]
    assert rolls[-2]["result"] == 16 and rolls[-1]["result"] == 2
