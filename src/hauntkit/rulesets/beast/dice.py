"""Dice of the `beast` ruleset.

RULING R1 combat die, encoded as integers for scripted dice: ``0`` = blank, ``1`` =
sword-and-shield, ``2`` = double sword. Attacking, 1 and 2 are HITs and 0 a MISS; defending,
only 1 is a block. The six faces are 1, 1, 1, 2, 0, 0. Initiative and skill checks use a d6
(faces 1..6).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.rng import roll_die

BLANK, SHIELD, DOUBLE = 0, 1, 2
COMBAT_FACES = (SHIELD, SHIELD, SHIELD, DOUBLE, BLANK, BLANK)
D6_FACES = (1, 2, 3, 4, 5, 6)


def combat(state: dict[str, Any], n: int) -> list[int]:
    """Roll ``n`` combat dice."""
    rng = state["rng"]
    return [roll_die(rng, COMBAT_FACES) for _ in range(max(0, n))]


def d6(state: dict[str, Any]) -> int:
    return roll_die(state["rng"], D6_FACES)


def hits(faces: list[int]) -> int:
    return sum(1 for f in faces if f)


def blocks(faces: list[int]) -> int:
    return sum(1 for f in faces if f == SHIELD)
