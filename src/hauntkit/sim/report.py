"""Aggregating simulated games into totals, with Wilson 95% intervals on win rates."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from hauntkit.sim.runner import GameRecord

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _flatten(stats: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in stats.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        elif isinstance(value, list):
            out[name + ".count"] = len(value)
        else:
            out[name] = value
    return out


def summarize(records: list[GameRecord], header: dict[str, Any]) -> dict[str, Any]:
    """Totals over ``records``: outcomes with intervals, and every figure of ``stats``.

    Numbers give mean/min/max/total; booleans a count and rate; strings a count per value.
    """
    n = len(records)
    outcomes = Counter(r.outcome for r in records)
    wins = {}
    for outcome in sorted(outcomes):
        low, high = wilson(outcomes[outcome], n)
        wins[outcome] = {"games": outcomes[outcome], "rate": round(outcomes[outcome] / n, 4),
                         "low": round(low, 4), "high": round(high, 4)}
    flat = [_flatten(r.stats) for r in records]
    numbers: dict[str, dict[str, Any]] = {}
    counts: dict[str, dict[str, int]] = {}
    keys = sorted({k for f in flat for k in f} - {"winner"})
    for key in keys:
        values = [f[key] for f in flat if key in f]
        if all(isinstance(v, bool) for v in values):
            true = sum(values)
            numbers[key] = {"games": len(values), "true": true,
                            "rate": round(true / len(values), 4)}
        elif all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            numbers[key] = _numeric(values)
        else:
            counts[key] = dict(sorted(Counter(str(v) for v in values).items()))
            if None in values:  # e.g. betrayal "haunt": the rate of games where it started
                given = sum(v is not None for v in values)
                numbers[f"games with a {key}"] = {"games": len(values), "true": given,
                                            "rate": round(given / len(values), 4)}
    actions = [r.actions for r in records]
    return {
        **header,
        "games": n,
        "capped": outcomes.get("capped", 0),
        "outcomes": wins,
        "actions": _numeric(actions) if actions else {},
        "figures": numbers,
        "counts": counts,
        "per_game": [r.to_dict() for r in records],
    }


def _numeric(values: list[float]) -> dict[str, Any]:
    total = sum(values)
    return {"mean": round(total / len(values), 3), "min": min(values), "max": max(values),
            "total": total}
