"""Whole-pack checks of the betrayal content that need more than one file or more than the schema:
the haunt chart's coverage, haunts nobody can reach or win, references inside conditions,
impossible values (overlapping roll outcomes, trait tracks that go down, effects missing their
amount). ``CHECKS`` are the ruleset's ``content_checks`` (ruleset.py): every load of the pack
runs them after the reference checks of ``schema.PACK_SPEC``.

Each check returns problems as ``(kind, id, loc, message)``; ``loc`` is the path of the field
inside that item, so the validator can name the file, line and field.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from hauntkit.rulesets.betrayal import schema, vocabulary

Items = dict[str, dict[str, Any]]
Problem = tuple[str, str, tuple[Any, ...], str]

MAX_RESULT = 16  # 8 dice of at most 2 each (RULING B1)


def walk(obj: Any, loc: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every model, list and value inside ``obj`` with its path (YAML keys: aliases)."""
    yield loc, obj
    if isinstance(obj, BaseModel):
        for name, info in type(obj).model_fields.items():
            value = getattr(obj, name)
            if value is None:
                continue
            yield from walk(value, (*loc, info.alias or name))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from walk(value, (*loc, i))
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from walk(value, (*loc, key))


# --------------------------------------------------------------------------- the chart
def omen_rooms(items: Items) -> list[str]:
    """Rooms whose first discovery draws an omen: the haunt chart's columns."""
    return sorted(rid for rid, room in items["rooms"].items() if room.symbol == "omen")


def omens(items: Items) -> list[str]:
    """Omen cards that can be drawn: the haunt chart's rows."""
    return sorted(
        cid for cid, card in items["cards"].items() if card.kind == "omen" and card.in_deck
    )


def check_chart(items: Items) -> list[Problem]:
    """Every (omen, omen room) pair has exactly one haunt; every haunt can be reached."""
    problems: list[Problem] = []
    seen: dict[tuple[str, str], str] = {}
    rooms = items["rooms"]
    for cid, entry in sorted(items["chart"].items()):
        pair = (entry.omen, entry.room)
        if pair in seen:
            problems.append(("chart", cid, ("room",), (
                f"the pair omen {entry.omen!r} in room {entry.room!r} already has chart entry "
                f"{seen[pair]!r}; expected one haunt per pair")))
        seen.setdefault(pair, cid)
        room = rooms.get(entry.room)
        if room is not None and room.symbol != "omen":
            problems.append(("chart", cid, ("room",), (
                f"room {entry.room!r} has no omen symbol, so no omen is drawn there; expected one "
                f"of the omen rooms")))
    reached = {e.haunt for e in items["chart"].values()}
    for hid in sorted(items["haunts"]):
        if hid not in reached:
            problems.append(("haunts", hid, ("id",), (
                "no haunt chart entry leads to this haunt; expected at least one chart entry "
                f"with 'haunt: {hid}'")))
    if items["haunts"] and items["chart"] is not None:
        for omen in omens(items):
            missing = [room for room in omen_rooms(items) if (omen, room) not in seen]
            if missing:
                problems.append(("cards", omen, ("id",), (
                    f"the haunt chart has no entry for this omen drawn in room(s) "
                    f"{', '.join(missing)}; expected a chart entry for every (omen, omen room) "
                    "pair")))
    return problems


# --------------------------------------------------------------------------- references
def object_ids(obj: Any) -> list[str]:
    """The ids a haunt object may have in play: ``id``, and ``id_1``..``id_N`` for copies."""
    count = obj.count if isinstance(obj.count, int) else max(int(v) for v in obj.count.split("/"))
    return [obj.id, *(f"{obj.id}_{j}" for j in range(1, count + 1))]


