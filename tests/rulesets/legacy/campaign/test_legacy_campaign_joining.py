"""Joining the campaign in the game (rulesets/legacy/joining.py): rulebook "Joining the
Campaign" — a family that missed more than half of the played chapters gets three random
items after set-up, keeps one (a choice action), the other two go back into the item deck, and
it may heirloom the kept item outside the once-per-game limit."""

from __future__ import annotations

from typing import Any

import pytest

from hauntkit.core import Game, get_ruleset
from hauntkit.core.errors import HauntkitError


@pytest.fixture(scope="module")
def rs() -> Any:
    return get_ruleset("legacy")


def _late_family_game(rs: Any, seed: int = 5) -> tuple[Game, dict[str, Any]]:
    """Chapter 2 where the third family missed both chapters played so far."""
    fams = rs.campaign_families()
    config = {"players": 3, "lineups": [fams[:3], fams[:3], [fams[0], fams[1], fams[3]]]}
    data = rs.campaign_start(config)
    for _ in range(2):
        cfg = rs.campaign_next(config, data, [])
        seats = [{"traitor": i == 1, "died": False, "revealer": i == 1} for i in range(3)]
        data = rs.record_game(data, cfg, {"winner": "heroes", "haunt": None, "seats": seats})
    cfg = rs.campaign_next(config, data, [])
    return Game.new(rs, cfg, seed, carry_in=data), data


def test_the_late_family_keeps_one_of_three_random_items(rs: Any) -> None:
    """Rulebook "Joining the Campaign": three random Items, keep one, shuffle two back."""
    game, _ = _late_family_game(rs)
    items_before = len(game.state["decks"]["item"]) + 3
    assert game.to_act() == [2]
    opts = game.legal_actions(2)
    assert [o["type"] for o in opts] == ["join_keep"] * 3
    assert game.legal_actions(0) == []
    keep = opts[0]["card"]
    game.act(2, opts[0])
    while game.state["choice"] and game.state["choice"]["kind"] == "join_heirloom":
        game.act(2, {"type": "join_heirloom", "make": False})
    assert keep in game.state["explorers"][2]["cards"]
    assert len(game.state["decks"]["item"]) == items_before - 1
    assert all(o["card"] in game.state["decks"]["item"] for o in opts[1:])
    assert game.state["choice"] is None  # play goes on with the first turn


def test_a_card_not_offered_is_refused_and_the_state_is_unchanged(rs: Any) -> None:
    game, _ = _late_family_game(rs)
    before = game.state["version"]
    with pytest.raises(HauntkitError):
        game.act(2, {"type": "join_keep", "card": "no_such_card"})
    with pytest.raises(HauntkitError):
        game.act(0, game.legal_actions(2)[0])
    assert game.state["version"] == before and game.to_act() == [2]


def test_the_joining_heirloom_does_not_use_the_once_per_game_heirloom(rs: Any) -> None:
    """Rulebook "Joining the Campaign": heirlooming the kept item "does NOT count toward the
    once-per-game limit"; the campaign records it as the family's heirloom."""
    for seed in range(40):
        game, data = _late_family_game(rs, seed)
        opts = game.legal_actions(2)
        slot = next((o for o in opts if rs.ix.cards[o["card"]].heirloom_slot), None)
        if slot is not None:
            break
    else:
        raise AssertionError("no seed offers an item with an heirloom slot")
    game.act(2, slot)
    assert game.legal_actions(2) == [{"type": "join_heirloom", "make": True},
                                     {"type": "join_heirloom", "make": False}]
    game.act(2, {"type": "join_heirloom", "make": True})
    fam = game.state["explorers"][2]["character"]
    assert game.state["legacy"]["heirlooms"][slot["card"]] == fam
    assert fam not in game.state["legacy"]["heirloomed"]  # the game's own heirloom is still free
    from hauntkit.rulesets.legacy.outcome import heirlooms_made

    assert heirlooms_made(game.state) == [{"seat": 2, "card": slot["card"]}]


def test_no_one_joins_in_free_play_or_when_nobody_missed_chapters(rs: Any) -> None:
    fams = rs.campaign_families()
    config = {"players": 3, "families": fams[:3]}
    data = rs.campaign_start(config)
    game = Game.new(rs, rs.campaign_next(config, data, []), 3, carry_in=data)
    assert game.state["choice"] is None or game.state["choice"]["kind"] != "join_keep"
