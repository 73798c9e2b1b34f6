"""Seeded randomness held in the state as plain data (splitmix64), plus scripted dice.

The generator state is ``state["rng"] = {"s": int, "script": [int, ...]}``. Scenario files and
tests push die faces onto ``script``; every die roll takes the next scripted face first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from mypy_extensions import i64

from hauntkit.core.errors import ScriptedDiceError

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

# splitmix64 computed on the 32-bit halves (hi, lo) of its 64-bit words: every intermediate
# value stays below 2**50, so compiled code (mypyc_modules.txt) works on machine integers
# (i64) instead of boxed Python ints, and pure Python gets the same numbers. Constants: the
# golden gamma and the two multipliers as halves, the low halves as 16-bit pieces.
_M32: Final = 0xFFFFFFFF
_TWO32: Final = 1 << 32
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
# below() and roll_die() reduce (hi, lo) modulo n without a 64-bit word while n stays below
# this bound (the products stay below 2**62)
_SMALL_N: Final = 1 << 30


def new_rng(seed: int) -> dict[str, Any]:
    """A fresh generator state for ``seed``."""
    return {"s": seed & _MASK, "script": []}


def _mul_hi(hi: i64, lo: i64, c_hi1: i64, c_hi0: i64, c_lo1: i64, c_lo0: i64) -> i64:
    """The high half of ``(hi, lo) * c`` mod 2**64, ``c`` given by its four 16-bit pieces."""
    p1 = lo * c_lo1
    t = lo * c_lo0 + ((p1 & 0xFFFF) << 16)
    return ((t >> 32) + (p1 >> 16) + hi * c_lo0 + (((hi * c_lo1) & 0xFFFF) << 16)
            + lo * c_hi0 + (((lo * c_hi1) & 0xFFFF) << 16)) & _M32


def _mul_lo(lo: i64, c_lo1: i64, c_lo0: i64) -> i64:
    """The low half of ``(hi, lo) * c`` (it does not depend on ``hi`` or c's high half)."""
    return (lo * c_lo0 + (((lo * c_lo1) & 0xFFFF) << 16)) & _M32


def split(s: int) -> tuple[i64, i64]:
    """The counter ``s`` (any int, taken modulo 2**64) as halves ``(hi, lo)``."""
    return (s >> 32) & _M32, s & _M32


def join(hi: int, lo: int) -> int:
    """The 64-bit word of two halves (a Python int: it does not fit an i64)."""
    return (hi << 32) | lo


def advance(sh: i64, sl: i64) -> tuple[i64, i64]:
    """The counter after one step: ``(s + golden gamma) mod 2**64``, as halves."""
    sl += _GOLD_LO
    return (sh + _GOLD_HI + (sl >> 32)) & _M32, sl & _M32


def mix(sh: i64, sl: i64) -> tuple[i64, i64]:
    """splitmix64's output word for the counter ``(sh, sl)``, as halves ``(hi, lo)``."""
    hi = sh ^ (sh >> 30)  # z ^= z >> 30; z *= M1
    lo = sl ^ (((sl >> 30) | (sh << 2)) & _M32)
    hi, lo = _mul_hi(hi, lo, _M1_HI1, _M1_HI0, _M1_LO1, _M1_LO0), _mul_lo(lo, _M1_LO1, _M1_LO0)
    lo ^= ((lo >> 27) | (hi << 5)) & _M32  # z ^= z >> 27; z *= M2
    hi ^= hi >> 27
    hi, lo = _mul_hi(hi, lo, _M2_HI1, _M2_HI0, _M2_LO1, _M2_LO0), _mul_lo(lo, _M2_LO1, _M2_LO0)
    lo ^= ((lo >> 31) | (hi << 1)) & _M32  # z ^= z >> 31
    return hi ^ (hi >> 31), lo


def mod(hi: i64, lo: i64, n: i64) -> i64:
    """``(hi * 2**32 + lo) % n`` for ``0 < n < 2**30``."""
    return ((hi % n) * (_TWO32 % n) + lo) % n


def next_u64(rng: dict[str, Any]) -> int:
    """The next 64-bit value (splitmix64)."""
    sh, sl = advance(*split(rng["s"]))
    rng["s"] = join(sh, sl)
    hi, lo = mix(sh, sl)
    return join(hi, lo)


def below(rng: dict[str, Any], n: int) -> int:
    """A uniform integer in ``[0, n)``; never consumes scripted dice."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    sh, sl = advance(*split(rng["s"]))
    rng["s"] = join(sh, sl)
    hi, lo = mix(sh, sl)
    if n < _SMALL_N:
        return mod(hi, lo, n)
    return join(hi, lo) % n


def choice(rng: dict[str, Any], items: Sequence[Any]) -> Any:
    return items[below(rng, len(items))]


def shuffle(rng: dict[str, Any], items: list[Any]) -> None:
    """Fisher-Yates shuffle in place."""
    if len(items) < 2:
        return  # no draw: the counter stays as it is
    sh, sl = split(rng["s"])
    for i in range(len(items) - 1, 0, -1):
        sh, sl = advance(sh, sl)
        hi, lo = mix(sh, sl)
        j = mod(hi, lo, i + 1) if i < _SMALL_N else join(hi, lo) % (i + 1)
        items[i], items[j] = items[j], items[i]
    rng["s"] = join(sh, sl)


def roll_die(rng: dict[str, Any], faces: Sequence[int]) -> int:
    """Roll one die with the given faces, taking a scripted face first if any is queued."""
    script = rng["script"]
    if script:
        value = script.pop(0)
        if value not in faces:
            raise ScriptedDiceError(
                f"scripted die value {value!r} is not a face of this die {sorted(set(faces))}"
            )
        return value
    return faces[below(rng, len(faces))]


def roll_dice(rng: dict[str, Any], n: int, faces: Sequence[int]) -> list[int]:
    return [roll_die(rng, faces) for _ in range(n)]
