"""The options a lobby form offers, read from a ruleset's config JSON Schema, and a game's
config shown back in the same words (a campaign page's "its settings")."""

from __future__ import annotations

from typing import Any


def _branch(prop: dict[str, Any]) -> dict[str, Any]:
    """The non-null branch of an optional property's JSON Schema."""
    for b in prop.get("anyOf", []):
        if b.get("type") != "null":
            return {**prop, **b}
    return prop


def lobby_options(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The config keys a lobby form can offer, from the config's JSON Schema: a choice among
    strings, a whole number, a yes/no, or a list marked ``per_seat`` (one value a seat, from
    its items' ``enum`` when there is one); a choice's ``names`` are its values' display
    names. ``players`` is the seat count; other lists are left to the CLI and the API."""
    out = []
    for key, raw in schema.get("properties", {}).items():
        if key == "players" or not isinstance(raw, dict):
            continue
        spec = _branch(raw)
        # ``advanced``: the ruleset folds it away in the lobby's "More options"
        base = {"key": key, "default": spec.get("default"), "help": spec.get("description", ""),
                "advanced": bool(spec.get("advanced"))}
        kind = spec.get("type")
        if kind == "string" and isinstance(spec.get("enum"), list):
            out.append({**base, "type": "choice", "choices": list(spec["enum"]),
                        "names": choice_names(spec)})
        elif kind == "integer":
            low = spec.get("minimum", spec["exclusiveMinimum"] + 1
                           if "exclusiveMinimum" in spec else None)
            out.append({**base, "type": "int", "min": low, "max": spec.get("maximum")})
        elif kind == "boolean":
            out.append({**base, "type": "bool"})
        elif kind == "array" and spec.get("per_seat"):  # one value a seat, asked per seat row
            items = spec.get("items", {})
            out.append({**base, "type": "per_seat", "choices": items.get("enum")
                        if isinstance(items.get("enum"), list) else None,
                        "names": choice_names(items)})
    return out


def choice_names(spec: dict[str, Any]) -> dict[str, str]:
    """Each choice's display name, as the ruleset declares it beside the schema's ``enum``
    (``enumNames``, in the same order); the lobby shows a choice without one as it is."""
    values, names = spec.get("enum"), spec.get("enumNames")
    if not isinstance(values, list) or not isinstance(names, list):
        return {}
    return {str(v): str(n) for v, n in zip(values, names, strict=False) if n}


def settings_rows(schema: dict[str, Any], config: dict[str, Any]) -> list[dict[str, Any]]:
    """The values ``config`` gives to the options a lobby form offers (``lobby_options``), as
    label/value rows in the form's words: a choice by its display name, a yes/no in words.
    Nothing else of the config is shown: a campaign's next game keeps its haunt, its cards
    and its other secrets to itself."""
    rows = []
    for option in lobby_options(schema):
        value = config.get(option["key"])
        if value is None or option["type"] == "per_seat":
            continue
        if option["type"] == "choice":
            value = option["names"].get(str(value), value)
        elif option["type"] == "bool":
            value = "yes" if value else "no"
        rows.append({"label": option["key"].replace("_", " "), "value": value})
    return rows
