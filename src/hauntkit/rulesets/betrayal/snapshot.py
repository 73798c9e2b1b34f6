"""How ``copy_state`` copies the large, fixed-shape parts of a betrayal state.

A Python copy of a container whose shape is known (a dict of flat lists, a list of strings)
beats the orjson round trip that copies everything else; the plan lists those keys only.
Every shape here is guaranteed by the engine (``house.place_tile``, card moves, ``new_state``
and ``apply_setup``): lists of card or room ids, tile positions ``[floor, x, y, rotation]``.
Tile positions are immutable (a tile that moves gets a new list, never an edited one), so
copies share them: ``tiles`` is copied one level deep only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.core.game import deep_copy

_lcopy = list.copy
# explorer fields besides "cards" (a list of ids) and "traits" (trait -> track index): all scalars
_EX_KEYS = frozenset({"character", "room", "alive", "side", "cards", "fate", "traits", "saved"})


def _ids(v: list[Any]) -> list[Any]:
    return v[:]


def _lists(v: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return dict(zip(v, map(_lcopy, v.values()), strict=True))


def _flat(v: dict[str, Any]) -> dict[str, Any]:
    return v.copy()


def _explorers(v: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for e in v:
        if e.keys() <= _EX_KEYS:
            d = e.copy()
            d["cards"] = e["cards"][:]
            d["traits"] = e["traits"].copy()
        else:  # a field this plan does not know: copy it all the slow way
            d = deep_copy(e)
        out.append(d)
    return out


COPY_PLAN: dict[str, Callable[[Any], Any]] = {
    "explorers": _explorers, "tiles": _flat, "grid": _flat, "stack": _ids, "aside": _ids,
    "limbo": _ids, "decks": _lists, "discard": _lists, "piles": _lists,
}
# keys whose entries are immutable: the compiled copy copies them one level only
SHALLOW = ("tiles",)
