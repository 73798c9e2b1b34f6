"""Tests of the conditions Legacy adds to betrayal's (``LCond``), registered in betrayal's
``conditions.EXTRA_TESTS`` by the legacy rules: betrayal's conditions.py runs them after its own
fields."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import state_access

State = dict[str, Any]


def ghost_here(s: State, who: Any) -> bool:
    """A ghost is on the tile of ``who``; a traitor resolving an event card is immune to its
    ghost effects ("So You're Evil Now"; RULING HL-9)."""
    if who is None:
        return False
    if s.get("resolving_event") and state_access.side(s, who) == "traitor":
        return False
    return bool(s["tokens"].get(state_access.room_of(s, who), {}).get("ghost"))


def carries_heirloom(s: State, who: Any) -> bool:
    """``who`` carries an heirloomed Item, any family's: "If a card refers to an 'heirloomed
    Item,' it means any Item card with an Heirloom sticker on it. It does not have to be yours"
    (rulebook "Heirlooming Item Cards")."""
    if not isinstance(who, int):
        return False  # monsters carry nothing (rulebook "Monsters")
    made = s["legacy"]["heirlooms"]
    return any(c in made for c in s["explorers"][who]["cards"])


def lcond_tests(c: Any) -> list[Any]:
    """The tests of the fields ``LCond`` adds (``fn(ix, state, who) -> bool``)."""
    out: list[Any] = []
    if c.ghost_here is not None:
        want = c.ghost_here
        out.append(lambda ix, s, who: ghost_here(s, who) == want)
    if c.intensified_at_least is not None:
        need = dict(c.intensified_at_least)
        out.append(lambda ix, s, who: all(s["intensity"].get(k, 0) >= v
                                          for k, v in need.items()))
    if c.carries_heirloom is not None:
        wanted = c.carries_heirloom
        out.append(lambda ix, s, who: carries_heirloom(s, who) == wanted)
    if c.sticker is not None:
        sticker = c.sticker
        out.append(lambda ix, s, who: sticker in s["stickers"])
    return out
