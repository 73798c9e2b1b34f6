"""beast.dice.combat computes core.rng's splitmix64 on 32-bit halves: the same faces, in the
same order, and the same generator state as rolling die by die with ``roll_die``."""

from __future__ import annotations

import random

from hauntkit.core.rng import _MASK, roll_die
from hauntkit.rulesets.beast.battle import dice

EDGES = [0, 1, _MASK, _MASK - 1, 1 << 63, (1 << 63) - 1, (1 << 32) - 1, 1 << 32, 0x61C8864680B583EA]


def _by_roll_die(s: int, n: int) -> tuple[list[int], int]:
    rng = {"s": s, "script": []}
    return [roll_die(rng, dice.COMBAT_FACES) for _ in range(n)], rng["s"]


def test_combat_draws_equal_roll_die() -> None:
    pick = random.Random(13)
    seeds = EDGES + [pick.getrandbits(64) for _ in range(3000)]
    for s in seeds:
        n = pick.randint(0, 7)
        state = {"rng": {"s": s, "script": []}}
        faces = dice.combat(state, n)
        assert (faces, state["rng"]["s"]) == _by_roll_die(s, n), (s, n)
        assert type(state["rng"]["s"]) is int


def test_combat_takes_scripted_faces_first() -> None:
    state = {"rng": {"s": 7, "script": [2, 0]}}
    faces = dice.combat(state, 3)
    assert faces[:2] == [2, 0]
    assert state["rng"]["script"] == []
