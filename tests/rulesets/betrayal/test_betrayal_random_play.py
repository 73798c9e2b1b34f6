"""Random legal play from many seeds: no exception, invariants hold, the state round-trips
through JSON at random points, and seed + history replay the identical game (issue 2)."""

from __future__ import annotations

import random

import orjson
from betrayal_helpers import ruleset
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core.game import Game


def play(seed: int, players: int, check_every: int) -> Game:
    rs = ruleset()
    g = Game.new(rs, {"players": players}, seed)
    r = random.Random(seed)
    step = 0
    while not g.over:
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        assert legal, "every decision point has a legal action"
        g.act_trusted(seat, r.choice(legal))
        step += 1
        if step % check_every == 0:
            before = orjson.dumps(g.state)
            for q in range(players):
                rs.legal_actions(g.state, q)
            rs.view(g.state, q)
            assert orjson.dumps(g.state) == before, "queries never change the state"
            assert rs.invariants(g.state) == []
            assert orjson.loads(orjson.dumps(g.state)) == g.state
            saved = Game.load(g.save(), rs)
            assert saved.legal_actions(saved.to_act()[0]) == g.legal_actions(g.to_act()[0]) \
                if not g.over else True
    return g


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6),
       check_every=st.integers(3, 17))
def test_random_games_finish_soundly(seed: int, players: int, check_every: int) -> None:
    g = play(seed, players, check_every)
    rs = ruleset()
    assert rs.invariants(g.state) == []
    stats = rs.stats(g.state)
    assert set(stats) >= {"winner", "haunt", "turns", "deaths"}
    again = Game.replay(g.save(), rs)
    assert again.state == g.state


def test_checked_act_accepts_every_random_action():
    """The checked path (Game.act) agrees with legal_actions for a whole game."""
    rs = ruleset()
    g = Game.new(rs, {"players": 4}, 7)
    r = random.Random(7)
    while not g.over:
        seat = g.to_act()[0]
        g.act(seat, r.choice(g.legal_actions(seat)))
    assert g.result() is not None
