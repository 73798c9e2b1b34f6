"""How ``copy_state`` copies a beast state's ``units`` (the bulk of it) and card deck.

A Python copy of a unit, whose shape ``add_unit`` fixes, beats the orjson round trip that
copies everything else (mid-game: ~30 -> ~20 us per clone). Per unit: scalars shared; ``ch``
(ability -> charges), ``imm`` (status -> turns) and ``cd`` (ability -> cooldown) hold scalars;
``flags`` holds ints and lists of ids (``aoo``: who already had an attack of opportunity,
``ammo``: special rounds loaded), each list copied, any other container deep-copied; ``st`` maps
a status to a ``[turns, value]`` list that ``status.tick`` edits in place, so each list is
copied; a hunter with gear has ``gear`` and maybe ``lost_gear``, lists of item ids. A unit
with any other key is copied
the slow, generic way. The keys are checked by their number: a unit never loses one of
``add_unit``'s keys (``invariants`` checks it), so 20 keys are exactly those, and 21 or 22
with ``gear`` (and ``lost_gear``) exactly those plus gear; counting is cheaper than comparing
keys, and it is most of the cost of a unit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.core.game import deep_copy

# add_unit's keys, in its order
UNIT_KEYS = ("side", "hp", "max", "san", "st", "ch", "id", "kind", "seat", "x", "y", "imm",
             "cd", "bleed", "ptaken", "mv", "acted", "intr", "alive", "flags")
_N_KEYS = len(UNIT_KEYS)
_FLAG_ID_LISTS = frozenset({"aoo", "ammo"})  # flags holding flat lists of ids


def _units(units: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each unit copied in one loop (a call per unit cost more than its copy of scalars)."""
    out: dict[str, dict[str, Any]] = {}
    for uid, u in units.items():
        out[uid] = d = u.copy()
        extra = len(d) - _N_KEYS
        if extra:
            if extra > 2 or "gear" not in d or (extra == 2 and "lost_gear" not in d):
                out[uid] = deep_copy(u)
                continue
            d["gear"] = d["gear"][:]
            if extra == 2:
                d["lost_gear"] = d["lost_gear"][:]
        st = d["st"]
        if st:  # a loop, not a comprehension: no function object made for one or two entries
            d["st"] = copied = st.copy()
            for k, v in st.items():
                copied[k] = v[:]
        else:
            d["st"] = {}
        ch, imm, cd = d["ch"], d["imm"], d["cd"]
        d["ch"] = ch.copy() if ch else {}
        d["imm"] = imm.copy() if imm else {}
        d["cd"] = cd.copy() if cd else {}
        flags = d["flags"]
        if flags:
            d["flags"] = copied = flags.copy()
            for k, v in flags.items():
                if type(v) is list or type(v) is dict:
                    copied[k] = v[:] if k in _FLAG_ID_LISTS else deep_copy(v)
        else:
            d["flags"] = {}
    return out


COPY_PLAN: dict[str, Callable[[Any], Any]] = {"units": _units, "deck": list.copy}
