"""Property tests of the hunt: the conformance suite on hunt legs (legal actions never raise,
JSON round trips, replay, determinism, views), and whole hunts played at random through the
campaign hooks keep every invariant (HR-70..HR-78) and end won or lost (HR-76)."""

from __future__ import annotations

import random

from huntkit import hunt_rs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core.campaign import finish_game, new_campaign, next_game
from hauntkit.testing import check_ruleset

LEGS = [{"hunt": {"hunt": "t-hunt", "investigation": "inv1", "location": "t-quiet"}},
        {"hunt": {"hunt": "t-hunt", "investigation": "inv2", "location": "t-risky"},
         "players": 2},
        {"hunt": {"hunt": "ashgrove", "investigation": "the-graves",
                  "location": "chapel-yard"}, "players": 2}]
RS = hunt_rs()


def test_conformance_on_hunt_legs():
    """hauntkit.testing.check_ruleset on legs of a hunt (docs/hunt.md)."""
    check_ruleset(RS, LEGS, max_examples=8, derandomize=True)


@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 2))
def test_random_hunts_keep_invariants_and_end(seed, players):
    """HR-76: a hunt ends won or lost; every leg keeps the party's invariants; each leg starts
    from the previous leg's carry-out (HR-70)."""
    seats = [{"name": f"s{i}", "bot": "random"} for i in range(players)]
    camp = new_campaign(RS, {"hunt": "t-hunt", "players": players}, seed, seats, "c")
    pick = random.Random(seed)
    legs = 0
    while camp["status"] == "active":
        data = camp["data"]
        game = next_game(RS, camp, f"g{legs}")
        assert game.state["crypto"] == data["crypto"]
        while not game.over:
            seat = pick.choice(game.to_act())
            game.act(seat, pick.choice(game.legal_actions(seat)))
            assert RS.invariants(game.state) == []
        assert finish_game(RS, camp, game, f"g{legs}")
        legs += 1
        assert legs <= 5  # t-hunt has five locations
    assert camp["data"]["status"] in ("won", "lost")
    assert (camp["data"]["status"] == "won") == (
        camp["data"]["investigations"][-1:] == [{"id": "inv2", "success": True}])
