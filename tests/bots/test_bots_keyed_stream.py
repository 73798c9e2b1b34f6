"""The compiled stand-in for the simple bots' per-decision Random (issue 13):
``hauntkit.bots._keyedrng.KeyedStream`` must draw exactly what ``random.Random(key)`` draws,
whichever keys it seeded together, or every simulated and server game with these bots would
change (tests/core/fingerprints.json checks whole games; this checks the draws)."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hauntkit.bots import DefaultBot, RandomBot, bot_rng, simple
from hauntkit.bots.base import bot_seed
from hauntkit.bots.picks import pick_by_type, pick_uniform

KeyedStream = simple.KeyedStream

# A draw: ("bits", k) is getrandbits(k), ("random", 0) is random().
draws = st.lists(st.one_of(st.tuples(st.just("bits"), st.integers(0, 100)),
                           st.tuples(st.just("random"), st.just(0))), max_size=12)
keys = st.integers(0, 2**128 - 1)


def _draw(rng: Any, plan: list[tuple[str, int]]) -> list[float | int]:
    return [rng.random() if kind == "random" else rng.getrandbits(k) for kind, k in plan]


def test_make_builds_the_stream_and_the_stock_bots_use_it() -> None:
    assert KeyedStream is not None  # setup.py builds it (make install); gcc is on our machines
    bot = DefaultBot().bind(_Ends())  # type: ignore[arg-type]
    bot.choose_keyed([{"type": "move"}, {"type": "end_turn"}], 5)
    assert isinstance(bot._stream, KeyedStream)


@given(keys, st.integers(0, 7), draws)
def test_stream_draws_what_random_random_draws(key: int, neighbour: int,
                                              plan: list[tuple[str, int]]) -> None:
    stream = KeyedStream(256, 4)
    stream.reset(key)
    assert _draw(stream, plan) == _draw(random.Random(key), plan)
    # a key seeded together with the first one (or not, past the batch), then the first again
    other = min(key + 256 * neighbour, 2**128 - 1)
    stream.reset(other)
    assert _draw(stream, plan) == _draw(random.Random(other), plan)
    stream.reset(key)
    assert _draw(stream, plan) == _draw(random.Random(key), plan)


@pytest.mark.parametrize("key", [0, 255, 2**32 - 256, 2**64 - 256, 2**96 - 1, 2**128 - 1025])
def test_stream_across_word_boundaries_and_past_a_twist(key: int) -> None:
    """Keys whose batch neighbours need one 32-bit word more (CPython seeds with as many words
    as the key needs), and 2,000 words: the lazy first twist, then full ones."""
    stream = KeyedStream(256, 4)
    for k in (key, key + 256, key + 512, key + 768):
        stream.reset(k)
        expected = random.Random(k)
        assert [stream.getrandbits(32) for _ in range(2000)] == [
            expected.getrandbits(32) for _ in range(2000)]


# A game's decisions: (seat, version step) runs, as bot_seed keys of one game.
turns = st.lists(st.tuples(st.integers(0, 5), st.sampled_from([1, 1, 1, 2, 3, 9])),
                 min_size=1, max_size=40)


@pytest.mark.parametrize("avx2", [True, False])
@given(st.sampled_from([0, 7, 2**24 - 1, 2**56 - 1, 2**64 - 1]), st.integers(1, 8), turns,
       st.sampled_from([2, 300]))
def test_stream_lanes_draw_what_random_random_draws(avx2: bool, seed: int, batch: int,
                                                    plan: list[tuple[int, int]],
                                                    words: int) -> None:
    """Keys as a game asks for them (a seat's run of positions, then another seat's: the
    stream seeds both seats' next positions in one go, in AVX2 or generic code): every
    state is random.Random's for that key."""
    keyedrng = sys.modules[KeyedStream.__module__]
    before = keyedrng.set_avx2(True)
    try:
        keyedrng.set_avx2(avx2)
        stream = KeyedStream(256, batch)
        version = 0
        for seat, step in plan:
            version += step
            key = bot_seed(seed, seat, version)
            stream.reset(key)
            expected = random.Random(key)
            assert [stream.getrandbits(32) for _ in range(words)] == [
                expected.getrandbits(32) for _ in range(words)]
    finally:
        keyedrng.set_avx2(before)


TYPES = ("move", "use", "end_turn", "attack", "pass", "drop")
legals = st.lists(st.builds(lambda t, x: {"type": t, "x": x}, st.sampled_from(TYPES),
                            st.integers(0, 3)), min_size=1, max_size=300)


@given(keys, legals, st.frozensets(st.sampled_from(TYPES)),
       st.sampled_from([0.0, 0.15, 0.5, 1.0, 0.999]))
def test_stream_choose_is_the_picks_choice(key: int, legal: list[dict[str, Any]],
                                           end_types: frozenset[str], end_chance: float) -> None:
    """The whole default-bot choice in C: the same action object, by the same draws."""
    stream = KeyedStream(256, 4)
    assert stream.choose(key, legal, end_types, end_chance) is pick_by_type(
        legal, end_types, end_chance, random.Random(key))
    assert stream.choose(key, legal, None, 0.0) is pick_uniform(legal, random.Random(key))


def test_stream_choose_refuses_what_it_does_not_take_and_the_bot_decides_in_python() -> None:
    stream = KeyedStream()
    many = [{"type": f"t{i}"} for i in range(40)]  # more types than the C side groups
    odd = [{"type": "move"}, [("type", "move")]]  # not a dict
    bot = DefaultBot(0.5).bind(_Ends())  # type: ignore[arg-type]
    for legal in (many, odd[:1] * 2 + odd[1:]):
        with pytest.raises(ValueError):
            stream.choose(1, legal, frozenset(), 0.5)
    with pytest.raises(ValueError):
        stream.choose(1, [], frozenset(), 0.5)
    assert bot.choose_keyed(many, 77) is bot.choose({}, many, random.Random(77))


def test_stream_refuses_keys_it_cannot_seed_and_the_bot_falls_back() -> None:
    stream = KeyedStream()
    for bad in (-1, 2**128):
        with pytest.raises(ValueError):
            stream.reset(bad)
    with pytest.raises(ValueError):
        stream.getrandbits(-1)
    legal = [{"type": "move", "to": i} for i in range(5)] + [{"type": "end_turn"}]
    bot = DefaultBot().bind(_Ends())  # type: ignore[arg-type]
    for key in (2**128, 2**200 + 7, 3):
        assert bot.choose_keyed(legal, key) is bot.choose({}, legal, random.Random(key))


class _Ends:
    end_action_types = frozenset({"end_turn"})


class _Chooser(DefaultBot):
    """A bot with its own ``choose`` (it uses ``rng.choice``, which a stream has not)."""

    def choose(self, view: dict[str, Any], legal_actions: list[dict[str, Any]],
               rng: random.Random) -> dict[str, Any]:
        return rng.choice(legal_actions)


def test_a_subclass_with_its_own_choose_gets_the_random() -> None:
    legal = [{"type": "move", "to": i} for i in range(7)]
    bot = _Chooser()
    key = bot_seed(4, 1, 99)
    assert bot.choose_keyed(legal, key) is legal[bot_rng(4, 1, 99).randrange(7)]
    assert bot._stream is False


def test_stock_bots_pickle_after_use_and_decide_the_same() -> None:
    """balance and simulate send bots to worker processes: the stream stays behind."""
    legal = [{"type": t, "i": i} for i in range(4) for t in ("move", "use", "end_turn")]
    for bot in (DefaultBot(0.3).bind(_Ends()), RandomBot().bind(_Ends())):  # type: ignore[arg-type]
        first = [bot.choose_keyed(legal, bot_seed(9, 2, v)) for v in range(20)]
        copy = pickle.loads(pickle.dumps(bot))
        assert [copy.choose_keyed(legal, bot_seed(9, 2, v)) for v in range(20)] == first


def test_pure_python_switch_turns_the_stream_off() -> None:
    code = "from hauntkit.bots import simple; print(simple.KeyedStream is None)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "HAUNTKIT_PURE_PYTHON": "1"})
    assert out.stdout.strip() == "True"
