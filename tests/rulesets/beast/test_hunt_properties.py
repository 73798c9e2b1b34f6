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


@settings(max_examples=10, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 2),
       party=st.lists(st.sampled_from(sorted(RS.c.hunters)), min_size=2, max_size=3,
                      unique=True))
def test_random_hunts_keep_invariants_and_end(seed, players, party):
    """HR-76: a hunt ends won or lost; every leg keeps the party's invariants (with every
    character's skills carried, e.g. Nysa's Arcanas laid at a rest); each leg starts from the
    previous leg's carry-out (HR-70)."""
    seats = [{"name": f"s{i}", "bot": "random"} for i in range(players)]
    camp = new_campaign(RS, {"hunt": "t-hunt", "players": players, "hunters": party}, seed,
                        seats, "c")
    pick = random.Random(seed)
    legs = 0
    while camp["status"] == "active":
        data = camp["data"]
        game = next_game(RS, camp, f"g{legs}")
        assert game.state["crypto"] == data["crypto"]
        while not game.over:
            seat = pick.choice(game.to_act())
            legal = game.legal_actions(seat)
            busy = [a for a in legal if a["type"] not in ("end_turn", "done", "pass")]
            game.act(seat, pick.choice(busy if busy and pick.random() < 0.8 else legal))
            assert RS.invariants(game.state) == []
        assert finish_game(RS, camp, game, f"g{legs}")
        legs += 1
        assert legs <= 5  # t-hunt has five locations
    assert camp["data"]["status"] in ("won", "lost")
    assert (camp["data"]["status"] == "won") == (
        camp["data"]["investigations"][-1:] == [{"id": "inv2", "success": True}])


def test_a_hunt_battle_determinizes_with_the_party_values():
    """Search bots sample a hunt's battle from a view: Renown and Infamy (Reckless: free
    attacks) come along, so the sample offers the seat the same actions; between battles
    there is nothing to sample (NotDeterminizable)."""
    import pytest
    from huntkit import leg, say_done, start_data

    from hauntkit.rulesets.beast.determinize import NotDeterminizable, determinize

    data = start_data(RS, at=[1, 1], run={"renown": 0, "infamy": 6, "clues": 0})
    game = leg(RS, "inv2", "t-risky", data, dice=[1, 6, 1])
    with pytest.raises(NotDeterminizable):
        determinize(RS, game.view(0), random.Random(1))
    while game.state["phase"] != "battle":
        if game.state["hunt"]["event"]:
            game.act(0, {"type": "choose", "choice": "pay"})
        else:
            say_done(game)
    sample = determinize(RS, game.view(0), random.Random(1))
    assert sample["infamy"] == 6
    key = lambda a: repr(sorted(a.items()))  # noqa: E731
    assert sorted(map(key, RS.legal_actions(sample, 0))) == \
        sorted(map(key, game.legal_actions(0)))
