"""A fixed action encoding per ruleset: a catalogue of action types, each with a block of slots.

Index ``offset(type) + k`` is the ``k``-th legal action of that type, the legal actions of a
type being ordered by their canonical JSON (sorted keys). A type's block has ``slots`` entries;
legal actions beyond them are not offered (rare: the blocks are sized from real games). An
action type the catalogue does not know goes to the final ``other`` block. See docs/env.md.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

Action = dict[str, Any]
OTHER: Final = "other"

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


_DUMPS: Final = orjson.dumps  # Final: compiled, read from a static, not two attribute lookups
_SORT_KEYS: Final = orjson.OPT_SORT_KEYS


def canonical(action: Action) -> bytes:
    return _DUMPS(action, option=_SORT_KEYS)


class ActionCatalogue:
    """The fixed encoding of one ruleset's actions (its blocks, and each type's first index
    and slots, worked out once)."""

    def __init__(self, blocks: tuple[tuple[str, int], ...]) -> None:
        self.blocks = blocks
        self._index: dict[str, tuple[int, int]] = {}
        at = 0
        for kind, slots in blocks:
            self._index[kind] = (at, slots)
            at += slots
        self.size = at

    @classmethod
    def for_ruleset(cls, ruleset_id: str) -> ActionCatalogue:
        return cls(CATALOGUES.get(ruleset_id, GENERIC))

    def offsets(self) -> dict[str, tuple[int, int]]:
        """type -> (first index, slots)."""
        return dict(self._index)

    def encode(self, legal: list[Action]) -> dict[int, Action]:
        """index -> legal action, for the legal actions the encoding can name."""
        index = self._index
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            kind = action.get("type")
            key: str = kind if isinstance(kind, str) and kind in index else OTHER
            group = by_type.get(key)
            if group is None:
                by_type[key] = [action]
            else:
                group.append(action)
        out: dict[int, Action] = {}
        for kind, group in by_type.items():
            first, slots = index[kind]
            if len(group) == 1:  # one action of a type needs no canonical order
                out[first] = group[0]
                continue
            # canonical order; equal JSON keeps the legal order (as a stable sort would)
            keyed = [(canonical(action), k) for k, action in enumerate(group)]
            keyed.sort()
            for k in range(min(slots, len(keyed))):
                out[first + k] = group[keyed[k][1]]
        return out
