"""Reading and writing the plain-dict betrayal state: actors, their rooms, traits and sides,
dice, the log, names. Every rule step builds on these (the layer above the loaded content).

An actor ("who") is an explorer seat (int) or a monster id (str, e.g. ``"m1"``).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core import rng
from hauntkit.rulesets.betrayal.index import Index
from hauntkit.rulesets.betrayal.vocabulary import TRAITS, scaled

State = dict[str, Any]
DICE = (0, 0, 1, 1, 2, 2)  # RULING B1


def roll(s: State, n: int) -> list[int]:
    """Roll ``n`` dice (clamped to 1..8, RULING B1)."""
    n = min(max(n, 1), 8)
    return rng.roll_dice(s["rng"], n, DICE)


def count(s: State, value: Any) -> int:
    return scaled(value, s["players"]) if value is not None else 0


def room_of(s: State, who: Any) -> str:
    if isinstance(who, int):
        return s["explorers"][who]["room"]
    return s["monsters"][who]["room"]


def value(ix: Index, s: State, who: Any, trait: str) -> int:
    """The current value of a trait of an explorer or a monster (0 if it lacks it)."""
    if isinstance(who, int):
        e = s["explorers"][who]
        idx = e["traits"][trait]
        return ix.tracks[e["character"]][trait][idx] if idx >= 0 else 0
    return ix.monsters[s["monsters"][who]["kind"]].traits.get(trait,
                                                              0)  # type: ignore[call-overload]


def has_trait(ix: Index, s: State, who: Any, trait: str) -> bool:
    if isinstance(who, int):
        return True
    return trait in ix.monsters[s["monsters"][who]["kind"]].traits


def alive(s: State, seat: int) -> bool:
    return s["explorers"][seat]["alive"]


def living(s: State) -> list[int]:
    return [i for i, e in enumerate(s["explorers"]) if e["alive"]]


def side(s: State, who: Any) -> str | None:
    """``heroes``, ``traitor``, ``house`` (monsters without a traitor) or None before the haunt."""
    if isinstance(who, int):
        return s["explorers"][who]["side"]
    h = s["haunt"]
    if h is None:
        return None
    return "traitor" if h["traitor"] is not None else "house"


def is_evil(s: State, who: Any) -> bool:
    """Traitors and monsters (who use a room's benefits and ignore its harm)."""
    return not isinstance(who, int) or s["explorers"][who]["side"] == "traitor"


def heroes(s: State) -> list[int]:
    return [i for i, e in enumerate(s["explorers"]) if e["side"] == "heroes"]


def opponents(s: State, a: Any, b: Any) -> bool:
    """Whether ``a`` may attack ``b`` (after the haunt). While a traitor is hidden everyone is a
    suspect: any explorer may attack anyone, and monsters may attack any explorer, so that no
    legal move tells who the traitor is (RULING HB-25)."""
    if s["haunt"] is None or a == b:
        return False
    h = s["haunt"]
    if h["hidden"] and not h["revealed"] and (isinstance(a, int) or isinstance(b, int)):
        return True
    sa, sb = side(s, a), side(s, b)
    if sa is None or sb is None:
        return False
    if sa == sb:
        return False
    return not ({sa, sb} == {"traitor", "house"})


def draw(s: State, pool: list[Any]) -> Any:
    """One of ``pool`` at random (a tie broken by drawing a crest token, RULING HL-8, B13),
    taking a scripted pick first (a scenario's set-up ``draws``), as a scripted die comes first."""
    script = s["rng"].get("draws")
    if script:
        pick = script.pop(0)
        if not script:
            del s["rng"]["draws"]
        if pick not in pool:
            raise ValueError(f"scripted draw {pick!r} is not one of {pool}")
        return pick
    return rng.choice(s["rng"], pool)


def log(s: State, kind: str, text: str, to: Any = None, **data: Any) -> None:
    """Append an event to the log: the event ``hauntkit.core.log.emit`` appends, built here
    (one call fewer on the hot path). ``to``: the seats that may read it (None: everyone);
    typed ``Any`` because legacy's remove_card passes the pile's name here (an event no seat
    sees), which compiled code must accept as pure Python does."""
    event: dict[str, Any] = {"type": kind, "text": text, **data}
    if to is not None:
        event["to"] = sorted(to)
    s["log"].append(event)


def plural(n: int, one: str, many: str) -> str:
    """``n`` and the right form of the noun: "1 die", "3 dice"."""
    return f"{n} {one if n == 1 else many}"


def name(ix: Index, s: State, who: Any) -> str:
    if isinstance(who, int):
        e = s["explorers"][who]
        family = ix.characters[e["character"]].name
        given = e.get("given_name")  # Legacy's family members (rulebook "Setup" 5)
        return f"{given} {family}" if given else family
    return ix.monsters[s["monsters"][who]["kind"]].name


def actor(s: State) -> Any:
    """Whose turn it is: a seat, or ``"m"`` for the monsters' turn."""
    return s["turn"]["who"]


def controller(s: State) -> int:
    """The seat that moves the monsters (RULING B12: the traitor's, else the haunt says)."""
    return s["haunt"]["control"]


def card_name(ix: Index, cid: str) -> str:
    if cid in ix.cards:
        return ix.cards[cid].name
    base = cid.rsplit("_", 1)[0] if cid not in ix.objects else cid
    obj = ix.objects.get(cid) or ix.objects.get(base)
    return obj.name if obj else cid


def piece_name(ix: Index, monster: str | None, token: str | None) -> str:
    """What a "place" effect puts, in words: "a Ghoul", "a Secret Stairs token"."""
    if monster is not None and monster in ix.monsters:
        mname = ix.monsters[monster].name
        if mname.startswith("The "):
            return "the " + mname[4:]
        return ("an " if mname[0] in "AEIOU" else "a ") + mname
    return "a " + str(token).replace("_", " ").title() + " token"


def base_object(ix: Index, cid: str) -> Any:
    """The haunt object model of an object token id (``diary`` or ``diary_2``), else None."""
    if cid in ix.cards:
        return None
    if cid in ix.objects:
        return ix.objects[cid]
    return ix.objects.get(cid.rsplit("_", 1)[0])


__all__ = ["TRAITS", "count", "roll", "value"]


def gone(s: State, who: Any) -> bool:
    if who is None:
        return False
    if isinstance(who, int):
        return not s["explorers"][who]["alive"]
    return who not in s["monsters"]


def monster_number(mid: str) -> tuple[int, str]:
    """Sort key of monster ids in number order (m2 before m10)."""
    return (len(mid), mid)
