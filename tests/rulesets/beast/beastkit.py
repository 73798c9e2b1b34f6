"""Helpers for `beast` scenario tests: a small battle on the Back Alley map with every unit
placed by hand and dice scripted (R1 encoding: 0 blank, 1 sword-and-shield, 2 double sword).
A uniquely named module, so that it never clashes with other folders' conftest modules."""

from __future__ import annotations

from typing import Any

from hauntkit.core import Game
from hauntkit.rulesets.beast import BeastRuleset


def battle(rs: BeastRuleset, hunters: list[str], enemies: list[str],
           units: dict[str, dict[str, Any]], lights: list[list[int]] | None = None,
           **setup: Any) -> Game:
    """Hunters win initiative (scripted d6 6 vs 1); then the set-up places everything."""
    game = Game.new(rs, {"map": "alley", "hunters": hunters, "enemies": enemies,
                         "dice": [6, 1]}, seed=7)
    rs.apply_setup(game.state, {"units": units, "lights": lights or [], **setup})
    return game


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.state["log"] if e["type"] == kind]


def pass_windows(game: Game) -> None:
    """Decline every interrupt window until nobody is asked."""
    while game.state["window"] is not None:
        game.act(game.to_act()[0], {"type": "pass"})


def random_play(rs: BeastRuleset, game: Game, seed: int, steps: int) -> set[str]:
    """Random legal actions (seeded) until the game ends or ``steps`` were played, checking
    the invariants after each; returns what was used: abilities, weapons and action types."""
    import random
    pick = random.Random(seed)
    used: set[str] = set()
    for _ in range(steps):
        if game.over:
            break
        seat = pick.choice(game.to_act())
        action = pick.choice(game.legal_actions(seat))
        used.add(str(action.get("ability") or action.get("weapon") or action["type"]))
        game.act(seat, action)
        assert rs.invariants(game.state) == []
    return used
