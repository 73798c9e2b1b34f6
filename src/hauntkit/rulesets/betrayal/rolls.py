"""Dice rolls of explorers and monsters: dice from a trait, roll bonuses (cards, objects, the
tile, the ruleset's extras), saved results, and a roll effect's outcomes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hauntkit.rulesets.betrayal import conditions, frames, state_access, vocabulary, words
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]


def do_roll(ix: Index, s: State, who: Any, trait: str | None, dice: int | None, kind: str,
            category: str | None = None, extra: Sequence[Any] = (), add: int = 0) -> int:
    """Roll for ``who``: dice = trait value (or ``dice``) plus bonuses; result never below 0.
    An explorer with a saved "It Is Meant To Be" result uses it instead."""
    if isinstance(who, int) and s["explorers"][who].get("fate") is not None and kind != "defend":
        result = s["explorers"][who].pop("fate")
        state_access.log(s, "roll",
                         f"{state_access.name(ix, s, who)} uses a saved result: {result}.",
                         seat=who, result=result)
        return result
    n = dice if dice is not None else state_access.value(ix, s, who, trait) if trait else 0
    more, plus = roll_mods(ix, s, who, kind, trait, category, extra)
    faces = state_access.roll(s, n + more)  # 0 dice (or fewer) still roll 1 die, RULING B1
    result = max(0, sum(faces) + plus + add)
    state_access.log(s, "roll",
                     f"{state_access.name(ix, s, who) if who is not None else 'The house'} rolls "
                     f"{state_access.plural(len(faces), 'die', 'dice')}{f' for {trait.capitalize()}' if trait else ''}: "
                     f"{', '.join(map(str, faces)) or 'nothing'} (total {result}).", who=who,
                     dice=faces, result=result)
    return result


def note_roll(s: State, eff: vocabulary.Roll) -> None:
    """Book a roll's key and category for the turn (each at most once a turn)."""
    t = s["turn"]
    if eff.key:
        t["rolls"].append(eff.key)
    if eff.category:
        t["categories_rolled"].append(eff.category)


def take_outcome(ix: Index, s: State, eff: vocabulary.Roll, result: int, who: Any,
                 src: str) -> None:
    """Save the result if the roll says so, and apply the first outcome it falls in."""
    if eff.save_as:
        s["counters"][eff.save_as] = result
    whose = f"{state_access.name(ix, s, who)}'s roll" if who is not None else "The roll"
    for o in eff.outcomes:
        if (o.min is None or result >= o.min) and (o.max is None or result <= o.max):
            band = f"{whose} is {result}, {words.result_range(o.min, o.max)}"
            # an outcome without text is told by its effects' own lines, which follow
            line = f"{band}: {o.text}" if o.text else f"{band}." if o.effects \
                else f"{band}: nothing happens."
            state_access.log(s, "outcome", line)
            frames.push(s, ix.key(o.effects), who, src)
            return
    if eff.outcomes:
        state_access.log(s, "outcome", f"{whose} is {result}: nothing happens.")


def bonuses_for(ix: Index, s: State, who: Any) -> list[Any]:
    """Every roll bonus that may apply to ``who``: carried cards and objects, the room."""
    out: list[Any] = []
    if isinstance(who, int):
        for cid in s["explorers"][who]["cards"]:
            card = ix.cards.get(cid)
            if card is not None:
                out.extend(card.bonuses)
            else:
                obj = state_access.base_object(ix, cid)
                if obj is not None:
                    out.extend(obj.bonuses)
    room = state_access.room_of(s, who)
    out.extend(ix.rooms[room].bonuses)
    out.extend(ix.rules.extra_bonuses(ix, s, who))
    return out


def roll_mods(ix: Index, s: State, who: Any, kind: str, trait: str | None,
              category: str | None, extra: Sequence[Any] = ()) -> tuple[int, int]:
    """(extra dice, added to result) for a roll of ``kind`` (trait/attack/defend/task)."""

    dice = add = 0
    for b in [*bonuses_for(ix, s, who), *extra]:
        if b.roll != "any" and b.roll != kind:
            continue
        if b.trait is not None and b.trait != trait:
            continue
        if b.category is not None and b.category != category:
            continue
        if b.when is not None and not conditions.holds(ix, s, b.when, who):
            continue
        dice += state_access.count(s, b.dice)
        add += state_access.count(s, b.add)
    return dice, add
