"""``heuristic``: a bot per ruleset that pursues its side's goals, read from the content.

The bot sees only ``view`` and ``legal_actions`` (plus the public content pack: room and card
models and its own side's haunt book). Policies live in one module per ruleset
(``betrayal_policy``, ``legacy_policy``, ``beast_policy``); this module picks the right one by ``view["ruleset"]``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Protocol

from hauntkit.bots.base import Action, Bot, register_bot
from hauntkit.bots.simple import DefaultBot
from hauntkit.core.ruleset import Ruleset, get_ruleset

_STARTER: dict[str, Ruleset] = {}


def starter_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset bound to its starter pack, loaded once per process."""
    rs = _STARTER.get(ruleset_id)
    if rs is None:
        rs = _STARTER[ruleset_id] = get_ruleset(ruleset_id)
    return rs


class Policy(Protocol):
    def choose(self, view: dict[str, Any], legal: list[Action],
               rng: random.Random) -> Action: ...


def policy_for(rs: Ruleset) -> Policy | None:
    """The heuristic policy of a ruleset instance (None: no heuristic for it yet)."""
    if rs.id == "betrayal":
        from hauntkit.bots.betrayal_policy import BetrayalPolicy

        return BetrayalPolicy(rs.ix)  # type: ignore[attr-defined]
    if rs.id == "legacy":
        from hauntkit.bots.legacy_policy import LegacyPolicy

        return LegacyPolicy(rs.ix)  # type: ignore[attr-defined]
    if rs.id == "beast":
        from hauntkit.bots.beast_policy import BeastPolicy

        return BeastPolicy(rs.c)  # type: ignore[attr-defined]
    return None


class HeuristicBot(Bot):
    """Goal-directed play from the view. Give ``rulesets`` (id -> ruleset) when the game uses
    a content pack other than the starter; otherwise the starter pack is loaded on first use.
    Rulesets without a policy (and views that do not name their ruleset, as some plugins')
    fall back to the ``default`` bot."""

    name: ClassVar[str] = "heuristic"
    uses_view: ClassVar[bool] = True

    def __init__(self, rulesets: dict[str, Ruleset] | None = None) -> None:
        self._rulesets = dict(rulesets or {})
        self._policies: dict[str, Policy | None] = {}
        self._fallback = DefaultBot()
        self._bound_id: str | None = None

    def bind(self, ruleset: Ruleset) -> HeuristicBot:
        """Use ``ruleset``'s content for games of its id; returns the bot."""
        super().bind(ruleset)
        self._fallback.bind(ruleset)
        self._rulesets[ruleset.id] = ruleset
        self._policies.pop(ruleset.id, None)
        self._bound_id = ruleset.id
        return self

    def policy(self, ruleset_id: str) -> Policy | None:
        if ruleset_id not in self._policies:
            rs = self._rulesets.get(ruleset_id) or starter_ruleset(ruleset_id)
            self._policies[ruleset_id] = policy_for(rs)
        return self._policies[ruleset_id]

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        ruleset_id = view.get("ruleset", self._bound_id)
        policy = self.policy(ruleset_id) if ruleset_id is not None else None
        if policy is None:
            return self._fallback.choose(view, legal_actions, rng)
        return policy.choose(view, legal_actions, rng)


register_bot(HeuristicBot.name, HeuristicBot)
