"""Ruleset-generic bots: uniformly random, and a default that keeps a turn going a while."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from hauntkit.bots.base import Action, Bot, register_bot


class RandomBot(Bot):
    """Any legal action, uniformly."""

    name: ClassVar[str] = "random"
    uses_view: ClassVar[bool] = False

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        return legal_actions[rng.randrange(len(legal_actions))]


class DefaultBot(Bot):
    """A bot for seats: picks an action type uniformly, then an action of that type, so that
    many-option types (moves, targets) do not drown the rest; and while it has anything else to
    do it ends its turn only with probability ``end_chance``, so games progress. Which types
    end a turn is the ruleset's declaration (``end_action_types``, learnt by ``bind``)."""

    name: ClassVar[str] = "default"
    uses_view: ClassVar[bool] = False

    def __init__(self, end_chance: float = 0.15) -> None:
        self.end_chance = end_chance

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        by_type: dict[str, list[Action]] = {}
        for action in legal_actions:
            by_type.setdefault(action["type"], []).append(action)
        if len(by_type) == 1:
            options = legal_actions
        else:
            types = list(by_type)
            end_types = self.end_action_types
            others = [t for t in types if t not in end_types]
            if others and len(others) < len(types):
                ends = [t for t in types if t in end_types]
                types = ends if rng.random() < self.end_chance else others
            options = by_type[types[rng.randrange(len(types))]]
        return options[rng.randrange(len(options))]


register_bot(RandomBot.name, RandomBot)
register_bot(DefaultBot.name, DefaultBot)