def check_references(items: Items) -> list[Problem]:
    """Ids named inside conditions, bonuses and effects exist (rooms, cards, objects,
    monsters)."""
    problems: list[Problem] = []
    rooms, cards, monsters = items["rooms"], items["cards"], items["monsters"]
    objects = {oid for h in items["haunts"].values() for o in h.objects for oid in object_ids(o)}
    holdable = set(cards) | objects
    for kind in ("rooms", "cards", "monsters", "haunts"):
        for item_id, item in items[kind].items():
            for loc, obj in walk(item):
                if isinstance(obj, vocabulary.Cond):
                    for field in ("carrying", "not_carrying"):
                        for i, ref in enumerate(getattr(obj, field) or []):
                            if ref not in holdable:
                                problems.append((kind, item_id, (*loc, field, i),
                                                 f"unknown card or object {ref!r}"))
                    for i, ref in enumerate(obj.in_room or []):
                        if ref not in rooms:
                            problems.append((kind, item_id, (*loc, "in_room", i),
                                             f"unknown room {ref!r}"))
                    if obj.monster_here not in (None, "any") and obj.monster_here not in monsters:
                        problems.append((kind, item_id, (*loc, "monster_here"),
                                         f"unknown monster {obj.monster_here!r}; expected a "
                                         "monster id or 'any'"))
                    if obj.explorers_in_room and obj.explorers_in_room.room not in rooms:
                        problems.append((kind, item_id, (*loc, "explorers_in_room", "room"),
                                         f"unknown room {obj.explorers_in_room.room!r}"))
                elif isinstance(obj, (vocabulary.Move, vocabulary.Place,
                                      vocabulary.Discover)) and obj.room \
                        and obj.room not in rooms:
                    problems.append((kind, item_id, (*loc, "room"), f"unknown room {obj.room!r}"))
                if isinstance(obj, vocabulary.Place) and obj.monster \
                        and obj.monster not in monsters:
                    problems.append((kind, item_id, (*loc, "monster"),
                                     f"unknown monster {obj.monster!r}"))
                elif isinstance(obj, vocabulary.GetCard) and obj.card not in holdable:
                    problems.append((kind, item_id, (*loc, "card"), f"unknown card {obj.card!r}"))
                elif isinstance(obj, (vocabulary.Discard, vocabulary.Drop)):
                    if obj.card not in ("this", "all") and obj.card not in holdable:
                        problems.append((kind, item_id, (*loc, "card"),
                                         f"unknown card or object {obj.card!r}"))
                elif isinstance(obj, (vocabulary.Move, vocabulary.Stun, vocabulary.Kill)):
                    special = {"self", "here", "monster_here"}
                    if obj.who not in special and obj.who not in monsters:
                        problems.append((kind, item_id, (*loc, "who"),
                                         f"unknown monster {obj.who!r}; expected 'self' or a "
                                         "monster id"))
                elif isinstance(obj, (schema.HauntObject, schema.HauntMonster)):
                    if obj.where == "room" and obj.room not in rooms:
                        problems.append((kind, item_id, (*loc, "room"),
                                         f"'where: room' needs a known room; got {obj.room!r}"))
                    if obj.where == "each_symbol" and obj.symbol is None:
                        problems.append((kind, item_id, (*loc, "symbol"),
                                         "'where: each_symbol' needs 'symbol: event|item|omen'"))
    return problems


# --------------------------------------------------------------------------- impossible values
def _range(outcome: Any) -> tuple[int, int]:
    low = outcome.min if outcome.min is not None else 0
    high = outcome.max if outcome.max is not None else 10**6
    return low, high


def check_values(items: Items) -> list[Problem]:
    """Values that cannot work: overlapping or empty outcome ranges, rolls without dice,
    damage without an amount, trait tracks that go down, places without a target."""
    problems: list[Problem] = []
    for kind in ("rooms", "cards", "monsters", "haunts"):
        for item_id, item in items[kind].items():
            for loc, obj in walk(item):
                if isinstance(obj, vocabulary.Roll):
                    if (obj.trait is None) == (obj.dice is None):
                        problems.append((kind, item_id, loc, (
                            "a roll needs exactly one of 'trait' (a trait roll) or 'dice' "
                            "(a number of dice)")))
                    if not obj.outcomes:
                        problems.append((kind, item_id, (*loc, "outcomes"),
                                         "a roll needs at least one outcome"))
                    ranges = [_range(o) for o in obj.outcomes]
                    for i, (low, high) in enumerate(ranges):
                        if low > high:
                            problems.append((kind, item_id, (*loc, "outcomes", i), (
                                f"min {low} is above max {high}; expected min <= max")))
                        elif low > MAX_RESULT + _max_add(obj):
                            problems.append((kind, item_id, (*loc, "outcomes", i, "min"), (
                                f"min {low} can never be rolled (8 dice give at most "
                                f"{MAX_RESULT})")))
                        for j in range(i):
                            other_low, other_high = ranges[j]
                            if low <= other_high and other_low <= high:
                                problems.append((kind, item_id, (*loc, "outcomes", i), (
                                    f"results {max(low, other_low)}..{min(high, other_high)} "
                                    f"also match outcomes[{j}]; expected ranges that do not "
                                    "overlap")))
                elif isinstance(obj, vocabulary.Damage) \
                        and (obj.amount is None) == (obj.dice is None):
                    problems.append((kind, item_id, loc, (
                        "damage needs exactly one of 'amount' (fixed) or 'dice' (rolled)")))
                elif isinstance(obj, vocabulary.Move) and obj.room is None and obj.to is None:
                    problems.append((kind, item_id, loc,
                                     "a move needs 'room' (a room id) or 'to' (a choice)"))
                elif isinstance(obj, vocabulary.Move) and obj.to == "choice_token" \
                        and not obj.token:
                    problems.append((kind, item_id, (*loc, "token"),
                                     "'to: choice_token' needs 'token'"))
                elif isinstance(obj, vocabulary.Place):
                    if (obj.monster is None) == (obj.token is None):
                        problems.append((kind, item_id, loc, (
                            "a place effect needs exactly one of 'monster' or 'token'")))
                    if obj.where == "room" and not obj.room:
                        problems.append((kind, item_id, (*loc, "room"),
                                         "'where: room' needs 'room'"))
                    if obj.where == "each_symbol" and not obj.symbol:
                        problems.append((kind, item_id, (*loc, "symbol"),
                                         "'where: each_symbol' needs 'symbol'"))
    for cid, card in items["cards"].items():
        keeps = any(isinstance(obj, vocabulary.Keep) for _loc, obj in walk(card.on_draw))
        if card.ongoing and not keeps:
            problems.append(("cards", cid, ("on_draw",), (
                "an ongoing card must keep itself: expected '{do: keep}' in on_draw")))
        if card.weapon is not None and not card.is_item():
            problems.append(("cards", cid, ("weapon",), (
                "only a card one carries can be a weapon; expected an item or omen")))
    for rid, room in items["rooms"].items():
        if len(set(room.doors)) != len(room.doors):
            problems.append(("rooms", rid, ("doors",), "a side is listed twice"))
    for cid, character in items["characters"].items():
        for trait in ("might", "speed", "knowledge", "sanity"):
            values = getattr(character, trait).values
            if any(b < a for a, b in zip(values, values[1:], strict=False)):
                problems.append(("characters", cid, (trait, "values"), (
                    f"track {values} goes down; expected 8 values from lowest to highest")))
    return problems


