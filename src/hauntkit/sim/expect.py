"""Resolving expectation paths and matching expected values (scenario ``expect`` steps).

A path is dotted: ``players.0.traits.might``. List segments are integers (negative counts from
the end). Special first segments read through the ruleset instead of the raw state:
``result``, ``to_act``, ``legal.<seat>``, ``legal_types.<seat>``, ``view.<seat|spectator>``,
``log_types``, ``log_text``, ``invariants``, ``state_hash``. The grammar of expected values
(``$not``, ``$len`` ...; matchers may stand anywhere inside lists and mappings) is in
docs/scenarios.md.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.digest import state_hash
from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


MISSING = _Missing()


def _seat(token: str) -> int | None:
    if token in ("spectator", "none", "None"):
        return None
    try:
        return int(token)
    except ValueError:
        raise HauntkitError(f"expected a seat number or 'spectator', got {token!r}") from None


def walk(value: Any, parts: list[str]) -> Any:
    """Follow ``parts`` into plain data; ``MISSING`` where a segment does not exist."""
    for part in parts:
        if isinstance(value, dict):
            if part in value:
                value = value[part]
            else:
                return MISSING
        elif isinstance(value, list):
            try:
                value = value[int(part)]
            except (ValueError, IndexError):
                return MISSING
        else:
            return MISSING
    return value


def resolve(game: Game, path: str) -> tuple[Any, bool]:
    """The value at ``path`` and whether plain expected values mean "contains" there."""
    parts = path.split(".")
    head = parts[0]
    if head == "result":
        return walk(game.result(), parts[1:]), False
    if head == "to_act":
        return walk(game.to_act(), parts[1:]), False
    if head in ("legal", "legal_types"):
        if len(parts) < 2:
            raise HauntkitError(f"{path}: expected {head}.<seat>")
        seat = _seat(parts[1])
        actions = game.legal_actions(seat) if seat in game.to_act() else []
        if head == "legal_types":
            return walk(sorted({a["type"] for a in actions}), parts[2:]), False
        return walk(actions, parts[2:]), len(parts) == 2
    if head == "view":
        if len(parts) < 2:
            raise HauntkitError(f"{path}: expected view.<seat>[.path]")
        return walk(game.view(_seat(parts[1])), parts[2:]), False
    if head == "log_types":
        return walk([e["type"] for e in game.state["log"]], parts[1:]), False
    if head == "log_text":
        return walk([e["text"] for e in game.state["log"]], parts[1:]), False
    if head == "invariants":
        return walk(game.ruleset.invariants(game.state), parts[1:]), False
    if head == "state_hash" and len(parts) == 1:
        return state_hash(game.state), False
    return walk(game.state, parts), False


def subset(small: dict[str, Any], big: dict[str, Any]) -> bool:
    """Every field of ``small`` is in ``big`` with a value that meets it (a plain value or a
    matcher)."""
    return all(k in big and matches(big[k], v) for k, v in small.items())


def contains(container: Any, item: Any) -> bool:
    """Membership: substring in a string; element in a list, where a string also matches a
    dict's ``type``, a dict also matches any dict that has its fields, and a matcher matches
    any element that meets it; key in a dict."""
    if isinstance(container, str):
        return isinstance(item, str) and item in container
    if isinstance(container, dict):
        return not isinstance(item, dict | list) and item in container
    if isinstance(container, list):
        for el in container:
            if matches(el, item):
                return True
            if isinstance(el, dict):
                if isinstance(item, str) and el.get("type") == item:
                    return True
                if isinstance(item, dict) and not _is_operator(item) and subset(item, el):
                    return True
        return False
    return False


OPERATORS = ("$eq", "$ne", "$not", "$in", "$contains", "$len", "$gt", "$gte", "$lt", "$lte",
             "$absent", "$present", "$has")


def _is_operator(expected: Any) -> bool:
    return isinstance(expected, dict) and len(expected) >= 1 and all(
        isinstance(k, str) and k.startswith("$") for k in expected)


def matches(actual: Any, expected: Any, contains_mode: bool = False) -> bool:
    """Whether ``actual`` meets ``expected`` (a plain value, or ``{$operator: argument}``)."""
    if _is_operator(expected):
        return all(_apply(op, actual, arg, contains_mode) for op, arg in expected.items())
    if contains_mode:
        items = expected if isinstance(expected, list) else [expected]
        return all(contains(actual, item) for item in items)
    if actual is MISSING:
        return False
    if isinstance(expected, list):  # element by element: an element may be a matcher
        return isinstance(actual, list) and len(actual) == len(expected) and all(
            matches(a, e) for a, e in zip(actual, expected, strict=True))
    if isinstance(expected, dict):  # the same keys; a value may be a matcher
        return isinstance(actual, dict) and actual.keys() == expected.keys() and all(
            matches(actual[k], e) for k, e in expected.items())
    return bool(actual == expected)


def _apply(op: str, actual: Any, arg: Any, contains_mode: bool) -> bool:
    if op not in OPERATORS:
        raise HauntkitError(f"unknown operator {op!r}; expected one of {', '.join(OPERATORS)}")
    if op == "$absent":
        return (actual is MISSING) == bool(arg)
    if op == "$present":
        return (actual is not MISSING) == bool(arg)
    if op == "$not":
        return not matches(actual, arg, contains_mode)
    if actual is MISSING:
        return False
    if op == "$eq":
        return bool(actual == arg)
    if op == "$ne":
        return bool(actual != arg)
    if op == "$in":
        return isinstance(arg, list) and any(matches(actual, a) for a in arg)
    if op in ("$contains", "$has"):
        items = arg if isinstance(arg, list) and op == "$contains" else [arg]
        return all(contains(actual, item) for item in items)
    if op == "$len":
        return hasattr(actual, "__len__") and matches(len(actual), arg)
    try:
        if op == "$gt":
            return bool(actual > arg)
        if op == "$gte":
            return bool(actual >= arg)
        if op == "$lt":
            return bool(actual < arg)
        return bool(actual <= arg)
    except TypeError:
        return False
