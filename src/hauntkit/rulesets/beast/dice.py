"""Dice of the `beast` ruleset.

RULING R1 combat die, encoded as integers for scripted dice: ``0`` = blank, ``1`` =
sword-and-shield, ``2`` = double sword. Attacking, 1 and 2 are HITs and 0 a MISS; defending,
only 1 is a block. The six faces are 1, 1, 1, 2, 0, 0. Initiative and skill checks use a d6
(faces 1..6).
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import i64

from hauntkit.core.rng import roll_die

BLANK: Final = 0
SHIELD: Final = 1
DOUBLE: Final = 2
COMBAT_FACES = (SHIELD, SHIELD, SHIELD, DOUBLE, BLANK, BLANK)
D6_FACES = (1, 2, 3, 4, 5, 6)

# core.rng's splitmix64 on 32-bit halves (hi, lo) of the 64-bit words: every intermediate
# value stays below 2**50, so compiled code computes on machine integers (i64) instead of
# boxed Python ints, and pure Python gets the same numbers. Constants: core.rng's _GOLDEN and
# the two multipliers, as halves (hi, lo) and the lo halves' 16-bit pieces.
_M32: Final = 0xFFFFFFFF
_GOLD_HI: Final = 0x9E3779B9
_GOLD_LO: Final = 0x7F4A7C15
_M1_HI1: Final = 0xBF58
_M1_HI0: Final = 0x476D
_M1_LO1: Final = 0x1CE4
_M1_LO0: Final = 0xE5B9
_M2_HI1: Final = 0x94D0
_M2_HI0: Final = 0x49BB
_M2_LO1: Final = 0x1331
_M2_LO0: Final = 0x11EB


def _mul_hi(hi: i64, lo: i64, c_hi1: i64, c_hi0: i64, c_lo1: i64, c_lo0: i64) -> i64:
    """The high half of ``(hi, lo) * c`` mod 2**64, ``c`` given by its four 16-bit pieces."""
    p1 = lo * c_lo1
    t = lo * c_lo0 + ((p1 & 0xFFFF) << 16)
    return ((t >> 32) + (p1 >> 16) + hi * c_lo0 + (((hi * c_lo1) & 0xFFFF) << 16)
            + lo * c_hi0 + (((lo * c_hi1) & 0xFFFF) << 16)) & _M32


def _mul_lo(lo: i64, c_lo1: i64, c_lo0: i64) -> i64:
    """The low half of ``(hi, lo) * c`` (it does not depend on ``hi`` or c's high half)."""
    return (lo * c_lo0 + (((lo * c_lo1) & 0xFFFF) << 16)) & _M32


def combat(state: dict[str, Any], n: int) -> list[int]:
    """Roll ``n`` combat dice (scripted faces first: then die by die through ``roll_die``;
    otherwise the same draws as ``roll_die``, computed on 32-bit halves)."""
    rng: dict[str, Any] = state["rng"]
    if rng["script"]:
        return [roll_die(rng, COMBAT_FACES) for _ in range(max(0, n))]
    s: int = rng["s"]
    sh: i64 = s >> 32
    sl: i64 = s & _M32
    out: list[int] = []
    for _ in range(n):
        sl += _GOLD_LO
        sh = (sh + _GOLD_HI + (sl >> 32)) & _M32
        sl &= _M32
        # z ^= z >> 30; z *= M1
        hi = sh ^ (sh >> 30)
        lo = sl ^ (((sl >> 30) | (sh << 2)) & _M32)
        hi, lo = _mul_hi(hi, lo, _M1_HI1, _M1_HI0, _M1_LO1, _M1_LO0), _mul_lo(lo, _M1_LO1, _M1_LO0)
        # z ^= z >> 27; z *= M2
        lo ^= ((lo >> 27) | (hi << 5)) & _M32
        hi ^= hi >> 27
        hi, lo = _mul_hi(hi, lo, _M2_HI1, _M2_HI0, _M2_LO1, _M2_LO0), _mul_lo(lo, _M2_LO1, _M2_LO0)
        # z ^= z >> 31; z % 6, as 2**32 % 6 == 4
        lo ^= ((lo >> 31) | (hi << 1)) & _M32
        hi ^= hi >> 31
        face = (4 * hi + lo) % 6  # COMBAT_FACES[face], without building the tuple
        out.append(SHIELD if face < 3 else DOUBLE if face == 3 else BLANK)
    rng["s"] = _join(sh, sl)
    return out


def _join(hi: int, lo: int) -> int:
    """The 64-bit word of two halves (a Python int: it does not fit an i64)."""
    return (hi << 32) | lo


def d6(state: dict[str, Any]) -> int:
    return roll_die(state["rng"], D6_FACES)


def hits(faces: list[int]) -> int:
    return sum(1 for f in faces if f)


def blocks(faces: list[int]) -> int:
    return sum(1 for f in faces if f == SHIELD)
