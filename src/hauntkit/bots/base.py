"""The bot interface and the registry of bots by name."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from hauntkit.core.errors import HauntkitError

Action = dict[str, Any]


class Bot(ABC):
    """Picks one of ``legal_actions`` from what a seat may see (its ``view``)."""

    name: ClassVar[str] = "bot"
    # False when ``choose`` ignores ``view``: simulations then pass {} and skip building it.
    uses_view: ClassVar[bool] = True

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


def get_bot(name: str = "default") -> Bot:
    """A bot by name: ``"default"`` (keeps playing before ending a turn) or ``"random"``."""
    factory = _BOTS.get(name)
    if factory is None:
        raise HauntkitError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    return factory()


def bot_rng(seed: int, seat: int) -> random.Random:
    """The seeded, game-independent randomness of the bot in ``seat`` of the game ``seed``."""
    return random.Random((seed & 0xFFFFFFFFFFFF) * 64 + seat + 0xB07)
