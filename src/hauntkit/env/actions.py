"""A fixed action encoding per ruleset: a catalogue of action types, each with a block of slots.

Index ``offset(type) + k`` is the ``k``-th legal action of that type, the legal actions of a
type being ordered by their canonical JSON (sorted keys). A type's block has ``slots`` entries;
legal actions beyond them are not offered (rare: the blocks are sized from real games). An
action type the catalogue does not know goes to the final ``other`` block. See docs/env.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

Action = dict[str, Any]
OTHER = "other"

# (type, slots) per ruleset, in index order; docs/env.md lists them.
_BETRAYAL: tuple[tuple[str, int], ...] = (
    ("end_turn", 1), ("move", 16), ("explore", 4), ("room_action", 8), ("use", 16),
    ("haunt_action", 16), ("attack", 16), ("give", 32), ("drop", 16), ("pick_up", 16),
    ("place_stairs", 1), ("mmove", 64), ("mattack", 32), ("power", 16), ("mpick", 16),
    ("mexplore", 16), ("rotate", 4), ("damage", 4), ("trait", 4), ("outcome", 8),
    ("option", 16), ("go", 32), ("put", 32), ("place_tile", 64), ("target", 16),
    ("steal", 16), ("take", 32), ("kill", 16), ("ignore_card", 2), ("pick", 8),
    ("fetch", 32), ("swap", 16),
)
CATALOGUES: dict[str, tuple[tuple[str, int], ...]] = {
    "betrayal": (*_BETRAYAL, (OTHER, 16)),
    # legacy: betrayal's blocks (``take`` is Legacy's TAKE {card, from}), then its answers
    "legacy": (*_BETRAYAL, ("permit", 2), ("heirloom", 2), ("five", 2), ("draw_event", 2),
               (OTHER, 16)),
    "beast": (
        ("end_turn", 1), ("pass", 1), ("step", 64), ("slip", 32), ("attack", 32),
        ("ability", 128), ("interrupt", 64), ("cover", 8), ("douse", 16), ("carry", 64),
        ("crit", 2), ("arc", 16), ("hex", 2), (OTHER, 16),
    ),
}
GENERIC: tuple[tuple[str, int], ...] = ((OTHER, 256),)


def canonical(action: Action) -> bytes:
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS)


@dataclass(frozen=True)
class ActionCatalogue:
    """The fixed encoding of one ruleset's actions."""

    blocks: tuple[tuple[str, int], ...]

    @classmethod
    def for_ruleset(cls, ruleset_id: str) -> ActionCatalogue:
        return cls(CATALOGUES.get(ruleset_id, GENERIC))

    @property
    def size(self) -> int:
        return sum(slots for _t, slots in self.blocks)

    def offsets(self) -> dict[str, tuple[int, int]]:
        """type -> (first index, slots)."""
        return dict(_offsets(self.blocks))

    def encode(self, legal: list[Action]) -> dict[int, Action]:
        """index -> legal action, for the legal actions the encoding can name."""
        offsets = _offsets(self.blocks)
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            kind = action.get("type")
            key = kind if kind in offsets else OTHER
            group = by_type.get(key)
            if group is None:
                by_type[key] = [action]
            else:
                group.append(action)
        out: dict[int, Action] = {}
        for kind, group in by_type.items():
            first, slots = offsets[kind]
            if len(group) > 1:  # one action of a type needs no canonical order
                group.sort(key=canonical)
            for k, action in enumerate(group[:slots]):
                out[first + k] = action
        return out


_OFFSETS: dict[tuple[tuple[str, int], ...], dict[str, tuple[int, int]]] = {}


def _offsets(blocks: tuple[tuple[str, int], ...]) -> dict[str, tuple[int, int]]:
    """type -> (first index, slots) of a catalogue's blocks, worked out once per catalogue."""
    known = _OFFSETS.get(blocks)
    if known is None:
        known, at = {}, 0
        for kind, slots in blocks:
            known[kind] = (at, slots)
            at += slots
        _OFFSETS[blocks] = known
    return known
