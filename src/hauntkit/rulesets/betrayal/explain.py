"""Specific reasons why an action is refused (unknown ids, and the rule that forbids it)."""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import (
    HauntkitError,
    IllegalActionError,
    MalformedActionError,
    UnknownIdError,
)
from hauntkit.rulesets.betrayal import legal_actions
from hauntkit.rulesets.betrayal.index import Index

FIELDS: dict[str, set[str]] = {
    "end_turn": set(), "move": {"to"}, "explore": {"dir"}, "room_action": {"id"},
    "use": {"card", "id"}, "haunt_action": {"id"}, "attack": {"target", "weapon"},
    "give": {"card", "to"}, "drop": {"card"}, "pick_up": {"card"}, "place_stairs": set(),
    "mmove": {"monster", "to"}, "mattack": {"monster", "target"}, "power": {"monster", "id"},
    "mpick": {"monster", "card"}, "mexplore": {"monster", "dir"},
    # answers to a pending choice
    "rotate": {"r"}, "damage": {"trait"}, "trait": {"trait"}, "outcome": {"i"},
    "option": {"i", "label"}, "go": {"room"}, "put": {"room"}, "target": {"target"},
    "steal": {"card"}, "take": {"from", "card"}, "ignore_card": {"ignore"},
    "place_tile": {"room", "at", "dir", "r"}, "kill": {"monster"}, "pick": {"card"},
    "fetch": {"to", "card"}, "swap": {"card"}, "accept": {"accept"},
}


def explain(ix: Index, s: dict[str, Any], seat: int, action: dict[str, Any],
            to_act: list[int]) -> HauntkitError:
    kind = action.get("type")
    fields = ix.rules.fields
    if kind not in fields:
        return MalformedActionError(f"unknown action type {kind!r}; {ix.rules.ruleset} action "
                                    f"types: {', '.join(sorted(fields))}")
    extra = set(action) - fields[kind] - {"type"}
    if extra:
        return MalformedActionError(f"action {kind!r} has unknown field(s) {sorted(extra)}; "
                                    f"expected {sorted(fields[kind])}")
    for field, value in action.items():
        if value is not None and not isinstance(value, str | int):
            return MalformedActionError(
                f"action {kind!r}: field {field!r} must be a single id, number or flag, got "
                f"{type(value).__name__} {value!r}")
    bad = _unknown_id(ix, s, action)
    if bad:
        return UnknownIdError(bad)
    legal = legal_actions.legal(ix, s, seat)
    ch = s["choice"]
    if ch is not None:
        return IllegalActionError(f"a choice is pending ({ch['kind']}: {ch['prompt']}); "
                                  f"answer with one of {legal}")
    t = s["turn"]
    if kind in ("move", "explore") and t["movement_ended"]:
        return IllegalActionError("movement has ended this turn (a card was drawn or an effect "
                                  "ended it; RULING B8)")
    if kind in ("move", "explore") and t["moved"] and t["moves_left"] < 1:
        return IllegalActionError("no moves left this turn (RULING B8: each tile left costs 1)")
    if kind == "explore":
        return IllegalActionError(f"there is no open doorway to the {action.get('dir')!r} or no "
                                  "tile left for this floor (RULING B7)")
    if kind == "move":
        return IllegalActionError(f"{action.get('to')!r} is not adjacent through a connected "
                                  "doorway or passage (RULING B6)")
    if kind == "attack":
        if s["haunt"] is None:
            return IllegalActionError("no one can attack before the haunt starts")
        if t["attacked"]:
            return IllegalActionError("you have already attacked this turn")
        return IllegalActionError("that target is not an opponent you can reach with that "
                                  "trait or weapon (RULING B10, B11; weapons only when "
                                  "attacking, one per attack)")
    if kind in ("give", "drop", "pick_up"):
        done = {"give": "gave", "drop": "dropped", "pick_up": "picked"}[kind]
        if t[done]:
            return IllegalActionError(f"you may {kind.replace('_', ' ')} only once per turn")
        return IllegalActionError("that card can't be moved that way now (companions never "
                                  "leave their custodian; untradeable items can't be given; "
                                  "each item once per turn)")
    if kind in ("use", "room_action", "haunt_action"):
        return IllegalActionError("not available now: already used this turn, the same roll "
                                  "or a roll of the same task category was made this turn, "
                                  "or its condition does not hold, or it attacks and no "
                                  "opponent in range can be attacked with that trait "
                                  "(RULING B10, B11)")
    types = sorted({a["type"] for a in legal})
    return IllegalActionError(f"action {action!r} is not legal now; legal action types: "
                              f"{', '.join(types) or 'none (not your decision)'}")


def _unknown_id(ix: Index, s: dict[str, Any], a: dict[str, Any]) -> str | None:
    for f in ("to", "room", "at"):
        v = a.get(f)
        if f == "to" and a["type"] in ("give", "fetch"):
            if not isinstance(v, int) or not 0 <= v < s["players"]:
                return f"unknown explorer seat {v!r}"
            continue
        if f in a and v not in ix.rooms:
            return f"unknown room id {v!r}"
    for f in ("card", "weapon"):
        v = a.get(f)
        if f in a and v is not None and v != "all" and v not in ix.cards and \
                not _is_object(ix, v):
            return f"unknown card id {v!r}"
    if "monster" in a and a["monster"] not in s["monsters"]:
        return f"unknown monster id {a['monster']!r}"
    for f in ("target", "from"):
        if f in a:
            v = a[f]
            if isinstance(v, int) and not isinstance(v, bool):
                if not 0 <= v < s["players"]:
                    return f"unknown explorer seat {v!r}"
            elif v not in s["monsters"]:
                return f"unknown target id {v!r}"
    return None


def _is_object(ix: Index, v: Any) -> bool:
    if not isinstance(v, str):
        return False
    return v in ix.objects or v.rsplit("_", 1)[0] in ix.objects
