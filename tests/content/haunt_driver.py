"""Drive a betrayal game with bots from a set-up position (a haunt already started)."""

from __future__ import annotations

import random
from typing import Any

from hauntkit.bots.base import get_bot
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset


def play_haunt(ruleset: Ruleset, haunt: str, players: int, seed: int, *, bot: str = "default",
               max_actions: int = 20000, check_invariants: bool = True) -> tuple[Game, int]:
    """Start ``haunt`` at once (the revealer is seat 0, in the starting house) and let bots play
    it to its end. Returns the game and the number of actions; raises on any error or broken
    invariant."""
    game = Game.new(ruleset, {"players": players}, seed)
    ruleset.apply_setup(game.state, {"haunt": {"id": haunt, "revealer": 0}})
    player = get_bot(bot)
    rng = random.Random(seed)
    actions = 0
    while game.result() is None and actions < max_actions:
        waiting = game.to_act()
        assert waiting, "no seat has a decision to make but the game is not over"
        seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        view: dict[str, Any] = game.view(seat) if player.uses_view else {}
        game.act_trusted(seat, player.choose(view, legal, rng))
        actions += 1
        if check_invariants:
            broken = ruleset.invariants(game.state)
            assert not broken, broken
    return game, actions
