"""The registry of named Python hooks (effects the declarative vocabulary can't say): filled by
``hooks.py`` when the ruleset loads, read by the pack checks (an unknown hook name is an error)
and copied into each rules object (``rules.BetrayalRules.hooks``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

HOOKS: dict[str, Callable[..., Any]] = {}
"""Hook name -> ``fn(ix, state, frame, args)``."""


def hook(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register ``fn(ix, state, frame, args)`` as hook ``name``."""

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        HOOKS[name] = fn
        return fn

    return deco
