"""Dice of the `beast` ruleset.

RULING R1 combat die, encoded as integers for scripted dice: ``0`` = blank, ``1`` =
sword-and-shield, ``2`` = double sword. Attacking, 1 and 2 are HITs and 0 a MISS; defending,
only 1 is a block. The six faces are 1, 1, 1, 2, 0, 0. Initiative and skill checks use a d6
(faces 1..6).
"""

from __future__ import annotations

from typing import Any, Final

from hauntkit.core.rng import advance, join, mix, mod, roll_die, split

BLANK: Final = 0
SHIELD: Final = 1
DOUBLE: Final = 2
COMBAT_FACES = (SHIELD, SHIELD, SHIELD, DOUBLE, BLANK, BLANK)
D6_FACES = (1, 2, 3, 4, 5, 6)


def combat(state: dict[str, Any], n: int) -> list[int]:
    """Roll ``n`` combat dice (scripted faces first: then die by die through ``roll_die``;
    otherwise the same draws as ``roll_die``, on core.rng's 32-bit halves)."""
    rng: dict[str, Any] = state["rng"]
    if rng["script"]:
        return [roll_die(rng, COMBAT_FACES) for _ in range(max(0, n))]
    sh, sl = split(rng["s"])
    out: list[int] = []
    for _ in range(n):
        sh, sl = advance(sh, sl)
        hi, lo = mix(sh, sl)
        face = mod(hi, lo, 6)  # COMBAT_FACES[face], without building the tuple
        out.append(SHIELD if face < 3 else DOUBLE if face == 3 else BLANK)
    rng["s"] = join(sh, sl)
    return out


def d6(state: dict[str, Any]) -> int:
    return roll_die(state["rng"], D6_FACES)


def hits(faces: list[int]) -> int:
    return sum(1 for f in faces if f)


def blocks(faces: list[int]) -> int:
    return sum(1 for f in faces if f == SHIELD)
