"""How a beast battle stands for the hunters, for search bots' rollouts
(``Ruleset.position_values``): 1 won, 0 lost; before the end, the share of the enemies' hit
points taken against the share of the hunters' lost (every seat is a hunter: one value)."""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def position_values(s: State, seats: int) -> list[float]:
    """Every seat's value of ``s`` in [0, 1] (all seats alike: the hunters share it)."""
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
