"""What search bots need of a ruleset, from its declaration: a determinizer (a full state
sampled from a view: ``Ruleset.determinize``, where ``Ruleset.determinizable``) and every
seat's value of a position (``Ruleset.position_values``: 1 for a win, 0 for a loss, and for
an unfinished game an estimate from the public board). No ruleset is named here: a plugin
that declares both is searched like the built-in ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hauntkit.core.ruleset import NotDeterminizable, Ruleset

State = dict[str, Any]
Determinizer = Callable[[dict[str, Any], random.Random], State]


def determinizer(rs: Ruleset) -> Determinizer | None:
    """The view-to-state sampler of ``rs`` (None: the ruleset has none)."""
    return rs.determinize if rs.determinizable else None


def not_determinizable() -> tuple[type[Exception], ...]:
    """What a determinizer raises for a view it cannot sample from."""
    return (NotDeterminizable,)


def rewards(rs: Ruleset, state: State, seats: int) -> list[float]:
    """Every seat's value of ``state`` (terminal or not), in [0, 1]."""
    return rs.position_values(state, seats)
