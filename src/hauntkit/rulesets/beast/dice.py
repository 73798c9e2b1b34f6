"""Dice of the `beast` ruleset.

RULING R1 combat die, encoded as integers for scripted dice: ``0`` = blank, ``1`` =
sword-and-shield, ``2`` = double sword. Attacking, 1 and 2 are HITs and 0 a MISS; defending,
only 1 is a block. The six faces are 1, 1, 1, 2, 0, 0. Initiative and skill checks use a d6
(faces 1..6).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.rng import _GOLDEN, _MASK, roll_die

BLANK, SHIELD, DOUBLE = 0, 1, 2
COMBAT_FACES = (SHIELD, SHIELD, SHIELD, DOUBLE, BLANK, BLANK)
_N_COMBAT = len(COMBAT_FACES)
D6_FACES = (1, 2, 3, 4, 5, 6)


def combat(state: dict[str, Any], n: int) -> list[int]:
    """Roll ``n`` combat dice (scripted faces first: then die by die through ``roll_die``;
    otherwise the same draws as ``roll_die``, inlined)."""
    rng = state["rng"]
    if rng["script"]:
        return [roll_die(rng, COMBAT_FACES) for _ in range(max(0, n))]
    s = rng["s"]
    out = []
    for _ in range(n):
        s = (s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        out.append(COMBAT_FACES[(z ^ (z >> 31)) % _N_COMBAT])  # core.rng's splitmix64
    rng["s"] = s
    return out


def d6(state: dict[str, Any]) -> int:
    return roll_die(state["rng"], D6_FACES)


def hits(faces: list[int]) -> int:
    return sum(1 for f in faces if f)


def blocks(faces: list[int]) -> int:
    return sum(1 for f in faces if f == SHIELD)
