"""What the searching bots (``ismcts``, ``rollout`` and so ``hard``) share: the heuristic bot
(their default and guide), the rulesets they were bound to, and the figures of their last
decision (``last_iterations``, ``last_seconds``: what ``hauntkit bot-speed`` reports)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from hauntkit.bots.base import Action, Bot
from hauntkit.bots.heuristic import HeuristicBot, starter_ruleset
from hauntkit.core.ruleset import Ruleset


class SearchBot(Bot):
    """A bot that searches from the view, falling back on the heuristic."""

    uses_view: ClassVar[bool] = True

    def __init__(self, rulesets: dict[str, Ruleset] | None = None) -> None:
        self._rulesets = dict(rulesets or {})
        self.heuristic = HeuristicBot(self._rulesets)
        self.last_iterations = 0
        self.last_seconds = 0.0

    def bind(self, ruleset: Ruleset) -> SearchBot:
        super().bind(ruleset)
        self._rulesets[ruleset.id] = ruleset
        self.heuristic.bind(ruleset)
        return self

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        """A lone legal action is played at once (no search, no figures); otherwise
        ``decide``."""
        self.last_iterations = 0
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.decide(view, legal_actions, rng)

    def decide(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        """The bot's choice among two or more legal actions."""
        raise NotImplementedError

    def ruleset(self, ruleset_id: str) -> Ruleset:
        """The ruleset bound for ``ruleset_id``, else its starter pack."""
        return self._rulesets.get(ruleset_id) or starter_ruleset(ruleset_id)
