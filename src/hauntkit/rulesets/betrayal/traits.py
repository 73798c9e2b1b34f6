"""Trait tracks (RULING B2) and death after the haunt (roll bonuses: rolls.py)."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import cards, frames, state_access
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]


def change(ix: Index, s: State, seat: int, trait: str, steps: int) -> None:
    """Move a trait ``steps`` along its track: gains stop at the top; before the haunt losses stop
    at the lowest value; after it, going below the lowest value reaches the skull (death)."""
    e = s["explorers"][seat]
    if not e["alive"] or steps == 0:
        return
    idx = e["traits"][trait] + steps
    if idx > 7:
        idx = 7
    if idx < 0:
        if s["haunt"] is None:
            idx = 0
        else:
            e["traits"][trait] = -1
            die(ix, s, seat, trait)
            return
    e["traits"][trait] = idx


def heal(ix: Index, s: State, seat: int, trait: str) -> None:
    e = s["explorers"][seat]
    start = getattr(ix.characters[e["character"]], trait).start
    if e["traits"][trait] < start:
        e["traits"][trait] = start


def die(ix: Index, s: State, seat: int, trait: str) -> None:
    """An explorer reaches the skull. A side's ``prevents_death`` reaction keeps them alive;
    otherwise they die and drop their items and companions in a pile (rulebook digest)."""

    e = s["explorers"][seat]
    h = s["haunt"]
    if h is not None and e["side"] is not None:
        haunt = ix.haunts[h["id"]]
        book = haunt.heroes if e["side"] == "heroes" else haunt.traitor_book
        for i, re in enumerate(book.reactions):
            if re.when == "on_death" and re.prevents_death:
                e["traits"][trait] = 0
                state_access.log(s, "death_prevented",
                                 f"{state_access.name(ix, s, seat)} should have died, but "
                                 "the haunt keeps them going.", seat=seat)
                frames.push(s,
                            f"h:{h['id']}:{'heroes' if e['side'] == 'heroes' else 'traitor'}:re{i}",
                            seat, "haunt")
                return
    e["alive"] = False
    s["deaths"] += 1
    state_access.log(s, "death", f"{state_access.name(ix, s, seat)} dies.", seat=seat)

    cards.drop_all(ix, s, seat, death=True)
    if h is not None and e["side"] is not None:
        haunt = ix.haunts[h["id"]]
        side_key = "heroes" if e["side"] == "heroes" else "traitor"
        book = haunt.heroes if side_key == "heroes" else haunt.traitor_book
        for i, re in enumerate(book.reactions):
            if re.when == "on_death" and not re.prevents_death:
                # "death": the reaction runs although its explorer is gone (RULING HB-20)
                frames.push(s, f"h:{h['id']}:{side_key}:re{i}", seat, frames.DEATH)
