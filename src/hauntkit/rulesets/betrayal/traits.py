"""Trait tracks (RULING B2), death after the haunt, and roll bonuses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hauntkit.rulesets.betrayal import common as C
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]


def change(ix: Index, s: State, seat: int, trait: str, steps: int) -> None:
    """Move a trait ``steps`` along its track: gains stop at the top; before the haunt losses stop
    at the lowest value; after it, going below the lowest value reaches the skull (death)."""
    e = s["ex"][seat]
    if not e["alive"] or steps == 0:
        return
    idx = e["t"][trait] + steps
    if idx > 7:
        idx = 7
    if idx < 0:
        if s["haunt"] is None:
            idx = 0
        else:
            e["t"][trait] = -1
            die(ix, s, seat, trait)
            return
    e["t"][trait] = idx


def heal(ix: Index, s: State, seat: int, trait: str) -> None:
    e = s["ex"][seat]
    start = getattr(ix.characters[e["ch"]], trait).start
    if e["t"][trait] < start:
        e["t"][trait] = start


def die(ix: Index, s: State, seat: int, trait: str) -> None:
    """An explorer reaches the skull. A side's ``prevents_death`` reaction keeps them alive;
    otherwise they die and drop their items and companions in a pile (rulebook digest)."""

    e = s["ex"][seat]
    h = s["haunt"]
    if h is not None and e["side"] is not None:
        haunt = ix.haunts[h["id"]]
        book = haunt.heroes if e["side"] == "heroes" else haunt.traitor_book
        for i, re in enumerate(book.reactions):
            if re.when == "on_death" and re.prevents_death:
                e["t"][trait] = 0
                C.log(s, "death_prevented", f"{C.name(ix, s, seat)} should have died, but "
                      "the haunt keeps them going.", seat=seat)
                _effects.push(s, f"h:{h['id']}:{'heroes' if e['side'] == 'heroes' else 'traitor'}:re{i}",
                       seat, "haunt")
                return
    e["alive"] = False
    s["deaths"] += 1
    C.log(s, "death", f"{C.name(ix, s, seat)} dies.", seat=seat)

    _cards.drop_all(ix, s, seat, death=True)
    if h is not None and e["side"] is not None:
        haunt = ix.haunts[h["id"]]
        side_key = "heroes" if e["side"] == "heroes" else "traitor"
        book = haunt.heroes if side_key == "heroes" else haunt.traitor_book
        for i, re in enumerate(book.reactions):
            if re.when == "on_death" and not re.prevents_death:
                # "death": the reaction runs although its explorer is gone (RULING HB-20)
                _effects.push(s, f"h:{h['id']}:{side_key}:re{i}", seat, _effects.DEATH)


def bonuses_for(ix: Index, s: State, who: Any) -> list[Any]:
    """Every roll bonus that may apply to ``who``: carried cards and objects, the room."""
    out: list[Any] = []
    if isinstance(who, int):
        for cid in s["ex"][who]["cards"]:
            card = ix.cards.get(cid)
            if card is not None:
                out.extend(card.bonuses)
            else:
                obj = C.base_object(ix, cid)
                if obj is not None:
                    out.extend(obj.bonuses)
    room = C.room_of(s, who)
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
        if b.when is not None and not _conditions.holds(ix, s, b.when, who):
            continue
        dice += C.count(s, b.dice)
        add += C.count(s, b.add)
    return dice, add


# engine modules that import this one: bound here, once every module is defined
from hauntkit.rulesets.betrayal import cards as _cards  # noqa: E402
from hauntkit.rulesets.betrayal import conditions as _conditions  # noqa: E402
from hauntkit.rulesets.betrayal import effects as _effects  # noqa: E402
