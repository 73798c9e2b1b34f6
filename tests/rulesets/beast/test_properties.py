"""Property tests: random legal play never raises nor breaks an invariant; replay is exact;
JSON save/load round-trips; views never show the combat deck's order."""

from __future__ import annotations

import random

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core import Game

MAPS = ["alley", "crypt", "mill", "manor"]
SETTINGS = settings(max_examples=12, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def play(rs, seed: int, map_id: str, players: int, limit: int = 3000) -> Game:
    game = Game.new(rs, {"map": map_id, "players": players}, seed)
    pick = random.Random(seed)
    for _ in range(limit):
        if game.over:
            break
        seat = pick.choice(game.to_act())
        game.act(seat, pick.choice(game.legal_actions(seat)))
        assert rs.invariants(game.state) == []
    return game


@SETTINGS
@given(seed=st.integers(0, 10_000), map_id=st.sampled_from(MAPS), players=st.integers(1, 4))
def test_random_legal_play_keeps_invariants(rs, seed, map_id, players):
    game = play(rs, seed, map_id, players)
    if game.over:
        stats = rs.stats(game.state)
        assert stats["winner"] in ("hunters", "enemies", None)
        assert 0 <= stats["hunters_lost"] <= 4


@SETTINGS
@given(seed=st.integers(0, 10_000), map_id=st.sampled_from(MAPS))
def test_replay_is_exact_and_save_load_round_trips(rs, seed, map_id):
    game = play(rs, seed, map_id, 2, limit=400)
    save = orjson.loads(game.to_json())
    again = Game.replay(save, rs)
    assert again.state == game.state
    loaded = Game.load(save, rs)
    assert orjson.dumps(loaded.state) == orjson.dumps(game.state)
    if not game.over:
        seat = game.to_act()[0]
        assert loaded.legal_actions(seat) == game.legal_actions(seat)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_views_never_show_the_deck_order(rs, seed):
    game = play(rs, seed, "manor", 4, limit=150)
    deck = game.state["deck"]
    for seat in (None, 0, 1):
        view = game.view(seat)
        assert "deck" not in view and "rng" not in view and "forced" not in view
        assert view["deck_size"] == len(deck)
        orjson.dumps(view)
