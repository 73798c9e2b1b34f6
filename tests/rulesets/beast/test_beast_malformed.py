"""Issue 8: an object (or a list where one id is expected) in an action field is refused as a
malformed action, with the state unchanged; never a crash in the error explainer."""

from __future__ import annotations

import random

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core.errors import ActionError, MalformedActionError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset

_POSITIONS: list[Game] = []


def positions() -> list[Game]:
    if not _POSITIONS:
        rs = get_ruleset("beast")
        for seed in (1, 2):
            g = Game.new(rs, {}, seed)
            r = random.Random(seed)
            for i in range(300):
                if g.over:
                    break
                if i % 25 == 0:
                    _POSITIONS.append(g.clone())
                seat = g.to_act()[0]
                g.act_trusted(seat, r.choice(g.legal_actions(seat)))
    return _POSITIONS


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_wrong_typed_fields_are_refused_with_the_state_unchanged(data):
    g = data.draw(st.sampled_from(positions())).clone()
    seat = g.to_act()[0]
    action = dict(data.draw(st.sampled_from(g.legal_actions(seat))))
    field = data.draw(st.sampled_from(sorted(action)))
    value = data.draw(st.one_of(
        st.dictionaries(st.text(max_size=4), st.integers(0, 9), min_size=1, max_size=2),
        st.lists(st.text(max_size=4), max_size=2)))
    action[field] = value
    before = orjson.dumps(g.state)
    expected = MalformedActionError if isinstance(value, dict) or field not in ("to", "through", "target") \
        else ActionError
    with pytest.raises(expected):
        g.act(seat, action)
    assert orjson.dumps(g.state) == before
