"""``Setup`` and ``Position``: what an OpenSpiel state of a hauntkit game holds (no pyspiel here).

OpenSpiel clones a Python state by deep-copying its attributes and serializes it by pickling
them, so both classes decide how they are copied: ``Setup`` is shared (immutable), a
``Position`` copies its engine state with hauntkit's ``copy_state`` and pickles it as JSON. A
position builds each seat's view and the action encoding once and keeps them until its next
action.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy
import orjson

from hauntkit.core.game import Game, copy_state
from hauntkit.core.ruleset import Action, Ruleset, State, starter_ruleset
from hauntkit.env.actions import ActionCatalogue
from hauntkit.env.features import encoder_for

View = dict[str, Any]
NOT_DRAWN = "the seed is not drawn yet"


@cache
def ruleset(ruleset_id: str) -> Ruleset:
    """The shared starter-pack ruleset of ``ruleset_id``."""
    return starter_ruleset(ruleset_id)


@cache
def catalogue(ruleset_id: str) -> ActionCatalogue:
    """The fixed action encoding of ``ruleset_id`` (docs/env.md)."""
    return ActionCatalogue.for_ruleset(ruleset_id)


@cache
def encoder(ruleset_id: str) -> Any:
    """The features encoder of ``ruleset_id``: ``encoder(id)(view)`` is a float32 array."""
    return encoder_for(ruleset(ruleset_id))


def canonical(value: Any) -> bytes:
    """Compact JSON with sorted keys: equal values give equal bytes."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


@dataclass(frozen=True)
class Setup:
    """The game's parameters: the ruleset, its config (players included), the number of seeds
    the chance node draws from, and the cap on decisions."""

    ruleset_id: str
    config: dict[str, Any] = field(hash=False)
    seeds: int
    max_actions: int

    @property
    def players(self) -> int:
        return int(self.config["players"])

    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self  # immutable: clones share it


class Position:
    """A hauntkit game at one position, with its views and action encoding built on demand.

    ``pinned``: the action encoding of the seat to act, fixed from outside until the next
    action (a resampled state keeps the real game's legal actions at its first decision)."""

    __slots__ = ("game", "pinned", "_cache")

    def __init__(self, game: Game, pinned: dict[int, Action] | None = None) -> None:
        self.game = game
        self.pinned = pinned
        self._cache: dict[Any, Any] = {}

    @classmethod
    def new(cls, setup: Setup, seed: int) -> Position:
        return cls(Game.new(ruleset(setup.ruleset_id), setup.config, seed))

    @classmethod
    def from_state(cls, state: State, pinned: dict[int, Action] | None = None) -> Position:
        return cls(Game(ruleset(state["ruleset"]), state), pinned)

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def ruleset(self) -> Ruleset:
        return self.game.ruleset

    # -- copies: OpenSpiel's clone (deepcopy) and serialization (pickle) -----------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return Position(Game(self.game.ruleset, copy_state(self.game.state)),
                        None if self.pinned is None else dict(self.pinned))

    def __reduce__(self) -> tuple[Any, tuple[bytes, bytes | None]]:
        pinned = None if self.pinned is None else orjson.dumps(list(self.pinned.items()))
        return (_position_from_json, (orjson.dumps(self.game.state), pinned))

    # -- queries, built once per position ------------------------------------------------------
    def memo(self, key: Any, build: Any) -> Any:
        """The value cached under ``key`` at this position, built by ``build()`` the first
        time (the cache empties on every action)."""
        try:
            return self._cache[key]
        except KeyError:
            value = self._cache[key] = build()
            return value

    def view(self, seat: int | None) -> View:
        return self.memo(("view", seat), lambda: self.game.view(seat))

    def features(self, seat: int | None) -> numpy.ndarray:
        return self.memo(("features", seat),
                         lambda: encoder(self.ruleset.id)(self.view(seat)))

    def acting_seat(self) -> int | None:
        """The seat OpenSpiel asks to act (the first of ``to_act``); None once the game is over
        or nobody is waited for."""
        if self.game.result() is not None:
            return None
        waiting = self.game.to_act()
        return waiting[0] if waiting else None

    def encoded(self) -> dict[int, Action]:
        """index -> legal action of the acting seat, in the fixed encoding (empty: no seat)."""
        if self.pinned is not None:
            return self.pinned

        def build() -> dict[int, Action]:
            seat = self.acting_seat()
            if seat is None:
                return {}
            return catalogue(self.ruleset.id).encode(self.game.legal_actions(seat))
        return self.memo("encoded", build)

    def digest(self) -> str:
        """16 hex digits of the SHA-256 of the whole engine state (keys sorted)."""
        return self.memo("digest", lambda: hashlib.sha256(canonical(self.state)).hexdigest()[:16])

    # -- the one way to change it --------------------------------------------------------------
    def act(self, seat: int, action: Action) -> None:
        self.game.act_trusted(seat, action)
        self.pinned = None
        self._cache.clear()


def _position_from_json(data: bytes, pinned: bytes | None = None) -> Position:
    encoding = None if pinned is None else {index: action for index, action in orjson.loads(pinned)}
    return Position.from_state(orjson.loads(data), encoding)
