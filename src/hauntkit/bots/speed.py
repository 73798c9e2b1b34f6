"""How fast ISMCTS searches: iterations per CPU second over real mid-game decisions."""

from __future__ import annotations

from typing import Any

from hauntkit.bots.base import bot_rng, make_bot
from hauntkit.bots.ismcts import IsmctsBot
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset


def ismcts_speed(rs: Ruleset, config: dict[str, Any], seed: int = 0, decisions: int = 20,
                 iterations: int = 1000, rollout: int = 6, every: int = 10) -> dict[str, Any]:
    """Search ``decisions`` positions of heuristic games (one every ``every`` actions) with
    ``iterations`` each; report iterations per CPU second and seconds per decision."""
    search = IsmctsBot(iterations=iterations, rollout=rollout).bind(rs)
    guide = make_bot("heuristic", rs)
    done = 0
    total_its = 0
    total_s = 0.0
    game_seed = seed
    while done < decisions:
        game = Game.new(rs, config, game_seed)
        k = 0
        while not game.over and done < decisions:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            if k % every == 0:
                search.choose(view, legal, bot_rng(game_seed, seat))
                if search.last_iterations:
                    done += 1
                    total_its += search.last_iterations
                    total_s += search.last_seconds
            game.act_trusted(seat, guide.choose(view, legal, bot_rng(game_seed, seat)))
            k += 1
        game_seed += 1
    return {"ruleset": rs.id, "decisions": done, "iterations": iterations, "rollout": rollout,
            "iterations_per_cpu_second": round(total_its / total_s) if total_s else None,
            "cpu_seconds_per_decision": round(total_s / done, 4) if done else None}
