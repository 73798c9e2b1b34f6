"""An attack frame: one attack as plain data in ``state["queue"]``, which ``combat.step``
advances (rules: "Combat Rules"). The hunters' and enemies' actions, gear and skills make them."""

from __future__ import annotations

from typing import Any


def frame(att: str, tgt: str, *, mode: str, atk: int, el: str, style: str, ab: str | None = None,
          mult: int = 2, reach: int = 1, phys_crit: bool = False, sneak: bool = False,
          arc: bool = True) -> dict[str, Any]:
    """A new attack of ``att`` on ``tgt``. ``style`` is melee, ranged or special."""
    return {"att": att, "tgt": tgt, "mode": mode, "atk": atk, "el": el, "style": style,
            "ab": ab, "mult": mult, "reach": reach, "pc": phys_crit, "sneak": sneak,
            "arc": arc, "ph": "pre"}
