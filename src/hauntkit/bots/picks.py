"""The simple bots' choices as plain functions (``bots.simple`` calls them): every draw the
same as the documented loop (``random.randrange`` through ``below``), in fewer steps.

No classes here, so the module can be compiled (mypyc) without turning the bots into native
classes; with or without it the draws, and so the games, are the same.
"""

from __future__ import annotations

import random
from typing import Any

Action = dict[str, Any]


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``, the same draw (CPython's ``_randbelow`` with
    ``getrandbits``) without its two Python-level calls. A property test holds it to
    ``randrange``."""
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r: int = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def pick_uniform(legal_actions: list[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly (``RandomBot``)."""
    return legal_actions[below(rng, len(legal_actions))]


def pick_by_type(legal_actions: list[Action], end_types: frozenset[str], end_chance: float,
                 rng: random.Random) -> Action:
    """``DefaultBot``'s choice: an action type uniformly (in order of first appearance), the
    turn-ending ``end_types`` only with probability ``end_chance`` while there are others,
    then an action of that type uniformly. One pass groups the actions by type."""
    groups: dict[str, list[Action]] = {}
    for action in legal_actions:
        kind: str = action["type"]
        group = groups.get(kind)
        if group is None:
            groups[kind] = [action]
        else:
            group.append(action)
    if len(groups) == 1:
        options = legal_actions
    else:
        types = list(groups)
        others = [t for t in types if t not in end_types]
        if others and len(others) < len(types):
            types = ([t for t in types if t in end_types] if rng.random() < end_chance
                     else others)
        options = groups[types[below(rng, len(types))]]
    return options[below(rng, len(options))]
