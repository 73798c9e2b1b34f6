"""Evaluating ``Cond`` (the condition model of the effect vocabulary).

Each condition is compiled once into a list of small tests, one per field it sets, so the hot
path only runs the tests that matter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.rulesets.betrayal import state_access
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]
Test = Callable[[Index, State, Any], bool]
_ABOUT_WHO = ("in_room", "on_floor", "room_has_symbol", "carrying", "not_carrying",
              "token_here", "monster_here", "trait_at_least", "trait_below")


def holds(ix: Index, s: State, c: Any, who: Any) -> bool:
    """Whether condition ``c`` holds about ``who`` (a seat, a monster id, or None)."""
    entry = _COMPILED.get(id(c))
    if entry is None or entry[0] is not c:
        entry = _COMPILED[id(c)] = (c, _compile(c))
    return entry[1](ix, s, who)


def compiled(c: Any) -> Test:
    """The test of condition ``c`` (``compiled(c)(ix, s, who) == holds(ix, s, c, who)``)."""
    entry = _COMPILED.get(id(c))
    if entry is None or entry[0] is not c:
        entry = _COMPILED[id(c)] = (c, _compile(c))
    return entry[1]


_COMPILED: dict[int, tuple[Any, Test]] = {}  # id -> (the Cond, kept alive; its test)

EXTRA_TESTS: dict[type, Callable[[Any], list[Test]]] = {}
"""Condition model class -> the tests of the fields it adds to ``Cond`` (run after Cond's own);
filled by a ruleset built on betrayal (legacy's rules.py registers ``LCond``)."""


def _compile(c: Any) -> Test:
    tests: list[Test] = []
    add = tests.append
    if c.haunt_started is not None:
        want = c.haunt_started
        add(lambda ix, s, who: (s["haunt"] is not None) == want)
    if c.traitor_revealed is not None:
        shown = c.traitor_revealed
        add(lambda ix, s, who: (s["haunt"] is not None
                                and bool(s["haunt"].get("revealed"))) == shown)
    if c.side is not None:
        side = c.side
        add(lambda ix, s, who: who is not None and state_access.side(s, who) == side)
    if c.is_monster is not None:
        mon = c.is_monster
        add(lambda ix, s, who: isinstance(who, str) == mon)
    if any(getattr(c, f) is not None for f in _ABOUT_WHO):
        add(lambda ix, s, who: who is not None)
    if c.in_room is not None:
        rooms = frozenset(c.in_room)
        add(lambda ix, s, who: state_access.room_of(s, who) in rooms)
    if c.on_floor is not None:
        floors = frozenset(c.on_floor)
        add(lambda ix, s, who: s["tiles"][state_access.room_of(s, who)][0] in floors)
    if c.room_has_symbol is not None:
        sym = c.room_has_symbol
        add(lambda ix, s, who: sym in ix.symbols[state_access.room_of(s, who)])
    if c.carrying is not None:
        wanted = list(c.carrying)
        add(lambda ix, s, who: any(_holds_card(_cards(s, who), x) for x in wanted))
    if c.not_carrying is not None:
        unwanted = list(c.not_carrying)
        add(lambda ix, s, who: not any(_holds_card(_cards(s, who), x) for x in unwanted))
    if c.token_here is not None:
        tok = c.token_here
        add(lambda ix, s, who: bool(s["tokens"].get(state_access.room_of(s, who), {}).get(tok)))
    if c.monster_here is not None:
        kind = c.monster_here
        add(lambda ix, s, who: _monster_here(s, state_access.room_of(s, who), kind))
    if c.trait_at_least is not None:
        least = dict(c.trait_at_least)
        add(lambda ix, s, who: all(state_access.value(ix, s, who, t) >= v
                                   for t, v in least.items()))
    if c.trait_below is not None:
        below = dict(c.trait_below)
        add(lambda ix, s, who: all(state_access.value(ix, s, who, t) < v for t, v in below.items()))
    if c.flag is not None:
        flag = c.flag
        add(lambda ix, s, who: bool(s["flags"].get(flag)))
    if c.not_flag is not None:
        nflag = c.not_flag
        add(lambda ix, s, who: not s["flags"].get(nflag))
    if c.counter_at_least is not None:
        counters = [(k, _scaler(v)) for k, v in c.counter_at_least.items()]

        def _counters(ix: Index, s: State, who: Any) -> bool:
            have = s["counters"]
            n = s["players"]
            for k, need in counters:
                if have.get(k, 0) < need(n):
                    return False
            return True
        add(_counters)
    if c.all_heroes_dead is not None:
        dead = c.all_heroes_dead
        add(lambda ix, s, who: (s["haunt"] is not None and not _hero_lives(s)) == dead)
    if c.traitor_dead is not None:
        tdead = c.traitor_dead
        add(lambda ix, s, who: _traitor_dead(s) == tdead)
    if c.living_heroes_at_most is not None:
        most = c.living_heroes_at_most
        add(lambda ix, s, who: sum(
            1 for x in s["explorers"] if x["side"] == "heroes" and x["alive"])
            <= state_access.count(s, most))
    if c.monsters_left_at_most is not None:
        mmost = c.monsters_left_at_most
        add(lambda ix, s, who: len(s["monsters"]) <= state_access.count(s, mmost))
    if c.explorers_in_room is not None:
        e = c.explorers_in_room
        add(lambda ix, s, who: sum(
            1 for x in s["explorers"] if x["alive"] and x["room"] == e.room
            and (e.side is None or x["side"] == e.side)) >= state_access.count(s, e.count))
    if c.any_of is not None:
        subs = list(c.any_of)
        add(lambda ix, s, who: any(holds(ix, s, sub, who) for sub in subs))
    if c.not_ is not None:
        neg = c.not_
        add(lambda ix, s, who: not holds(ix, s, neg, who))
    extra = EXTRA_TESTS.get(type(c))
    if extra is not None:
        tests.extend(extra(c))
    if not tests:
        return lambda ix, s, who: True
    if len(tests) == 1:
        return tests[0]
    def _all(ix: Index, s: State, who: Any) -> bool:
        for test in tests:
            if not test(ix, s, who):
                return False
        return True
    return _all


def _scaler(value: Any) -> Callable[[int], int]:
    """``state_access.count`` of a fixed Count as a function of the number of explorers."""
    if value is None:
        return lambda n: 0
    if isinstance(value, int):
        return lambda n: value
    parts = tuple(int(p) for p in value.split("/"))
    return lambda n: parts[min(max(n, 3), 6) - 3]


def _hero_lives(s: State) -> bool:
    for x in s["explorers"]:
        if x["side"] == "heroes" and x["alive"]:
            return True
    return False


def _cards(s: State, who: Any) -> list[str]:
    return s["explorers"][who]["cards"] if isinstance(who, int) else s["monsters"][who]["cards"]


def _monster_here(s: State, room: str, kind: str) -> bool:
    return any(m["room"] == room and (kind == "any" or m["kind"] == kind)
               for m in s["monsters"].values())


def _traitor_dead(s: State) -> bool:
    h = s["haunt"]
    return h is not None and h["traitor"] is not None and not s["explorers"][h["traitor"]]["alive"]


def _holds_card(cards: list[str], x: str) -> bool:
    if x in cards:
        return True
    prefix = x + "_"
    return any(c.startswith(prefix) and c[len(prefix):].isdigit() for c in cards)
