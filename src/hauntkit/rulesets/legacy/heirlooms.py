"""Naming an heirloom (rulebook "Heirlooming Item Cards": "If it doesn't have a name, give it
one"). The player writes the name: the choice offers a suggested name, and a player may send
the same action with a name of their own (``written_action``), checked here: at most
``NAME_MAX`` characters, no control characters, spaces tidied. Names given in this game are
kept in ``state["legacy"]["names"]`` (card id -> name); the campaign's ``house.names`` holds
the names given before."""

from __future__ import annotations

import unicodedata
from typing import Any

from hauntkit.core.errors import MalformedActionError
from hauntkit.rulesets.betrayal import frames, state_access

State = dict[str, Any]
NAME = "name_heirloom"
NAME_MAX = 40
"""The longest heirloom name, in characters (a name written on a card)."""


def names(s: State) -> dict[str, str]:
    """Every card's written name: the house's, then this game's."""
    house = (s.get("config") or {}).get("house") or {}
    return {**(house.get("names") or {}), **s["legacy"].get("names", {})}


def ask_name(ix: Any, s: State, who: int, cid: str, kind: str = NAME) -> bool:
    """Ask ``who`` to name heirloom ``cid`` if it has no name yet; whether asked."""
    if cid in names(s):
        return False
    family = ix.characters[s["explorers"][who]["character"]].name
    suggested = " ".join(f"The {family} {ix.cards[cid].name}".split())[:NAME_MAX]
    frames.ask(s, who, kind, [{"type": kind, "name": suggested}],
               f"Give your heirloom {ix.cards[cid].name} a name (up to {NAME_MAX} characters).",
               who=who, card=cid)
    return True


def named(ix: Any, s: State, ch: dict[str, Any], action: dict[str, Any]) -> None:
    """The heirloom gets the name written (checked by ``checked`` when the player wrote it)."""
    cid, name = ch["card"], action["name"]
    s["legacy"].setdefault("names", {})[cid] = name
    state_access.log(s, "heirloom_name",
                     f"{state_access.name(ix, s, ch['who'])} names the heirloom "
                     f"{ix.cards[cid].name} \u201c{name}\u201d.", card=cid, name=name)


def checked(action: dict[str, Any], kind: str) -> dict[str, Any]:
    """The naming action with its written name checked and tidied; ``MalformedActionError``
    says what is wrong with it."""
    if set(action) != {"type", "name"}:
        raise MalformedActionError(f"a {kind!r} action has exactly the fields type and name")
    name = action["name"]
    if not isinstance(name, str):
        raise MalformedActionError("the heirloom's name must be text")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise MalformedActionError("the heirloom's name may not hold control characters "
                                   "(line breaks, tabs and the like)")
    name = " ".join(name.split())
    if not name:
        raise MalformedActionError("the heirloom's name may not be empty")
    if len(name) > NAME_MAX:
        raise MalformedActionError(f"the heirloom's name may have at most {NAME_MAX} "
                                   f"characters, not {len(name)}")
    return {"type": kind, "name": name}
