"""How a betrayal (and Legacy) position stands for each seat, for search bots' rollouts
(``Ruleset.position_values``): 1 for a win, 0 for a loss; before the end, an estimate from
the public board (traits, monsters, the progress of each book's win counters)."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal.index import Index
from hauntkit.rulesets.betrayal.vocabulary import scaled

State = dict[str, Any]


def position_values(ix: Index, s: State, seats: int) -> list[float]:
    """Every seat's value of ``s`` in [0, 1]."""
    ex = s["explorers"]
    result = s["result"]
    if result is not None:
        winner = result.get("winner")
        if winner is None:
            return [0.5] * seats
        if winner == "house":
            winner = "traitor"
        return [1.0 if e["side"] == winner else 0.0 for e in ex]
    h = s["haunt"]
    if h is None:
        # before the haunt: healthier explorers do better later
        return [0.5 + 0.1 * (_health(e) - 0.5) for e in ex]
    haunt = ix.haunts[h["id"]]
    strength = {"heroes": 0.0, "traitor": 0.0}
    count = {"heroes": 0, "traitor": 0}
    for e in ex:
        side = e["side"]
        if side in strength:
            count[side] += 1
            if e["alive"]:
                strength[side] += _health(e)
    hs = strength["heroes"] / max(1, count["heroes"])
    ts = strength["traitor"] / max(1, count["traitor"]) if count["traitor"] else 0.5
    ts = min(1.0, ts + 0.1 * len(s["monsters"]))
    progress = {"heroes": _progress(haunt.heroes.win, s), "traitor":
                _progress(haunt.traitor_book.win, s)}
    hero_value = 0.5 + 0.2 * (hs - ts) + 0.3 * (progress["heroes"] - progress["traitor"])
    hero_value = min(0.95, max(0.05, hero_value))
    return [hero_value if e["side"] == "heroes" else 1.0 - hero_value for e in ex]


def _health(e: dict[str, Any]) -> float:
    t = e["traits"]
    return sum(max(0, v) for v in t.values()) / 28.0


def _progress(wins: list[Any], s: State) -> float:
    """How far the closest counter win condition has come (0..1)."""
    best = 0.0
    counters = s["counters"]
    n = s["players"]
    for c in wins:
        need = c.counter_at_least
        if not need:
            continue
        parts = []
        for k, v in need.items():
            want = scaled(v, n)
            parts.append(min(1.0, counters.get(k, 0) / max(1, want)))
        best = max(best, min(parts))
    return best
