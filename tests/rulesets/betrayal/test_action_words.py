"""Labels read as what an action does, with display names (developer guide: "Words are
product"): monsters of one kind told apart by words, tiles turned or placed by their doorways,
a roll's outcomes by range and effect, and every answer to a choice in words. Each position is
set up in data on a new game; the label is read from ``describe_action``."""

from __future__ import annotations

from typing import Any

from hauntkit.core import Game
from hauntkit.core.ruleset import starter_ruleset
from hauntkit.testing.wording import problems, repeated

RS = starter_ruleset("betrayal")


def _state(monsters: dict[str, tuple[str, str]] | None = None,
           choice: dict[str, Any] | None = None) -> dict[str, Any]:
    s = Game.new(RS, {"players": 3, "characters": ["ada_vance", "bram_okafor",
                                                    "celeste_moreau"]}, seed=1).state
    s["monsters"] = {mid: {"kind": kind, "room": room, "stunned": False, "cards": [],
                           "wounds": 0} for mid, (kind, room) in (monsters or {}).items()}
    s["choice"] = choice
    return s


def _labels(s: dict[str, Any], actions: list[dict[str, Any]], seat: int = 0) -> list[str]:
    out = [RS.describe_action(s, seat, a) for a in actions]
    for label in out:
        assert problems(label) == [], label
    assert repeated(out) == [], out
    return out


def test_monsters_of_one_kind_are_told_apart_by_tile_and_order() -> None:
    s = _state({"m1": ("ghoul", "foyer"), "m2": ("ghoul", "foyer"),
                "m3": ("ghoul", "entrance_hall"), "m4": ("bride", "foyer")})
    moves = [{"type": "mmove", "monster": m, "to": "grand_staircase"}
             for m in ("m1", "m2", "m3", "m4")]
    assert _labels(s, moves) == [
        "Move the first Ghoul in the Foyer to the Grand Staircase",
        "Move the second Ghoul in the Foyer to the Grand Staircase",
        "Move the Ghoul in the Entrance Hall to the Grand Staircase",
        "Move the Bride to the Grand Staircase"]
    assert _labels(s, [{"type": "mattack", "monster": "m4", "target": 1},
                       {"type": "attack", "target": "m3", "weapon": None},
                       {"type": "mexplore", "monster": "m1", "dir": "n"}]) == [
        "Attack Bram Okafor with the Bride", "Attack the Ghoul in the Entrance Hall",
        "Move the first Ghoul in the Foyer through the north door into a new tile"]


def test_a_lone_monster_is_named_by_its_kind_only() -> None:
    s = _state({"m7": ("ghoul", "foyer")})
    assert _labels(s, [{"type": "mmove", "monster": "m7", "to": "entrance_hall"}]) == [
        "Move the Ghoul to the Entrance Hall"]


def test_turning_a_tile_names_each_rotation_by_its_doorways() -> None:
    """Rotations with different doorways (RULING B7 offers only those) read differently."""
    s = _state(choice={"seat": 0, "kind": "rotate", "prompt": "", "room": "junk_room",
                       "who": 0})
    s["choice"]["opts"] = opts = [{"type": "rotate", "r": r} for r in range(4)]
    assert _labels(s, opts)[:2] == [
        "Leave the Junk Room as printed: doorways to the north, east, south and west",
        "Turn the Junk Room a quarter turn clockwise: doorways to the north, east, south and "
        "west"]
    s["choice"]["room"] = "vault"  # one doorway, printed to the south
    assert _labels(s, opts) == [
        "Leave the Vault as printed: doorway to the south",
        "Turn the Vault a quarter turn clockwise: doorway to the west",
        "Turn the Vault half way round: doorway to the north",
        "Turn the Vault a quarter turn anticlockwise: doorway to the east"]


def test_placing_a_tile_says_where_and_how_it_is_turned() -> None:
    s = _state(choice={"seat": 0, "kind": "place_tile", "prompt": "", "who": 0})
    assert _labels(s, [{"type": "place_tile", "room": "vault", "at": "foyer", "dir": "n",
                        "r": 2}]) == [
        "Place the Vault north of the Foyer, doorway to the north"]


