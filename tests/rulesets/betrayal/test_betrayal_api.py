"""The ruleset API others call: apply_setup errors, explain_illegal, stats, config."""

from __future__ import annotations

import orjson
import pytest
from betrayal_helpers import ruleset, scenario

from hauntkit.core.errors import (
    HauntkitError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    UnknownIdError,
)
from hauntkit.core.game import Game


def test_unknown_setup_field_is_named():
    g = scenario()
    with pytest.raises(HauntkitError, match="setup.bogus"):
        ruleset().apply_setup(g.state, {"bogus": 1})
    with pytest.raises(HauntkitError, match=r"setup.explorers.0.hat"):
        ruleset().apply_setup(g.state, {"explorers": {"0": {"hat": 1}}})
    with pytest.raises(HauntkitError, match="unknown room"):
        ruleset().apply_setup(g.state, {"tiles": [{"room": "nowhere", "x": 5, "y": 5}]})


def test_refusals_are_typed_and_leave_state_untouched():
    g = scenario()
    before = orjson.dumps(g.state)
    with pytest.raises(UnknownIdError, match="unknown room id"):
        g.act(0, {"type": "move", "to": "moon_base"})
    with pytest.raises(UnknownIdError, match="unknown card id"):
        g.act(0, {"type": "drop", "card": "laser"})
    with pytest.raises(NotYourTurnError):
        g.act(1, {"type": "end_turn"})
    with pytest.raises(MalformedActionError, match="unknown action type"):
        g.act(0, {"type": "fly"})
    with pytest.raises(IllegalActionError, match="before the haunt"):
        g.act(0, {"type": "attack", "target": 1, "weapon": None})
    g.act(0, {"type": "move", "to": "foyer"})
    g.act(0, {"type": "move", "to": "entrance_hall"})
    g.act(0, {"type": "move", "to": "foyer"})
    g.act(0, {"type": "move", "to": "entrance_hall"})
    mid = orjson.dumps(g.state)
    with pytest.raises(IllegalActionError, match="no moves left"):
        g.act(0, {"type": "move", "to": "foyer"})
    assert orjson.dumps(g.state) == mid != before


def test_config_and_stats():
    rs = ruleset()
    with pytest.raises(HauntkitError, match="3 to 6 seats"):
        Game.new(rs, {"players": 7}, 1)
    with pytest.raises(HauntkitError, match="config.colour: unknown config field"):
        Game.new(rs, {"players": 3, "colour": "red"}, 1)
    g = Game.new(rs, {"players": 5}, 3)
    assert len(g.state["explorers"]) == 5
    st = rs.stats(g.state)
    assert st["winner"] is None and st["haunt"] is None and st["deaths"] == 0


def test_view_has_no_deck_order_and_lists_only_own_legal_actions():
    g = scenario()
    v = g.view(1)
    assert v["legal"] == [] and g.view(0)["legal"]
    text = orjson.dumps(v).decode()
    assert all(isinstance(n, int) for n in v["decks"].values())
    assert f'"{g.state["stack"][0]}"' not in text  # the next tile of the stack is secret
    assert f'"{g.state["decks"]["item"][0]}"' not in text
