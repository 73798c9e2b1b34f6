"""The effect stack (``state["effect_stack"]``) and the pending choice (``state["choice"]``):
pushing frames and asking a seat to choose. Frames are plain data, so the state round-trips
through JSON at any moment.

A frame is either ``{"op": "fx", "list_key": key, "next": index, "who": actor, "src": source}``
(an effect list of the content index, by key) or an engine step ``{"op": name, ...}``.
"""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import state_access

State = dict[str, Any]


DEATH = "death"  # source of ``on_death`` reactions: they run for a dead explorer (RULING HB-20)


def push(s: State, key: str, who: Any, src: str) -> None:
    s["effect_stack"].append({"op": "fx", "list_key": key, "next": 0, "who": who, "src": src})


def push_op(s: State, frame: dict[str, Any]) -> None:
    s["effect_stack"].append(frame)


def ask(s: State, seat: int, kind: str, opts: list[dict[str, Any]], prompt: str,
        **data: Any) -> None:
    """Suspend resolution until ``seat`` picks one of ``opts`` (each an action)."""
    s["choice"] = {"seat": seat, "kind": kind, "opts": opts, "prompt": prompt, **data}


def seat_of(s: State, who: Any) -> int:
    """The seat deciding for ``who`` (a monster's controller)."""
    return who if isinstance(who, int) else state_access.controller(s)


def damage(s: State, seats_amounts: list[list[int]], kind: str) -> None:
    """Queue damage: each ``[seat, amount]`` is split by that player point by point."""
    q = [x for x in seats_amounts if x[1] > 0]
    if q:
        push_op(s, {"op": "dmg", "queue": q, "kind": kind})
