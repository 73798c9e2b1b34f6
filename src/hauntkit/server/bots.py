"""Bots in seats: looked up in ``hauntkit.bots`` (``get_bot(name)`` returning an object with
``choose(view, legal_actions, rng)``), with a plain random bot when that package offers none."""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

DEFAULT_BOT = "random"


class SeatBot(Protocol):
    def choose(self, view: dict[str, Any], legal_actions: list[dict[str, Any]],
               rng: random.Random) -> dict[str, Any]: ...


class RandomBot:
    """Picks uniformly among the legal actions (the fallback when no bot package is present)."""

    def choose(self, view: dict[str, Any], legal_actions: list[dict[str, Any]],
               rng: random.Random) -> dict[str, Any]:
        return legal_actions[rng.randrange(len(legal_actions))]


def _bots_module() -> Any:
    try:
        return importlib.import_module("hauntkit.bots")
    except ImportError:  # pragma: no cover - the package is part of hauntkit
        return None


def bot_names() -> list[str]:
    """Names a seat may be handed to."""
    mod = _bots_module()
    names: list[str] = []
    for attr in ("bot_names", "names"):
        fn = getattr(mod, attr, None)
        if callable(fn):
            try:
                names = list(fn())
            except Exception:  # noqa: BLE001 - a broken bot package must not stop the server
                names = []
            break
    if not names:
        reg = getattr(mod, "BOTS", None) or getattr(mod, "REGISTRY", None)
        if isinstance(reg, dict):
            names = list(reg)
    if DEFAULT_BOT not in names:
        names.insert(0, DEFAULT_BOT)
    return names


def default_bot() -> str:
    """The bot a new bot seat gets when none is named."""
    names = bot_names()
    return "default" if "default" in names else DEFAULT_BOT


def get_seat_bot(name: str) -> SeatBot:
    """The bot called ``name``; unknown names raise ``KeyError``."""
    mod = _bots_module()
    getter = getattr(mod, "get_bot", None)
    if callable(getter):
        try:
            return getter(name)
        except Exception:  # noqa: BLE001 - fall through to the built-in fallback
            if name != DEFAULT_BOT:
                raise KeyError(f"unknown bot {name!r}") from None
    if name == DEFAULT_BOT:
        return RandomBot()
    raise KeyError(f"unknown bot {name!r}")
