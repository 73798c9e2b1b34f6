"""Runner and rule defects of issue 8 that a scenario file cannot show by passing: a set-up the
ruleset must refuse, and actions of the wrong shape (the passing cases are scenario files in
scenarios/: zero_dice_*, attack_without_target_not_offered, setup_step_refreshes_legal_actions,
extra_room_outside_the_stack)."""

from __future__ import annotations

import random
from pathlib import Path

import orjson
import pytest
from betrayal_helpers import ruleset, scenario
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core.errors import HauntkitError, MalformedActionError
from hauntkit.core.game import Game
from hauntkit.sim.scenario import run_scenario


def test_setup_tiles_refuses_a_room_on_a_floor_it_does_not_allow():
    # docs/scenarios.md (betrayal set-up: tiles); RULING B7 (a tile goes only on its floors)
    g = scenario()
    before = orjson.dumps(g.state)
    with pytest.raises(HauntkitError, match=r"setup.tiles\[0\].floor: room 'vault' may not go "
                                            r"on the ground floor \(its floors: upper, basement"):
        ruleset().apply_setup(g.state, {"tiles": [{"room": "vault", "floor": "ground",
                                                   "x": 1, "y": 0}]})
    assert orjson.dumps(g.state) == before


def test_a_scenario_placing_a_room_on_a_wrong_floor_fails_naming_the_line(tmp_path: Path):
    path = tmp_path / "wrong_floor.yaml"
    path.write_text("ruleset: betrayal\nplayers: 3\nsetup:\n  turn: {seat: 0}\nsteps:\n"
                    "  - setup:\n      tiles: [{room: vault, floor: ground, x: 1, y: 0}]\n")
    result = run_scenario(path)
    assert not result.ok
    assert result.failure.startswith(f"{path}:6: setup: setup.tiles[0].floor: room 'vault'")


# ------------------------------------------------------------------ wrong-typed action fields
def _positions() -> list[Game]:
    """A few positions of random games, before and after the haunt, some with a choice
    pending, so that every action type's fields get fuzzed."""
    rs = ruleset()
    out = []
    for seed in (1, 2, 3):
        g = Game.new(rs, {"players": 4}, seed)
        r = random.Random(seed)
        for i in range(600):
            if g.over:
                break
            seat = g.to_act()[0]
            if i % 40 == 0 or g.state["choice"] is not None and i % 7 == 0:
                out.append(g.clone())
            g.act_trusted(seat, r.choice(g.legal_actions(seat)))
    return out


_POSITIONS: list[Game] = []


def positions() -> list[Game]:
    if not _POSITIONS:
        _POSITIONS.extend(_positions())
    return _POSITIONS


containers = st.one_of(
    st.lists(st.one_of(st.integers(-3, 9), st.text(max_size=12)), max_size=3),
    st.dictionaries(st.text(max_size=6), st.integers(-3, 9) | st.text(max_size=6), max_size=2),
    st.lists(st.lists(st.integers(0, 3), max_size=2), min_size=1, max_size=2),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_list_or_object_where_an_id_is_expected_is_malformed(data):
    """Issue 8: a list or object in place of a single id raised TypeError in the explainer.
    Every field of every legal action, replaced by a container, is refused as a malformed
    action and leaves the state byte for byte as it was."""
    g = data.draw(st.sampled_from(positions())).clone()
    seat = g.to_act()[0]
    legal = g.legal_actions(seat)
    action = dict(data.draw(st.sampled_from(legal)))
    field = data.draw(st.sampled_from(sorted(action)))
    action[field] = data.draw(containers)
    before = orjson.dumps(g.state)
    with pytest.raises(MalformedActionError) as info:
        g.act(seat, action)
    assert repr(field) in str(info.value) or field == "type"
    assert orjson.dumps(g.state) == before


def test_the_reported_case_unhashable_room_id():
    g = scenario()
    before = orjson.dumps(g.state)
    with pytest.raises(MalformedActionError, match="field 'to' must be a single id"):
        g.act(0, {"type": "move", "to": ["foyer"]})
    with pytest.raises(MalformedActionError, match="field 'card' must be a single id"):
        g.act(0, {"type": "drop", "card": {"id": "x"}})
    assert orjson.dumps(g.state) == before
