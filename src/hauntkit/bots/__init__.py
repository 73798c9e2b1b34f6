"""Bots that decide from a player's ``view`` and ``legal_actions`` only, never the true state.

The API every seat-filler uses (simulation, the server's bot seats)::

    bot = get_bot("normal", ruleset)         # "easy", "normal", "hard", or a research bot
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
from hauntkit.bots.strengths import EasyBot, HardBot, NormalBot, bot_title, strengths

__all__ = ["Bot", "DefaultBot", "EasyBot", "HardBot", "HeuristicBot", "IsmctsBot", "NormalBot",
           "RandomBot", "UnknownBotError", "bot_names", "bot_rng", "bot_seat", "bot_title",
           "get_bot", "register_bot", "strengths"]
