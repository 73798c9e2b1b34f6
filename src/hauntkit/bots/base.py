"""The bot interface, the registry of bots by name, and the one rule that seeds bots.

Simulations and the server both play bots through this module: ``get_bot(name, ruleset)``,
``bot_seat(waiting, seed, version)`` (which of several waiting bot seats acts) and
``bot_rng(seed, seat, version)`` (the randomness of one decision). Both are functions of the
game's seed and position only, so a game plays the same in ``hauntkit simulate``, on any server
and after a restart.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from hauntkit.core.errors import HauntkitError

if TYPE_CHECKING:
    from hauntkit.core.ruleset import Ruleset

Action = dict[str, Any]


class Bot(ABC):
    """Picks one of ``legal_actions`` from what a seat may see (its ``view``)."""

    name: ClassVar[str] = "bot"
    # False when ``choose`` ignores ``view``: simulations then pass {} and skip building it.
    uses_view: ClassVar[bool] = True
    # The ruleset's action types that end a turn or pass (set by ``bind``).
    end_action_types: frozenset[str] = frozenset()

    def bind(self, ruleset: Ruleset) -> Bot:
        """Learn what the bot needs of the ruleset it plays (its ``end_action_types``)."""
        self.end_action_types = frozenset(ruleset.end_action_types)
        return self

    @abstractmethod
    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        """Return one element of ``legal_actions`` (never empty when called)."""


_BOTS: dict[str, Callable[[], Bot]] = {}


def register_bot(name: str, factory: Callable[[], Bot]) -> None:
    """Make a bot known by ``name`` (rulesets may register their own smarter bots)."""
    _BOTS[name] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


class UnknownBotError(HauntkitError):
    """No bot is registered under that name."""

    code = "unknown_bot"


def get_bot(name: str = "default", ruleset: Ruleset | None = None) -> Bot:
    """A bot by name (``"default"``, ``"random"`` or any registered one), bound to ``ruleset``
    when given. ``UnknownBotError`` names the known bots."""
    factory = _BOTS.get(name)
    if factory is None:
        raise UnknownBotError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    bot = factory()
    return bot.bind(ruleset) if ruleset is not None else bot


def make_bot(name: str, rs: Ruleset, options: dict[str, Any] | None = None) -> Bot:
    """A bot from the registry, bound to ``rs``'s content, with search options applied."""
    bot = get_bot(name, rs)
    for key, value in (options or {}).items():
        if value is not None and hasattr(bot, key):
            setattr(bot, key, value)
    return bot


def bot_seed(seed: int, seat: int, version: int = 0) -> int:
    """The seed of ``bot_rng(seed, seat, version)``."""
    return ((seed & 0xFFFFFFFFFFFFFFFF) << 40) | ((version & 0xFFFFFFFF) << 8) | (seat & 0xFF)


def bot_rng(seed: int, seat: int, version: int = 0) -> random.Random:
    """The randomness of the bot in ``seat`` deciding at position ``version`` (the number of
    actions played so far) of the game ``seed``."""
    return random.Random(bot_seed(seed, seat, version))


def bot_seat(waiting: list[int], seed: int, version: int) -> int:
    """Which of the waiting bot seats acts at position ``version`` of the game ``seed``."""
    if len(waiting) == 1:
        return waiting[0]
    return waiting[random.Random((seed << 32) | version).randrange(len(waiting))]
