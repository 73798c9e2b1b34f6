"""The env's observations are the features of the seat's view: the fast path that reads the
state (env/state_features.py, compiled) gives the same float32 numbers, element for element, as
the encoder over ``view(state, seat)``, for every seat and a spectator, in every ruleset and in
hidden-traitor haunts (where the view hides who the traitor is)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core.game import Game
from hauntkit.core.ruleset import starter_ruleset
from hauntkit.env.features import encoder_for

CONFIGS = [
    ("betrayal", {}),
    ("betrayal", {"haunt": "the_poisoner"}),  # a hidden traitor
    ("betrayal", {"haunt": "masquerade", "players": 5}),
    ("legacy", {}),
    ("legacy", {"haunt": "the_changeling", "haunt_after_omens": 1}),  # a hidden traitor
    ("beast", {}),
]


def _positions(ruleset_id: str, config: dict, seed: int, every: int = 5, actions: int = 600):
    """Every ``every``-th position of a random game, with whose turn it is."""
    game = Game.new(ruleset_id, config, seed)
    rng = random.Random(seed)
    for number in range(actions):
        waiting = game.to_act()
        if not waiting:
            return
        if number % every == 0:
            yield game, waiting
        seat = waiting[rng.randrange(len(waiting))]
        legal = game.legal_actions(seat)
        game.act_trusted(seat, legal[rng.randrange(len(legal))])


def _hidden_traitor_seen(game: Game) -> bool:
    haunt = game.state.get("haunt")
    return bool(haunt and haunt["hidden"] and not haunt["revealed"])


@pytest.mark.parametrize("ruleset_id,config", CONFIGS,
                         ids=[f"{r}-{c.get('haunt', 'any')}" for r, c in CONFIGS])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_state_features_equal_the_features_of_the_view(ruleset_id, config, seed):
    encoder = encoder_for(starter_ruleset(ruleset_id))
    for game, waiting in _positions(ruleset_id, config, seed):
        for seat in [None, *range(game.state["players"])]:
            expected = encoder(game.view(seat))
            got = encoder.observe(game.state, seat, waiting)
            assert got.dtype == np.float32 and got.shape == expected.shape
            assert np.array_equal(got, expected), (seat, np.flatnonzero(got != expected))


@pytest.mark.parametrize("ruleset_id,config", [CONFIGS[1], CONFIGS[4]],
                         ids=["betrayal-poisoner", "legacy-changeling"])
def test_hidden_traitor_positions_are_among_those_compared(ruleset_id, config):
    """The equality above covers the case that matters most: a haunt whose traitor is
    hidden, where a hero's features must not tell the traitor apart (rulebook "Hidden
    Traitor")."""
    encoder = encoder_for(starter_ruleset(ruleset_id))
    seen = 0
    for seed in range(12):
        for game, waiting in _positions(ruleset_id, config, seed, every=3, actions=1500):
            if not _hidden_traitor_seen(game):
                continue
            seen += 1
            traitor = game.state["haunt"]["traitor"]
            heroes = [s for s in range(game.state["players"]) if s != traitor]
            for seat in heroes:
                assert np.array_equal(encoder.observe(game.state, seat, waiting),
                                      encoder(game.view(seat)))
            # every other explorer reads as "unknown" side to a hero: the traitor's
            # block (one-hot "traitor") is never set in a hero's features
            hero = heroes[0]
            features = encoder.observe(game.state, hero, waiting)
            width = encoder.layout.seat_width
            first = 12 + encoder.layout.haunt_count + 4
            for slot in range(1, game.state["players"]):
                assert features[first + slot * width + 2 + 1] == 0.0  # "traitor" one-hot
        if seen >= 20:
            break
    assert seen >= 20, f"only {seen} hidden-traitor positions reached"
