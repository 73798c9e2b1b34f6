"""A tiny campaign-capable ruleset for the campaign tests: "Lantern league".

Each game is a race of the server tests' toy ruleset (``toyrules.Lanterns``). The campaign
keeps each seat's wins and a head start: every seat that did not win a game starts the next
one a step further on (its ``bonus``). The league ends after ``games`` games (config, default
3) or as soon as a seat has ``to_win`` wins (default 2).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from toyrules import Lanterns  # noqa: E402

from hauntkit.core.ruleset import register_ruleset  # noqa: E402


@register_ruleset
class LanternLeague(Lanterns):
    id = "toyleague"

    def campaign_start(self, config: dict[str, Any]) -> dict[str, Any]:
        n = int(config.get("players", 3))
        return {"wins": [0] * n, "bonus": [0] * n, "games": 0}

    def campaign_next(self, config: dict[str, Any], data: dict[str, Any],
                      played: list[dict[str, Any]]) -> dict[str, Any] | None:
        if len(played) >= int(config.get("games", 3)):
            return None
        if max(data["wins"]) >= int(config.get("to_win", 2)):
            return None
        return {"players": len(data["wins"]), "round": len(played) + 1}

    def carry_in(self, state: dict[str, Any], data: dict[str, Any]) -> None:
        state["pos"] = list(data["bonus"])

    def carry_out(self, state: dict[str, Any]) -> dict[str, Any]:
        data = state["carry_in"]
        winner = state["winner"]
        return {
            "wins": [w + (i == winner) for i, w in enumerate(data["wins"])],
            "bonus": [b + (i != winner) for i, b in enumerate(data["bonus"])],
            "games": data["games"] + 1,
        }