def _max_add(roll: Any) -> int:
    total = roll.add if isinstance(roll.add, int) else max(int(v) for v in roll.add.split("/"))
    for bonus in roll.bonuses:
        add = bonus.add if isinstance(bonus.add, int) else max(
            int(v) for v in bonus.add.split("/"))
        total += add
    return total


# --------------------------------------------------------------------------- winnable haunts
def check_haunts(items: Items) -> list[Problem]:
    """Each side of a haunt has a way to win, and every counter or flag a win condition waits
    for is changed by something in the pack."""
    problems: list[Problem] = []
    counters: set[str] = set()
    flags: set[str] = set()
    for kind in ("rooms", "cards", "monsters", "haunts"):
        for item in items[kind].values():
            for _loc, obj in walk(item):
                if isinstance(obj, vocabulary.Counter):
                    counters.add(obj.name)
                elif isinstance(obj, vocabulary.Roll) and obj.save_as:
                    counters.add(obj.save_as)
                elif isinstance(obj, vocabulary.SetFlag) and obj.value:
                    flags.add(obj.name)
    for hid, haunt in items["haunts"].items():
        wins_by_effect = {
            obj.side for _loc, obj in walk(haunt) if isinstance(obj, vocabulary.Win)
        }
        if not haunt.heroes.win and "heroes" not in wins_by_effect:
            problems.append(("haunts", hid, ("heroes", "win"), (
                "the heroes have no way to win; expected 'win' conditions or a 'win' effect")))
        traitor_side = "house" if haunt.traitor.rule == "none" else "traitor"
        if not (haunt.traitor_book.win or haunt.house_wins_if_all_dead
                or wins_by_effect & {"traitor", "house", traitor_side}):
            problems.append(("haunts", hid, ("traitor_book", "win"), (
                f"the {traitor_side} has no way to win; expected 'win' conditions, "
                "'house_wins_if_all_dead: true' or a 'win' effect")))
        for book in ("heroes", "traitor_book"):
            for i, cond in enumerate(getattr(haunt, book).win):
                for loc, obj in walk(cond, (book, "win", i)):
                    if not isinstance(obj, vocabulary.Cond):
                        continue
                    for name in obj.counter_at_least or {}:
                        if name not in counters:
                            problems.append(("haunts", hid, (*loc, "counter_at_least", name), (
                                f"nothing adds to counter {name!r}; expected a 'counter' effect "
                                f"with 'name: {name}' (or a roll with 'save_as: {name}')")))
                    if obj.flag and obj.flag not in flags:
                        problems.append(("haunts", hid, (*loc, "flag"), (
                            f"nothing sets flag {obj.flag!r}; expected a 'flag' effect with "
                            f"'name: {obj.flag}'")))
    return problems


CHECKS = [check_chart, check_references, check_values, check_haunts]
