"""How a campaign's persistent data is shown to people (``Ruleset.campaign_summary``).

A summary is plain JSON::

    {"title": "The house on Hollow Hill",
     "sections": [{"title": "Families", "rows": [{"label": "Ashworth", "value": 3}]},
                  {"title": "Standings", "columns": ["Seat", "Wins"], "table": [["Ann", 2]]},
                  {"title": "Notes", "text": "One paragraph."}]}

Values and cells are scalars (string, number, bool or null) and are shown as text, never as
markup. A row may also be written as a ``[label, value]`` pair; ``present`` gives every row as
an object. ``generic_summary`` renders any JSON this way (the default of rulesets that do not
present their data themselves); ``check_summary`` lists what is wrong with a summary;
``present`` is what the server and the command line show.
"""

from __future__ import annotations

import json
import logging
from typing import Any

log = logging.getLogger("hauntkit.campaign")
Summary = dict[str, Any]
_SCALARS = (str, int, float, bool, type(None))
MAX_DEPTH = 4  # nested objects deeper than this are shown as compact JSON text


def _label(key: str) -> str:
    return key.replace("_", " ").strip().capitalize() or key


def _text(value: Any) -> Any:
    """A scalar as it is, a list of scalars joined, anything else as compact text."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, list) and all(isinstance(v, _SCALARS) for v in value):
        return ", ".join("—" if v is None else str(v) for v in value)
    return json.dumps(value, sort_keys=True, separators=(", ", ": "))


def _table(value: Any) -> tuple[list[str], list[list[Any]]] | None:
    """A non-empty list of objects with scalar values, as columns and rows."""
    if not value or not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        return None
    columns: list[str] = []
    for item in value:
        columns += [k for k in item if k not in columns]
    return [_label(c) for c in columns], [[_text(item.get(c)) for c in columns]
                                          for item in value]


def _sections(title: str, data: dict[str, Any], depth: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    nested: list[dict[str, Any]] = []
    for key, value in data.items():
        name = f"{title}: {_label(key)}" if title else _label(key)
        table = _table(value)
        if isinstance(value, dict) and value and depth < MAX_DEPTH:
            nested += _sections(name, value, depth + 1)
        elif table is not None:
            nested.append({"title": name, "columns": table[0], "table": table[1]})
        else:
            rows.append({"label": _label(key), "value": _text(value)})
    own = [{"title": title or "Campaign data", "rows": rows}] if rows else []
    return own + nested


def generic_summary(data: Any) -> Summary:
    """Any JSON data as a summary: an object's scalars (and lists of scalars) as label/value
    rows, its nested objects as sections of their own, lists of objects as tables."""
    if not isinstance(data, dict):
        return {"title": "", "sections": [{"title": "Campaign data",
                                           "rows": [{"label": "Data", "value": _text(data)}]}]}
    return {"title": "", "sections": _sections("", data, 0)}


def check_summary(summary: Any) -> list[str]:
    """What is wrong with a summary (empty: nothing), each problem with where it is."""
    if not isinstance(summary, dict):
        return [f"a summary is an object, got {type(summary).__name__}"]
    problems = []
    if not isinstance(summary.get("title", ""), str):
        problems.append("title: expected a string")
    sections = summary.get("sections")
    if not isinstance(sections, list):
        return [*problems, "sections: expected a list"]
    for i, sec in enumerate(sections):
        where = f"sections[{i}]"
        if not isinstance(sec, dict):
            problems.append(f"{where}: expected an object")
            continue
        unknown = set(sec) - {"title", "rows", "columns", "table", "text"}
        if unknown:
            problems.append(f"{where}: unknown keys {sorted(unknown)}")
        if not isinstance(sec.get("title"), str):
            problems.append(f"{where}.title: expected a string")
        if "text" in sec and not isinstance(sec["text"], str):
            problems.append(f"{where}.text: expected a string")
        if not isinstance(sec.get("rows", []), list) or not isinstance(sec.get("table", []),
                                                                       list):
            problems.append(f"{where}: rows and table are lists")
            continue
        for j, row in enumerate(sec.get("rows", [])):
            if _row(row) is None:
                problems.append(f"{where}.rows[{j}]: expected {{label: string, value: scalar}} "
                                "or [label, value]")
        if ("columns" in sec) != ("table" in sec):
            problems.append(f"{where}: columns and table go together")
        columns = sec.get("columns", [])
        if not isinstance(columns, list) or not all(isinstance(c, str) for c in columns):
            problems.append(f"{where}.columns: expected a list of strings")
            continue
        for j, row in enumerate(sec.get("table", [])):
            if not (isinstance(row, list) and len(row) == len(columns)
                    and all(isinstance(c, _SCALARS) for c in row)):
                problems.append(f"{where}.table[{j}]: expected {len(columns)} scalar cells")
    return problems


def _row(row: Any) -> dict[str, Any] | None:
    """A row as ``{"label", "value"}`` (from that or a ``[label, value]`` pair), else None."""
    if isinstance(row, list) and len(row) == 2:
        row = {"label": row[0], "value": row[1]}
    if (isinstance(row, dict) and set(row) == {"label", "value"}
            and isinstance(row["label"], str) and isinstance(row["value"], _SCALARS)):
        return row
    return None


def present(rs: Any, data: Any) -> Summary:
    """``rs.campaign_summary(data)`` with every row as an object, or the generic rendering
    (logged) when the ruleset's hook raises or gives something that is not a summary."""
    try:
        got = rs.campaign_summary(data)
        problems = check_summary(got)
    except Exception as exc:  # noqa: BLE001 - a broken hook must not hide the campaign
        problems = [f"{type(exc).__name__}: {exc}"]
    if problems:
        log.warning("ruleset %s: campaign_summary is not usable (%s); shown generically",
                    getattr(rs, "id", "?"), "; ".join(problems[:3]))
        return generic_summary(data)
    return {**got, "sections": [
        {**sec, "rows": [_row(r) for r in sec["rows"]]} if "rows" in sec else sec
        for sec in got["sections"]]}


__all__ = ["Summary", "check_summary", "generic_summary", "present"]
