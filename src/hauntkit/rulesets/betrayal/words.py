"""How labels name things: rooms, cards, monsters and explorers by display names (two monsters
of a kind, or two copies of a haunt object, told apart by words), traits, tokens, and the
outcomes of a roll in plain words. Never an id, ``None`` or a ``(key: value)`` pair."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.betrayal import state_access, vocabulary
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]
SIDE_NAME = {"n": "north", "e": "east", "s": "south", "w": "west"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth")
FLOOR_NAME = {"basement": "basement", "ground": "ground floor", "upper": "upper floor",
              "roof": "roof", "outside": "outside"}


def cap(text: str) -> str:
    """``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def the(name: str) -> str:
    """``name`` after "the", unless it has its own ("The Hollow Man" -> "the Hollow Man")."""
    return "the " + (name[4:] if name.startswith("The ") else name)


def bare(phrase: str) -> str:
    """A phrase made by ``the`` without its "the ", capitalised: "the Dog" -> "Dog"."""
    return cap(phrase[4:] if phrase.startswith("the ") else phrase)


def listing(items: list[str]) -> str:
    """Items in a sentence: "A", "A and B", "A, B and C"."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def ordinal(n: int) -> str:
    """1 -> "first" ... 10 -> "tenth", then "number 11"."""
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else f"number {n}"


def plural(n: int, one: str, many: str) -> str:
    """``n`` and the right form of the noun: "1 die", "3 dice"."""
    return f"{n} {one if n == 1 else many}"


def side(d: Any) -> str:
    """A side in words ("north"); "open" for an unknown one."""
    return SIDE_NAME.get(d, "open") if isinstance(d, str) else "open"


def sides(mask: int) -> str:
    """The sides in a door mask, in words: "north, east and west"."""
    names = [SIDE_NAME[s] for s, bit in (("n", 1), ("e", 2), ("s", 4), ("w", 8)) if mask & bit]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def room(ix: Index, rid: Any) -> str:
    """A tile by its name, with "the": "the Foyer"."""
    r = ix.rooms.get(rid) if isinstance(rid, str) else None
    return the(r.name) if r is not None else "a tile"


def trait(name: Any) -> str:
    return str(name).capitalize() if name in vocabulary.TRAITS else "a trait"


def token(name: Any) -> str:
    """A token by its name in words: ``secret_stairs`` -> "Secret Stairs"."""
    return str(name).replace("_", " ").title()


def card(ix: Index, cid: Any) -> str:
    """A card or haunt object with "the"; a copy of an object (``crate_2``) by its place among
    the copies: "the second Crate"."""
    if not isinstance(cid, str):
        return "nothing"
    if cid in ix.cards or cid in ix.objects:
        return the(state_access.card_name(ix, cid))
    base, _, number = cid.rpartition("_")
    obj = ix.objects.get(base)
    if obj is not None and number.isdigit():
        return f"the {ordinal(int(number))} {obj.name[4:] if obj.name.startswith('The ') else obj.name}"
    return "an unknown card"


def monster(ix: Index, s: State, mid: Any) -> str:
    """A monster by its kind's name; when others of its kind are in play, also by its tile
    ("the Ghoul in the Hallway") and, when they share the tile, by its place among them ("the
    first Ghoul in the Hallway")."""
    mon = s["monsters"].get(mid) if isinstance(mid, str) else None
    if mon is None or mon["kind"] not in ix.monsters:
        return "a monster"
    name = ix.monsters[mon["kind"]].name
    kin = [m for m, v in s["monsters"].items() if v["kind"] == mon["kind"]]
    if len(kin) == 1:
        return the(name)
    where = room(ix, mon["room"])
    here = sorted((m for m in kin if s["monsters"][m]["room"] == mon["room"]),
                  key=state_access.monster_number)
    if len(here) == 1:
        return f"{the(name)} in {where}"
    bare = name[4:] if name.startswith("The ") else name
    return f"the {ordinal(here.index(mid) + 1)} {bare} in {where}"


def explorer(ix: Index, s: State, seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(s["explorers"]):
        return state_access.name(ix, s, seat)
    return "an explorer"


def actor(ix: Index, s: State, who: Any) -> str:
    """An explorer (by seat) or a monster (by id)."""
    return monster(ix, s, who) if isinstance(who, str) else explorer(ix, s, who)


def result_range(low: int | None, high: int | None) -> str:
    """A roll's result range in words: "a result of 4 or more", "a result of 2 to 3"."""
    if low is None and high is None:
        return "any result"
    if low is None:
        return f"a result of {high} or less"
    if high is None:
        return f"a result of {low} or more"
    return f"a result of {low}" if low == high else f"a result of {low} to {high}"


def _amount(s: State, value: Any) -> int:
    return state_access.count(s, value)


def effect(ix: Index, s: State, eff: Any) -> str | None:
    """One effect in a few words, or None for what a player need not read (flags, counters)."""
    do = getattr(eff, "do", None)
    if do in ("gain", "lose"):
        n = _amount(s, eff.amount)
        what = "a trait of your choice" if eff.trait == "choice" else trait(eff.trait)
        return f"{do} {n} {what}" if n else None
    if do == "heal":
        return "heal every trait" if eff.trait == "all" else f"heal {trait(eff.trait)}"
    if do == "damage":
        parts = []
        if eff.amount is not None and _amount(s, eff.amount):
            parts.append(str(_amount(s, eff.amount)))
        if eff.dice is not None:
            parts.append(plural(_amount(s, eff.dice), "die", "dice") + " of")
        return f"take {' plus '.join(parts)} {eff.kind} damage" if parts else None
    if do == "draw":
        n = _amount(s, eff.count)
        return f"draw {'an' if eff.deck[0] in 'aeiou' else 'a'} {eff.deck} card" if n == 1 \
            else f"draw {n} {eff.deck} cards"
    if do == "move":
        return _move_words(ix, eff)
    if do == "end_movement":
        return "your movement ends"
    if do == "end_turn":
        return "your turn ends"
    return None


def _a(word: str) -> str:
    """The article before ``word``: "an upper floor", "a basement"."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def _move_words(ix: Index, eff: Any) -> str:
    floor = FLOOR_NAME.get(eff.floor, str(eff.floor).replace("_", " ")) if eff.floor else ""
    if eff.room is not None:
        return f"move to {room(ix, eff.room)}"
    return {"choice_adjacent": "move to a tile next door",
            "choice_any": "move to any tile",
            "choice_floor": f"move to {_a(floor)} {floor} tile of your choice" if floor
            else "move to a tile of your choice on this floor",
            "random_floor": f"move to a random {floor} tile" if floor
            else "move to a random tile on this floor",
            "choice_token": f"move to a tile with a {token(eff.token)} token",
            "actor_tile": "move to your tile"}.get(eff.to or "", "move")


def effects(ix: Index, s: State, effs: list[Any]) -> str:
    """A list of effects in a few words ("nothing happens" when none is worth reading)."""
    said = [w for w in (effect(ix, s, e) for e in effs) if w]
    return "; ".join(said) if said else "nothing happens"


def outcome(ix: Index, s: State, roll: Any, i: int) -> str:
    """Outcome ``i`` of a roll: its range and what it does ("A result of 6 or more: The lock
    gives way.")."""
    o = roll.outcomes[i]
    what = o.text or cap(effects(ix, s, o.effects)) + "."
    return f"Take {result_range(o.min, o.max)}: {what}"