def test_outcomes_of_a_roll_say_their_range_and_what_they_do() -> None:
    """A traitor picks a room roll's outcome (the room's harm does not touch them)."""
    s = _state(choice={"seat": 0, "kind": "outcome", "prompt": "",
                       "key": "r:junk_room:on_leave/0", "who": 0, "src": "r:junk_room"})
    assert _labels(s, [{"type": "outcome", "i": 0}, {"type": "outcome", "i": 1}]) == [
        "Take a result of 3 or more: Nothing happens.",
        "Take a result of 2 or less: The explorer trips over the junk."]
    s["choice"]["key"] = "r:mystic_elevator:a:ride/0"
    ride = RS.ix.fx["r:mystic_elevator:a:ride"][0]
    labels = _labels(s, [{"type": "outcome", "i": i} for i in range(len(ride.outcomes))])
    assert any("take 1 die of physical damage" in label for label in labels), labels
    assert all(label.startswith("Take a result of ") for label in labels), labels


def test_answers_to_choices_read_as_what_they_do() -> None:
    s = _state({"m1": ("ghoul", "foyer"), "m2": ("ghoul", "foyer")})
    cases: list[tuple[dict[str, Any], dict[str, Any], str]] = [
        ({"kind": "place", "monster": None, "token": "secret_stairs"},
         {"type": "put", "room": "foyer"}, "Put a Secret Stairs token in the Foyer"),
        ({"kind": "place", "monster": "ghoul", "token": None},
         {"type": "put", "room": "foyer"}, "Put a Ghoul in the Foyer"),
        ({"kind": "steal", "win": 0, "lose": 1, "diff": 3, "physical": True},
         {"type": "steal", "card": None}, "Deal 3 physical damage instead"),
        ({"kind": "steal", "win": 0, "lose": 1, "diff": 3, "physical": True},
         {"type": "steal", "card": "revolver"}, "Steal the Revolver"),
        ({"kind": "take", "who": 0}, {"type": "take", "from": 2, "card": "axe"},
         "Steal the Axe from Celeste Moreau"),
        ({"kind": "dest", "who": 1}, {"type": "go", "room": "foyer"},
         "Move Bram Okafor to the Foyer"),
        ({"kind": "dest", "who": 0}, {"type": "go", "room": "foyer"}, "Move to the Foyer"),
        ({"kind": "trait", "who": 0, "amount": -2}, {"type": "trait", "trait": "sanity"},
         "Lose 2 Sanity"),
        ({"kind": "damage", "left": 2}, {"type": "damage", "trait": "might"},
         "Take it on Might"),
        ({"kind": "kill"}, {"type": "kill", "monster": "m2"},
         "Destroy the second Ghoul in the Foyer"),
        ({"kind": "ignore", "card": "angry_ghost"}, {"type": "ignore_card", "ignore": True},
         "Ignore the Angry Ghost"),
        ({"kind": "swap", "who": 0}, {"type": "swap", "card": None}, "Keep your items"),
        ({"kind": "swap", "who": 0}, {"type": "swap", "card": "axe"},
         "Trade away the Axe for a new item"),
        ({"kind": "fetch", "who": 0}, {"type": "fetch", "to": 1, "card": "crate_2"},
         "Send the second Crate to Bram Okafor"),
        ({"kind": "pick", "who": 0}, {"type": "pick", "card": "armor"}, "Take the Armor card"),
    ]
    for data, action, label in cases:
        s["choice"] = {"seat": 0, "prompt": "", **data}
        assert _labels(s, [action]) == [label]


def test_declining_to_steal_says_the_harm_dealt_instead() -> None:
    s = _state({"m1": ("bride", "foyer")},
               choice={"seat": 0, "kind": "steal", "prompt": "", "win": 0, "lose": 1,
                       "diff": 2, "physical": False})
    assert _labels(s, [{"type": "steal", "card": None}]) == ["Deal 2 mental damage instead"]
    s["choice"]["lose"] = "m1"  # a monster that loses is defeated
    assert _labels(s, [{"type": "steal", "card": None}]) == ["Defeat the Bride instead"]


def test_the_place_prompt_names_the_piece() -> None:
    """The prompt of a "place" effect names a token in words, not by its id."""
    from hauntkit.rulesets.betrayal import effects

    s = _state()
    effects._ask_place(RS.ix, s, {"who": 0, "monster": None, "token": "secret_stairs"})
    assert s["choice"]["prompt"] == "Choose a tile for a Secret Stairs token."
