"""The game log: a list of events, each with a human-readable ``text``.

An event is ``{"type": str, "text": str, ...data}``. An event meant only for some seats carries
``"to": [seat, ...]``; views drop it for everyone else (spectators see only public events).
"""

from __future__ import annotations

from typing import Any


def emit(state: dict[str, Any], type_: str, text: str, to: Any = None,
         **data: Any) -> dict[str, Any]:
    """Append an event to the state's log and return it. ``to``: the seats that may read it
    (a list; None: everyone). Typed ``Any`` because this module is compiled (mypyc checks a
    declared type at run time) and callers pass what pure Python accepts: a tuple of seats,
    or (beast/shop.py, a "give" between hunters) a hunter's id, whose sorted letters hide the event
    from every seat -- kept as it is, to play the same games."""
    event: dict[str, Any] = {"type": type_, "text": text, **data}
    if to is not None:
        event["to"] = sorted(to)
    log: list[dict[str, Any]] = state["log"]
    log.append(event)
    return event


def visible_log(log: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may read (``None``: a spectator)."""
    if seat is None:
        return [e for e in log if "to" not in e]
    return [e for e in log if "to" not in e or seat in e["to"]]
