"""Ruleset-generic bots: uniformly random, and a default that keeps a turn going a while.

Both also decide through ``choose_keyed(legal_actions, key)``: the same choice as
``choose(view, legal_actions, random.Random(key))``, reseeding one ``random.Random`` of their
own instead of building one per decision. Simulations call it (``sim.runner``): with thousands
of decisions per game, building a ``random.Random`` each time was a visible share of the time.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from hauntkit.bots.base import Action, Bot, register_bot
from hauntkit.bots.picks import below, pick_by_type, pick_uniform

__all__ = ["DefaultBot", "KeyedChoice", "RandomBot", "below"]

_reseed = random.Random.__mro__[1].seed  # the C seeding of _random.Random, without the wrapper


class KeyedChoice(Bot):
    """A bot whose ``choose`` ignores the view: ``choose_keyed`` decides from the legal
    actions and the decision's seed (``bots.bot_seed``) alone."""

    uses_view: ClassVar[bool] = False
    _rng: random.Random | None = None

    def choose_keyed(self, legal_actions: list[Action], key: int) -> Action:
        """``choose({}, legal_actions, random.Random(key))``, without a new Random."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random()
        _reseed(rng, key)
        rng.gauss_next = None  # as random.Random.seed leaves it
        return self.choose({}, legal_actions, rng)


class RandomBot(KeyedChoice):
    """Any legal action, uniformly."""

    name: ClassVar[str] = "random"

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        return pick_uniform(legal_actions, rng)


class DefaultBot(KeyedChoice):
    """A bot for seats: picks an action type uniformly, then an action of that type, so that
    many-option types (moves, targets) do not drown the rest; and while it has anything else to
    do it ends its turn only with probability ``end_chance``, so games progress. Which types
    end a turn is the ruleset's declaration (``end_action_types``, learnt by ``bind``)."""

    name: ClassVar[str] = "default"

    def __init__(self, end_chance: float = 0.15) -> None:
        self.end_chance = end_chance

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        return pick_by_type(legal_actions, self.end_action_types, self.end_chance, rng)


register_bot(RandomBot.name, RandomBot)
register_bot(DefaultBot.name, DefaultBot)
