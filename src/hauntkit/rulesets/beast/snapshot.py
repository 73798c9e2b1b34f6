"""How ``copy_state`` copies a beast state's ``units`` (the bulk of it) and card deck.

A Python copy of a unit, whose shape ``add_unit`` fixes, beats the orjson round trip that
copies everything else (mid-game: ~30 -> ~20 us per clone). Per unit: scalars shared; ``ch``
(ability -> charges), ``imm`` (status -> turns) and ``cd`` (ability -> cooldown) hold scalars;
``flags`` holds ints and lists of ids (``aoo``: who already had an attack of opportunity,
``ammo``: special rounds loaded), each list copied, any other container deep-copied; ``st`` maps
a status to a ``[turns, value]`` list that ``status.tick`` edits in place, so each list is
copied; a hunter with gear has ``gear`` and maybe ``lost_gear``, lists of item ids. A unit
whose keys are not these, in ``add_unit``'s order (then ``gear``, ``lost_gear``), is copied
the slow, generic way. The order is checked as a tuple of keys: the same key objects in the
same places compare by identity, cheaper than comparing key sets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.core.game import deep_copy

# add_unit's keys, in its order
_UNIT_ORDER = ("side", "hp", "max", "san", "st", "ch", "id", "kind", "seat", "x", "y", "imm",
               "cd", "bleed", "ptaken", "mv", "acted", "intr", "alive", "flags")
_GEAR_ORDERS = (_UNIT_ORDER + ("gear",), _UNIT_ORDER + ("gear", "lost_gear"))
_FLAG_ID_LISTS = frozenset({"aoo", "ammo"})  # flags holding flat lists of ids


def _unit(u: dict[str, Any]) -> dict[str, Any]:
    d = u.copy()
    keys = tuple(d)
    if keys != _UNIT_ORDER:
        if keys not in _GEAR_ORDERS:
            return deep_copy(u)
        d["gear"] = d["gear"][:]
        lost = d.get("lost_gear")
        if lost is not None:
            d["lost_gear"] = lost[:]
    st = d["st"]
    d["st"] = {k: v[:] for k, v in st.items()} if st else {}
    d["ch"] = d["ch"].copy()
    d["imm"] = d["imm"].copy()
    d["cd"] = d["cd"].copy()
    flags = d["flags"]
    if flags:
        d["flags"] = copied = flags.copy()
        for k, v in flags.items():
            if type(v) is list or type(v) is dict:
                copied[k] = v[:] if k in _FLAG_ID_LISTS else deep_copy(v)
    else:
        d["flags"] = {}
    return d


def _units(units: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {uid: _unit(u) for uid, u in units.items()}


COPY_PLAN: dict[str, Callable[[Any], Any]] = {"units": _units, "deck": list.copy}
