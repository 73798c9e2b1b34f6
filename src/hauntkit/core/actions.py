"""Actions at the boundary: a submitted action is accepted only as an exact copy of one of the
seat's legal actions, compared as JSON values (a boolean is not a number, a float is not an
integer, a list is not a string), with no field added or missing.

Python's ``==`` says ``1.0 == 1`` and ``True == 1``; a client's ``{"to": [1.0, 0]}`` would then
pass for the engine's ``{"to": [1, 0]}`` and its odd values would be applied and stored. The
engine applies the legal action itself, so what is stored is always the engine's own value.

The fields an action type declares are those its legal actions carry: a refusal names the
unknown field, or the field whose value has the wrong kind, and what it should be.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import MalformedActionError

Action = dict[str, Any]


def same_json(left: Any, right: Any) -> bool:
    """Whether two values are the same JSON value, kinds included (``1`` is not ``1.0`` nor
    ``true``; ``{"a": 1}`` is not ``{"a": 1, "b": 2}``)."""
    if type(left) is not type(right):
        return False
    if isinstance(left, dict):
        return left.keys() == right.keys() and all(same_json(left[k], right[k]) for k in left)
    if isinstance(left, list | tuple):
        return len(left) == len(right) and all(
            same_json(a, b) for a, b in zip(left, right, strict=True))
    return bool(left == right)


def matching_action(action: Action, legal: list[Action]) -> Action | None:
    """The legal action that ``action`` is an exact copy of, or None."""
    for candidate in legal:
        if candidate == action and same_json(candidate, action):
            return candidate
    return None


def written_variant(written_fields: dict[str, str], action: Any, legal: list[Action]) -> bool:
    """Whether ``action`` is a legal action with other text in a field its player writes
    (``written_fields``: action type -> field, a ruleset's ``written_fields``): the ruleset's
    ``written_action`` then decides, so it is no mutation a test may expect refused."""
    if not isinstance(action, dict):
        return False
    field = written_fields.get(action.get("type"))  # type: ignore[arg-type]
    if field is None or not isinstance(action.get(field), str):
        return False
    return any(a.get("type") == action["type"] and a.keys() == action.keys()
               and all(same_json(a[k], action[k]) for k in a if k != field) for a in legal)


def json_kind(value: Any) -> str:
    """A value's JSON kind in words: ``integer``, ``number``, ``boolean``, ``text``, ``list``,
    ``object`` or ``null``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _shape_error(path: str, value: Any, examples: list[Any]) -> str | None:
    """Why ``value`` (at ``path``) has the shape of none of ``examples``, or None if it has
    the shape of one of them."""
    kinds = {json_kind(e) for e in examples}
    kind = json_kind(value)
    if kind not in kinds:
        wanted = " or ".join(_with_article(k) for k in sorted(kinds))
        return f"{path!r} must be {wanted}, not {_with_article(kind)} {_short(value)}"
    if kind == "list":
        same_length = [e for e in examples if json_kind(e) == "list" and len(e) == len(value)]
        if not same_length:
            sizes = sorted({len(e) for e in examples if json_kind(e) == "list"})
            return f"{path!r} must have {' or '.join(map(str, sizes))} entries, not {len(value)}"
        for i, item in enumerate(value):
            why = _shape_error(f"{path}[{i}]", item, [e[i] for e in same_length])
            if why is not None:
                return why
    if kind == "object":
        nested = [e for e in examples if json_kind(e) == "object"]
        fields = set().union(*(e.keys() for e in nested))
        for key in value:
            if key not in fields:
                return f"{path!r} has an unknown field {key!r} (its fields: " \
                       f"{', '.join(sorted(fields))})"
            why = _shape_error(f"{path}.{key}", value[key], [e[key] for e in nested if key in e])
            if why is not None:
                return why
    return None


def _with_article(kind: str) -> str:
    """``integer`` -> ``an integer``; ``text`` and ``null`` stand alone."""
    if kind in ("text", "null"):
        return kind
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def malformed(action: Action, legal: list[Action]) -> MalformedActionError | None:
    """The error for an action whose fields do not fit its type, judged by the legal actions
    of that type (the fields the type declares now), or None when it is well formed (then it
    is merely not legal now, and the ruleset explains why)."""
    same_type = [a for a in legal if a.get("type") == action["type"]]
    if not same_type:
        return None
    fields = set().union(*(a.keys() for a in same_type))
    kind = action["type"]
    for key in action:
        if key not in fields:
            return MalformedActionError(
                f"a {kind!r} action has no field {key!r} (its fields: "
                f"{', '.join(sorted(fields - {'type'})) or 'none'})")
    for key in sorted(fields):
        if key not in action and all(key in a for a in same_type):
            return MalformedActionError(f"a {kind!r} action needs the field {key!r}")
    for key, value in action.items():
        examples = [a[key] for a in same_type if key in a]
        why = _shape_error(key, value, examples)
        if why is not None:
            return MalformedActionError(f"in a {kind!r} action, {why}")
    return None
