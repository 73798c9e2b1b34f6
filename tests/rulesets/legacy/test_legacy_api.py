"""The legacy ruleset's API around the rules: config errors naming the field, the catalogue,
labels of Legacy's own actions, the house applied to a new game."""

from __future__ import annotations

import pytest

from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import ConfigError, get_ruleset

RS = get_ruleset("legacy")


@pytest.mark.parametrize(("config", "field"), [
    ({"players": 3, "families": ["ashdown", "nobody", "vance"]}, "config.families"),
    ({"house": {"add": ["no_such_card"]}}, "config.house.add"),
    ({"house": {"heirlooms": {"tonic": "ashdown"}}}, "config.house.heirlooms"),
    ({"house": {"intensify": {"old_portrait": 5}}}, "config.house.intensify"),
    ({"haunt_on_tile": "no_such_tile"}, "config.haunt_on_tile"),
])
def test_bad_config_names_the_field(config, field):
    with pytest.raises(ConfigError) as err:
        Game.new(RS, config, seed=1)
    assert err.value.field == field


def test_players_three_to_five():
    assert RS.player_counts() == [3, 4, 5]
    with pytest.raises(HauntkitError):
        Game.new(RS, {"players": 6}, seed=1)


def test_the_house_decides_what_is_in_the_game():
    """HL-1: a campaign game has Purgatory cards only when the house adds them; removed cards
    (Tomb, destroyed, box) are out of any game."""
    g = Game.new(RS, {"players": 3, "mode": "campaign",
                      "house": {"add": ["ring"], "remove": ["lantern"]}}, seed=3)
    s = g.state
    assert s["decks"]["omen"] == ["ring"]
    assert "lantern" not in s["decks"]["item"] and "pocket_watch" not in s["decks"]["item"]
    assert "bell_tower" not in s["stack"]
    free = Game.new(RS, {"players": 3}, seed=3).state
    assert "pocket_watch" in free["decks"]["item"] and "bell_tower" in free["stack"]
    assert RS.invariants(s) == []


def test_catalogue_and_labels():
    cat = RS.catalogue()
    assert cat["cards"]["lantern"]["regions"] == ["outside", "ground"]
    assert cat["rooms"]["kitchen"]["symbols"] == ["event", "item"]
    assert "traitor_card" in cat["reminders"]
    s = Game.new(RS, {"players": 3, "families": ["ashdown", "crowley", "hartwell"]}, seed=1).state
    assert RS.describe_action(s, 0, {"type": "take", "card": "lantern", "from": 1}) == \
        "Take the Storm Lantern from Nathan Crowley (if they allow it)"
    assert RS.describe_action(s, 0, {"type": "permit", "allow": False}) == "Refuse"
    assert RS.describe_action(s, 0, {"type": "heirloom", "make": True}).startswith("Make it")
