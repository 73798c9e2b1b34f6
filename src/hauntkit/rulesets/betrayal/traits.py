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
    before = state_access.value(ix, s, seat, trait)
    idx = e["traits"][trait] + steps
    if idx > 7:
        idx = 7
    if idx < 0:
        if s["haunt"] is None:
            idx = 0
        else:
            e["traits"][trait] = -1
            _say(ix, s, seat, trait, steps, before, "the skull")
            die(ix, s, seat, trait)
            return
    moved = idx - e["traits"][trait]
    e["traits"][trait] = idx
    after = state_access.value(ix, s, seat, trait)
    if moved:
        _say(ix, s, seat, trait, moved, before, after)
    else:
        limit = "highest" if steps > 0 else "lowest"
        state_access.log(s, "trait", f"{state_access.name(ix, s, seat)}'s {trait.capitalize()} "
                         f"stays at {after}, its {limit} value.", seat=seat)


def _say(ix: Index, s: State, seat: int, trait: str, steps: int, before: int,
         after: int | str) -> None:
    """Log a trait's move: "Ada Vance loses 1 Might: 4 → 3." A track may repeat a value
    (RULING B2), so a move can leave the value as it was: that is said in words."""
    name = state_access.name(ix, s, seat)
    if before == after:
        way = "up" if steps > 0 else "down"
        state_access.log(s, "trait", f"{name}'s {trait.capitalize()} moves "
                         f"{state_access.plural(abs(steps), 'step', 'steps')} {way} its track: "
                         f"still {after}.", seat=seat)
        return
    verb = "gains" if steps > 0 else "loses"
    state_access.log(s, "trait", f"{name} {verb} {abs(steps)} {trait.capitalize()}: "
                     f"{before} → {after}.", seat=seat)


def heal(ix: Index, s: State, seat: int, trait: str) -> None:
    e = s["explorers"][seat]
    start = getattr(ix.characters[e["character"]], trait).start
    if e["traits"][trait] < start:
        before = state_access.value(ix, s, seat, trait)
        e["traits"][trait] = start
        state_access.log(s, "trait", f"{state_access.name(ix, s, seat)}'s {trait.capitalize()} "
                         f"heals: {before} → {state_access.value(ix, s, seat, trait)}.",
                         seat=seat)


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
