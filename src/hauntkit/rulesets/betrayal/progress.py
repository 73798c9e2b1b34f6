"""A side's progress toward the haunt counters its book's win conditions count: "PRAY: 1 of 3".

The counters are public in every view; this names them for the side whose goals they are,
after the action that moves them (its action word, or its label), and gives the target scaled
to the number of players."""

from __future__ import annotations

import re
from typing import Any

from hauntkit.rulesets.betrayal.vocabulary import scaled

# (id of the book, counter) -> (the book, its label): the book is kept to tell a reused id
_LABELS: dict[tuple[int, str], tuple[Any, str]] = {}


def _moves_counter(value: Any, name: str) -> bool:
    if isinstance(value, dict):
        if value.get("do") == "counter" and value.get("name") == name:
            return True
        return any(_moves_counter(v, name) for v in value.values())
    if isinstance(value, list):
        return any(_moves_counter(v, name) for v in value)
    return False


def counter_label(book: Any, name: str) -> str:
    """The words for counter ``name`` of ``book``: the word (or label) of the book's action
    that moves it, else the counter's name in words."""
    key = (id(book), name)
    cached = _LABELS.get(key)
    if cached is not None and cached[0] is book:
        return cached[1]
    got = name.replace("_", " ").capitalize()
    # a counter that moves by itself (a reaction: "the poison rises") keeps its own name
    if not any(_moves_counter(r.model_dump(), name) for r in book.reactions):
        for action in book.actions:
            if _moves_counter(action.model_dump().get("effects"), name):
                word = getattr(action, "word", None)
                label = re.sub(r"\s*\([^)]*\)$", "", action.label.split(":")[0]).strip()
                got = word or label or got
                break
    _LABELS[key] = (book, got)
    return got


def progress(book: Any, counters: dict[str, int], players: int) -> list[dict[str, Any]]:
    """Each counter that a win condition of ``book`` (or one of its actions) waits for: label,
    value now, target."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    # the counters a win waits for, then those an action waits for (steps toward a goal)
    conds = [*book.win, *(a.when for a in book.actions if a.when is not None)]
    for cond in conds:
        for name, target in (cond.counter_at_least or {}).items():
            if name in seen:
                continue
            seen.add(name)
            out.append({"label": counter_label(book, name), "value": counters.get(name, 0),
                        "target": scaled(target, players)})
    return out
