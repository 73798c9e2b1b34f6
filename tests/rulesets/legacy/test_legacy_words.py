"""Legacy's own answers read as what they do, with display names (developer guide: "Words are
product"): the owner asked to allow a TAKE (RULING HL-13), a late family keeping one of its
items (rulebook "Joining the Campaign")."""

from __future__ import annotations

from hauntkit.core import Game
from hauntkit.core.ruleset import starter_ruleset

RS = starter_ruleset("legacy")


def _state() -> dict:
    return Game.new(RS, {"players": 3, "families": ["ashdown", "crowley", "hartwell"]},
                    seed=1).state


def test_the_owner_asked_to_allow_a_take_reads_who_takes_what() -> None:
    s = _state()
    s["choice"] = {"seat": 1, "kind": "permit", "prompt": "", "who": 0, "owner": 1,
                   "card": "lantern"}
    labels = [RS.describe_action(s, 1, {"type": "permit", "allow": a}) for a in (True, False)]
    assert labels == ["Let Isaac Ashdown take the Storm Lantern", "Keep the Storm Lantern"]


def test_a_late_family_keeps_an_item_by_name() -> None:
    s = _state()
    s["choice"] = {"seat": 2, "kind": "join_keep", "prompt": "", "who": 2,
                   "cards": ["lantern"]}
    assert RS.describe_action(s, 2, {"type": "join_keep", "card": "lantern"}) == \
        "Keep the Storm Lantern"
    assert RS.describe_action(s, 2, {"type": "join_heirloom", "make": True}) == \
        "Make it the family's heirloom"
