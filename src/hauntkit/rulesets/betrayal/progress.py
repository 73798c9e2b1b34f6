"""A side's progress toward its book's win conditions, in words, for the side whose goals they
are: "PRAY: 1 of 3", "Force the front door: not yet", "Living heroes in the Entrance Hall:
1 of 2", "Monsters left: 3 (you win at none)".

Counters are named after the action that moves them (its action word, or its label), flags
after the action that sets them; targets are scaled to the number of players. A goal met only
by the game's end (the traitor dead, every hero dead) is the book's goal text already and gets no
line. Under a traitor still hidden, only counters are shown: a count of living heroes would tell
whether the explorer who just died was the traitor."""

from __future__ import annotations

import re
from typing import Any

from hauntkit.rulesets.betrayal import words
from hauntkit.rulesets.betrayal.index import Index
from hauntkit.rulesets.betrayal.vocabulary import Cond, scaled

State = dict[str, Any]
SIDE_PEOPLE = {"heroes": "Living heroes", "traitor": "Living traitors", None: "Living explorers"}

# (id of the book, effect kind, name) -> (the book, its label): the book tells a reused id
_LABELS: dict[tuple[int, str, str], tuple[Any, str]] = {}


def _sets(value: Any, do: str, name: str) -> bool:
    """Whether an effect tree ``value`` holds a ``do`` effect (counter, flag) named ``name``."""
    if isinstance(value, dict):
        if value.get("do") == do and value.get("name") == name:
            return True
        return any(_sets(v, do, name) for v in value.values())
    if isinstance(value, list):
        return any(_sets(v, do, name) for v in value)
    return False


def _label(book: Any, do: str, name: str) -> str:
    key = (id(book), do, name)
    cached = _LABELS.get(key)
    if cached is not None and cached[0] is book:
        return cached[1]
    got = name.replace("_", " ").capitalize()
    # a counter that moves by itself (a reaction: "the poison rises") keeps its own name
    if not any(_sets(r.model_dump(), do, name) for r in book.reactions):
        for action in book.actions:
            if _sets(action.model_dump().get("effects"), do, name):
                word = getattr(action, "word", None)
                label = re.sub(r"\s*\([^)]*\)$", "", action.label.split(":")[0]).strip()
                got = word or label or got
                break
    _LABELS[key] = (book, got)
    return got


def counter_label(book: Any, name: str) -> str:
    """The words for counter ``name`` of ``book``: the word (or label) of the book's action
    that moves it, else the counter's name in words."""
    return _label(book, "counter", name)


def _counted(label: str, value: int, target: int) -> dict[str, Any]:
    return {"label": label, "value": value, "target": target,
            "text": f"{label}: {value} of {target}"}


def _at_most(label: str, value: int, most: int) -> dict[str, Any]:
    goal = "you win when none are left" if most == 0 else f"you win at {most} or fewer"
    return {"label": label, "value": value, "target": most, "text": f"{label}: {value} ({goal})"}


def _goal_lines(ix: Index, s: State, book: Any, cond: Cond, counters_only: bool,
                seen: set[str]) -> list[dict[str, Any]]:
    players = s["players"]
    out: list[dict[str, Any]] = []
    for name, target in (cond.counter_at_least or {}).items():
        if f"counter:{name}" not in seen:
            seen.add(f"counter:{name}")
            out.append(_counted(counter_label(book, name), s["counters"].get(name, 0),
                                scaled(target, players)))
    if counters_only:
        return out
    if cond.flag is not None and f"flag:{cond.flag}" not in seen:
        seen.add(f"flag:{cond.flag}")
        label = _label(book, "flag", cond.flag)
        done = bool(s["flags"].get(cond.flag))
        out.append({"label": label, "value": int(done), "target": 1,
                    "text": f"{label}: {'done' if done else 'not yet'}"})
    if cond.explorers_in_room is not None:
        where = cond.explorers_in_room
        if f"room:{where.room}:{where.side}" not in seen:
            seen.add(f"room:{where.room}:{where.side}")
            here = sum(1 for x in s["explorers"] if x["alive"] and x["room"] == where.room
                       and (where.side is None or x["side"] == where.side))
            out.append(_counted(f"{SIDE_PEOPLE[where.side]} in {words.room(ix, where.room)}",
                                here, scaled(where.count, players)))
    if cond.living_heroes_at_most is not None and "living heroes" not in seen:
        seen.add("living heroes")
        alive = sum(1 for x in s["explorers"] if x["side"] == "heroes" and x["alive"])
        out.append(_at_most("Heroes alive", alive, scaled(cond.living_heroes_at_most, players)))
    if cond.monsters_left_at_most is not None and "monsters left" not in seen:
        seen.add("monsters left")
        out.append(_at_most("Monsters left", len(s["monsters"]),
                            scaled(cond.monsters_left_at_most, players)))
    for sub in cond.any_of or []:
        out.extend(_goal_lines(ix, s, book, sub, counters_only, seen))
    return out


def progress(ix: Index, s: State, book: Any, hidden_traitor: bool) -> list[dict[str, Any]]:
    """Each goal of ``book`` that can be counted or ticked off before the game ends, and what
    its action steps wait for: ``label``, ``value`` now, ``target`` and the line ``text``."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    # the goals a win waits for, then those an action waits for (steps toward a goal)
    conds = [*book.win, *(a.when for a in book.actions if a.when is not None)]
    for i, cond in enumerate(conds):
        # an action's own condition counts only its counters ("not yet opened" is no goal)
        out.extend(_goal_lines(ix, s, book, cond, hidden_traitor or i >= len(book.win), seen))
    return out


def goal_words(ix: Index, book: Any, cond: Cond) -> str:
    """A win condition of ``book`` in words, for reports ("Work a pump: target reached", "the
    traitor is dead", "every monster defeated"); targets that scale with the players are not spelt
    out, so that games of every player count name a goal alike."""
    counted = [counter_label(book, name) for name in sorted(cond.counter_at_least or {})]
    parts = [f"{words.listing(counted)}: target{'s' if len(counted) > 1 else ''} reached"] \
        if counted else []
    if cond.flag is not None:
        parts.append(f"{_label(book, 'flag', cond.flag)} done")
    if cond.explorers_in_room is not None:
        where = cond.explorers_in_room
        parts.append(f"{SIDE_PEOPLE[where.side].lower()} in {words.room(ix, where.room)}")
    if cond.traitor_dead:
        parts.append("the traitor is dead")
    if cond.all_heroes_dead:
        parts.append("every hero is dead")
    if cond.living_heroes_at_most is not None:
        parts.append("no hero alive" if cond.living_heroes_at_most == 0
                     else "few enough heroes alive")
    if cond.monsters_left_at_most is not None:
        parts.append("every monster defeated" if cond.monsters_left_at_most == 0
                     else "few enough monsters left")
    if cond.any_of:
        parts.append(" or ".join(goal_words(ix, book, sub) for sub in cond.any_of))
    return words.listing(parts) if parts else "its goal met"
