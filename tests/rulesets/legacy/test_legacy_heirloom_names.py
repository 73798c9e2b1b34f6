"""Naming an heirloom (rulebook "Heirlooming Item Cards": "If it doesn't have a name, give it
one"): the suggested name's label, the name going to the campaign, a card already named."""

from __future__ import annotations

from pathlib import Path

from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.rulesets.legacy.outcome import game_outcome
from hauntkit.sim.scenario import run_scenario

SCENARIO = Path(__file__).parent / "scenarios" / "heirloom_gets_a_written_name.yaml"


def _heirloom_the_lantern(rs: Ruleset, game: Game) -> None:
    """Seat 0 discovers the Kitchen from the Front Steps, draws the Lantern and makes it the
    family's heirloom."""
    rs.apply_setup(game.state, {"explorers": {"0": {"room": "front_steps"}},
                                "room_stack": ["orchard", "kitchen"],
                                "decks": {"item": ["lantern"], "event": ["old_portrait"]},
                                "turn": {"seat": 0}})
    game.state_changed()
    game.act(0, {"type": "explore", "dir": "e"})
    game.act(0, {"type": "rotate", "r": 0})
    game.act(0, {"type": "heirloom", "make": True})


def test_the_name_reaches_the_campaign_and_the_label_reads_well():
    result = run_scenario(SCENARIO)
    assert result.ok, result.failure
    game = result.game
    made = game_outcome(game.state)["heirloomed"]
    assert made == [{"seat": 0, "card": "lantern", "name": "Grandmother's Lamp"}]
    assert "\u201cGrandmother's Lamp\u201d" in game.state["log"][-1]["text"]


def test_the_suggested_name_has_a_readable_label():
    rs = get_ruleset("legacy")
    game = Game.new(rs, {"players": 3, "families": ["ashdown", "crowley", "hartwell"]}, seed=1)
    _heirloom_the_lantern(rs, game)
    [offer] = game.legal_actions(0)
    assert rs.describe_action(game.state, 0, offer) == "Name it \u201cThe Ashdown Storm Lantern\u201d"


def test_a_card_named_before_is_not_named_again():
    """The house's names (campaign) count: a card with a name keeps it."""
    rs = get_ruleset("legacy")
    game = Game.new(rs, {"players": 3, "families": ["ashdown", "crowley", "hartwell"],
                         "house": {"names": {"lantern": "Old Faithful"}}}, seed=1)
    _heirloom_the_lantern(rs, game)
    assert game.state["choice"] is None
    assert game.view(1)["heirloom_names"] == {"lantern": "Old Faithful"}


def test_other_written_text_is_no_mutation_for_the_conformance_suite():
    """A name the player writes is for the ruleset to judge (``written_action``), not an
    illegal mutation of the suggested one; a changed other field still is."""
    from hauntkit.core.actions import written_variant
    from hauntkit.core.ruleset import get_ruleset

    written = type(get_ruleset("legacy")).written_fields
    legal = [{"type": "name_heirloom", "name": "The Ashdown Storm Lantern"}]
    assert written_variant(written, {"type": "name_heirloom", "name": "kitchen"}, legal)
    assert not written_variant(written, {"type": "name_heirloom", "name": 3}, legal)
    assert not written_variant(written, {"type": "name_heirloom", "name": "x", "zz": 1}, legal)
    assert not written_variant(written, {"type": "heirloom", "make": False},
                               [{"type": "heirloom", "make": True}])
