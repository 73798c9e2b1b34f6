"""Ruleset-generic bots: uniformly random, and a default that keeps a turn going a while.

Both also decide through ``choose_keyed(legal_actions, key)``: the same choice as
``choose(view, legal_actions, random.Random(key))``, reseeding one ``random.Random`` of their
own instead of building one per decision. Simulations call it (``sim.runner``): with thousands
of decisions per game, building a ``random.Random`` each time was a visible share of the time.

Where ``make`` built it, ``hauntkit.bots._keyedrng.KeyedStream`` decides for the two stock
bots instead: the same draws as that Random for the same key (``bots.picks``' choice, in C),
but it seeds a seat's next positions' keys together, with those of the seat that followed it
last time, 16 keys in one vector pass (reseeding was most of a decision's cost).
``HAUNTKIT_PURE_PYTHON=1`` turns it off, as it does compiled modules.
"""

from __future__ import annotations

import os
import random
from typing import Any, ClassVar

from hauntkit.bots.base import Action, Bot, register_bot
from hauntkit.bots.picks import below, pick_by_type, pick_uniform

__all__ = ["DefaultBot", "KeyedChoice", "RandomBot", "below"]

_C_RANDOM: Any = random.Random.__mro__[1]  # _random.Random
_reseed = _C_RANDOM.seed  # its C seeding, without the wrapper


def _stream_type() -> Any:
    """``KeyedStream`` where ``make`` built it (optional, like ``core._fastcopy``), else None;
    None also under ``HAUNTKIT_PURE_PYTHON=1``."""
    if os.environ.get("HAUNTKIT_PURE_PYTHON"):
        return None
    try:
        from hauntkit.bots._keyedrng import KeyedStream as stream_type
    except ImportError:  # pragma: no cover - a machine without a C compiler
        return None
    return stream_type


KeyedStream: Any = _stream_type()
# bot_seed(seed, seat, version + 1) - bot_seed(seed, seat, version); a seat's positions seeded
# together (and as many of the seat that last followed it: 16 keys, one vector seeding)
STREAM_STRIDE = 1 << 8
STREAM_BATCH = 8


class KeyedChoice(Bot):
    """A bot whose ``choose`` ignores the view: ``choose_keyed`` decides from the legal
    actions and the decision's seed (``bots.bot_seed``) alone."""

    uses_view: ClassVar[bool] = False
    _rng: random.Random | None = None
    _stream: Any = None  # a KeyedStream, False when this bot's ``choose`` may not take one

    def choose_keyed(self, legal_actions: list[Action], key: int) -> Action:
        """``choose({}, legal_actions, random.Random(key))``, without a new Random."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random()
        _reseed(rng, key)
        rng.gauss_next = None  # type: ignore[attr-defined]  # as random.Random.seed leaves it
        return self.choose({}, legal_actions, rng)

    def _keyed_stream(self) -> Any:
        """This bot's KeyedStream; None without one, or when its class has a ``choose`` of
        its own (which may draw what a stream has not)."""
        stream = self._stream
        if stream is None:
            stream = self._stream = (KeyedStream(STREAM_STRIDE, STREAM_BATCH)
                                     if KeyedStream is not None
                                     and type(self).choose in _DRAWS_ONLY else False)
        return stream or None

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (sent to a worker) without its stream, which the worker makes again."""
        state = self.__dict__.copy()
        state.pop("_stream", None)
        return state


class RandomBot(KeyedChoice):
    """Any legal action, uniformly."""

    name: ClassVar[str] = "random"

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        return pick_uniform(legal_actions, rng)

    def choose_keyed(self, legal_actions: list[Action], key: int) -> Action:
        stream = self._keyed_stream()
        if stream is not None:
            try:
                return stream.choose(key, legal_actions, None, 0.0)  # type: ignore[no-any-return]
            except ValueError:  # what it does not take (a key >= 2**128, ...): Python decides
                pass
        return super().choose_keyed(legal_actions, key)


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

    def choose_keyed(self, legal_actions: list[Action], key: int) -> Action:
        stream = self._keyed_stream()
        if stream is not None:
            try:
                return stream.choose(key, legal_actions,  # type: ignore[no-any-return]
                                     self.end_action_types, self.end_chance)
            except ValueError:  # what it does not take (a key >= 2**128, ...): Python decides
                pass
        return super().choose_keyed(legal_actions, key)


# The ``choose`` methods that draw only ``getrandbits`` and ``random`` (what a KeyedStream has);
# a subclass with its own ``choose`` gets the Random.
_DRAWS_ONLY = (RandomBot.choose, DefaultBot.choose)

register_bot(RandomBot.name, RandomBot)
register_bot(DefaultBot.name, DefaultBot)
