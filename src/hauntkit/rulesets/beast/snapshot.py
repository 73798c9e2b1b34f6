"""How ``copy_state`` copies a beast state's ``units`` (the bulk of it) and card deck.

A Python copy of a unit, whose shape ``add_unit`` fixes, beats the orjson round trip that
copies everything else (mid-game: ~30 -> ~20 us per clone). Per unit: scalars shared; ``ch``
(ability -> charges), ``imm`` (status -> turns) and ``cd`` (ability -> cooldown) hold scalars;
``flags`` holds ints and the ``aoo`` list (who already had an attack of opportunity); ``st`` maps a status to a ``[turns, value]`` list that
``status.tick`` edits in place, so each list is copied. A unit with a field this plan does not
know is copied the slow, generic way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.core.game import deep_copy

_UNIT_KEYS = frozenset({"side", "hp", "max", "san", "st", "ch", "id", "kind", "seat", "x", "y",
                        "imm", "cd", "bleed", "ptaken", "mv", "acted", "intr", "alive",
                        "flags"})


_GEAR_KEYS = _UNIT_KEYS | {"gear"}  # a hunter with gear (gear.py): a list of item ids


def _unit(u: dict[str, Any]) -> dict[str, Any]:
    keys = u.keys()
    if keys != _UNIT_KEYS and keys != _GEAR_KEYS:
        return deep_copy(u)
    d = u.copy()
    if "gear" in d:
        d["gear"] = d["gear"][:]
    st = u["st"]
    d["st"] = {k: v[:] for k, v in st.items()} if st else {}
    d["ch"] = u["ch"].copy()
    d["imm"] = u["imm"].copy()
    d["cd"] = u["cd"].copy()
    flags = u["flags"]
    if flags:
        d["flags"] = flags = flags.copy()
        aoo = flags.get("aoo")
        if aoo is not None:
            flags["aoo"] = aoo[:]
    else:
        d["flags"] = {}
    return d


def _units(units: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {uid: _unit(u) for uid, u in units.items()}


COPY_PLAN: dict[str, Callable[[Any], Any]] = {"units": _units, "deck": list.copy}
