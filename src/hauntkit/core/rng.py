"""Seeded randomness held in the state as plain data (splitmix64), plus scripted dice.

The generator state is ``state["rng"] = {"s": int, "script": [int, ...]}``. Scenario files and
tests push die faces onto ``script``; every die roll takes the next scripted face first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hauntkit.core.errors import ScriptedDiceError

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def new_rng(seed: int) -> dict[str, Any]:
    """A fresh generator state for ``seed``."""
    return {"s": seed & _MASK, "script": []}


def next_u64(rng: dict[str, Any]) -> int:
    """The next 64-bit value (splitmix64)."""
    s = (rng["s"] + _GOLDEN) & _MASK
    rng["s"] = s
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _mix(s: int) -> int:
    """The splitmix64 output function of the counter ``s`` (inlined by the hot functions)."""
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(rng: dict[str, Any], n: int) -> int:
    """A uniform integer in ``[0, n)``; never consumes scripted dice."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    s = (rng["s"] + _GOLDEN) & _MASK
    rng["s"] = s
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % n


def choice(rng: dict[str, Any], items: Sequence[Any]) -> Any:
    return items[below(rng, len(items))]


def shuffle(rng: dict[str, Any], items: list[Any]) -> None:
    """Fisher-Yates shuffle in place."""
    s = rng["s"]
    for i in range(len(items) - 1, 0, -1):
        s = (s + _GOLDEN) & _MASK
        j = _mix(s) % (i + 1)
        items[i], items[j] = items[j], items[i]
    rng["s"] = s


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
    s = (rng["s"] + _GOLDEN) & _MASK
    rng["s"] = s
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return faces[(z ^ (z >> 31)) % len(faces)]


def roll_dice(rng: dict[str, Any], n: int, faces: Sequence[int]) -> list[int]:
    return [roll_die(rng, faces) for _ in range(n)]
