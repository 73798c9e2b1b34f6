"""Labels of the answers to a pending choice (``state["choice"]``): what each answer does, in
words, from the choice's own data (the tile being turned, the roll whose outcome is picked,
the item offered). Each answer of one choice gets a label of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntkit.rulesets.betrayal import state_access, vocabulary, words
from hauntkit.rulesets.betrayal.index import Index

State = dict[str, Any]
Answer = Callable[[Index, State, int, dict[str, Any], dict[str, Any]], str]
TURNS = ("Leave {room} as printed", "Turn {room} a quarter turn clockwise",
         "Turn {room} half way round", "Turn {room} a quarter turn anticlockwise")


def doorways(ix: Index, rid: Any, r: Any) -> str:
    """Where a tile's doorways face when turned ``r`` quarter turns: "doorways to the north and
    east" (and its false doors, if any)."""
    if rid not in ix.doors or not isinstance(r, int):
        return "doorways as they fall"
    real, false = ix.doors[rid][r % 4]
    out = f"doorway to the {words.sides(real)}" if bin(real).count("1") == 1 \
        else f"doorways to the {words.sides(real)}"
    if false:
        out += f" and a false door to the {words.sides(false)}"
    return out


def _rotate(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    r = a.get("r")
    turn = TURNS[r % 4] if isinstance(r, int) else "Turn {room}"
    return f"{turn.format(room=words.room(ix, ch.get('room')))}: {doorways(ix, ch.get('room'), r)}"


def _place_tile(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    return (f"Place {words.room(ix, a.get('room'))} {words.side(a.get('dir'))} of "
            f"{words.room(ix, a.get('at'))}, {doorways(ix, a.get('room'), a.get('r'))}")


def _outcome(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    i = a.get("i")
    parent, _, index = str(ch.get("key", "")).rpartition("/")
    effects = ix.fx.get(parent)
    if isinstance(i, int) and effects is not None and index.isdigit() \
            and int(index) < len(effects) and isinstance(effects[int(index)], vocabulary.Roll) \
            and 0 <= i < len(effects[int(index)].outcomes):
        return words.outcome(ix, s, effects[int(index)], i)
    return f"Take outcome number {i + 1 if isinstance(i, int) else 1}"


def _trait(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    n = ch.get("amount")
    name = words.trait(a.get("trait"))
    if not isinstance(n, int) or n == 0:
        return name
    return f"{'Gain' if n > 0 else 'Lose'} {abs(n)} {name}"


def _go(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    who = ch.get("who")
    to = words.room(ix, a.get("room"))
    return f"Move to {to}" if who == seat else f"Move {words.actor(ix, s, who)} to {to}"


def _put(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    piece = state_access.piece_name(ix, ch.get("monster"), ch.get("token"))
    return f"Put {piece} in {words.room(ix, a.get('room'))}"


def _steal(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    if a.get("card") is not None:
        return f"Steal {words.card(ix, a['card'])}"
    lose = ch.get("lose")
    if isinstance(lose, str):
        return f"Defeat {words.monster(ix, s, lose)} instead"
    kind = "physical" if ch.get("physical") else "mental"
    return f"Deal {ch.get('diff')} {kind} damage instead"


def _accept(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    if ch.get("kind") == "accept":
        card, giver = words.card(ix, ch["card"]), words.actor(ix, s, ch["giver"])
        return f"Take {card}" if a.get("accept") else f"Refuse {card} ({giver} keeps it)"
    return "Take it" if a.get("accept") else "Refuse it"


def _ignore(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    card = words.card(ix, ch.get("card"))
    return f"Ignore {card}" if a.get("ignore") else f"Resolve {card}"


def _swap(ix: Index, s: State, seat: int, a: dict[str, Any], ch: dict[str, Any]) -> str:
    if a.get("card") is None:
        return "Keep your items"
    return f"Trade away {words.card(ix, a['card'])} for a new item"


ANSWERS: dict[str, Answer] = {
    "rotate": _rotate,
    "place_tile": _place_tile,
    "outcome": _outcome,
    "option": lambda ix, s, seat, a, ch:
        str(a.get("label") or f"Option number {int(a.get('i') or 0) + 1}"),
    "damage": lambda ix, s, seat, a, ch: f"Take it on {words.trait(a.get('trait'))}",
    "trait": _trait,
    "go": _go,
    "put": _put,
    "target": lambda ix, s, seat, a, ch: f"Attack {words.actor(ix, s, a.get('target'))}",
    "steal": _steal,
    "take": lambda ix, s, seat, a, ch:
        f"Steal {words.card(ix, a.get('card'))} from {words.actor(ix, s, a.get('from'))}",
    "accept": _accept,
    "ignore_card": _ignore,
    "kill": lambda ix, s, seat, a, ch: f"Destroy {words.monster(ix, s, a.get('monster'))}",
    "pick": lambda ix, s, seat, a, ch: f"Take {words.card(ix, a.get('card'))} card",
    "fetch": lambda ix, s, seat, a, ch:
        f"Send {words.card(ix, a.get('card'))} to {words.actor(ix, s, a.get('to'))}",
    "swap": _swap,
}
