"""``Game.undo``: apply-then-undo restores the state exactly (byte-identical JSON), at random
points of random games of both rulesets, and the game goes on the same way afterwards."""

from __future__ import annotations

import random
from functools import cache

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from minirace import Race

from hauntkit.core import Game
from hauntkit.core.errors import HauntkitError
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.sim.runner import pick_seat


@cache
def _ruleset(ruleset_id: str) -> Ruleset:
    return get_ruleset(ruleset_id)


def _step(game: Game, driver: random.Random) -> tuple[int, dict] | None:
    """One uniformly random legal action (None: the game is over)."""
    waiting = game.to_act()
    if not waiting:
        return None
    seat = pick_seat(waiting, driver)
    legal = game.legal_actions(seat)
    return seat, legal[driver.randrange(len(legal))]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset_id=st.sampled_from(["betrayal", "beast"]), seed=st.integers(0, 2**31),
       prefix=st.integers(0, 600), depth=st.integers(1, 30))
def test_apply_then_undo_restores_the_state_exactly(ruleset_id: str, seed: int, prefix: int,
                                                    depth: int) -> None:
    game = Game.new(_ruleset(ruleset_id), {}, seed)
    driver = random.Random(seed)
    for _ in range(prefix):  # reach a random point of a random game, without tracking
        step = _step(game, driver)
        if step is None:
            break
        game.act_trusted(*step)
    game.track_undo()
    before: list[tuple[bytes, list]] = []
    played: list[tuple[int, dict]] = []
    for _ in range(depth):
        step = _step(game, driver)
        if step is None:
            break
        before.append((orjson.dumps(game.state), game.legal_actions(step[0])))
        game.act(*step)
        played.append(step)
    after = orjson.dumps(game.state)
    for (snapshot, legal), (seat, _action) in zip(reversed(before), reversed(played),
                                                  strict=True):
        game.undo()
        assert orjson.dumps(game.state) == snapshot
        assert game.legal_actions(seat) == legal
    assert not game.can_undo
    for seat, action in played:  # the same actions from there give the same game
        game.act(seat, action)
    assert orjson.dumps(game.state) == after


def test_undo_keeps_the_state_object_and_its_key_order() -> None:
    game = Game.new(Race(), {"players": 2}, 3).track_undo()
    state = game.state
    keys = list(state)
    game.act(0, game.legal_actions(0)[0])
    game.undo()
    assert game.state is state and list(state) == keys and state["history"] == []


def test_undo_without_tracking_or_history_says_why() -> None:
    game = Game.new(Race(), {"players": 2}, 3)
    with pytest.raises(HauntkitError, match="track_undo"):
        game.undo()
    game.track_undo()
    with pytest.raises(HauntkitError, match="nothing to undo"):
        game.undo()


def test_a_clone_tracks_undo_from_an_empty_stack() -> None:
    game = Game.new(Race(), {"players": 2}, 3).track_undo()
    game.act(0, game.legal_actions(0)[0])
    copy = game.clone()
    assert game.can_undo and not copy.can_undo
    copy.act(copy.to_act()[0], copy.legal_actions(copy.to_act()[0])[0])
    copy.undo()
    assert orjson.dumps(copy.state) == orjson.dumps(game.state)
