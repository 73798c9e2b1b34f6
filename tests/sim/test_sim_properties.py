"""Generic property tests for every ruleset: random legal play from many seeds never raises and
never breaks an invariant; save/load at random points changes nothing; replay is exact; views
are plain data without the generator state.

Every installed ruleset (entry points) is tested, plus the test-only "race".
"""

from __future__ import annotations

import os
import random
from typing import Any

import minirace  # noqa: F401 - registers the test-only "race" ruleset
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.bots import get_bot
from hauntkit.core import Game, Ruleset
from hauntkit.core.ruleset import get_ruleset, ruleset_ids
from hauntkit.sim.runner import pick_seat

# Seats each ruleset plays with (default config when absent).
PLAYERS: dict[str, tuple[int, int]] = {"betrayal": (3, 6), "beast": (1, 4), "race": (2, 6)}
MAX_ACTIONS = 4000
_LOADED: dict[str, Ruleset] = {}


def load(ruleset_id: str) -> Ruleset:
    if ruleset_id not in _LOADED:
        _LOADED[ruleset_id] = get_ruleset(ruleset_id)
    return _LOADED[ruleset_id]


RULESETS = [*ruleset_ids(), "race"]
# More seeds for a deeper run: HAUNTKIT_EXAMPLES=500 pytest tests/sim/test_sim_properties.py
SETTINGS = settings(max_examples=int(os.environ.get("HAUNTKIT_EXAMPLES", "20")), deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def config_for(ruleset_id: str, seed: int) -> dict[str, Any]:
    span = PLAYERS.get(ruleset_id)
    return {} if span is None else {"players": span[0] + seed % (span[1] - span[0] + 1)}


def step(game: Game, rng: random.Random, bots: list[Any]) -> bool:
    """One checked action chosen by a bot; False when the game is over."""
    waiting = game.to_act()
    if not waiting:
        assert game.result() is not None, "no seat to act but no result"
        return False
    seat = pick_seat(waiting, rng)
    legal = game.legal_actions(seat)
    assert legal, f"seat {seat} must act but has no legal action"
    bot = bots[rng.randrange(len(bots))]
    game.act(seat, bot.choose(game.view(seat) if bot.uses_view else {}, legal, rng))
    return True


def leaks_rng(value: Any) -> bool:
    if isinstance(value, dict):
        return "rng" in value or any(leaks_rng(v) for v in value.values())
    if isinstance(value, list):
        return any(leaks_rng(v) for v in value)
    return False


@pytest.mark.parametrize("ruleset_id", RULESETS)
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_play_never_raises_nor_breaks_an_invariant(ruleset_id, seed):
    ruleset = load(ruleset_id)
    game = Game.new(ruleset, config_for(ruleset_id, seed), seed)
    rng = random.Random(seed)
    bots = [get_bot("random"), get_bot("default")]
    assert ruleset.invariants(game.state) == []
    for n in range(MAX_ACTIONS):
        if not step(game, rng, bots):
            break
        broken = ruleset.invariants(game.state)
        assert broken == [], f"seed {seed}, action {n + 1}: {broken}"
        if n % 50 == 0:
            for seat in [None, *game.to_act()]:
                view = game.view(seat)
                assert orjson.loads(orjson.dumps(view)) == view
                assert not leaks_rng(view), f"view of seat {seat} shows the rng state"
    replayed = Game.replay(orjson.loads(game.to_json()), ruleset)
    assert orjson.dumps(replayed.state) == orjson.dumps(game.state), f"seed {seed}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**31),
       points=st.lists(st.integers(min_value=0, max_value=600), min_size=1, max_size=3))
def test_save_load_at_random_points_changes_nothing(ruleset_id, seed, points):
    ruleset = load(ruleset_id)
    game = Game.new(ruleset, config_for(ruleset_id, seed), seed)
    rng = random.Random(seed)
    bots = [get_bot("default")]
    done = 0
    for point in sorted(points):
        while done < point and step(game, rng, bots):
            done += 1
        loaded = Game.load(orjson.loads(game.to_json()), ruleset)
        assert orjson.dumps(loaded.state) == orjson.dumps(game.state)
        # both continue identically with the same choices
        twin_rng = random.Random(point)
        main_rng = random.Random(point)
        for _ in range(30):
            a, b = step(loaded, twin_rng, bots), step(game, main_rng, bots)
            assert a == b
            if not a:
                break
        assert orjson.dumps(loaded.state) == orjson.dumps(game.state)
        done = game.state["version"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_clone_is_independent_mid_game(ruleset_id):
    ruleset = load(ruleset_id)
    game = Game.new(ruleset, config_for(ruleset_id, 1), 1)
    rng = random.Random(1)
    for _ in range(80):
        step(game, rng, [get_bot("default")])
    before = orjson.dumps(game.state)
    twin = game.clone()
    assert orjson.dumps(twin.state) == before
    for _ in range(200):
        if not step(twin, rng, [get_bot("random")]):
            break
    assert orjson.dumps(game.state) == before
