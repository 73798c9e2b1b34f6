"""Bots that decide from a player's ``view`` and ``legal_actions`` only, never the true state.

The API every seat-filler uses (simulation, the server's bot seats)::

    bot = get_bot("default", ruleset)        # or "random"; bound to the ruleset it plays
    seat = bot_seat(waiting, seed, version)  # which waiting bot seat acts
    rng = bot_rng(seed, seat, version)       # that decision's own seeded random.Random
    action = bot.choose(view, legal_actions, rng)

A bot's randomness is its own ``random.Random``: it never touches ``state["rng"]``, so bots do
not change the game's dice. Bots are stateless; one instance may serve every seat.
"""

from __future__ import annotations

from hauntkit.bots.base import (
    Bot,
    UnknownBotError,
    bot_names,
    bot_rng,
    bot_seat,
    get_bot,
    register_bot,
)
from hauntkit.bots.heuristic import HeuristicBot
from hauntkit.bots.ismcts import IsmctsBot
from hauntkit.bots.simple import DefaultBot, RandomBot

__all__ = ["Bot", "DefaultBot", "HeuristicBot", "IsmctsBot", "RandomBot", "UnknownBotError",
           "bot_names", "bot_rng", "bot_seat", "get_bot", "register_bot"]
