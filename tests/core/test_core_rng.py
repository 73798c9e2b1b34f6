"""Seeded randomness held in the state (core/rng.py)."""

from __future__ import annotations

import orjson
from hypothesis import given
from hypothesis import strategies as st

from hauntkit.core import rng as R

BETRAYAL_DIE = (0, 0, 1, 1, 2, 2)  # RULING B1


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_same_seed_same_sequence_and_json_state(seed):
    a, b = R.new_rng(seed), R.new_rng(seed)
    assert [R.next_u64(a) for _ in range(5)] == [R.next_u64(b) for _ in range(5)]
    assert orjson.loads(orjson.dumps(a)) == a


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=50))
def test_below_and_shuffle_stay_in_range(seed, n):
    rng = R.new_rng(seed)
    assert all(0 <= R.below(rng, n) < n for _ in range(20))
    items = list(range(n))
    R.shuffle(rng, items)
    assert sorted(items) == list(range(n))


def test_scripted_faces_come_first_then_random_faces():
    rng = R.new_rng(3)
    rng["script"] = [2, 0]
    assert R.roll_dice(rng, 2, BETRAYAL_DIE) == [2, 0]
    rest = R.roll_dice(rng, 200, BETRAYAL_DIE)
    assert set(rest) == {0, 1, 2}


def test_below_never_consumes_the_script():
    rng = R.new_rng(3)
    rng["script"] = [1]
    R.below(rng, 6)
    R.choice(rng, ["a", "b"])
    assert rng["script"] == [1]


def test_a_fair_die_is_roughly_uniform():
    rng = R.new_rng(99)
    rolls = R.roll_dice(rng, 6000, (1, 2, 3, 4, 5, 6))
    assert all(800 < rolls.count(f) < 1200 for f in range(1, 7))


def test_the_stream_never_changes():
    """Saves replay from seed + actions: a changed stream would break every old save."""
    rng = R.new_rng(2026)
    assert [R.next_u64(rng) for _ in range(3)] == [
        15824617304438902051, 8699989649721214301, 12310341597754734734]
    rng = R.new_rng(7)
    items = list(range(10))
    R.shuffle(rng, items)
    assert items == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
    assert R.below(rng, 1000) == 425
    assert R.roll_dice(rng, 5, BETRAYAL_DIE) == [0, 2, 0, 2, 0]
    assert R.choice(rng, "abcdef") == "a"
    assert rng["s"] == 16390740445785211223


# The 64-bit splitmix64 as written before the halves (a reference the stream must match).
def _ref_next(s: int) -> tuple[int, int]:
    s = (s + 0x9E3779B97F4A7C15) & R._MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & R._MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & R._MASK
    return s, z ^ (z >> 31)


_EDGES = [0, 1, R._MASK, R._MASK - 1, 1 << 63, (1 << 63) - 1, (1 << 32) - 1, 1 << 32, -1, 1 << 70]


@given(st.one_of(st.sampled_from(_EDGES), st.integers(min_value=0, max_value=2**64 - 1)),
       st.one_of(st.integers(min_value=1, max_value=60),
                 st.integers(min_value=2**30 - 2, max_value=2**30 + 2),
                 st.integers(min_value=1, max_value=2**80)))
def test_the_halves_give_the_64_bit_stream(seed, n):
    """below, roll_die, next_u64 and shuffle (computed on 32-bit halves, mypyc i64) give the
    numbers of the plain 64-bit splitmix64, for any counter and any bound."""
    s, z = _ref_next(seed)
    rng = R.new_rng(0)
    rng["s"] = seed
    assert R.below(rng, n) == z % n and rng["s"] == s
    rng["s"] = seed
    assert R.next_u64(rng) == z and rng["s"] == s
    faces = tuple(range(min(n, 60)))
    rng["s"] = seed
    assert R.roll_die(rng, faces) == faces[z % len(faces)] and rng["s"] == s
    items, expected, t = list(range(min(n, 60))), list(range(min(n, 60))), seed & R._MASK
    for i in range(len(expected) - 1, 0, -1):
        t, z = _ref_next(t)
        j = z % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    rng["s"] = seed
    R.shuffle(rng, items)
    assert items == expected and rng["s"] == (t if len(expected) > 1 else seed)
