"""What search bots need per ruleset: a determinizer (a full state from a view) and rewards.

``determinizer(rs)`` returns ``f(view, rng) -> state`` built from the view only (the ruleset's
``determinize`` module); ``rewards(rs, state)`` gives every seat a value in [0, 1]: 1 for a win,
0 for a loss, and for an unfinished game an estimate from the public board (traits, hit points,
progress of the win counters).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hauntkit.core.ruleset import Ruleset

State = dict[str, Any]
Determinizer = Callable[[dict[str, Any], random.Random], State]


def determinizer(rs: Ruleset) -> Determinizer | None:
    """The view-to-state sampler of ``rs`` (None: the ruleset has none)."""
    if rs.id == "betrayal":
        from hauntkit.rulesets.betrayal.determinize import determinize as betrayal_determinize

        ix = rs.ix  # type: ignore[attr-defined]
        return lambda view, rng: betrayal_determinize(ix, view, rng)
    if rs.id == "legacy":
        from hauntkit.rulesets.legacy.determinize import determinize as legacy_determinize

        lix = rs.ix  # type: ignore[attr-defined]
        return lambda view, rng: legacy_determinize(lix, view, rng)
    if rs.id == "beast":
        from hauntkit.rulesets.beast.determinize import determinize as beast_determinize

        return lambda view, rng: beast_determinize(rs, view, rng)
    return None


def not_determinizable() -> tuple[type[Exception], ...]:
    from hauntkit.rulesets.beast.determinize import NotDeterminizable as BeastNotDeterminizable
    from hauntkit.rulesets.betrayal.determinize import (
        NotDeterminizable as BetrayalNotDeterminizable,
    )

    return (BetrayalNotDeterminizable, BeastNotDeterminizable)


def rewards(rs: Ruleset, state: State, seats: int) -> list[float]:
    """Every seat's value of ``state`` (terminal or not), in [0, 1]."""
    if rs.id in ("betrayal", "legacy"):  # legacy's state and books are betrayal's
        return _betrayal(rs, state, seats)
    if rs.id == "beast":
        return _beast(state, seats)
    return [0.5] * seats


def _betrayal(rs: Ruleset, s: State, seats: int) -> list[float]:
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
    ix = rs.ix  # type: ignore[attr-defined]
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
    from hauntkit.rulesets.betrayal.vocabulary import scaled

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


def _beast(s: State, seats: int) -> list[float]:
    result = s["result"]
    if result is not None:
        won = result.get("winner") == "hunters"
        return [1.0 if won else 0.0] * seats
    lost = {"hunters": 0.0, "enemies": 0.0}
    total = {"hunters": 0.0, "enemies": 0.0}
    for u in s["units"].values():
        side = u["side"]
        total[side] += u["max"]
        lost[side] += u["max"] - (u["hp"] if u["alive"] else 0)
    value = 0.5 + 0.5 * (lost["enemies"] / max(1.0, total["enemies"])
                         - lost["hunters"] / max(1.0, total["hunters"]))
    return [value] * seats
