"""How fast a searching bot decides: iterations per CPU second over real mid-game decisions,
and the seconds (CPU and wall) a decision takes, on average and at the slowest.

A searching bot reports ``last_iterations`` and ``last_seconds`` after each decision (ISMCTS:
tree iterations; ``rollout``/``hard``: rollouts, zero at a decision it left to the heuristic,
which is then not counted)."""

from __future__ import annotations

import time
from typing import Any

from hauntkit.bots.base import bot_rng, make_bot
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset


def ismcts_speed(rs: Ruleset, config: dict[str, Any], seed: int = 0, decisions: int = 20,
                 iterations: int | None = 1000, rollout: int = 6, every: int = 10,
                 bot: str = "ismcts") -> dict[str, Any]:
    """Search ``decisions`` positions of heuristic games (one every ``every`` actions) with
    the registered searching ``bot`` (``iterations`` each; None: the bot's own budget);
    report iterations per CPU second and seconds per decision (mean and slowest)."""
    search: Any = make_bot(bot, rs, {"iterations": iterations, "rollout": rollout})
    if not hasattr(search, "last_iterations"):
        raise TypeError(f"bot {bot!r} does not search")
    guide = make_bot("heuristic", rs)
    cpu: list[float] = []
    wall: list[float] = []
    total_its = 0
    game_seed = seed
    while len(cpu) < decisions:
        game = Game.new(rs, config, game_seed)
        k = 0
        while not game.over and len(cpu) < decisions:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            if k % every == 0:
                started = time.perf_counter()
                search.choose(view, legal, bot_rng(game_seed, seat))
                if search.last_iterations:
                    wall.append(time.perf_counter() - started)
                    cpu.append(search.last_seconds)
                    total_its += search.last_iterations
            game.act_trusted(seat, guide.choose(view, legal, bot_rng(game_seed, seat)))
            k += 1
        game_seed += 1
    done, total_s = len(cpu), sum(cpu)
    budget = getattr(search, "iterations", None) or search.rollouts  # hard: rollouts
    return {"ruleset": rs.id, "bot": bot, "decisions": done, "iterations": budget,
            "rollout": rollout,
            "iterations_per_cpu_second": round(total_its / total_s) if total_s else None,
            "cpu_seconds_per_decision": round(total_s / done, 4) if done else None,
            "slowest_cpu_seconds": round(max(cpu), 4) if done else None,
            "wall_seconds_per_decision": round(sum(wall) / done, 4) if done else None,
            "slowest_wall_seconds": round(max(wall), 4) if done else None}
